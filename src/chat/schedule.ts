// The timer seam of the chat host: the mirror, the terminal stream and review sync batch their posts
// with it, and tests pass a manual one. Its own file so those three import it without importing each other.

/** Runs `callback` once after `ms`; the returned function cancels it. */
export type Schedule = (callback: () => void, ms: number) => () => void;

export const timerSchedule: Schedule = (callback, ms) => {
  const handle = setTimeout(callback, ms);
  return () => clearTimeout(handle);
};
