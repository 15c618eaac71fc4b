// `$/cancel_request` from the agent: every request it cancels gets its answer at once, -32800,
// even from a handler that never looks at its signal; a handler that answers the cancel itself
// (a permission's `cancelled` outcome, a partial result) still wins.
import { PassThrough } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { createAcpConnection, type AcpConnection } from '../../../src/protocol/connection';

const opened: AcpConnection[] = [];
afterEach(() => {
  for (const connection of opened.splice(0)) connection.dispose();
});

function rawAgent() {
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
  const client = createAcpConnection(toClient, fromClient);
  opened.push(client);
  const send = (message: unknown) => toClient.write(JSON.stringify(message) + '\n');
  const answer = async (id: unknown, timeoutMs = 1000) => {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      const found = lines.find((line) => line.id === id);
      if (found) return found;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    return undefined;
  };
  return { client, send, answer, lines };
}

const tick = (ms = 10) => new Promise((resolve) => setTimeout(resolve, ms));

describe('$/cancel_request answers', () => {
  it('a handler that ignores its signal and never settles still answers -32800 at once', async () => {
    const { client, send, answer } = rawAgent();
    client.onRequest('terminal/wait_for_exit', () => new Promise(() => {}));
    send({ jsonrpc: '2.0', id: 'w1', method: 'terminal/wait_for_exit', params: { sessionId: 's', terminalId: 't' } });
    await tick();
    const cancelledAt = Date.now();
    send({ jsonrpc: '2.0', method: '$/cancel_request', params: { requestId: 'w1' } });
    expect(await answer('w1')).toEqual({ jsonrpc: '2.0', id: 'w1', error: { code: -32800, message: 'Request cancelled' } });
    expect(Date.now() - cancelledAt).toBeLessThan(500);
  });

  it('a handler that answers the cancel with a result (a permission `cancelled`) is not overridden', async () => {
    const { client, send, answer } = rawAgent();
    client.onRequest('session/request_permission', (_params, signal) => new Promise((resolve) => signal.onCancellationRequested(() => resolve({ outcome: { outcome: 'cancelled' } }))));
    send({ jsonrpc: '2.0', id: 7, method: 'session/request_permission', params: { sessionId: 's', toolCall: { toolCallId: 't' }, options: [] } });
    await tick();
    send({ jsonrpc: '2.0', method: '$/cancel_request', params: { requestId: 7 } });
    expect(await answer(7)).toEqual({ jsonrpc: '2.0', id: 7, result: { outcome: { outcome: 'cancelled' } } });
  });

  it('a request answered before the cancel is answered once, with its result', async () => {
    const { client, send, answer, lines } = rawAgent();
    client.onRequest('terminal/output', async () => ({ output: 'x', truncated: false }));
    send({ jsonrpc: '2.0', id: 'o1', method: 'terminal/output', params: { sessionId: 's', terminalId: 't' } });
    expect(await answer('o1')).toMatchObject({ result: { output: 'x' } });
    send({ jsonrpc: '2.0', method: '$/cancel_request', params: { requestId: 'o1' } });
    await tick(30);
    expect(lines.filter((line) => line.id === 'o1')).toHaveLength(1);
  });
});
