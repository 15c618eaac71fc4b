// The v2 gate takes a plain text chunk with its messageId without the schema check (the commonest update, as on
// v1): held here to the schema's verdict, chunk shape by chunk shape, so the shortcut never lets through what the
// schema refuses, nor refuses what it accepts.
import { describe, expect, it } from 'vitest';
import { checkV2SessionUpdate } from '../../../src/protocol/v2/schema';
import { gateV2SessionUpdate } from '../../../src/session/updates/v2UpdateGate';

const text = { type: 'text', text: 'hello' };
const CHUNKS: Record<string, unknown>[] = [
  { sessionUpdate: 'agent_message_chunk', messageId: 'm1', content: text },
  { sessionUpdate: 'agent_thought_chunk', messageId: 'm1', content: text },
  { sessionUpdate: 'user_message_chunk', messageId: 'm1', content: text },
  { sessionUpdate: 'agent_message_chunk', content: text },
  { sessionUpdate: 'agent_message_chunk', messageId: null, content: text },
  { sessionUpdate: 'agent_message_chunk', messageId: 5, content: text },
  { sessionUpdate: 'agent_message_chunk', messageId: 'm1', content: { type: 'text', text: 5 } },
  { sessionUpdate: 'agent_message_chunk', messageId: 'm1', content: { ...text, _meta: { a: 1 } } },
  { sessionUpdate: 'agent_message_chunk', messageId: 'm1', content: text, _meta: { a: 1 } },
  { sessionUpdate: 'agent_message_chunk', messageId: 'm1', content: text, _meta: 'no' },
];

describe('the v2 gate on text chunks', () => {
  it.each(CHUNKS.map((update) => [JSON.stringify(update), update]))(
    '%s: applied exactly when the v2 schema accepts it, unchanged',
    (_name, update) => {
      for (const params of [
        { sessionId: 's', update },
        { sessionId: 7, update },
        { sessionId: 's', update, x: 1 },
      ]) {
        const schemaSays = checkV2SessionUpdate(params).kind === 'valid';
        const verdict = gateV2SessionUpdate(params);
        if (schemaSays) expect(verdict).toEqual({ kind: 'apply', update });
        // What the schema refuses is repaired or rejected by the schema path, never applied as it is.
        else expect(verdict.kind === 'apply' && verdict.update === update).toBe(false);
      }
    },
  );
});
