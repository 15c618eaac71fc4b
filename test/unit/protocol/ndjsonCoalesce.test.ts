// NdjsonMessageReader merges consecutive text chunks of one read (same session, kind and messageId)
// into one notification. These tests pin down that the merge keeps wire order, never spans two
// reads, that the traffic hook still sees every line, and (seeded) that the thread the reducer
// builds from merged delivery equals the one it builds from one-by-one delivery.
// Chunks that take JSON.parse (other shapes) are covered in ndjsonParsedChunks.test.ts.
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { NdjsonMessageReader } from '../../../src/protocol/ndjson';
import { reduce } from '../../../src/shared/reduce';
import { createThreadState, type ThreadState } from '../../../src/shared/thread';

type Kind = 'agent_message_chunk' | 'agent_thought_chunk';
const chunk = (text: string, sessionId = 's', kind: Kind = 'agent_message_chunk') => ({
  jsonrpc: '2.0',
  method: 'session/update',
  params: { sessionId, update: { sessionUpdate: kind, content: { type: 'text', text } } },
});
const thought = (text: string, sessionId = 's') => chunk(text, sessionId, 'agent_thought_chunk');
const withId = (text: string, messageId = 'm') => ({
  jsonrpc: '2.0',
  method: 'session/update',
  params: {
    sessionId: 's',
    update: { sessionUpdate: 'agent_message_chunk', messageId, content: { type: 'text', text } },
  },
});
const response = (id: number) => ({ jsonrpc: '2.0', id, result: {} });
const toolCall = {
  jsonrpc: '2.0',
  method: 'session/update',
  params: { sessionId: 's', update: { sessionUpdate: 'tool_call', toolCallId: 't1', title: 'Read' } },
};
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
        chunk('a'),
        chunk('b'),
        response(1),
        chunk('c'),
        toolCall,
        chunk('d'),
        chunk('e'),
        thought('f'),
        thought('g'),
        chunk('h', 't'),
        chunk('i', 't'),
        chunk('j'),
        withId('k'),
        withId('l'),
        withId('n', 'other'),
        chunk('m'),
        response(2),
      ),
    );
    expect(messages).toStrictEqual([
      chunk('ab'),
      response(1),
      chunk('c'),
      toolCall,
      chunk('de'),
      thought('fg'),
      chunk('hi', 't'),
      chunk('j'),
      withId('kl'),
      withId('n', 'other'),
      chunk('m'),
      response(2),
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
    input.write(
      lines(chunk('a')) + '\n' + lines(chunk('b')) + '  \n' + lines(chunk('c')) + '{oops\n' + lines(chunk('d')),
    );
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
    const random = () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32;
    const compact = (message: unknown) => () => JSON.stringify(message);
    // Fast-path lines, parsed chunks the reader may merge (other key order, spaces, messageId,
    // _meta, annotations) and ones it must not (unknown key, user chunk), among other messages.
    const makers: Array<() => string> = [
      compact(chunk('a')),
      compact(chunk('b', 't')),
      compact(thought('c')),
      compact(withId('d')),
      compact(withId('e', 'm2')),
      () =>
        '{"method":"session/update","jsonrpc":"2.0","params":{"update":{"content":{"text":"f","type":"text"},"sessionUpdate":"agent_message_chunk"},"sessionId":"s"}}',
      () =>
        '{"jsonrpc": "2.0", "method": "session/update", "params": {"sessionId": "s", "update": {"sessionUpdate": "agent_thought_chunk", "content": {"type": "text", "text": "g"}}}}',
      () =>
        '{"jsonrpc":"2.0","method":"session/update","params":{"sessionId":"s","update":{"sessionUpdate":"agent_message_chunk","content":{"type":"text","text":"h","annotations":{"priority":1}},"_meta":{}},"_meta":{"x":1}}}',
      () =>
        '{"jsonrpc":"2.0","method":"session/update","params":{"sessionId":"s","update":{"sessionUpdate":"agent_message_chunk","content":{"type":"text","text":"i"},"messageId":null}}}',
      () =>
        '{"jsonrpc":"2.0","method":"session/update","params":{"sessionId":"s","update":{"sessionUpdate":"agent_message_chunk","content":{"type":"text","text":"j"},"extra":1}}}',
      () =>
        '{"jsonrpc":"2.0","method":"session/update","params":{"sessionId":"s","update":{"sessionUpdate":"user_message_chunk","content":{"type":"text","text":"k"}}}}',
      compact(response(1)),
      compact(toolCall),
    ];
    let mergedSomewhere = 0;
    for (let round = 0; round < 300; round++) {
      // A few kinds of line per round, so runs of mergeable neighbours are common.
      const palette = Array.from(
        { length: 2 + Math.floor(random() * 3) },
        () => makers[Math.floor(random() * makers.length)]!,
      );
      const sentLines = Array.from({ length: 1 + Math.floor(random() * 30) }, () =>
        palette[Math.floor(random() * palette.length)]!(),
      );
      const sent: unknown[] = sentLines.map((line) => JSON.parse(line));
      const text = sentLines.map((line) => line + '\n').join('');
      const { input, messages, seenLines } = setup();
      for (let at = 0; at < text.length;) {
        const next = Math.min(text.length, at + 1 + Math.floor(random() * 800));
        input.write(text.slice(at, next));
        at = next;
      }
      expect(seenLines).toEqual(sentLines);
      expect(mergeRuns(messages)).toStrictEqual(mergeRuns(sent));
      expect(messages.length).toBeLessThanOrEqual(sent.length);
      if (messages.length < sent.length) mergedSomewhere++;
      // What the client makes of them: the reducer over each session's updates, both ways.
      for (const sessionId of ['s', 't'])
        expect(threadOf(messages, sessionId)).toStrictEqual(threadOf(sent, sessionId));
    }
    expect(mergedSomewhere).toBeGreaterThan(150);
  });
});

/** The thread entries the reducer builds from the session/update notifications of one session. */
function threadOf(messages: readonly unknown[], sessionId: string): ThreadState['entries'] {
  let state = createThreadState({ agentId: 'a', threadId: 't' }, { id: 'a', displayName: 'A', isDemo: false });
  for (const message of messages) {
    const { method, params } = message as { method?: string; params?: { sessionId: string; update: never } };
    if (method === 'session/update' && params?.sessionId === sessionId)
      state = reduce(state, { type: 'sessionUpdate', update: params.update });
  }
  return state.entries;
}

/**
 * Joins consecutive mergeable chunks of one session, kind and messageId into the plain form
 * (dropping annotations and _meta, which the reducer ignores): the form both deliveries must reach.
 */
function mergeRuns(messages: readonly unknown[]): unknown[] {
  const out: unknown[] = [];
  let previousKey: string | undefined;
  for (const message of messages) {
    const key = runKey(message);
    const { sessionId, update } = (message as { params: { sessionId: string; update: ChunkUpdate } }).params ?? {};
    if (key === undefined) {
      out.push(message);
    } else if (key === previousKey) {
      const previous = out.at(-1) as ReturnType<typeof withId>;
      previous.params.update.content.text += update.content.text;
    } else {
      const plain = {
        sessionUpdate: update.sessionUpdate,
        ...(update.messageId ? { messageId: update.messageId } : {}),
        content: { type: 'text', text: update.content.text },
      };
      out.push({ jsonrpc: '2.0', method: 'session/update', params: { sessionId, update: plain } });
    }
    previousKey = key;
  }
  return out;
}

type ChunkUpdate = { sessionUpdate: string; messageId?: string | null; content: { text: string } };

const onlyKeys = (value: object, allowed: string[]) => Object.keys(value).every((key) => allowed.includes(key));

/** The run a message belongs to, or undefined when it must be delivered as it is. */
function runKey(message: unknown): string | undefined {
  const { params, ...envelope } = message as { params?: { sessionId: string; update: Record<string, unknown> } };
  const update = params?.update;
  const content = update?.content as Record<string, unknown> | undefined;
  if (
    !update ||
    !content ||
    !onlyKeys(envelope, ['jsonrpc', 'method']) ||
    !onlyKeys(params, ['sessionId', 'update', '_meta'])
  )
    return undefined;
  if (
    !onlyKeys(update, ['sessionUpdate', 'content', 'messageId', '_meta']) ||
    !onlyKeys(content, ['type', 'text', 'annotations', '_meta'])
  )
    return undefined;
  if (update.sessionUpdate !== 'agent_message_chunk' && update.sessionUpdate !== 'agent_thought_chunk')
    return undefined;
  return `${params.sessionId} ${String(update.sessionUpdate)} ${String(update.messageId ?? null)}`;
}
