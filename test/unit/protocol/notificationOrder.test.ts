// The connection dispatches every message synchronously as it is read, except what follows a
// response (it waits for the code awaiting that answer); these tests pin down that dispatch order
// equals wire order.
import { PassThrough } from 'node:stream';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAcpConnection, type AcpConnection } from '../../../src/protocol/connection';
import { TrafficLog } from '../../../src/protocol/trafficLog';
import { within } from '../../within';

const opened: AcpConnection[] = [];
afterEach(() => {
  for (const connection of opened.splice(0)) connection.dispose();
});

function rawAgent() {
  const toClient = new PassThrough();
  const fromClient = new PassThrough();
  const sent: Array<{ id?: unknown; method?: string }> = [];
  fromClient.on('data', (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n').filter(Boolean)) sent.push(JSON.parse(line));
  });
  const traffic = new TrafficLog();
  const client = createAcpConnection(toClient, fromClient, { traffic });
  opened.push(client);
  /** Writes several messages as one chunk, as an agent's single write would arrive. */
  const sendTogether = (...messages: unknown[]) =>
    toClient.write(messages.map((m) => JSON.stringify(m) + '\n').join(''));
  return { client, sent, sendTogether, traffic, toClient };
}

const update = (text: string) => ({
  jsonrpc: '2.0',
  method: 'session/update',
  params: { sessionId: 's', update: { sessionUpdate: 'agent_message_chunk', content: { type: 'text', text } } },
});
/** The same chunk as the start of a message of its own (messageId): never merged with its neighbours. */
const updateWithId = (text: string) => ({
  jsonrpc: '2.0',
  method: 'session/update',
  params: {
    sessionId: 's',
    update: { sessionUpdate: 'agent_message_chunk', messageId: `m${text}`, content: { type: 'text', text } },
  },
});

const tick = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('notification dispatch order', () => {
  it('a notification that arrives after a response is handled after the response settled', async () => {
    const { client, sendTogether } = rawAgent();
    const order: string[] = [];
    client.onNotification('session/update', (params: { update: { content: { text: string } } }) => {
      order.push(`update ${params.update.content.text}`);
    });
    const answered = client
      .request('session/prompt', { sessionId: 's', prompt: [] })
      .then(() => order.push('response'));
    await tick();
    sendTogether({ jsonrpc: '2.0', id: 0, result: { stopReason: 'end_turn' } }, update('after'));
    await within(answered, 'the answer to session/prompt');
    await tick();
    expect(order).toEqual(['response', 'update after']);
  });

  it('notifications before a response are handled before it, in wire order, one by one', async () => {
    const { client, sendTogether } = rawAgent();
    const order: string[] = [];
    client.onNotification('session/update', (params: { update: { content: { text: string } } }) => {
      order.push(`update ${params.update.content.text}`);
    });
    const answered = client
      .request('session/prompt', { sessionId: 's', prompt: [] })
      .then(() => order.push('response'));
    await tick();
    sendTogether(
      update('1'),
      update('2'),
      { jsonrpc: '2.0', id: 0, result: { stopReason: 'end_turn' } },
      update('3'),
      update('4'),
    );
    await within(answered, 'the answer to session/prompt');
    await tick();
    // The transport never merges: every line is dispatched as the one message it is.
    expect(order).toEqual(['update 1', 'update 2', 'response', 'update 3', 'update 4']);
  });

  it('a request from the agent between notifications keeps its place', async () => {
    const { client, sendTogether, sent } = rawAgent();
    const order: string[] = [];
    client.onNotification('session/update', (params: { update: { content: { text: string } } }) => {
      order.push(`update ${params.update.content.text}`);
    });
    client.onRequest('fs/read_text_file', () => {
      order.push('request');
      return { content: 'x' };
    });
    sendTogether(
      update('a'),
      { jsonrpc: '2.0', id: 'r1', method: 'fs/read_text_file', params: { sessionId: 's', path: '/x' } },
      update('b'),
    );
    await tick();
    expect(order).toEqual(['update a', 'request', 'update b']);
    expect(sent.find((m) => m.id === 'r1')).toBeDefined();
  });

  it('a flood of notifications with no queue is handled synchronously, all of them, in order', async () => {
    const { client, sendTogether, traffic } = rawAgent();
    const seen: string[] = [];
    client.onNotification('session/update', (params: { update: { content: { text: string } } }) => {
      seen.push(params.update.content.text);
    });
    const texts = Array.from({ length: 500 }, (_, i) => String(i));
    sendTogether(...texts.map(updateWithId));
    // PassThrough delivers the chunk on write in flowing mode: no event-loop turn per message.
    await Promise.resolve();
    expect(seen).toEqual(texts);
    // The traffic log kept the lines as they arrived.
    expect(traffic.records().filter((r) => r.direction === 'recv')).toHaveLength(500);
    expect(JSON.parse(traffic.records().at(-1)!.text)).toEqual(updateWithId('499'));
  });

  it('a flood of fast-path chunks in one read is dispatched line by line, synchronously, and logged', async () => {
    const { client, sendTogether, traffic } = rawAgent();
    const seen: string[] = [];
    client.onNotification('session/update', (params: { update: { content: { text: string } } }) => {
      seen.push(params.update.content.text);
    });
    const texts = Array.from({ length: 500 }, (_, i) => String(i));
    sendTogether(...texts.map(update));
    await Promise.resolve();
    expect(seen).toEqual(texts);
    const received = traffic.records().filter((r) => r.direction === 'recv');
    expect(received.map((r) => JSON.parse(r.text))).toEqual(texts.map(update));
    sendTogether(update('next'));
    await Promise.resolve();
    expect(seen).toEqual([...texts, 'next']);
  });

  it('chunks in the last read before the agent exits are handled before the connection closes', async () => {
    const { client, sendTogether, toClient } = rawAgent();
    const events: string[] = [];
    client.onNotification('session/update', (params: { update: { content: { text: string } } }) => {
      events.push(`update ${params.update.content.text}`);
    });
    const closed = new Promise<void>((resolve) => client.onClose(() => resolve()));
    // A response first, so the chunks after it wait for the next event-loop turn.
    const answered = client
      .request('session/prompt', { sessionId: 's', prompt: [] })
      .then(() => events.push('response'));
    await tick();
    // Closed as soon as the last message was dispatched, not after a fallback delay: with the timers
    // frozen, the close must come within a few turns of the event loop (counted, not timed).
    vi.useFakeTimers({ toFake: ['setTimeout', 'setInterval'] });
    try {
      sendTogether({ jsonrpc: '2.0', id: 0, result: { stopReason: 'end_turn' } }, update('last '), update('words'));
      toClient.end();
      let done = false;
      void Promise.all([answered, closed]).then(() => (done = true));
      for (let turn = 0; turn < 50 && !done; turn++) await new Promise((resolve) => setImmediate(resolve));
      expect(done, 'closed without waiting on a timer').toBe(true);
    } finally {
      vi.useRealTimers();
    }
    events.push('closed');
    expect(events).toEqual(['response', 'update last ', 'update words', 'closed']);
  });
});
