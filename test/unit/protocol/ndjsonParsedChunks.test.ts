// Text chunks that miss the fast path's exact shape (other key order, spaces, messageId, _meta,
// annotations: agents not built on the TypeScript SDK) take JSON.parse and then join the same
// runs as fast-path chunks, keyed by session, kind and messageId. A chunk with anything the
// client might use beyond that is delivered as it came, in wire order.
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { NdjsonMessageReader } from '../../../src/protocol/ndjson';
import { textChunkOf } from '../../../src/protocol/chunkFastPath';

type Kind = 'agent_message_chunk' | 'agent_thought_chunk';
/** The plain form (what the reader builds for a merged run); with a messageId when given. */
const plain = (text: string, messageId?: string, kind: Kind = 'agent_message_chunk', sessionId = 's') => ({
  jsonrpc: '2.0',
  method: 'session/update',
  params: {
    sessionId,
    update: { sessionUpdate: kind, ...(messageId === undefined ? {} : { messageId }), content: { type: 'text', text } },
  },
});
/** The exact SDK line: the fast path takes it. */
const sdkLine = (text: string, kind: Kind = 'agent_message_chunk') => JSON.stringify(plain(text, undefined, kind));
/** Keys in another order, as a serde struct in another field order would write them. */
const reorderedLine = (text: string, messageId?: string) =>
  `{"method":"session/update","params":{"update":{"content":{"text":${JSON.stringify(text)},"type":"text"},` +
  `${messageId === undefined ? '' : `"messageId":"${messageId}",`}"sessionUpdate":"agent_message_chunk"},"sessionId":"s"},"jsonrpc":"2.0"}`;
/** Python json.dumps default separators. */
const spacedLine = (text: string, kind: Kind = 'agent_message_chunk') =>
  `{"jsonrpc": "2.0", "method": "session/update", "params": {"sessionId": "s", "update": {"sessionUpdate": "${kind}", "content": {"type": "text", "text": ${JSON.stringify(text)}}}}}`;
/** A chunk with extra keys at the given levels. */
function withExtras(
  text: string,
  extras: { envelope?: object; params?: object; update?: object; content?: object },
  messageId?: string,
) {
  const base = plain(text, messageId);
  return {
    ...base,
    ...extras.envelope,
    params: {
      ...base.params,
      ...extras.params,
      update: {
        ...base.params.update,
        ...extras.update,
        content: { ...base.params.update.content, ...extras.content },
      },
    },
  };
}
const response = { jsonrpc: '2.0', id: 1, result: {} };

function read(...lines: string[]) {
  const input = new PassThrough();
  const messages: unknown[] = [];
  const seen: Array<[string, unknown]> = [];
  const reader = new NdjsonMessageReader(input, { onLine: (line, message) => seen.push([line, message]) });
  reader.listen((message) => messages.push(message));
  input.write(lines.map((line) => line + '\n').join(''));
  return { messages, seen };
}

describe('NdjsonMessageReader: parsed text chunks', () => {
  it('merges chunks in other key orders and spacing with each other and with fast-path chunks', () => {
    const { messages, seen } = read(
      sdkLine('a'),
      reorderedLine('b'),
      spacedLine('c'),
      sdkLine('d'),
      spacedLine('e', 'agent_thought_chunk'),
      spacedLine('f', 'agent_thought_chunk'),
    );
    expect(messages).toStrictEqual([plain('abcd'), plain('ef', undefined, 'agent_thought_chunk')]);
    // The traffic hook saw every line; parsed ones with their parsed message.
    expect(seen.map(([line]) => line)).toHaveLength(6);
    expect(seen[1]![1]).toStrictEqual(JSON.parse(reorderedLine('b')));
    expect(seen[0]![1]).toBeUndefined();
  });

  it('merges chunks of one messageId and carries it; a different or absent messageId starts a new run', () => {
    const explicitNull = JSON.stringify(withExtras('n', { update: { messageId: null } }));
    const { messages } = read(
      reorderedLine('a', 'm1'),
      JSON.stringify(plain('b', 'm1')),
      JSON.stringify(plain('c', 'm2')),
      reorderedLine('d', 'm2'),
      sdkLine('e'),
      explicitNull,
      JSON.stringify(plain('f', 'm1')),
    );
    // messageId null is what the reducer makes of an absent one: it joins the id-less run.
    expect(messages).toStrictEqual([plain('ab', 'm1'), plain('cd', 'm2'), plain('en'), plain('f', 'm1')]);
  });

  it('merges chunks carrying annotations and _meta (ignored by the reducer) and drops them from the merged one', () => {
    const annotated = withExtras(
      'a',
      { content: { annotations: { audience: ['user'], priority: 1 }, _meta: { c: 1 } } },
      'm',
    );
    const metaEverywhere = withExtras(
      'b',
      { params: { _meta: { p: 1 } }, update: { _meta: { u: 1 } }, content: { _meta: null } },
      'm',
    );
    const { messages } = read(JSON.stringify(annotated), JSON.stringify(metaEverywhere));
    expect(messages).toStrictEqual([plain('ab', 'm')]);
  });

  it('delivers a chunk that is alone in its run exactly as parsed, _meta and all', () => {
    const annotated = withExtras('a', { update: { _meta: { trace: 't' } }, content: { annotations: { priority: 1 } } });
    const { messages } = read(JSON.stringify(annotated), JSON.stringify(response), JSON.stringify(annotated));
    expect(messages).toStrictEqual([annotated, response, annotated]);
  });

  it('delivers a chunk with an unknown key at any level unmerged, in wire order, ending the run', () => {
    const unknown = [
      withExtras('x1', { envelope: { extra: 1 } }),
      withExtras('x2', { params: { extra: 1 } }),
      withExtras('x3', { update: { extra: 1 } }),
      withExtras('x4', { content: { extra: 1 } }),
      withExtras('x5', { envelope: { id: 7 } }), // a request, not a notification
      withExtras('x6', { update: { messageId: 42 } }), // not a MessageId
    ];
    for (const odd of unknown) {
      const { messages } = read(sdkLine('a'), spacedLine('b'), JSON.stringify(odd), sdkLine('c'), reorderedLine('d'));
      expect(messages, JSON.stringify(odd)).toStrictEqual([plain('ab'), odd, plain('cd')]);
    }
  });

  it('delivers other content, non-string text and user chunks as they are', () => {
    const image = {
      jsonrpc: '2.0',
      method: 'session/update',
      params: {
        sessionId: 's',
        update: {
          sessionUpdate: 'agent_message_chunk',
          content: { type: 'image', data: 'AA==', mimeType: 'image/png' },
        },
      },
    };
    const numericText = withExtras('', { content: { text: 5 } });
    const user = {
      jsonrpc: '2.0',
      method: 'session/update',
      params: { sessionId: 's', update: { sessionUpdate: 'user_message_chunk', content: { type: 'text', text: 'u' } } },
    };
    const { messages } = read(
      spacedLine('a'),
      JSON.stringify(image),
      JSON.stringify(numericText),
      JSON.stringify(user),
      JSON.stringify(user),
      spacedLine('b'),
      spacedLine('c'),
    );
    expect(messages).toStrictEqual([JSON.parse(spacedLine('a')), image, numericText, user, user, plain('bc')]);
  });
});

describe('textChunkOf', () => {
  it('reads session, kind, messageId (null when absent) and text', () => {
    expect(textChunkOf(JSON.parse(reorderedLine('hi', 'm')))).toEqual({
      sessionId: 's',
      kind: 'agent_message_chunk',
      text: 'hi',
      messageId: 'm',
    });
    expect(textChunkOf(JSON.parse(spacedLine('t', 'agent_thought_chunk')))).toEqual({
      sessionId: 's',
      kind: 'agent_thought_chunk',
      text: 't',
      messageId: null,
    });
  });

  it('refuses what is not a mergeable text chunk', () => {
    const refused: unknown[] = [
      response,
      withExtras('a', { envelope: { jsonrpc: '1.0' } }),
      withExtras('a', { params: { sessionId: 5 } }),
      { ...plain('a'), params: { sessionId: 's', update: null } },
      withExtras('a', { update: { sessionUpdate: 'tool_call' } }),
      { ...plain('a'), params: { sessionId: 's', update: { sessionUpdate: 'agent_message_chunk', content: [] } } },
      withExtras('a', { content: { type: 'resource_link' } }),
      JSON.parse(
        '{"jsonrpc":"2.0","method":"session/update","params":{"sessionId":"s","update":{"sessionUpdate":"agent_message_chunk","content":{"type":"text","text":"a","__proto__":{}}}}}',
      ),
      null,
      'text',
    ];
    for (const message of refused) expect(textChunkOf(message), JSON.stringify(message)).toBeUndefined();
  });
});
