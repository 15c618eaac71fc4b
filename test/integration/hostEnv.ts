// The HostEnvironment the integration suites run a real ThreadController with: the editor's side, minus VS Code.
import type { ExperimentalFeatures, HostEnvironment } from '../../src/session/api';
import { LiveProcessGroups } from '../../src/terminals/liveProcessGroups';
import { FileTexts } from '../../src/review/fileTexts';

export function testHostEnv(
  cwd: string,
  options: {
    log?: (line: string) => void;
    initializeTimeoutMs?: number;
    /** Every workspace folder, `cwd` first (multi-root); absent: just `cwd`. */
    folders?: string[];
    experimental?: ExperimentalFeatures;
    /** switchboard.elicitation (absent: on, as the setting's default). */
    elicitation?: boolean;
    /** switchboard.subagents (absent: on, as the setting's default). */
    subagents?: boolean;
    /** VS Code's openExternal (absent: URL-mode elicitation is not advertised). */
    openExternal?: (url: string) => Promise<boolean>;
    /** switchboard.acpV2 (absent: off, as the setting's default). */
    acpV2?: boolean;
  } = {},
): HostEnvironment {
  const log = options.log ?? (() => undefined);
  return {
    workspaceCwd: () => cwd,
    ...(options.folders ? { workspaceFolders: () => options.folders ?? [cwd] } : {}),
    baseEnv: () => process.env,
    liveProcessGroups: new LiveProcessGroups(),
    fileTexts: new FileTexts(),
    agentLog: () => ({ append: log }),
    traffic: () => ({ record: () => undefined }),
    settings: () => ({
      maxMessageBytes: 64 * 1024 * 1024,
      initializeTimeoutMs: options.initializeTimeoutMs ?? 10_000,
      experimental: options.experimental,
      elicitation: options.elicitation,
      subagents: options.subagents,
      acpV2: options.acpV2,
    }),
    clientInfo: () => ({ name: 'switchboard-test', version: '0.0.0' }),
    ...(options.openExternal ? { openExternal: options.openExternal } : {}),
  };
}
