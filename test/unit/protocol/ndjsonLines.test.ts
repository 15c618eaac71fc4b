// NdjsonMessageReader delivers each line as the one message it is, in wire order: the transport
// frames and dispatches, it never merges (streamed text chunks are merged once, in
// src/shared/chunkRun.ts). Text chunks that take the fast path give the object JSON.parse gives.
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { NdjsonMessageReader } from '../../../src/protocol/ndjson';

type Kind = 'agent_message_chunk' | 'agent_thought_chunk';
const chunk = (text: string, sessionId = 's', kind: Kind = 'agent_message_chunk') => ({
  jsonrpc: '2.0',
  method: 'session/update',
  params: { sessionId, update: { sessionUpdate: kind, content: { type: 'text', text } } },
});
const withId = (text: string, messageId = 'm') => ({
  jsonrpc: '2.0',
  method: 'session/update',
  params: {
    sessionId: 's',
    update: { sessionUpdate: 'agent_message_chunk', messageId, content: { type: 'text', text } },
  },
});
const response = (id: number) => ({ jsonrpc: '2.0', id, result: {} });
const lines = (...messages: unknown[]) => messages.map((m) => JSON.stringify(m) + '\n').join('');

function setup(maxMessageBytes?: number) {
  const input = new PassThrough();
  const messages: unknown[] = [];
  const seen: Array<[string, unknown]> = [];
  const invalid: string[] = [];
  const oversized: number[] = [];
  let closed = false;
  const reader = new NdjsonMessageReader(input, {
    maxMessageBytes,
    onLine: (line, message) => seen.push([line, message]),
    onInvalidLine: (line) => invalid.push(line),
    onOversized: (bytes) => oversized.push(bytes),
  });
  reader.onClose(() => (closed = true));
  reader.listen((message) => messages.push(message));
  return { input, messages, seen, invalid, oversized, isClosed: () => closed };
}

describe('NdjsonMessageReader: one message per line', () => {
  it('delivers every chunk line on its own, in wire order around everything else', () => {
    const { input, messages } = setup();
    const sent = [
      chunk('a'),
      chunk('b'),
      response(1),
      chunk('c', 't', 'agent_thought_chunk'),
      withId('d'),
      withId('e'),
    ];
    input.write(lines(...sent));
    expect(messages).toStrictEqual(sent);
  });

  it('gives the traffic hook each line with the message delivered for it', () => {
    const { input, messages, seen, invalid } = setup();
    const sent = [chunk('a'), response(1), withId('d')];
    input.write(lines(...sent) + 'not json\n');
    expect(seen.map(([line]) => line)).toEqual(sent.map((m) => JSON.stringify(m)));
    expect(seen.map(([, message]) => message)).toEqual(messages);
    expect(seen[0]![1]).toBe(messages[0]);
    expect(invalid).toEqual(['not json']);
  });

  it('reads a line split between two reads once it is complete', () => {
    const { input, messages } = setup();
    const text = lines(chunk('one '), chunk('two '));
    const cut = text.indexOf('two') + 1;
    input.write(text.slice(0, cut));
    expect(messages).toStrictEqual([chunk('one ')]);
    input.write(text.slice(cut));
    expect(messages).toStrictEqual([chunk('one '), chunk('two ')]);
  });

  it('strips the CR of CRLF lines, skips empty lines, reports invalid ones', () => {
    const { input, messages, seen, invalid } = setup();
    input.write(JSON.stringify(chunk('a')) + '\r\n\n  \n{oops\n' + JSON.stringify(chunk('b')) + '\r\n');
    expect(messages).toStrictEqual([chunk('a'), chunk('b')]);
    expect(seen.map(([line]) => line)).toEqual([JSON.stringify(chunk('a')), JSON.stringify(chunk('b'))]);
    expect(invalid).toEqual(['{oops']);
  });

  it('drops an oversized chunk line, the chunks around it still arrive', () => {
    const { input, messages, oversized } = setup(200);
    const big = JSON.stringify(chunk('x'.repeat(300)));
    input.write(lines(chunk('a')) + big + '\n' + lines(chunk('b')));
    expect(oversized).toEqual([big.length]);
    expect(messages).toStrictEqual([chunk('a'), chunk('b')]);
  });

  it('delivers what came before a truncated last line, then closes', async () => {
    const { input, messages, invalid, isClosed } = setup();
    input.write(lines(chunk('a')));
    input.end(JSON.stringify(chunk('b')).slice(0, 20));
    await new Promise((resolve) => setImmediate(resolve));
    expect(messages).toStrictEqual([chunk('a')]);
    expect(invalid).toHaveLength(1);
    expect(isClosed()).toBe(true);
  });

  it('unescapes chunk text exactly as JSON.parse would', () => {
    const { input, messages } = setup();
    const texts = ['quote " ', 'back\\slash ', 'new\nline ', '😀 ', '\u2028', '\ud800'];
    input.write(lines(...texts.map((t) => chunk(t))));
    expect(messages).toStrictEqual(texts.map((t) => chunk(t)));
  });
});

describe('NdjsonMessageReader: the lines as they arrived (the traffic log)', () => {
  function linesSetup(maxMessageBytes?: number) {
    const input = new PassThrough();
    const events: string[] = [];
    const reader = new NdjsonMessageReader(input, {
      maxMessageBytes,
      onLines: (lines) => events.push(`lines ${lines}`),
      onInvalidLine: (line) => events.push(`invalid ${line}`),
      onOversized: (bytes) => events.push(`oversized ${bytes}`),
    });
    reader.listen((message) => events.push(`message ${JSON.stringify(message)}`));
    return { input, events };
  }

  it("gives a read's whole lines in one call, before any of them is delivered", () => {
    const { input, events } = linesSetup();
    const [a, b] = [JSON.stringify(chunk('a')), JSON.stringify(response(1))];
    input.write(`${a}\r\n\nnot json\n${b}\n{"jsonrpc":"2.0","id":2,`);
    expect(events).toEqual([`lines ${a}\r\n\nnot json\n${b}`, `message ${a}`, 'invalid not json', `message ${b}`]);
    // The line the read left open comes alone once whole, with the next read's lines after it.
    events.length = 0;
    input.write('"result":{}}\n' + a + '\n');
    const c = '{"jsonrpc":"2.0","id":2,"result":{}}';
    expect(events).toEqual([`lines ${c}`, `message ${c}`, `lines ${a}`, `message ${a}`]);
  });

  it('never gives a line over the bound; a read that may hold one comes line by line', () => {
    const { input, events } = linesSetup(200);
    const small = JSON.stringify(chunk('a'));
    const big = JSON.stringify(chunk('x'.repeat(300)));
    input.write(`${small}\n${big}\n${small}\n`);
    expect(events).toEqual([
      `lines ${small}`,
      `message ${small}`,
      `oversized ${big.length}`,
      `lines ${small}`,
      `message ${small}`,
    ]);
    // A line over the bound across reads is not given either.
    events.length = 0;
    input.write(big.slice(0, 150));
    input.write(big.slice(150) + '\n' + small + '\n');
    expect(events).toEqual([`oversized ${big.length}`, `lines ${small}`, `message ${small}`]);
  });

  it('gives a last line without its newline when the stream ends', async () => {
    const { input, events } = linesSetup();
    const a = JSON.stringify(chunk('a'));
    input.end(a);
    await new Promise((resolve) => setImmediate(resolve));
    expect(events).toEqual([`lines ${a}`, `message ${a}`]);
  });
});
