// Lifetimes: what a scope makes goes into its store, and the store ends it once, newest first (what was made
// later may use what was made before). Modelled on VS Code's own DisposableStore (src/vs/base/common/lifecycle.ts)
// with two differences: what is added after the end is disposed at once (VS Code leaks it with a warning: here
// a late subscription must not outlive the window), and a failure never keeps the other items alive.

/** Anything with a `dispose`; an asynchronous one (a chat stopping its agent) returns a promise. */
export interface Disposable {
  dispose(): unknown;
}

export function toDisposable(dispose: () => unknown): Disposable {
  return { dispose };
}

export class DisposableStore implements Disposable {
  private readonly items = new Set<Disposable>();
  private disposed = false;

  /**
   * onError: where a failing dispose goes (a rejected promise too). Without it, dispose() ends every item and
   * then throws what failed, so an owner's own store (or log) sees it.
   */
  constructor(private readonly onError?: (error: unknown) => void) {}

  get isDisposed(): boolean {
    return this.disposed;
  }

  /** Keeps `item` until the store ends; after the end it is disposed at once. */
  add<T extends Disposable>(item: T): T {
    if ((item as Disposable) === this) throw new Error('A DisposableStore cannot hold itself');
    if (this.disposed) this.end([item]);
    else this.items.add(item);
    return item;
  }

  /** Ends one item now (a scope shorter than the store's) and forgets it. */
  delete(item: Disposable): void {
    if (this.items.delete(item)) this.end([item]);
  }

  /** Forgets an item that ended by itself (a closed editor tab), without disposing it again. */
  deleteAndLeak(item: Disposable): void {
    this.items.delete(item);
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    const items = [...this.items].reverse();
    this.items.clear();
    this.end(items);
  }

  private end(items: Disposable[]): void {
    const errors: unknown[] = [];
    for (const item of items) {
      try {
        const result = item.dispose();
        if (this.onError && isThenable(result)) result.then(undefined, this.onError);
      } catch (error) {
        if (this.onError) this.onError(error);
        else errors.push(error);
      }
    }
    if (errors.length === 1) throw errors[0];
    if (errors.length > 1) throw new AggregateError(errors, 'Several disposables failed');
  }
}

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return typeof (value as PromiseLike<unknown> | null)?.then === 'function';
}
