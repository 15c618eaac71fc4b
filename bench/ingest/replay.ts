// session/load of a long session: the scripted agent (test/fixtures/scriptedAgent.mjs, --session-dir)
// replays a stored session of `entries` entries as session/update notifications, then answers. Switchboard's path:
// a restored chat whose transcript holds the same entries continues with session/load; the replay goes through
// ingest, routing and the reconciler (src/session/lifecycle/sessionContinuation.ts), which must add nothing. Timed from
// sending session/load until the chat is ready again. Baseline: the same agent, the same replay, read with a line
// split and JSON.parse, timed from writing session/load to parsing its answer.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type * as acp from '@agentclientprotocol/sdk';
import { createThreadController } from '../../src/session/threadController';
import { reduce } from '../../src/shared/reduce';
import { createThreadState, type ThreadState } from '../../src/shared/thread';
import type { ThreadAction } from '../../src/shared/actions';
import { benchEnv } from './switchboard';
import { update } from '../render/content';

const AGENT = resolve('test/fixtures/scriptedAgent.mjs');
const SESSION_ID = 'bench-session';

export interface StoredSession {
  dir: string;
  updates: acp.SessionUpdate[];
  /**
   * The chat as the window kept it, made once: each run starts from it (a state is never changed in place), and
   * making it (5,000 reductions) inside a run left its garbage and its promotion to the old generation to the
   * timed part, which the extension's chat, restored long before its agent answers, does not have.
   */
  restored: ThreadState;
  dispose(): void;
}

/** A stored session of `entries` entries (a question and a markdown answer per turn, a tool call every fifth turn). */
export function storedSession(entries: number): StoredSession {
  const dir = mkdtempSync(join(tmpdir(), 'sb-bench-replay-'));
  const updates: acp.SessionUpdate[] = [];
  for (let turn = 0; updates.length < entries; turn++) {
    const text = (value: string) => ({ type: 'text' as const, text: value });
    updates.push({
      sessionUpdate: 'user_message_chunk',
      content: text(`Question ${turn}: what does step ${turn} do?`),
    });
    updates.push({
      sessionUpdate: 'agent_message_chunk',
      content: text(`Step ${turn} reads the file, **changes one line** and runs \`npm test\`.\n\n- first\n- second\n`),
    });
    if (turn % 5 === 0 && updates.length < entries)
      updates.push({
        sessionUpdate: 'tool_call',
        toolCallId: `tool-${turn}`,
        title: `Read src/step${turn}.ts`,
        kind: 'read',
        status: 'completed',
      });
  }
  updates.length = entries;
  writeFileSync(join(dir, `${SESSION_ID}.jsonl`), updates.map((u) => JSON.stringify(u)).join('\n') + '\n');
  writeFileSync(join(dir, `${SESSION_ID}.jsonl.cwd`), process.cwd());
  return {
    dir,
    updates,
    restored: restoredChat(updates),
    dispose: () => rmSync(dir, { recursive: true, force: true }),
  };
}

const agentArgs = (dir: string) => [AGENT, '--session-dir', dir, '--caps', 'load'];

/** The chat as the window kept it: the same entries, the session's id. */
function restoredChat(updates: acp.SessionUpdate[]): ThreadState {
  // The host's own ingest form of each update (tool diffs as hunks), as bench/render/content.ts builds threads.
  const actions: ThreadAction[] = updates.map(update);
  const state = actions.reduce(
    reduce,
    createThreadState(
      { agentId: 'scripted', threadId: 'bench' },
      { id: 'scripted', displayName: 'Scripted', isDemo: false },
    ),
  );
  return { ...state, sessionId: SESSION_ID };
}

export async function replaySwitchboard(session: StoredSession): Promise<{ ms: number; entries: number }> {
  const env = benchEnv();
  let sentAt = 0;
  const traffic = env.traffic('scripted');
  env.traffic = () => ({
    record(direction, message) {
      if (direction === 'send' && (message as { method?: string }).method === 'session/load')
        sentAt = performance.now();
      traffic.record(direction, message);
    },
    // Received lines go to the log as they arrived, a read at a time, as in the extension.
    recordLines: (direction, lines) => traffic.recordLines?.(direction, lines),
  });
  const restored = session.restored;
  const controller = createThreadController({
    threadId: 'bench',
    agent: {
      id: 'scripted',
      displayName: 'Scripted',
      command: process.execPath,
      args: agentArgs(session.dir),
      env: {},
      isDemo: false,
    },
    env,
    restored,
    handlers: {
      readTextFile: () => Promise.reject(new Error('not in the bench')),
      writeTextFile: () => Promise.reject(new Error('not in the bench')),
    },
  });
  let readyAt = 0;
  const subscription = controller.onEvent((event) => {
    if (event.action.type === 'connection' && event.action.state.kind === 'ready' && sentAt > 0 && readyAt === 0)
      readyAt = performance.now();
  });
  await controller.start();
  subscription.dispose();
  const state = controller.snapshot().state;
  await controller.dispose();
  if (sentAt === 0 || readyAt === 0) throw new Error('the chat did not continue with session/load');
  if (state.sessionId !== SESSION_ID) throw new Error(`a new session was started instead (${state.sessionId})`);
  // Nothing the transcript had is added twice (a "loaded" marker is the one new entry).
  if (state.entries.length > restored.entries.length + 1)
    throw new Error(`the replay added ${state.entries.length - restored.entries.length} entries`);
  return { ms: readyAt - sentAt, entries: restored.entries.length };
}

export async function replayPlain(session: StoredSession): Promise<{ ms: number; messages: number }> {
  const child = spawn(process.execPath, agentArgs(session.dir), { stdio: ['pipe', 'pipe', 'ignore'] });
  let messages = 0;
  let partial = '';
  const waiting = new Map<number, () => void>();
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (data: string) => {
    let start = 0;
    const text = partial + data;
    for (let nl = text.indexOf('\n'); nl !== -1; nl = text.indexOf('\n', start)) {
      const msg = JSON.parse(text.slice(start, nl)) as { id?: number };
      messages++;
      if (msg.id !== undefined) waiting.get(msg.id)?.();
      start = nl + 1;
    }
    partial = text.slice(start);
  });
  const call = (id: number, method: string, params: unknown) =>
    new Promise<void>((done) => {
      waiting.set(id, done);
      child.stdin.write(JSON.stringify({ jsonrpc: '2.0', id, method, params }) + '\n');
    });
  await call(1, 'initialize', { protocolVersion: 1, clientCapabilities: {} });
  messages = 0;
  const t0 = performance.now();
  await call(2, 'session/load', { sessionId: SESSION_ID, cwd: process.cwd(), mcpServers: [] });
  const ms = performance.now() - t0;
  child.kill();
  return { ms, messages };
}
