// NdjsonMessageReader merges consecutive fast-path text chunks of one read (same session, same
// kind) into one notification. These tests pin down that the merge keeps wire order, never spans
// two reads, and that the traffic hook still sees every line.
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { NdjsonMessageReader } from '../../../src/protocol/ndjson';

type Kind = 'agent_message_chunk' | 'agent_thought_chunk';
const chunk = (text: string, sessionId = 's', kind: Kind = 'agent_message_chunk') => ({
  jsonrpc: '2.0',
  method: 'session/update',
  params: { sessionId, update: { sessionUpdate: kind, content: { type: 'text', text } } },
});
const thought = (text: string, sessionId = 's') => chunk(text, sessionId, 'agent_thought_chunk');
const withId = (text: string) => ({
  jsonrpc: '2.0',
  method: 'session/update',
  params: { sessionId: 's', update: { sessionUpdate: 'agent_message_chunk', messageId: 'm', content: { type: 'text', text } } },
});
const response = (id: number) => ({ jsonrpc: '2.0', id, result: {} });
const toolCall = { jsonrpc: '2.0', method: 'session/update', params: { sessionId: 's', update: { sessionUpdate: 'tool_call', toolCallId: 't1', title: 'Read' } } };
const lines = (...messages: unknown[]) => messages.map((m) => JSON.stringify(m) + '\n').join('');

function setup(maxMessageBytes?: number) {
  const input = new PassThrough();
  const messages: unknown[] = [];
  const seenLines: string[] = [];
  const invalid: string[] = [];
  const oversized: number[] = [];
  let closed = false;
  const reader = new NdjsonMessageReader(input, {
    maxMessageBytes,
    onLine: (line) => seenLines.push(line),
    onInvalidLine: (line) => invalid.push(line),
    onOversized: (bytes) => oversized.push(bytes),
  });
  reader.onClose(() => (closed = true));
  reader.listen((message) => messages.push(message));
  return { input, messages, seenLines, invalid, oversized, isClosed: () => closed };
}

describe('NdjsonMessageReader chunk coalescing', () => {
  it('merges runs within one read and keeps wire order around everything else', () => {
    const { input, messages } = setup();
    input.write(
      lines(
        chunk('a'), chunk('b'), response(1), chunk('c'), toolCall, chunk('d'), chunk('e'),
        thought('f'), thought('g'), chunk('h', 't'), chunk('i', 't'), chunk('j'),
        withId('k'), withId('l'), chunk('m'), response(2),
      ),
    );
    expect(messages).toStrictEqual([
      chunk('ab'), response(1), chunk('c'), toolCall, chunk('de'), thought('fg'), chunk('hi', 't'), chunk('j'),
      withId('k'), withId('l'), chunk('m'), response(2),
    ]);
  });

  it('delivers the run at the end of each read: nothing is held for the next one', () => {
    const { input, messages } = setup();
    input.write(lines(chunk('a'), chunk('b')));
    expect(messages).toStrictEqual([chunk('ab')]);
    input.write(lines(chunk('c')));
    expect(messages).toStrictEqual([chunk('ab'), chunk('c')]);
  });

  it('does not merge across a line split between two reads, and still reads it right', () => {
    const { input, messages } = setup();
    const text = lines(chunk('one '), chunk('two '), chunk('three'));
    const cut = text.indexOf('two') + 1;
    input.write(text.slice(0, cut));
    expect(messages).toStrictEqual([chunk('one ')]);
    input.write(text.slice(cut));
    // "two " completes in the second read, so it joins "three" there, never "one ".
    expect(messages).toStrictEqual([chunk('one '), chunk('two three')]);
  });

  it('gives the traffic hook every line, merged or not, in wire order', () => {
    const { input, seenLines, invalid } = setup();
    const sent = [chunk('a'), chunk('b'), response(1), thought('c'), withId('d')];
    input.write(lines(...sent) + 'not json\n');
    expect(seenLines).toEqual(sent.map((m) => JSON.stringify(m)));
    expect(invalid).toEqual(['not json']);
  });

  it('merges CRLF lines and strips the CR from what the traffic hook sees', () => {
    const { input, messages, seenLines } = setup();
    input.write(JSON.stringify(chunk('a')) + '\r\n' + JSON.stringify(chunk('b')) + '\r\n');
    expect(messages).toStrictEqual([chunk('ab')]);
    expect(seenLines).toEqual([JSON.stringify(chunk('a')), JSON.stringify(chunk('b'))]);
  });

  it('an empty line is skipped inside a run; an invalid or whitespace line ends it', () => {
    const { input, messages, invalid } = setup();
    input.write(lines(chunk('a')) + '\n' + lines(chunk('b')) + '  \n' + lines(chunk('c')) + '{oops\n' + lines(chunk('d')));
    expect(messages).toStrictEqual([chunk('ab'), chunk('c'), chunk('d')]);
    expect(invalid).toEqual(['{oops']);
  });

  it('drops an oversized chunk line as before, the chunks around it still arrive', () => {
    const { input, messages, oversized } = setup(200);
    const big = JSON.stringify(chunk('x'.repeat(300)));
    input.write(lines(chunk('a')) + big + '\n' + lines(chunk('b')));
    expect(oversized).toEqual([big.length]);
    expect(messages).toStrictEqual([chunk('ab')]);
  });

  it('delivers chunks of a last line without newline, merged, before close', async () => {
    const { input, messages, isClosed } = setup();
    input.write(lines(chunk('a')));
    input.end(JSON.stringify(chunk('b')).slice(0, 20));
    input.end();
    await new Promise((resolve) => setImmediate(resolve));
    // The truncated tail is not a chunk; it is reported invalid, and "a" came before it.
    expect(messages).toStrictEqual([chunk('a')]);
    expect(isClosed()).toBe(true);
  });

  it('unescapes chunk text exactly as JSON.parse would before joining', () => {
    const { input, messages } = setup();
    const texts = ['quote " ', 'back\\slash ', 'new\nline ', '😀 ', '\u2028', '\ud800'];
    input.write(lines(...texts.map((t) => chunk(t))));
    expect(messages).toStrictEqual([chunk(texts.join(''))]);
  });

  it('is equivalent to unmerged delivery for random traffic cut at random places (seeded)', () => {
    let seed = 7;
    const random = () => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32);
    const makers = [() => chunk('a'), () => chunk('b', 't'), () => thought('c'), () => withId('d'), () => response(1), () => toolCall];
    for (let round = 0; round < 200; round++) {
      const sent = Array.from({ length: 1 + Math.floor(random() * 30) }, () => makers[Math.floor(random() * makers.length)]!());
      const text = lines(...sent);
      const { input, messages, seenLines } = setup();
      let reads = 0;
      for (let at = 0; at < text.length; reads++) {
        const next = Math.min(text.length, at + 1 + Math.floor(random() * 200));
        input.write(text.slice(at, next));
        at = next;
      }
      expect(seenLines).toHaveLength(sent.length);
      expect(mergeRuns(messages)).toStrictEqual(mergeRuns(sent));
      expect(messages.length).toBeLessThanOrEqual(sent.length);
      expect(reads).toBeGreaterThan(0);
    }
  });
});

/** Joins consecutive id-less chunks of one session and kind: the form both deliveries must reach. */
function mergeRuns(messages: readonly unknown[]): unknown[] {
  const out: unknown[] = [];
  for (const message of messages) {
    const previous = out.at(-1);
    const key = runKey(message);
    if (key !== undefined && previous !== undefined && runKey(previous) === key) {
      const prev = previous as ReturnType<typeof chunk>;
      const text = prev.params.update.content.text + (message as ReturnType<typeof chunk>).params.update.content.text;
      out[out.length - 1] = chunk(text, prev.params.sessionId, prev.params.update.sessionUpdate as Kind);
    } else {
      out.push(message);
    }
  }
  return out;
}

function runKey(message: unknown): string | undefined {
  const params = (message as { params?: { sessionId: string; update: Record<string, unknown> } }).params;
  const update = params?.update;
  if (!update || 'messageId' in update || (update.sessionUpdate !== 'agent_message_chunk' && update.sessionUpdate !== 'agent_thought_chunk')) return undefined;
  return `${params.sessionId} ${String(update.sessionUpdate)}`;
}
