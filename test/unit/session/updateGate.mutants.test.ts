// The session/update gate, from the survivors of a mutation run over session-core: the text
// chunk fast path must say exactly what the schema says, every extra a chunk may carry is bounded on its
// own, a fault in an optional object drops that object, and the raw preview's cut is exact.
import type * as acp from '@agentclientprotocol/sdk';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEPTH_MARKER } from '../../../src/protocol/boundJson';
import { checkParams } from '../../../src/protocol/schema';
import { gateSessionUpdate, rawPreview } from '../../../src/session/updates/updateGate';

const gate = (update: unknown) => gateSessionUpdate({ sessionId: 's', update } as acp.SessionNotification);

function deep(depth: number): unknown {
  let value: unknown = { leaf: true };
  for (let i = 0; i < depth; i++) value = { next: value };
  return value;
}

/** Updates shaped like text chunks, near misses included: other kinds, other content, odd ids, extra keys. */
const chunkLike = fc
  .record({
    sessionUpdate: fc.constantFrom(
      'agent_message_chunk',
      'agent_thought_chunk',
      'user_message_chunk',
      'plan',
      'tool_call',
    ),
    content: fc.oneof(
      fc.record({ type: fc.constant('text'), text: fc.string({ maxLength: 8 }) }),
      fc.record({ type: fc.constant('text'), text: fc.integer() }),
      fc.record({ type: fc.constantFrom('image', 'texts', ''), text: fc.string({ maxLength: 4 }) }),
      fc.constantFrom(null, 'text', 5, [], { type: 'text' }),
    ),
    messageId: fc.constantFrom(undefined, null, 'm1', 5, {}, true),
    extra: fc.constantFrom(undefined, ['_meta', { a: 1 }], ['_meta', 5], ['foo', 1], ['entries', []]),
    contentExtra: fc.constantFrom(
      undefined,
      ['annotations', { priority: 1 }],
      ['annotations', 'x'],
      ['_meta', {}],
      ['foo', 1],
    ),
  })
  .map(({ sessionUpdate, content, messageId, extra, contentExtra }) => {
    const update: Record<string, unknown> = { sessionUpdate, content };
    if (messageId !== undefined) update.messageId = messageId;
    if (extra) update[extra[0] as string] = extra[1];
    if (contentExtra && typeof content === 'object' && content !== null && !Array.isArray(content))
      update.content = { ...content, [contentExtra[0] as string]: contentExtra[1] };
    return update;
  });

describe('gateSessionUpdate (mutation survivors)', () => {
  it('applies an update untouched exactly when the schema accepts it, whether or not the fast path took it', () => {
    fc.assert(
      fc.property(chunkLike, (update) => {
        const valid = checkParams('session/update', { sessionId: 's', update }) === undefined;
        const verdict = gate(update);
        const untouched = verdict.kind === 'apply' && verdict.dropped === undefined;
        expect(untouched).toBe(valid);
        if (valid && verdict.kind === 'apply') expect(verdict.update).toEqual(update);
      }),
      { seed: 16, numRuns: 400 },
    );
  });

  it.each([
    ['the update’s _meta', { _meta: deep(5000) }, {}],
    ['the content’s annotations', {}, { annotations: deep(5000) }],
    ['the content’s _meta', {}, { _meta: deep(5000) }],
  ])('bounds %s on a text chunk when it is the only extra', (_, extra, contentExtra) => {
    const verdict = gate({
      sessionUpdate: 'agent_message_chunk',
      content: { type: 'text', text: 'hi', ...contentExtra },
      ...extra,
    });
    expect(verdict.kind).toBe('apply');
    const text = JSON.stringify(verdict.kind === 'apply' && verdict.update);
    expect(text).toContain(DEPTH_MARKER);
    expect(text).toContain('"text":"hi"');
    expect(text.length).toBeLessThan(2000);
  });

  it('drops an optional object that lacks a required field and keeps the update (a cost without currency)', () => {
    const verdict = gate({ sessionUpdate: 'usage_update', used: 10, size: 100, cost: { amount: 1 } });
    expect(verdict).toEqual({
      kind: 'apply',
      update: { sessionUpdate: 'usage_update', used: 10, size: 100 },
      dropped: ["update.cost (update.cost must have required property 'currency')"],
    });
  });

  it('still rejects a required object that lacks a required field, naming that first fault', () => {
    expect(gate({ sessionUpdate: 'agent_message_chunk', content: { type: 'resource_link', name: 'n' } })).toMatchObject(
      {
        kind: 'reject',
        problem: "update.content must have required property 'uri'",
      },
    );
  });
});

describe('rawPreview (mutation survivors)', () => {
  it('cuts only what is longer than the limit', () => {
    expect(rawPreview('abc', 5)).toBe('"abc"');
    expect(rawPreview('abcd', 5)).toBe('"abcd… (truncated)');
  });
});
