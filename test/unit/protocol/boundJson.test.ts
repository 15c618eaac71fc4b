import { describe, expect, it } from 'vitest';
import { boundJson, DEPTH_MARKER, type BoundReport } from '../../../src/protocol/boundJson';

const bounds = { maxDepth: 3, maxString: 5, maxItems: 2 };

describe('boundJson', () => {
  it('returns the value itself when it is within bounds', () => {
    const value = { a: [1, 'abc'], b: { c: null } };
    expect(boundJson(value, bounds)).toBe(value);
  });

  it('replaces deeper levels, cuts strings, keeps the first items, and reports each cut', () => {
    const report: BoundReport = { cuts: [] };
    const value = { deep: { a: { b: { c: 1 } } }, long: 'abcdefgh', list: [1, 2, 3], keys: { x: 1, y: 2, z: 3 } };
    expect(boundJson(value, { ...bounds, maxItems: 4 }, report)).toEqual({
      deep: { a: { b: DEPTH_MARKER } },
      long: 'abcde… [3 more characters omitted]',
      list: [1, 2, 3],
      keys: { x: 1, y: 2, z: 3 },
    });
    expect(boundJson([1, 2, 3], bounds)).toEqual([1, 2]);
    expect(boundJson({ x: 1, y: 2, z: 3 }, bounds)).toEqual({ x: 1, y: 2 });
    expect(report.cuts).toEqual(['.deep.a.b: nested deeper than 3 levels', '.long: a string of 8 characters cut to 5']);
  });

  it('does not leave the input unchanged when a later key is cut, and keeps "__proto__" an own key', () => {
    const value = JSON.parse('{"__proto__":{"polluted":true},"s":"abcdefgh"}');
    const bounded = boundJson(value, bounds) as Record<string, unknown>;
    expect(Object.hasOwn(bounded, '__proto__')).toBe(true);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(bounded.s).toBe('abcde… [3 more characters omitted]');
    expect(value.s).toBe('abcdefgh');
  });

  it('walks a value 100,000 levels deep without overflowing the stack', () => {
    let value: unknown = 1;
    for (let i = 0; i < 100_000; i++) value = [value];
    expect(JSON.stringify(boundJson(value, bounds))).toBe(`[[[${JSON.stringify(DEPTH_MARKER)}]]]`);
  });

  it('turns values JSON cannot carry into null', () => {
    expect(boundJson([Number.NaN, Number.POSITIVE_INFINITY, () => 1], { ...bounds, maxItems: 5 })).toEqual([
      null,
      null,
      null,
    ]);
  });
});
