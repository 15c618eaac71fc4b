// The small checks journal lines are read with (journalShapes.ts, journalReasonShapes.ts): each answers null
// (fine) or the path of the first field that is not ('' for the value itself). Pure.

export type Check = (value: unknown) => string | null;

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export const is =
  (test: (value: unknown) => boolean): Check =>
  (value) =>
    test(value) ? null : '';
export const str = is((value) => typeof value === 'string');
export const num = is((value) => typeof value === 'number' && Number.isFinite(value));
export const bool = is((value) => typeof value === 'boolean');
export const record = is(isRecord);
/** Free-form JSON (rawInput, _meta): any value; its depth was bounded before parsing. */
export const anything: Check = () => null;
export const oneOf = (...allowed: unknown[]): Check => is((value) => allowed.includes(value));
export const optional =
  (check: Check): Check =>
  (value) =>
    value === undefined ? null : check(value);
export const nullable =
  (check: Check): Check =>
  (value) =>
    value === null ? null : check(value);

function at(key: string, path: string): string {
  return path === '' ? key : path.startsWith('[') ? `${key}${path}` : `${key}.${path}`;
}

export function shape(fields: Record<string, Check>): Check {
  return (value) => {
    if (!isRecord(value)) return '';
    for (const key of Object.keys(fields)) {
      const problem = fields[key]!(value[key]);
      if (problem !== null) return at(key, problem);
    }
    return null;
  };
}

export function listOf(item: Check): Check {
  return (value) => {
    if (!Array.isArray(value)) return '';
    for (let i = 0; i < value.length; i++) {
      const problem = item(value[i]);
      if (problem !== null) return at(`[${i}]`, problem);
    }
    return null;
  };
}

export function recordOf(item: Check): Check {
  return (value) => {
    if (!isRecord(value)) return '';
    for (const key of Object.keys(value)) {
      const problem = item(value[key]);
      if (problem !== null) return at(key, problem);
    }
    return null;
  };
}

/** A union tagged by `tag`: the branch of its value; a tag not listed passes `other` (null: refused). */
export function tagged(tag: string, branches: Record<string, Check>, other: Check | null = null): Check {
  return (value) => {
    if (!isRecord(value)) return '';
    const name = value[tag];
    const branch = typeof name === 'string' && Object.hasOwn(branches, name) ? branches[name]! : other;
    return branch === null ? tag : branch(value);
  };
}
