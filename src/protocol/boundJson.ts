// A bounded copy of agent JSON, for what reaches the webview and the thread state. An agent may
// put anything into free-form fields (rawInput, rawOutput, _meta) and extra keys: 5,000 levels of
// nesting make the webview message fail to serialise (and every later update with it), a 50 MB
// string makes every snapshot carry 50 MB. Deeper levels become a marker string, long strings are
// cut with a marker, long arrays and objects keep their first items. Pure; never throws; the walk
// never recurses deeper than `maxDepth`, so the input's own depth cannot overflow the stack.

export interface JsonBounds {
  /** Levels kept below the value itself (0: only scalars survive; containers become the marker). */
  maxDepth: number;
  /** Longest string kept whole (UTF-16 units); longer ones are cut and marked. */
  maxString: number;
  /** Array items / object keys kept per container. */
  maxItems: number;
}

/** For free-form fields: rawInput, rawOutput, _meta, unknown extra keys. */
export const FREE_FORM_BOUNDS: JsonBounds = { maxDepth: 8, maxString: 16 * 1024, maxItems: 200 };

export const DEPTH_MARKER = '[… deeper levels omitted]';

export interface BoundReport {
  /** What was cut, for a log line; empty when the value came through unchanged. */
  cuts: string[];
}

/**
 * The value itself when it is within bounds (no copy: the common case costs one walk), else a
 * copy with the excess replaced. Non-JSON values (functions, undefined in arrays) cannot come
 * from JSON.parse; they are treated as null to keep the result serialisable.
 */
export function boundJson(value: unknown, bounds: JsonBounds = FREE_FORM_BOUNDS, report?: BoundReport): unknown {
  return walk(value, bounds, 0, report, '');
}

function walk(
  value: unknown,
  bounds: JsonBounds,
  depth: number,
  report: BoundReport | undefined,
  path: string,
): unknown {
  if (typeof value === 'string') {
    if (value.length <= bounds.maxString) return value;
    note(report, `${path || '(value)'}: a string of ${value.length} characters cut to ${bounds.maxString}`);
    return `${value.slice(0, bounds.maxString)}… [${value.length - bounds.maxString} more characters omitted]`;
  }
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'boolean' || value === null) return value;
  if (typeof value !== 'object') return null;
  if (depth >= bounds.maxDepth) {
    note(report, `${path || '(value)'}: nested deeper than ${bounds.maxDepth} levels`);
    return DEPTH_MARKER;
  }
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    const length = Math.min(value.length, bounds.maxItems);
    for (let i = 0; i < length; i++) {
      const item = value[i];
      const bounded = walk(item, bounds, depth + 1, report, `${path}[${i}]`);
      if (bounded !== item && !copy) copy = value.slice(0, i);
      if (copy) copy.push(bounded);
    }
    if (value.length > bounds.maxItems) {
      note(report, `${path || '(value)'}: ${value.length} items, kept ${bounds.maxItems}`);
      copy ??= value.slice(0, length);
    }
    return copy ?? value;
  }
  const object = value as Record<string, unknown>;
  let copy: Record<string, unknown> | undefined;
  let count = 0;
  for (const key in object) {
    if (!Object.hasOwn(object, key)) continue;
    if (count++ >= bounds.maxItems) {
      note(report, `${path || '(value)'}: more than ${bounds.maxItems} keys, kept ${bounds.maxItems}`);
      copy ??= copyKeys(object, bounds.maxItems);
      break;
    }
    const item = object[key];
    const bounded = walk(item, bounds, depth + 1, report, `${path}.${key}`);
    if (bounded !== item) {
      copy ??= copyKeys(object, count - 1);
    }
    if (copy) define(copy, key, bounded);
  }
  return copy ?? value;
}

/** The first `n` own keys of `object`, as a plain object ("__proto__" stays an own key). */
function copyKeys(object: Record<string, unknown>, n: number): Record<string, unknown> {
  const copy: Record<string, unknown> = {};
  let i = 0;
  for (const key in object) {
    if (!Object.hasOwn(object, key)) continue;
    if (i++ >= n) break;
    define(copy, key, object[key]);
  }
  return copy;
}

function define(object: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(object, key, { value, enumerable: true, writable: true, configurable: true });
}

function note(report: BoundReport | undefined, cut: string): void {
  if (report && report.cuts.length < 20) report.cuts.push(cut);
}
