// The transport against a real child process: the scripted agent, speaking NDJSON on stdio.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type * as acp from '@agentclientprotocol/sdk';
import { afterEach, describe, expect, it } from 'vitest';
import { createAcpConnection, type AcpConnection, type LogLevel } from '../../src/protocol/connection';
import {
  AcpConnectionClosedError,
  AcpRpcError,
  AcpTimeoutError,
  RequestCancelledError,
  type ConnectionCloseReason,
} from '../../src/protocol/errors';
import type { CancelSignal } from '../../src/session/api';
import { PROCESS_DEADLINE_MS, within } from '../within';

const AGENT = resolve(__dirname, '../fixtures/scriptedAgent.mjs');
const CWD = join(tmpdir(), 'switchboard-protocol-test');

interface RunningAgent {
  child: ChildProcessWithoutNullStreams;
  connection: AcpConnection;
  updates: acp.SessionNotification[];
  logs: Array<{ level: LogLevel; message: string }>;
  received: Array<{ id?: unknown; method?: string }>;
  stderr: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  closed: Promise<ConnectionCloseReason>;
}

const running: RunningAgent[] = [];
afterEach(() => {
  for (const agent of running.splice(0)) {
    agent.connection.dispose();
    agent.child.kill('SIGKILL');
  }
});

function startAgent(scenario: string, options: { args?: string[]; maxMessageBytes?: number } = {}): RunningAgent {
  const child = spawn(process.execPath, [AGENT, '--scenario', scenario, ...(options.args ?? [])], {
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((done) =>
    child.on('exit', (code, signal) => done({ code, signal })),
  );
  const logs: RunningAgent['logs'] = [];
  const received: RunningAgent['received'] = [];
  const connection = createAcpConnection(child.stdout, child.stdin, {
    maxMessageBytes: options.maxMessageBytes,
    log: (level, message) => logs.push({ level, message }),
    traffic: {
      record: (direction, message) =>
        direction === 'recv' && received.push(message as RunningAgent['received'][number]),
    },
  });
  const updates: acp.SessionNotification[] = [];
  connection.onNotification('session/update', (params) => void updates.push(params));
  const closed = new Promise<ConnectionCloseReason>((done) => connection.onClose(done));
  const agent = { child, connection, updates, logs, received, stderr: () => stderr, exited, closed };
  running.push(agent);
  return agent;
}

const clientCapabilities: acp.ClientCapabilities = { fs: { readTextFile: true, writeTextFile: true }, terminal: false };

async function openSession(agent: RunningAgent): Promise<string> {
  const init = await agent.connection.request(
    'initialize',
    { protocolVersion: 1, clientCapabilities, clientInfo: { name: 'switchboard-test', version: '0.0.0' } },
    { timeoutMs: 5000 },
  );
  expect(init.protocolVersion).toBe(1);
  const session = await within(
    agent.connection.request('session/new', { cwd: CWD, mcpServers: [] }),
    'the answer to session/new',
    PROCESS_DEADLINE_MS,
  );
  return session.sessionId;
}

/** The agent's answer to a prompt; a dropped answer fails the test saying so (a real process: a longer deadline). */
const prompt = (agent: RunningAgent, sessionId: string, text: string, signal?: AbortSignal) =>
  within(
    agent.connection.request('session/prompt', { sessionId, prompt: [{ type: 'text', text }] }, { signal }),
    `the answer to session/prompt "${text}"`,
    PROCESS_DEADLINE_MS,
  );

/**
 * The update kinds in order, a run of text chunks of one kind and messageId counted once: the
 * reader merges such a run when its lines arrive in one read, which depends on the pipe's timing.
 */
const kinds = (agent: RunningAgent) =>
  agent.updates
    .map((n) => n.update)
    .filter((update, at, all) => {
      const previous = all[at - 1];
      const isChunk = update.sessionUpdate === 'agent_message_chunk' || update.sessionUpdate === 'agent_thought_chunk';
      return !(
        isChunk &&
        previous?.sessionUpdate === update.sessionUpdate &&
        (previous.messageId ?? null) === (update.messageId ?? null)
      );
    })
    .map((update) => update.sessionUpdate);
const texts = (agent: RunningAgent) =>
  agent.updates.flatMap((n) =>
    n.update.sessionUpdate === 'agent_message_chunk' && n.update.content.type === 'text' ? [n.update.content.text] : [],
  );

describe('protocol against the scripted agent (a real child process)', () => {
  it('runs initialize, session/new and a full prompt turn with updates', async () => {
    const recordFile = join(tmpdir(), `scripted-agent-record-${process.pid}-${Date.now()}.jsonl`);
    const agent = startAgent('basic-turn', { args: ['--record', recordFile] });
    const sessionId = await openSession(agent);
    const result = await prompt(agent, sessionId, 'hello agent');
    expect(result).toEqual({ stopReason: 'end_turn' });
    // Every update of the turn arrives before the prompt's answer.
    // The three message chunks share messageId msg-1: one run, however the reads fell.
    expect(kinds(agent)).toEqual([
      'agent_thought_chunk',
      'agent_message_chunk',
      'tool_call',
      'tool_call_update',
      'plan',
    ]);
    expect(texts(agent).join('')).toBe('You said: hello agent\n\nDone.');
    expect(agent.updates.every((n) => n.sessionId === sessionId)).toBe(true);
    // --record kept every line the client wrote, so a test can assert what was sent.
    const sent = readFileSync(recordFile, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line).method);
    rmSync(recordFile, { force: true });
    expect(sent).toEqual(['initialize', 'session/new', 'session/prompt']);
  });

  it('skips a garbage line on stdout, logs it, and finishes the turn', async () => {
    const agent = startAgent('garbage-line');
    const sessionId = await openSession(agent);
    expect(await prompt(agent, sessionId, 'go')).toEqual({ stopReason: 'end_turn' });
    expect(texts(agent)).toEqual(['before the garbage line. ', 'after the garbage line.']);
    expect(agent.logs.some((l) => l.level === 'error' && l.message.includes('this line is not JSON {oops'))).toBe(true);
  });

  it('rejects the pending prompt when the agent crashes mid-turn, with exit info available', async () => {
    const agent = startAgent('crash-mid-turn');
    const sessionId = await openSession(agent);
    const error = await prompt(agent, sessionId, 'go').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AcpConnectionClosedError);
    expect((error as Error).message).toMatch(/session\/prompt/);
    expect(await within(agent.closed, 'the close of the connection', PROCESS_DEADLINE_MS)).toMatchObject({
      kind: 'ended',
    });
    expect(await within(agent.exited, 'the exit of the agent', PROCESS_DEADLINE_MS)).toEqual({ code: 3, signal: null });
    expect(agent.stderr()).toContain('scripted-agent: simulated crash');
    expect(texts(agent)).toEqual(['about to crash']);
  });

  it('times out an initialize the agent never answers, naming the method and the wait', async () => {
    const agent = startAgent('no-initialize');
    const error = await agent.connection
      .request('initialize', { protocolVersion: 1, clientCapabilities }, { timeoutMs: 300 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AcpTimeoutError);
    expect((error as Error).message).toBe('The agent did not answer "initialize" within 300 ms (waited 300 ms)');
  });

  it('delivers a 10 MB message under the default cap', async () => {
    const agent = startAgent('huge-message');
    const sessionId = await openSession(agent);
    expect(await prompt(agent, sessionId, 'go')).toEqual({ stopReason: 'end_turn' });
    // Two chunks; the reader merges them when they end in the same read, so compare the joined text.
    const joined = texts(agent).join('');
    expect(joined.length).toBe(10 * 1024 * 1024 + 'after the huge message'.length);
    expect(joined.endsWith('xxxafter the huge message')).toBe(true);
    expect(agent.received.filter((m) => m.method === 'session/update')).toHaveLength(2);
  });

  it('drops a 10 MB message over a 1 MB cap with a logged error, and goes on', async () => {
    const agent = startAgent('huge-message', { maxMessageBytes: 1024 * 1024 });
    const sessionId = await openSession(agent);
    expect(await prompt(agent, sessionId, 'go')).toEqual({ stopReason: 'end_turn' });
    expect(texts(agent)).toEqual(['after the huge message']);
    const dropped = agent.logs.filter((l) => l.level === 'error' && l.message.startsWith('Dropped a 10.0 MiB message'));
    expect(dropped).toHaveLength(1);
    expect(dropped[0]!.message).toContain('1.0 MiB limit');
  });

  it('serves agent->client requests with string ids and the agent gets the answers', async () => {
    const agent = startAgent('client-calls');
    agent.connection.onRequest('fs/read_text_file', (params) => ({ content: `contents of ${params.path}` }));
    agent.connection.onRequest('session/request_permission', (params) => ({
      outcome: { outcome: 'selected', optionId: params.options[0]!.optionId },
    }));
    const written: acp.WriteTextFileRequest[] = [];
    agent.connection.onRequest('fs/write_text_file', (params) => (written.push(params), {}));
    const sessionId = await openSession(agent);
    expect(await prompt(agent, sessionId, 'go')).toEqual({ stopReason: 'end_turn' });

    const requests = agent.received.filter((m) => m.method !== undefined && m.id !== undefined);
    expect(requests.map((m) => m.method)).toEqual([
      'fs/read_text_file',
      'session/request_permission',
      'fs/write_text_file',
    ]);
    expect(requests.every((m) => typeof m.id === 'string')).toBe(true);
    const reports = texts(agent).map((t) => JSON.parse(t.replace(/^client-calls: /, '')));
    expect(reports).toEqual([
      {
        method: 'fs/read_text_file',
        id: 'agent-1',
        answer: { result: { content: `contents of ${join(CWD, 'hello.txt')}` } },
      },
      {
        method: 'session/request_permission',
        id: 'agent-2',
        answer: { result: { outcome: { outcome: 'selected', optionId: 'allow' } } },
      },
      { method: 'fs/write_text_file', id: 'agent-3', answer: { result: {} } },
    ]);
    expect(written).toEqual([
      { sessionId, path: join(CWD, 'scripted-output.txt'), content: 'written by scripted-agent\n' },
    ]);
    expect(agent.updates.at(-1)?.update).toMatchObject({ sessionUpdate: 'tool_call_update', status: 'completed' });
  });

  it('fires the handler signal when the agent sends $/cancel_request for its own request', async () => {
    const agent = startAgent('cancel-own-request');
    let signalSeen: CancelSignal | undefined;
    agent.connection.onRequest('session/request_permission', async (_params, signal) => {
      signalSeen = signal;
      await new Promise<void>((done) => signal.onCancellationRequested(done));
      throw new RequestCancelledError();
    });
    const sessionId = await openSession(agent);
    expect(await prompt(agent, sessionId, 'go')).toEqual({ stopReason: 'end_turn' });
    expect(signalSeen?.isCancellationRequested).toBe(true);
    const report = JSON.parse(texts(agent)[0]!.replace(/^client-calls: /, ''));
    expect(report.answer).toEqual({ error: { code: -32800, message: 'Request cancelled' } });
  });

  it('answers session/new with auth_required until authenticate was called', async () => {
    const agent = startAgent('auth-required');
    const init = await agent.connection.request('initialize', { protocolVersion: 1, clientCapabilities });
    expect(init.authMethods?.map((m) => m.id)).toEqual(['scripted-login']);
    const error = await agent.connection.request('session/new', { cwd: CWD, mcpServers: [] }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AcpRpcError);
    expect(error).toMatchObject({ code: -32000, data: { reason: 'auth_required' }, method: 'session/new' });
    await agent.connection.request('authenticate', { methodId: 'scripted-login' });
    expect((await agent.connection.request('session/new', { cwd: CWD, mcpServers: [] })).sessionId).toMatch(
      /^scripted-session-/,
    );
  });

  it('ends a slow turn with stopReason cancelled after session/cancel', async () => {
    const agent = startAgent('slow-turn');
    const sessionId = await openSession(agent);
    const pending = prompt(agent, sessionId, 'go');
    await new Promise((done) => setTimeout(done, 120));
    agent.connection.notify('session/cancel', { sessionId });
    expect(await pending).toEqual({ stopReason: 'cancelled' });
    expect(texts(agent).length).toBeLessThan(20);
  });

  it('gets -32800 for a prompt cancelled with $/cancel_request', async () => {
    const agent = startAgent('slow-turn');
    const sessionId = await openSession(agent);
    const controller = new AbortController();
    const pending = prompt(agent, sessionId, 'go', controller.signal);
    setTimeout(() => controller.abort(), 120);
    await expect(pending).rejects.toMatchObject({ code: -32800, method: 'session/prompt' });
  });
});
