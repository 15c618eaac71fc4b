// A manual clock for the mirror's tests: scheduled callbacks run only when the test ticks or advances the clock,
// and the clock then stands at the time each was due (so a callback that looks at the time finds it due).
import type { Schedule } from '../../../src/chat/schedule';

interface Entry {
  at: number;
  run: () => void;
  /** Scheduled through `schedule` with a delay: a timer that wakes the process when it fires. */
  timer: boolean;
}

export class ManualClock {
  private queue: Entry[] = [];
  time = 1000;
  /** Timers (callbacks scheduled with a delay) that fired. */
  timersFired = 0;

  readonly schedule: Schedule = (run, ms) => this.add(this.time + ms, run, ms > 0);

  readonly now = (): number => this.time;

  /** Something outside the code under test happens `ms` from now (an answer from the webview). */
  later(ms: number, run: () => void): void {
    this.add(this.time + ms, run, false);
  }

  /** Runs what was scheduled before this call, in time order, the clock at each one's time. */
  tick(): void {
    const due = [...this.queue].sort((a, b) => a.at - b.at);
    this.queue = [];
    for (const entry of due) this.run(entry);
  }

  /** Moves the clock `ms` on, running what falls due on the way (also what is scheduled meanwhile). */
  advance(ms: number): void {
    const end = this.time + ms;
    for (;;) {
      const next = this.queue.filter((entry) => entry.at <= end).sort((a, b) => a.at - b.at)[0];
      if (!next) break;
      this.queue = this.queue.filter((entry) => entry !== next);
      this.run(next);
    }
    this.time = end;
  }

  get pending(): number {
    return this.queue.length;
  }

  private add(at: number, run: () => void, timer: boolean): () => void {
    const entry: Entry = { at, run, timer };
    this.queue.push(entry);
    return () => {
      this.queue = this.queue.filter((queued) => queued !== entry);
    };
  }

  private run(entry: Entry): void {
    this.time = Math.max(this.time, entry.at);
    if (entry.timer) this.timersFired++;
    entry.run();
  }
}
