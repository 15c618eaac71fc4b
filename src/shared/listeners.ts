// An event's listeners: add one (its Disposable removes it), call them all. What a listener does to the list
// while they are called (add, remove) takes effect from the next call: the call walks an array swapped whole on
// change, so a streaming event (one per chunk) neither copies the list nor allocates.
import type { Disposable } from './disposableStore';

export class Listeners<Args extends unknown[]> {
  private readonly set = new Set<(...args: Args) => void>();
  private list: ReadonlyArray<(...args: Args) => void> = [];

  /**
   * onError: where a throwing listener's error goes; the other listeners are called all the same. Without it the
   * first error propagates to the caller after the remaining listeners ran.
   */
  constructor(private readonly onError?: (error: unknown) => void) {}

  get size(): number {
    return this.set.size;
  }

  add(listener: (...args: Args) => void): Disposable {
    this.set.add(listener);
    this.list = [...this.set];
    return {
      dispose: () => {
        if (this.set.delete(listener)) this.list = [...this.set];
      },
    };
  }

  fire(...args: Args): void {
    let failure: { error: unknown } | undefined;
    for (const listener of this.list) {
      try {
        listener(...args);
      } catch (error) {
        if (this.onError) this.onError(error);
        else failure ??= { error };
      }
    }
    if (failure) throw failure.error;
  }

  clear(): void {
    this.set.clear();
    this.list = [];
  }
}
