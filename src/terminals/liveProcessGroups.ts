// The terminal process groups alive in this extension host. Sessions end their terminals themselves (dispose,
// agent exit, restart); this registry is the last resort when the host goes away without disposing anything
// (a crash, a kill): its owner (extension.ts) kills what is left from a `process.on('exit')` hook. Passed in,
// not global, so tests and several hosts in one process each have their own.

export interface KillableGroup {
  /** Kills the whole process group at once, synchronously (an exit hook cannot wait). */
  killNow(): void;
}

export class LiveProcessGroups {
  private readonly live = new Set<KillableGroup>();

  add(group: KillableGroup): void {
    this.live.add(group);
  }

  delete(group: KillableGroup): void {
    this.live.delete(group);
  }

  get size(): number {
    return this.live.size;
  }

  killAll(): void {
    for (const group of this.live) group.killNow();
    this.live.clear();
  }
}
