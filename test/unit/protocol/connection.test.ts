import { PassThrough } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { createAcpConnection, type AcpConnection, type LogLevel } from '../../../src/protocol/connection';
import {
  AcpConnectionClosedError,
  AcpRpcError,
  AcpTimeoutError,
  RequestCancelledError,
} from '../../../src/protocol/errors';
import { RequestFailure, type CancelSignal, type TrafficSink } from '../../../src/session/api';
import { eventually, within } from '../../within';

interface Recorded {
  direction: 'send' | 'recv';
  message: { id?: unknown; method?: string; params?: unknown; result?: unknown; error?: unknown };
}

function recorder(): TrafficSink & { records: Recorded[] } {
  const records: Recorded[] = [];
  return {
    records,
    record: (direction, message) => records.push({ direction, message: message as Recorded['message'] }),
  };
}

function logger() {
  const entries: Array<{ level: LogLevel; message: string }> = [];
  return { entries, log: (level: LogLevel, message: string) => entries.push({ level, message }) };
}

const opened: AcpConnection[] = [];
afterEach(() => {
  for (const connection of opened.splice(0)) connection.dispose();
});

/** A client and an agent connection wired back to back in memory. */
function pair() {
  const clientToAgent = new PassThrough();
  const agentToClient = new PassThrough();
  const clientTraffic = recorder();
  const clientLog = logger();
  const client = createAcpConnection(agentToClient, clientToAgent, { traffic: clientTraffic, log: clientLog.log });
  const agent = createAcpConnection(clientToAgent, agentToClient);
  opened.push(client, agent);
  return { client, agent, clientTraffic, clientLog, clientToAgent, agentToClient };
}

/** A client connection facing a raw stream, to hand-write what the agent sends (e.g. string ids). */
function rawAgent(options: { maxMessageBytes?: number } = {}) {
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
  const log = logger();
  const client = createAcpConnection(toClient, fromClient, { log: log.log, ...options });
  opened.push(client);
  const send = (message: unknown) => toClient.write(JSON.stringify(message) + '\n');
  const waitFor = async (predicate: (line: Record<string, unknown>) => boolean) => {
    for (let i = 0; i < 200; i++) {
      const found = lines.find(predicate);
      if (found) return found;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    throw new Error(`no matching line; got ${JSON.stringify(lines)}`);
  };
  return { client, toClient, lines, send, waitFor, log };
}

function waitForCancel(signal: CancelSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.isCancellationRequested) resolve();
    else signal.onCancellationRequested(() => resolve());
  });
}

describe('createAcpConnection, back to back', () => {
  it('answers a request and records traffic both ways', async () => {
    const { client, agent, clientTraffic } = pair();
    agent.onRequest('session/new', (params: { cwd: string }) => ({ sessionId: `s-for-${params.cwd}` }));
    const result = await within(client.request('session/new', { cwd: '/work', mcpServers: [] }), 'the answer');
    expect(result).toEqual({ sessionId: 's-for-/work' });
    const sent = clientTraffic.records.find((r) => r.direction === 'send');
    const received = clientTraffic.records.find((r) => r.direction === 'recv');
    expect(sent?.message).toMatchObject({ method: 'session/new', params: { cwd: '/work' } });
    expect(received?.message).toMatchObject({ id: sent?.message.id, result: { sessionId: 's-for-/work' } });
  });

  it('gives a sink that keeps text the received lines as they arrived, and only what is sent as messages', async () => {
    const toClient = new PassThrough();
    const fromClient = new PassThrough();
    const sent: unknown[] = [];
    const received: string[] = [];
    const notified: unknown[] = [];
    const client = createAcpConnection(toClient, fromClient, {
      traffic: {
        record: (direction, message) => void (direction === 'send' ? sent.push(message) : received.push('record')),
        recordLines: (_direction, lines) => void received.push(lines),
      },
    });
    opened.push(client);
    client.onNotification('session/update', (params) => void notified.push(params));
    const update =
      '{"jsonrpc":"2.0","method":"session/update","params":{"sessionId":"s","update":{"sessionUpdate":"plan","entries":[]}}}';
    toClient.write(`${update}\nnot json\n${update}\n`);
    await eventually(() => notified.length === 2, 'both notifications');
    expect(received).toEqual([`${update}\nnot json\n${update}`]);
    client.notify('session/cancel', { sessionId: 's' });
    expect(sent).toEqual([{ jsonrpc: '2.0', method: 'session/cancel', params: { sessionId: 's' } }]);
  });

  it('delivers notifications to their handler', async () => {
    const { client, agent } = pair();
    const got = new Promise((resolve) => client.onNotification('session/update', resolve));
    agent.notify('session/update', { sessionId: 's', update: { sessionUpdate: 'plan', entries: [] } });
    expect(await within(got, 'the notification')).toEqual({
      sessionId: 's',
      update: { sessionUpdate: 'plan', entries: [] },
    });
  });

  it('answers an unknown method with -32601', async () => {
    const { client } = pair();
    const error = await within(client.request('session/unknown', {}), 'the -32601 answer').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AcpRpcError);
    expect(error).toMatchObject({ code: -32601, method: 'session/unknown' });
  });

  it('passes a RequestFailure through with its code, message and data', async () => {
    const { client, agent } = pair();
    agent.onRequest('session/new', () => {
      throw new RequestFailure(-32000, 'Authentication required', { reason: 'auth_required' });
    });
    await expect(
      within(client.request('session/new', { cwd: '/', mcpServers: [] }), 'the error answer'),
    ).rejects.toMatchObject({
      code: -32000,
      message: 'Authentication required',
      data: { reason: 'auth_required' },
    });
  });

  it('answers any other throw with -32603 and its message', async () => {
    const { client, agent } = pair();
    agent.onRequest('initialize', () => {
      throw new Error('disk on fire');
    });
    await expect(
      within(client.request('initialize', { protocolVersion: 1 }), 'the -32603 answer'),
    ).rejects.toMatchObject({
      code: -32603,
      message: 'disk on fire',
    });
  });

  it('sends $/cancel_request (not $/cancelRequest) on abort and still waits for the answer', async () => {
    const { client, agent, clientTraffic } = pair();
    agent.onRequest('session/prompt', async (_params, signal) => {
      await waitForCancel(signal);
      throw new RequestCancelledError();
    });
    const controller = new AbortController();
    const pending = client.request('session/prompt', { sessionId: 's', prompt: [] }, { signal: controller.signal });
    await new Promise((resolve) => setTimeout(resolve, 10));
    controller.abort();
    await expect(within(pending, 'the -32800 answer after $/cancel_request')).rejects.toMatchObject({
      code: -32800,
      message: 'Request cancelled',
    });
    const requestId = clientTraffic.records.find((r) => r.message.method === 'session/prompt')?.message.id;
    const methods = clientTraffic.records.filter((r) => r.direction === 'send').map((r) => r.message.method);
    expect(methods).toContain('$/cancel_request');
    expect(methods).not.toContain('$/cancelRequest');
    const cancel = clientTraffic.records.find((r) => r.message.method === '$/cancel_request');
    expect(cancel?.message.params).toEqual({ requestId });
  });

  it('resolves with a partial result when the handler answers after a cancel', async () => {
    const { client, agent } = pair();
    agent.onRequest('session/list', async (_params, signal) => {
      await waitForCancel(signal);
      return { sessions: [], partial: true };
    });
    const controller = new AbortController();
    const pending = client.request('session/list', {}, { signal: controller.signal });
    setTimeout(() => controller.abort(), 5);
    expect(await within(pending, 'the partial answer after the cancel')).toEqual({ sessions: [], partial: true });
  });

  it('rejects with a timeout error naming the method and the time waited', async () => {
    const { client, agent, clientTraffic } = pair();
    agent.onRequest('initialize', () => new Promise(() => {}));
    const error = await within(
      client.request('initialize', { protocolVersion: 1 }, { timeoutMs: 50 }),
      'the timeout error of a request with a 50 ms timeout',
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AcpTimeoutError);
    expect((error as Error).message).toBe('The agent did not answer "initialize" within 50 ms (waited 50 ms)');
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(clientTraffic.records.some((r) => r.message.method === '$/cancel_request')).toBe(true);
  });

  it('ignores unknown and $/ notifications and keeps working', async () => {
    const { client, agent, clientLog } = pair();
    agent.notify('_vendor/unknown', { x: 1 });
    agent.notify('$/progress_like', {});
    agent.onRequest('authenticate', () => ({}));
    expect(await within(client.request('authenticate', { methodId: 'm' }), 'the answer')).toEqual({});
    const debug = clientLog.entries
      .filter((e) => e.level === 'debug')
      .map((e) => e.message)
      .join('\n');
    expect(debug).toMatch(/Ignored notification _vendor\/unknown/);
    expect(debug).toMatch(/Ignored notification \$\/progress_like/);
    expect(client.isClosed).toBe(false);
  });

  it('rejects pending requests and cancels running handlers when the stream ends', async () => {
    const { client, agent, agentToClient } = pair();
    let handlerSignal: CancelSignal | undefined;
    client.onRequest('fs/read_text_file', async (_params, signal) => {
      handlerSignal = signal;
      await waitForCancel(signal);
      return { content: '' };
    });
    agent.onRequest('session/prompt', () => new Promise(() => {}));
    void agent.request('fs/read_text_file', { sessionId: 's', path: '/a' }).catch(() => undefined);
    const pending = client.request('session/prompt', { sessionId: 's', prompt: [] });
    const closed = new Promise((resolve) => client.onClose(resolve));
    await new Promise((resolve) => setTimeout(resolve, 10));
    agentToClient.end();
    await expect(within(pending, 'the rejection of the request left open')).rejects.toBeInstanceOf(
      AcpConnectionClosedError,
    );
    await expect(pending).rejects.toThrow(/closed before it answered "session\/prompt"/);
    expect(await within(closed, 'the close event')).toMatchObject({ kind: 'ended' });
    expect(handlerSignal?.isCancellationRequested).toBe(true);
    expect(client.isClosed).toBe(true);
    await expect(client.request('initialize', { protocolVersion: 1 })).rejects.toBeInstanceOf(AcpConnectionClosedError);
  });

  it('dispose rejects pending requests', async () => {
    const { client, agent } = pair();
    agent.onRequest('session/prompt', () => new Promise(() => {}));
    const pending = client.request('session/prompt', { sessionId: 's', prompt: [] });
    client.dispose();
    await expect(within(pending, 'the rejection of the request left open')).rejects.toMatchObject({
      reason: { kind: 'disposed' },
    });
  });
});

describe('createAcpConnection, agent-initiated requests with string and number ids', () => {
  it.each([['req-1'], [41]])('answers id %j with the same id and type', async (id) => {
    const { client, send, waitFor } = rawAgent();
    client.onRequest('fs/read_text_file', (params) => ({ content: `read ${params.path}` }));
    send({ jsonrpc: '2.0', id, method: 'fs/read_text_file', params: { sessionId: 's', path: '/x' } });
    expect(await waitFor((line) => line.id === id)).toEqual({ jsonrpc: '2.0', id, result: { content: 'read /x' } });
  });

  it.each([['perm-7'], [7]])(
    'fires the handler signal on $/cancel_request for id %j and answers -32800',
    async (id) => {
      const { client, send, waitFor } = rawAgent();
      client.onRequest('session/request_permission', async (_params, signal) => {
        await waitForCancel(signal);
        throw new RequestCancelledError();
      });
      send({
        jsonrpc: '2.0',
        id,
        method: 'session/request_permission',
        params: { sessionId: 's', toolCall: { toolCallId: 't' }, options: [] },
      });
      await new Promise((resolve) => setTimeout(resolve, 10));
      send({ jsonrpc: '2.0', method: '$/cancel_request', params: { requestId: id } });
      expect(await waitFor((line) => line.id === id)).toEqual({
        jsonrpc: '2.0',
        id,
        error: { code: -32800, message: 'Request cancelled' },
      });
    },
  );

  it('does not confuse the string id "7" with the number 7', async () => {
    const { client, send, waitFor } = rawAgent();
    let cancelled = false;
    client.onRequest('terminal/wait_for_exit', async (_params, signal) => {
      signal.onCancellationRequested(() => (cancelled = true));
      await new Promise((resolve) => setTimeout(resolve, 40));
      return { exitCode: 0 };
    });
    send({ jsonrpc: '2.0', id: 7, method: 'terminal/wait_for_exit', params: { sessionId: 's', terminalId: 't' } });
    await new Promise((resolve) => setTimeout(resolve, 5));
    send({ jsonrpc: '2.0', method: '$/cancel_request', params: { requestId: '7' } });
    expect(await waitFor((line) => line.id === 7)).toMatchObject({ result: { exitCode: 0 } });
    expect(cancelled).toBe(false);
  });

  it('logs a garbage line and an oversized line, then handles the next request', async () => {
    const { client, toClient, send, waitFor, log } = rawAgent({ maxMessageBytes: 1000 });
    client.onRequest('fs/read_text_file', () => ({ content: 'ok' }));
    toClient.write('garbage that is not json\n');
    send({ jsonrpc: '2.0', method: 'session/update', params: { text: 'x'.repeat(5000) } });
    send({ jsonrpc: '2.0', id: 'after', method: 'fs/read_text_file', params: { sessionId: 's', path: '/x' } });
    expect(await waitFor((line) => line.id === 'after')).toMatchObject({ result: { content: 'ok' } });
    const errors = log.entries.filter((e) => e.level === 'error').map((e) => e.message);
    expect(errors.some((m) => m.includes('not a JSON-RPC message') && m.includes('garbage that is not json'))).toBe(
      true,
    );
    expect(errors.some((m) => /Dropped a 4\.\d KiB message .* 1000 bytes limit/.test(m))).toBe(true);
  });
});
