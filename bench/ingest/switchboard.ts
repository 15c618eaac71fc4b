// Switchboard's whole host path, as the extension runs it: the agent spawned in its own process
// group, NdjsonMessageReader -> vscode-jsonrpc connection (with the bounded TrafficLog the
// extension uses) -> AgentConnection routing -> ThreadController -> ThreadStore + reducer ->
// WebviewMirror batching, with every posted message serialised the way webview.postMessage does.
import { createThreadController } from '../../src/session/threadController';
import type { HostEnvironment } from '../../src/session/api';
import { TrafficLog } from '../../src/protocol/trafficLog';
import { WebviewMirror } from '../../src/chat/webviewMirror';
import type { HostToWebview } from '../../src/shared/messages';
import { floodArgs, type FloodShape } from './floodChild';
import { LiveProcessGroups } from '../../src/terminals/liveProcessGroups';
import { FileTexts } from '../../src/review/fileTexts';
import { ChatJournal } from '../../src/session/journal/chatJournal';

export interface SwitchboardIngest {
  ms: number;
  /** Text characters of the agent message at the end (checks that every chunk arrived). */
  textLength: number;
  posts: number;
  postedActions: number;
  postedBytes: number;
}

/** `acpV2`: switchboard.acpV2 on (initialize asks for v2). */
export function benchEnv(acpV2 = false): HostEnvironment {
  const traffic = new TrafficLog();
  return {
    workspaceCwd: () => process.cwd(),
    baseEnv: () => process.env,
    liveProcessGroups: new LiveProcessGroups(),
    fileTexts: new FileTexts(),
    agentLog: () => ({ append: () => undefined }),
    traffic: () => traffic,
    settings: () => ({ maxMessageBytes: 64 * 1024 * 1024, initializeTimeoutMs: 30_000, acpV2 }),
    clientInfo: () => ({ name: 'switchboard-bench', version: '0' }),
  };
}

/**
 * `persistDir`: the chat is journaled there as the extension does (src/session/journal/chatJournal.ts, written off the hot
 * path once a second); the time then runs until the journal holds the whole turn. `acp` 2: the flood on ACP v2
 * (switchboard.acpV2 on, the agent answering 2), its turn ended by the agent's idle.
 */
export async function ingestSwitchboard(
  chunks: number,
  shape: FloodShape = 'sdk',
  persistDir?: string,
  acp: 1 | 2 = 1,
): Promise<SwitchboardIngest> {
  const controller = createThreadController({
    threadId: 'bench',
    agent: {
      id: 'flood',
      displayName: 'Flood',
      command: process.execPath,
      args: floodArgs(chunks, shape, acp),
      env: {},
      isDemo: false,
    },
    env: benchEnv(acp === 2),
    handlers: {
      readTextFile: () => Promise.reject(new Error('not in the bench')),
      writeTextFile: () => Promise.reject(new Error('not in the bench')),
    },
  });
  let posts = 0;
  let postedActions = 0;
  let postedBytes = 0;
  let turnPosted: (() => void) | undefined;
  const post = (message: HostToWebview) => {
    posts++;
    postedBytes += JSON.stringify(message).length;
    if (message.type !== 'actions') return;
    postedActions += message.actions.length;
    if (message.actions.some((action) => action.type === 'turnEnded')) turnPosted?.();
    // The webview says it took the batch as it receives it (webview/main.ts), here as soon as the host
    // is free: the mirror posts the next batch only then, or after its timeout (which the figure would time).
    const last = message.firstSeq + message.actions.length - 1;
    setImmediate(() => mirror.taken(last));
  };
  const mirror: WebviewMirror = new WebviewMirror(post, () => ({ agents: [], defaultAgentId: '' }));
  mirror.setThread(controller);
  mirror.sendSnapshot();
  const journal = persistDir ? new ChatJournal(persistDir, (line) => process.stderr.write(`${line}\n`)) : undefined;
  journal?.watch(controller);
  await controller.start();
  if (controller.snapshot().state.connection.kind !== 'ready') throw new Error('the flood agent did not start');
  posts = postedActions = postedBytes = 0;

  const t0 = performance.now();
  // Done when the batch with the turn's end was posted: the webview would have every chunk.
  await Promise.all([controller.prompt('flood'), new Promise<void>((resolve) => (turnPosted = resolve))]);
  await journal?.flushAll();
  const ms = performance.now() - t0;

  const last = controller
    .snapshot()
    .state.entries.filter((entry) => entry.kind === 'agent')
    .at(-1);
  // Only the v2 flood names its message: a v2 run that fell back to v1 would time the wrong path.
  if (last?.kind === 'agent' && (last.messageId === 'bench-answer') !== (acp === 2))
    throw new Error(`the flood did not run on ACP v${acp} (its message id: ${String(last.messageId)})`);
  const textLength =
    last && last.kind === 'agent' ? last.parts.reduce((n, p) => n + (p.kind === 'text' ? p.text.length : 0), 0) : 0;
  mirror.dispose();
  await controller.dispose();
  if (journal && persistDir) {
    // The journal must hold the whole message, or the figure measured less than the work.
    const decoded = await new ChatJournal(persistDir, () => undefined).load('bench');
    const saved = decoded?.state.entries.find((entry) => entry.kind === 'agent');
    const savedLength =
      saved?.kind === 'agent' ? saved.parts.reduce((n, p) => n + (p.kind === 'text' ? p.text.length : 0), 0) : 0;
    if (savedLength !== textLength) throw new Error(`the journal holds ${savedLength} of ${textLength} characters`);
  }
  return { ms, textLength, posts, postedActions, postedBytes };
}
