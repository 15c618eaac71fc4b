// A deadline of a test's own on one thing it awaits from the code under test (an answer, an event, an exit): a
// dropped one fails the test within seconds, naming what never came, instead of hanging it into vitest's test
// timeout (30 s, 10 s under mutation testing; vitest.config.mts), which reads the same as a slow machine.

/** Far above what any awaited answer takes here, even on a loaded machine; well under the test timeouts. */
export const ANSWER_DEADLINE_MS = 5_000;
/** For what a real child process (an agent, a command) must do first: start, run, exit. */
export const PROCESS_DEADLINE_MS = 10_000;

/** `promise`, or a rejection "<what>: nothing within <ms> ms" once `ms` passed without it settling. */
export async function within<T>(promise: T | PromiseLike<T>, what: string, ms = ANSWER_DEADLINE_MS): Promise<T> {
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

/** Resolves once `probe()` holds (checked every few ms), or rejects "<what>: not within <ms> ms". */
export async function eventually(probe: () => boolean, what: string, ms = ANSWER_DEADLINE_MS): Promise<void> {
  const deadline = Date.now() + ms;
  while (!probe()) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
