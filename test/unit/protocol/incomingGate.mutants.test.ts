// IncomingGate (src/protocol/incomingGate.ts) on its own (mutation testing): which messages
// reach vscode-jsonrpc, which are answered -32600 and with what, and what its two id books let through.
import type { Message } from 'vscode-jsonrpc/node';
import { describe, expect, it } from 'vitest';
import { BATCH_MESSAGE, IncomingGate } from '../../../src/protocol/incomingGate';

function gate() {
  const logs: Array<{ level: string; message: string }> = [];
  const answers: Array<{ id: unknown; code: number; message: string }> = [];
  const g = new IncomingGate(
    (level, message) => logs.push({ level, message }),
    (id, code, message) => answers.push({ id, code, message }),
  );
  return { g, logs, answers };
}
const msg = (value: Record<string, unknown>) => value as unknown as Message;

describe('responses: only to a request still waiting, and only the first', () => {
  it('lets one answer per sent request through, keeping 1 and "1" apart', () => {
    const { g, logs } = gate();
    g.sent(msg({ jsonrpc: '2.0', id: 1, method: 'session/prompt' }));
    expect(g.accept(msg({ jsonrpc: '2.0', id: '1', result: {} }))).toBe(false);
    expect(g.accept(msg({ jsonrpc: '2.0', id: 1, result: {} }))).toBe(true);
    expect(g.accept(msg({ jsonrpc: '2.0', id: 1, error: { code: 1, message: 'late' } }))).toBe(false);
    expect(logs.filter((l) => l.level === 'error')).toHaveLength(2);
    expect(logs[0]!.message).toBe(
      'Ignored a response to request "1": no request with that id is waiting for an answer (never sent, or answered before: the first answer stands)',
    );
  });

  it('a notification or a response we send waits for nothing', () => {
    const { g } = gate();
    g.sent(msg({ jsonrpc: '2.0', method: 'session/cancel', params: {} }));
    g.sent(msg({ jsonrpc: '2.0', id: 9, result: {} }));
    expect(g.accept(msg({ jsonrpc: '2.0', id: 9, result: {} }))).toBe(false);
  });

  it('clear() forgets the requests waiting (the connection closed)', () => {
    const { g } = gate();
    g.sent(msg({ jsonrpc: '2.0', id: 2, method: 'initialize' }));
    g.clear();
    expect(g.accept(msg({ jsonrpc: '2.0', id: 2, result: {} }))).toBe(false);
  });
});

describe('requests from the agent: an id may not be reused while queued', () => {
  it('answers the reuse -32600 with its id, and accepts the id again once dispatched', () => {
    const { g, answers, logs } = gate();
    const request = msg({ jsonrpc: '2.0', id: 5, method: 'fs/read_text_file', params: {} });
    expect(g.accept(request)).toBe(true);
    expect(g.accept(request)).toBe(false);
    expect(answers).toEqual([
      { id: 5, code: -32600, message: 'Invalid Request: id 5 is already in use by another request' },
    ]);
    expect(logs).toEqual([
      { level: 'error', message: 'Answered a request that reuses id 5 of one still queued with -32600' },
    ]);
    g.dispatched(request);
    expect(g.accept(request)).toBe(true);
    // A string id 5 is another id.
    expect(g.accept(msg({ jsonrpc: '2.0', id: '5', method: 'fs/read_text_file' }))).toBe(true);
  });

  it('requests with different string ids are all accepted while queued', () => {
    const { g, answers } = gate();
    expect(g.accept(msg({ jsonrpc: '2.0', id: 'a', method: 'm' }))).toBe(true);
    expect(g.accept(msg({ jsonrpc: '2.0', id: 'b', method: 'm' }))).toBe(true);
    expect(answers).toEqual([]);
  });

  it('dispatching a response or a notification frees no request id', () => {
    const { g } = gate();
    expect(g.accept(msg({ jsonrpc: '2.0', id: 6, method: 'm' }))).toBe(true);
    g.dispatched(msg({ jsonrpc: '2.0', id: 6, result: {} }));
    expect(g.accept(msg({ jsonrpc: '2.0', id: 6, method: 'm' }))).toBe(false);
  });

  it('clear() forgets queued ids', () => {
    const { g } = gate();
    expect(g.accept(msg({ jsonrpc: '2.0', id: 'q', method: 'm' }))).toBe(true);
    g.clear();
    expect(g.accept(msg({ jsonrpc: '2.0', id: 'q', method: 'm' }))).toBe(true);
  });
});

describe('envelope verdicts', () => {
  it('an invalid request is answered -32600 with the reason and not passed on', () => {
    const { g, answers, logs } = gate();
    expect(g.accept(msg({ id: 3, method: 'm' }))).toBe(false);
    expect(answers).toEqual([{ id: 3, code: -32600, message: 'Invalid Request: "jsonrpc" is missing, not "2.0"' }]);
    expect(logs).toEqual([
      {
        level: 'error',
        message: 'Answered an invalid request from the agent with -32600: "jsonrpc" is missing, not "2.0"',
      },
    ]);
  });

  it('a dropped message is logged, not answered, not passed on', () => {
    const { g, answers, logs } = gate();
    expect(g.accept(msg({ jsonrpc: '2.0' }))).toBe(false);
    expect(answers).toEqual([]);
    expect(logs).toEqual([{ level: 'error', message: 'Ignored a message with neither a method nor an id' }]);
  });

  it('sloppy notifications pass, with one warning per connection', () => {
    const { g, logs } = gate();
    expect(g.accept(msg({ method: 'session/update', params: {} }))).toBe(true);
    expect(g.accept(msg({ jsonrpc: '1', method: 'session/update', params: {} }))).toBe(true);
    expect(logs).toEqual([
      {
        level: 'warn',
        message:
          'The agent sent a notification whose "jsonrpc" is missing, not "2.0"; accepted (logged once per connection)',
      },
    ]);
  });
});

describe('batches', () => {
  it('answers each request in a batch by its id, and nothing else in it', () => {
    const { g, answers, logs } = gate();
    g.batch([
      { jsonrpc: '2.0', id: 1, method: 'a' },
      { jsonrpc: '2.0', method: 'notification' },
      { jsonrpc: '2.0', id: 2, result: {} },
      { jsonrpc: '2.0', id: null, method: 'b' },
      null,
      'text',
      { jsonrpc: '2.0', id: 's', method: 'c' },
    ]);
    expect(answers).toEqual([
      { id: 1, code: -32600, message: BATCH_MESSAGE },
      { id: 's', code: -32600, message: BATCH_MESSAGE },
    ]);
    expect(logs).toEqual([
      {
        level: 'error',
        message: 'Rejected a JSON-RPC batch of 7 messages from the agent (ACP sends one message per line); answered 2',
      },
    ]);
  });

  it('a batch with no request in it is answered once, with id null', () => {
    const { g, answers, logs } = gate();
    g.batch([]);
    expect(answers).toEqual([{ id: null, code: -32600, message: BATCH_MESSAGE }]);
    expect(logs[0]!.message).toBe(
      'Rejected a JSON-RPC batch of 0 messages from the agent (ACP sends one message per line); answered once with id null',
    );
    expect(BATCH_MESSAGE).toMatch(/^Invalid Request: /);
  });
});
