// What the controller keeps of the agent's answers (agentResponses.ts): bounded, and the turn's
// DRAFT usage only when its required counts are counts.
import type * as acp from '@agentclientprotocol/sdk';
import { describe, expect, it } from 'vitest';
import { bounded, capText, turnEndedAction } from '../../../src/session/agent/agentResponses';

/** `depth` levels of `{ a: ... }` around `leaf`. */
function nested(depth: number, leaf: unknown = 'deep'): unknown {
  let value = leaf;
  for (let i = 0; i < depth; i++) value = { a: value };
  return value;
}

function depthOf(value: unknown): number {
  let depth = 0;
  while (typeof value === 'object' && value !== null && 'a' in value) {
    value = (value as { a: unknown }).a;
    depth++;
  }
  return depth;
}

describe('turnEndedAction', () => {
  it('keeps the stop reason and a usage whose three counts are counts', () => {
    const usage = { totalTokens: 30, inputTokens: 10, outputTokens: 20, cachedReadTokens: 5 };
    expect(turnEndedAction({ stopReason: 'end_turn', usage } as acp.PromptResponse)).toEqual({
      type: 'turnEnded',
      stopReason: 'end_turn',
      usage,
    });
    expect(turnEndedAction({ stopReason: 'max_tokens' })).toEqual({ type: 'turnEnded', stopReason: 'max_tokens' });
  });

  it.each([
    ['a count missing', { totalTokens: 30, inputTokens: 10 }],
    ['a negative count', { totalTokens: 30, inputTokens: -1, outputTokens: 20 }],
    ['a count that is not finite', { totalTokens: Number.POSITIVE_INFINITY, inputTokens: 1, outputTokens: 2 }],
    ['a count given as text', { totalTokens: '30', inputTokens: 10, outputTokens: 20 }],
    ['NaN', { totalTokens: 30, inputTokens: 10, outputTokens: Number.NaN }],
    ['null', null],
    ['a number', 42],
  ])('drops a usage with %s', (_name, usage) => {
    const action = turnEndedAction({ stopReason: 'end_turn', usage } as unknown as acp.PromptResponse);
    expect(action).toEqual({ type: 'turnEnded', stopReason: 'end_turn' });
  });

  it('keeps zero counts', () => {
    const usage = { totalTokens: 0, inputTokens: 0, outputTokens: 0 };
    expect(turnEndedAction({ stopReason: 'end_turn', usage } as acp.PromptResponse).usage).toEqual(usage);
  });

  it("bounds the usage's and the answer's _meta free-form JSON", () => {
    const usage = { totalTokens: 1, inputTokens: 0, outputTokens: 1, extra: 'x'.repeat(20_000), deep: nested(20) };
    const action = turnEndedAction({
      stopReason: 'end_turn',
      usage,
      _meta: { note: 'y'.repeat(20_000), deep: nested(20) },
    } as acp.PromptResponse);
    const kept = action.usage as unknown as { extra: string; deep: unknown };
    expect(kept.extra.length).toBeLessThan(20_000);
    expect(depthOf(kept.deep)).toBeLessThan(20);
    expect((action.meta!.note as string).length).toBeLessThan(20_000);
    expect(depthOf(action.meta!.deep)).toBeLessThan(20);
  });

  it('keeps only an object as _meta', () => {
    for (const meta of ['text', 7, ['a'], null])
      expect(
        turnEndedAction({ stopReason: 'end_turn', _meta: meta } as unknown as acp.PromptResponse),
      ).not.toHaveProperty('meta');
    expect(turnEndedAction({ stopReason: 'end_turn', _meta: { a: 1 } }).meta).toEqual({ a: 1 });
  });
});

describe('bounded', () => {
  it('cuts structure deeper than 16 levels and keeps long strings whole', () => {
    const value = { long: 'z'.repeat(100_000), deep: nested(40) };
    const result = bounded(value) as { long: string; deep: unknown };
    expect(result.long).toHaveLength(100_000);
    expect(depthOf(result.deep)).toBeLessThan(16);
    expect(depthOf(result.deep)).toBeGreaterThan(10);
    expect(bounded({ a: 1, b: ['x'] })).toEqual({ a: 1, b: ['x'] });
  });
});

describe('capText', () => {
  it('keeps text up to the limit, and says how much was cut beyond it', () => {
    expect(capText('abc', 3)).toBe('abc');
    expect(capText('abcd', 3)).toBe('abc… [1 more characters]');
    expect(capText('a'.repeat(8 * 1024))).toHaveLength(8 * 1024);
    expect(capText('a'.repeat(8 * 1024 + 10))).toBe(`${'a'.repeat(8 * 1024)}… [10 more characters]`);
  });

  it('turns what is not text into text', () => {
    expect(capText(42 as unknown as string, 1)).toBe('42');
    expect(capText(undefined as unknown as string)).toBe('undefined');
  });
});
