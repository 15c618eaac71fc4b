// JSON-RPC 2.0 edge cases from a hand-written agent stream: what gets answered, with what, once.
import { PassThrough } from 'node:stream';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAcpConnection, type AcpConnection, type LogLevel } from '../../../src/protocol/connection';
import { checkEnvelope } from '../../../src/protocol/envelope';
import { within } from '../../within';

const opened: AcpConnection[] = [];
afterEach(() => {
  for (const connection of opened.splice(0)) connection.dispose();
});

function rawAgent(options: { maxRequestsInProgress?: number } = {}) {
  const toClient = new PassThrough();
  const fromClient = new PassThrough();
  const lines: Array<Record<string, unknown>> = [];
  let buffered = '';
  fromClient.on('data', (chunk: Buffer) => {
    buffered += chunk.toString();
    let newline;
    while ((newline = buffered.indexOf('\n')) !== -1) {
      lines.push(JSON.parse(buffered.slice(0, newline)));
      buffered = buffered.slice(newline + 1);
    }
  });
  const logs: Array<{ level: LogLevel; message: string }> = [];
  const client = createAcpConnection(toClient, fromClient, {
    log: (level, message) => logs.push({ level, message }),
    ...options,
  });
  opened.push(client);
  const write = (...messages: string[]) => toClient.write(messages.join('\n') + '\n');
  return { client, lines, logs, write };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 30));

describe('requests with an unreadable id', () => {
  it.each([['{"a":1}'], ['null'], ['true'], ['[1]'], ['1.5e400']])(
    'id %s: -32600 Invalid Request with id null, exactly once',
    async (id) => {
      const agent = rawAgent();
      agent.client.onRequest('fs/read_text_file', () => ({ content: 'never' }));
      agent.write(`{"jsonrpc":"2.0","id":${id},"method":"fs/read_text_file","params":{}}`);
      await vi.waitFor(() => expect(agent.lines).toHaveLength(1));
      await settle();
      expect(agent.lines).toHaveLength(1);
      expect(agent.lines[0]).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32600 } });
    },
  );
});

describe('envelope checks', () => {
  it('a request without "jsonrpc":"2.0" gets -32600 with its id; a notification without it is accepted (logged once)', async () => {
    const agent = rawAgent();
    const seen: unknown[] = [];
    agent.client.onNotification('session/update', (params) => void seen.push(params));
    agent.write(
      '{"id":7,"method":"fs/read_text_file","params":{}}',
      '{"jsonrpc":"1.0","method":"session/update","params":{"n":1}}',
      '{"method":"session/update","params":{"n":2}}',
    );
    await vi.waitFor(() => expect(seen).toHaveLength(2));
    await vi.waitFor(() => expect(agent.lines).toHaveLength(1));
    expect(agent.lines[0]).toMatchObject({
      id: 7,
      error: { code: -32600, message: 'Invalid Request: "jsonrpc" is missing, not "2.0"' },
    });
    expect(agent.logs.filter((l) => l.message.includes('accepted (logged once per connection)'))).toHaveLength(1);
  });

  it('a notification-only method sent as a request gets -32601 (JSON-RPC: it is a request)', async () => {
    const agent = rawAgent();
    agent.client.onNotification('session/update', () => undefined);
    agent.write('{"jsonrpc":"2.0","id":"u1","method":"session/update","params":{}}');
    await vi.waitFor(() =>
      expect(agent.lines).toEqual([
        expect.objectContaining({ id: 'u1', error: expect.objectContaining({ code: -32601 }) }),
      ]),
    );
  });

  it('batches: each request in one is answered -32600 by its id; an empty or notification-only batch once, with id null', async () => {
    const agent = rawAgent();
    agent.write(
      '[{"jsonrpc":"2.0","id":1,"method":"x"},{"jsonrpc":"2.0","id":"two","method":"y"},{"jsonrpc":"2.0","method":"z"}]',
      '[]',
      '[{"jsonrpc":"2.0","method":"z"}]',
    );
    await vi.waitFor(() => expect(agent.lines).toHaveLength(4));
    expect(agent.lines.map((line) => line.id)).toEqual([1, 'two', null, null]);
    for (const line of agent.lines)
      expect(line.error).toMatchObject({ code: -32600, message: expect.stringMatching(/batches are not supported/) });
  });

  it('classifies responses: neither result nor error, both, a bad error object, or an id null error are dropped with a reason', () => {
    expect(checkEnvelope({ jsonrpc: '2.0', id: 1 })).toMatchObject({
      kind: 'drop',
      reason: expect.stringMatching(/neither result nor error/),
    });
    expect(checkEnvelope({ jsonrpc: '2.0', id: 1, result: 1, error: { code: 1, message: 'x' } })).toMatchObject({
      kind: 'drop',
    });
    expect(checkEnvelope({ jsonrpc: '2.0', id: 1, error: 'bad' })).toMatchObject({ kind: 'drop' });
    expect(checkEnvelope({ jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } })).toMatchObject({
      kind: 'drop',
      reason: expect.stringMatching(/could not read/),
    });
    expect(checkEnvelope({ jsonrpc: '2.0', id: 1, result: null })).toEqual({ kind: 'ok' });
    expect(checkEnvelope({ id: 1, result: {} })).toMatchObject({ kind: 'lenient' });
    expect(checkEnvelope({ jsonrpc: '2.0', method: 5 })).toMatchObject({ kind: 'drop' });
    expect(checkEnvelope({ jsonrpc: '2.0', id: 3, method: 5 })).toMatchObject({ kind: 'invalidRequest', id: 3 });
  });
});

describe('responses', () => {
  it('two responses to one id in one read: the first stands, the second is logged', async () => {
    const agent = rawAgent();
    const answer = agent.client.request('session/prompt', { sessionId: 's', prompt: [] });
    await vi.waitFor(() => expect(agent.lines).toHaveLength(1));
    const id = agent.lines[0]!.id;
    agent.write(
      JSON.stringify({ jsonrpc: '2.0', id, result: { stopReason: 'end_turn' } }),
      JSON.stringify({ jsonrpc: '2.0', id, error: { code: -32603, message: 'late' } }),
    );
    await expect(within(answer, 'the first answer')).resolves.toEqual({ stopReason: 'end_turn' });
    await settle();
    expect(agent.logs.map((l) => l.message)).toContain(
      `Ignored a response to request ${id}: no request with that id is waiting for an answer (never sent, or answered before: the first answer stands)`,
    );
  });

  it('a response to an id never sent is logged and changes nothing', async () => {
    const agent = rawAgent();
    agent.write('{"jsonrpc":"2.0","id":"never-sent","result":{}}');
    await vi.waitFor(() =>
      expect(
        agent.logs.some(
          (l) =>
            l.level === 'error' &&
            l.message.includes('"never-sent"') &&
            l.message.includes('no request with that id is waiting'),
        ),
      ).toBe(true),
    );
    expect(agent.lines).toEqual([]);
  });
});

describe('requests from the agent', () => {
  it('a second request reusing a queued id is answered -32600; the first is answered normally', async () => {
    const agent = rawAgent();
    agent.client.onRequest('fs/read_text_file', () => ({ content: 'first' }));
    agent.write(
      '{"jsonrpc":"2.0","id":5,"method":"fs/read_text_file","params":{}}',
      '{"jsonrpc":"2.0","id":5,"method":"fs/read_text_file","params":{"again":true}}',
    );
    await vi.waitFor(() => expect(agent.lines).toHaveLength(2));
    expect(agent.lines).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: 5, result: { content: 'first' } }),
        expect.objectContaining({
          id: 5,
          error: expect.objectContaining({ code: -32600, message: expect.stringMatching(/already in use/) }),
        }),
      ]),
    );
  });

  it('at most maxRequestsInProgress at once: more get -32603 at once; every one gets exactly one answer', async () => {
    const agent = rawAgent({ maxRequestsInProgress: 3 });
    const release: Array<() => void> = [];
    agent.client.onRequest(
      'session/request_permission',
      () => new Promise((resolve) => release.push(() => resolve({ outcome: { outcome: 'cancelled' } }))),
    );
    agent.write(
      ...Array.from(
        { length: 5 },
        (_, i) => `{"jsonrpc":"2.0","id":${i},"method":"session/request_permission","params":{}}`,
      ),
    );
    await vi.waitFor(() => expect(agent.lines).toHaveLength(2));
    expect(agent.lines.map((line) => (line.error as { code: number }).code)).toEqual([-32603, -32603]);
    expect(release).toHaveLength(3);
    for (const done of release) done();
    await vi.waitFor(() => expect(agent.lines).toHaveLength(5));
    expect(new Set(agent.lines.map((line) => line.id)).size).toBe(5);
  });
});
