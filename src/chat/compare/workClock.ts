// The time a compared chat has worked: every turn of the comparison added up, without the time it sat idle between
// them (waiting for the user's follow-up), so agents are compared on their work, not on when they were asked.
// Pure: the caller says what time it is.
export class WorkClock {
  private since: number | undefined;

  /** `elapsedMs`: what earlier work took (kept in the comparison's record across a reload). */
  constructor(private elapsedMs = 0) {}

  /** The chat is working (true) or not at `now`; repeated calls with the same answer change nothing. */
  observe(working: boolean, now: number): void {
    if (working && this.since === undefined) this.since = now;
    else if (!working && this.since !== undefined) {
      this.elapsedMs += Math.max(0, now - this.since);
      this.since = undefined;
    }
  }

  /** Epoch ms when the current work started; undefined while idle. */
  get runningSince(): number | undefined {
    return this.since;
  }

  /** The finished work's time (what a record keeps); the running turn is counted by the view from runningSince. */
  get finishedMs(): number {
    return this.elapsedMs;
  }
}
