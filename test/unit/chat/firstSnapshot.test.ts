import { describe, expect, it } from 'vitest';
import { FirstSnapshotGate } from '../../../src/chat/firstSnapshot';
import type { Schedule } from '../../../src/chat/schedule';

/** A schedule whose timers run when the test says. */
function manualSchedule() {
  const timers = new Set<() => void>();
  const schedule: Schedule = (callback) => {
    timers.add(callback);
    return () => timers.delete(callback);
  };
  return { schedule, fire: () => [...timers].forEach((t) => (timers.delete(t), t())), count: () => timers.size };
}

function deferred() {
  let resolve!: () => void;
  let reject!: (e: Error) => void;
  const promise = new Promise<void>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

const tick = () => new Promise((r) => setTimeout(r, 0));

describe('FirstSnapshotGate', () => {
  it('asks for the restore only when the first snapshot is sent (the surface is made before the restore starts)', () => {
    let asked = 0;
    const gate = new FirstSnapshotGate(() => (asked++, Promise.resolve()), manualSchedule().schedule);
    expect(asked).toBe(0);
    gate.send(() => undefined);
    gate.send(() => undefined);
    expect(asked).toBe(1);
  });

  it('sends at once when nothing is being restored', () => {
    const sent: string[] = [];
    new FirstSnapshotGate(undefined, manualSchedule().schedule).send(() => sent.push('snapshot'));
    expect(sent).toEqual(['snapshot']);
  });

  it('holds the snapshot until the restore ends, then sends it once; later sends go at once', async () => {
    const restore = deferred();
    const timers = manualSchedule();
    const gate = new FirstSnapshotGate(() => restore.promise, timers.schedule);
    const sent: string[] = [];
    gate.send(() => sent.push('first'));
    gate.send(() => sent.push('second')); // a resync while waiting: only the newest goes
    await tick();
    expect(sent).toEqual([]);
    restore.resolve();
    await tick();
    expect(sent).toEqual(['second']);
    expect(timers.count()).toBe(0);
    gate.send(() => sent.push('third'));
    expect(sent).toEqual(['second', 'third']);
  });

  it('a failed restore releases the snapshot too', async () => {
    const restore = deferred();
    const gate = new FirstSnapshotGate(() => restore.promise, manualSchedule().schedule);
    const sent: string[] = [];
    gate.send(() => sent.push('snapshot'));
    restore.reject(new Error('disk'));
    await tick();
    expect(sent).toEqual(['snapshot']);
  });

  it('a restore that hangs lets the snapshot go after the bound', async () => {
    const timers = manualSchedule();
    const gate = new FirstSnapshotGate(() => new Promise(() => {}), timers.schedule);
    const sent: string[] = [];
    gate.send(() => sent.push('snapshot'));
    timers.fire();
    expect(sent).toEqual(['snapshot']);
  });

  it('a webview that went away while waiting gets nothing', async () => {
    const restore = deferred();
    const gate = new FirstSnapshotGate(() => restore.promise, manualSchedule().schedule);
    const sent: string[] = [];
    gate.send(() => sent.push('snapshot'));
    gate.cancel();
    restore.resolve();
    await tick();
    expect(sent).toEqual([]);
  });
});
