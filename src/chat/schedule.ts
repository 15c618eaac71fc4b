// The timer seam of the chat host: the mirror, the terminal stream and review sync batch their posts
// with it, and tests pass a manual one. Its own file so those three import it without importing each other.

/** Runs `callback` once after `ms` (0: at the end of this turn of the event loop); the returned function cancels it. */
export type Schedule = (callback: () => void, ms: number) => () => void;

export const timerSchedule: Schedule = (callback, ms) => {
  // setTimeout(0) waits a millisecond and wakes the process for it; setImmediate runs after this turn's I/O.
  if (ms <= 0) {
    const immediate = setImmediate(callback);
    return () => clearImmediate(immediate);
  }
  const handle = setTimeout(callback, ms);
  return () => clearTimeout(handle);
};
