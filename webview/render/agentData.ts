// Checks on agent data where a renderer reads it. The host validates what agents send too, but
// the webview does not count on it: a field of the wrong type throws a clear error here (shown in
// the error card of the item or entry, see entryError.ts) instead of a TypeError deep inside a
// renderer, or worse, something odd on screen (a string iterated as a list of characters).

/** `value` when it is an array; a list that is not one is malformed data, reported as such. */
export function listOf<T>(value: readonly T[] | null | undefined): readonly T[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) throw new TypeError(`expected a list, got ${describeType(value)}`);
  return value;
}

function describeType(value: unknown): string {
  return value === null
    ? 'null'
    : Array.isArray(value)
      ? 'a list'
      : typeof value === 'string'
        ? 'a string'
        : `a ${typeof value}`;
}

/** A field that must be a string; a clear error (shown in the item's error card) otherwise. */
export function requireString(value: unknown, what: string): string {
  if (typeof value !== 'string') throw new TypeError(`${what} should be a string, got ${describeType(value)}`);
  return value;
}
