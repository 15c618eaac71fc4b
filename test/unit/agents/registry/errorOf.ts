// The error a promise rejects with, for tests of refusals.

/**
 * The Error `promise` rejects with; the test fails when it resolves, or rejects with anything but an Error
 * (vitest's `rejects.toThrow(re)` passes on a rejection with undefined, which a mutant can make).
 */
export async function errorOf(promise: Promise<unknown>): Promise<Error> {
  const outcome = await promise.then(
    () => 'it resolved',
    (error: unknown) => error,
  );
  if (!(outcome instanceof Error)) throw new Error(`expected a rejection with an Error, got ${String(outcome)}`);
  return outcome;
}
