// A deadline of a test's own on one awaited thing: a dropped answer or event fails the test within a few seconds,
// saying what never came, instead of hanging it into vitest's test timeout (30 s, 10 s under mutation testing),
// which reads the same as a slow machine.
export async function within<T>(ms: number, promise: PromiseLike<T>, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: nothing within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}
