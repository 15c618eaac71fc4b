// The terminals a thread's tool cards show: the chat's own and those its subagents run (each session has
// its own, in its state), as one record by terminal id, as the widgets are keyed. The same object while no
// session's terminals changed: TerminalViews.describe compares by identity, every frame.
import type { TerminalView, ThreadState } from '../../src/shared/thread';

export class ThreadTerminals {
  private sources: ReadonlyArray<Record<string, TerminalView> | undefined> = [];
  private merged: Record<string, TerminalView> | undefined;

  of(thread: ThreadState | null): Record<string, TerminalView> | undefined {
    const children = thread?.subagents ? Object.values(thread.subagents) : [];
    if (children.length === 0) {
      this.sources = [];
      return (this.merged = thread?.terminals);
    }
    // The subagents' first, the chat's last: an id the chat uses keeps the chat's terminal.
    const sources = [...children.map((child) => child?.state?.terminals), thread?.terminals];
    if (sources.length === this.sources.length && sources.every((source, i) => source === this.sources[i]))
      return this.merged;
    this.sources = sources;
    this.merged = Object.assign({}, ...sources.filter((source) => typeof source === 'object' && source !== null));
    return this.merged;
  }
}
