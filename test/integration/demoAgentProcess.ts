// The built-in Demo agent as the integration suites run it: bundled from source with esbuild (as
// dist/demo-agent.js is) and, for the suites that drive it through the client core, a chat on it.
import { join } from 'node:path';
import * as esbuild from 'esbuild';
import { FileTexts } from '../../src/review/fileTexts';
import type { AgentConfig } from '../../src/session/api';
import { AcpThreadController } from '../../src/session/threadController';
import { LiveProcessGroups } from '../../src/terminals/liveProcessGroups';

/** Bundles the Demo agent into `dir`; the script's path. */
export async function buildDemoAgent(dir: string): Promise<string> {
  const agentScript = join(dir, 'demo-agent.js');
  await esbuild.build({
    entryPoints: [join(__dirname, '../../src/demo-agent/main.ts')],
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    outfile: agentScript,
    logLevel: 'warning',
  });
  return agentScript;
}

/** The bundled Demo agent as an agent entry, its chunks `chunkDelayMs` apart. */
export function demoAgent(agentScript: string, chunkDelayMs = 1): AgentConfig {
  return {
    id: 'demo',
    displayName: 'Demo',
    command: process.execPath,
    args: [agentScript],
    env: { SWITCHBOARD_DEMO_CHUNK_DELAY_MS: String(chunkDelayMs) },
    isDemo: true,
  };
}

/** A chat on the bundled Demo agent in `workDir`, its chunks `chunkDelayMs` apart; its writes go to a keeper. */
export function demoChat(agentScript: string, workDir: string, chunkDelayMs = 1): AcpThreadController {
  const fileTexts = new FileTexts();
  return new AcpThreadController({
    threadId: 't',
    agent: demoAgent(agentScript, chunkDelayMs),
    env: {
      workspaceCwd: () => workDir,
      baseEnv: () => process.env,
      liveProcessGroups: new LiveProcessGroups(),
      fileTexts,
      agentLog: () => ({ append: () => undefined }),
      traffic: () => ({ record: () => undefined }),
      settings: () => ({ maxMessageBytes: 64 << 20, initializeTimeoutMs: 10_000 }),
      clientInfo: () => ({ name: 'test', version: '0' }),
    },
    handlers: {
      readTextFile: async () => ({ content: '' }),
      writeTextFile: async ({ path, content }) => fileTexts.record(path, null, content),
    },
  });
}
