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

  // The cut report is the log line that tells a user what an agent's value lost; it names where.
  it('names each cut by its place: "(value)" for the value itself, [i] and .key below it', () => {
    const report: BoundReport = { cuts: [] };
    boundJson([1, 2, 3], bounds, report);
    boundJson({ list: [1, 2, 3], o: { a: 1, b: 2, c: 3 } }, bounds, report);
    boundJson({ a: 1, b: 2, c: 3 }, bounds, report);
    boundJson(['abcdefgh'], bounds, report);
    boundJson('abcdefgh', bounds, report);
    expect(report.cuts).toEqual([
      '(value): 3 items, kept 2',
      '.list: 3 items, kept 2',
      '.o: more than 2 keys, kept 2',
      '(value): more than 2 keys, kept 2',
      '[0]: a string of 8 characters cut to 5',
      '(value): a string of 8 characters cut to 5',
    ]);
  });

  it('keeps a string of exactly the longest length whole, and booleans and null as they are', () => {
    const report: BoundReport = { cuts: [] };
    expect(boundJson('abcde', bounds, report)).toBe('abcde');
    expect(boundJson(true, bounds)).toBe(true);
    expect(boundJson(false, bounds)).toBe(false);
    expect(boundJson(null, bounds)).toBe(null);
    expect(boundJson({ a: [true, null] }, bounds)).toEqual({ a: [true, null] });
    expect(report.cuts).toEqual([]);
  });

  it('reports at most 20 cuts however many there are', () => {
    const report: BoundReport = { cuts: [] };
    boundJson(
      Array.from({ length: 30 }, () => 'abcdefgh'),
      { ...bounds, maxItems: 100 },
      report,
    );
    expect(report.cuts).toHaveLength(20);
  });

  it('gives back a cut object whose keys can be reassigned and deleted like any other', () => {
    const copy = boundJson({ a: 1, long: 'abcdefgh' }, bounds) as Record<string, unknown>;
    copy.a = 2;
    delete copy.long;
    expect(copy).toEqual({ a: 2 });
  });
});
