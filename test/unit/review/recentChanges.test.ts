// The watcher's last record of each file's agent change, for a report without a patch: answered at once when
// the watcher saw the change first, when it sees it later, or undefined once the wait is over (never a hang).
import { describe, expect, it } from 'vitest';
import { MAX_RECENT_CHANGES, RecentChanges } from '../../../src/review/recentChanges';

/** A timer the test runs by hand: `fire()` runs every pending one. */
function manualTimer() {
  const pending = new Set<() => void>();
  const timer = (run: () => void) => {
    pending.add(run);
    return () => pending.delete(run);
  };
  return { timer, fire: () => [...pending].forEach((run) => run()), pending };
}

describe('RecentChanges', () => {
  it('a change recorded before the report answers it at once; another text after does not', async () => {
    const { timer, fire } = manualTimer();
    const recent = new RecentChanges(timer);
    recent.record('/w/a', { before: 'old\n', after: 'new\n' });
    await expect(recent.awaitChange('/w/a', 'new\n', 1000)).resolves.toEqual({ before: 'old\n', after: 'new\n' });
    const other = recent.awaitChange('/w/a', 'newer\n', 1000);
    fire();
    await expect(other).resolves.toBeUndefined();
  });

  it('a report before the watcher waits for its record of the same text, and its timer is cleared', async () => {
    const { timer, pending } = manualTimer();
    const recent = new RecentChanges(timer);
    const waiting = recent.awaitChange('/w/a', null, 1000);
    recent.record('/w/a', { before: 'gone\n', after: 'not yet\n' });
    expect(pending.size).toBe(1);
    recent.record('/w/a', { before: 'gone\n', after: null });
    await expect(waiting).resolves.toEqual({ before: 'gone\n', after: null });
    expect(pending.size).toBe(0);
  });

  it('keeps the last change of at most MAX_RECENT_CHANGES files, the oldest dropped first', async () => {
    const { timer, fire } = manualTimer();
    const recent = new RecentChanges(timer);
    for (let i = 0; i <= MAX_RECENT_CHANGES; i++) recent.record(`/w/${i}`, { before: 'a', after: 'b' });
    const first = recent.awaitChange('/w/0', 'b', 1000);
    fire();
    await expect(first).resolves.toBeUndefined();
    await expect(recent.awaitChange(`/w/${MAX_RECENT_CHANGES}`, 'b', 1000)).resolves.toBeDefined();
  });
});
