// The one store of a scope's disposables (src/shared/disposableStore.ts): each disposed once, newest first, a
// failing one never keeps the others alive, and what is added after the end is disposed at once (not leaked).
import { describe, expect, it } from 'vitest';
import { DisposableStore, toDisposable } from '../../../src/shared/disposableStore';

function recorder(): { order: string[]; item(name: string): { dispose(): void } } {
  const order: string[] = [];
  return { order, item: (name) => toDisposable(() => void order.push(name)) };
}

describe('DisposableStore', () => {
  it('disposes what it holds once, newest first', () => {
    const { order, item } = recorder();
    const store = new DisposableStore();
    store.add(item('first'));
    store.add(item('second'));
    store.add(item('third'));
    store.dispose();
    store.dispose();
    expect(order).toEqual(['third', 'second', 'first']);
    expect(store.isDisposed).toBe(true);
  });

  it('returns what it adds, so a field can be made and kept in one line', () => {
    const store = new DisposableStore();
    const made = { dispose: () => undefined, value: 42 };
    expect(store.add(made)).toBe(made);
  });

  it('holds an object added twice once', () => {
    const { order, item } = recorder();
    const store = new DisposableStore();
    const once = item('once');
    store.add(once);
    store.add(once);
    store.dispose();
    expect(order).toEqual(['once']);
  });

  it('disposes what is added after its end at once', () => {
    const { order, item } = recorder();
    const store = new DisposableStore();
    store.dispose();
    store.add(item('late'));
    expect(order).toEqual(['late']);
  });

  it('refuses to hold itself', () => {
    const store = new DisposableStore();
    expect(() => store.add(store)).toThrow(/itself/);
  });

  it('delete disposes one item now and forgets it', () => {
    const { order, item } = recorder();
    const store = new DisposableStore();
    const early = item('early');
    store.add(item('kept'));
    store.add(early);
    store.delete(early);
    expect(order).toEqual(['early']);
    store.dispose();
    expect(order).toEqual(['early', 'kept']);
  });

  it('deleteAndLeak forgets an item that ended by itself, without disposing it', () => {
    const { order, item } = recorder();
    const store = new DisposableStore();
    const closed = item('closed');
    store.add(closed);
    store.deleteAndLeak(closed);
    store.dispose();
    expect(order).toEqual([]);
  });

  it('hands every failure to its error sink and disposes the rest', () => {
    const { order, item } = recorder();
    const errors: unknown[] = [];
    const store = new DisposableStore((error) => errors.push(error));
    store.add(item('a'));
    store.add(
      toDisposable(() => {
        throw new Error('b failed');
      }),
    );
    store.add(item('c'));
    store.add(
      toDisposable(() => {
        throw new Error('d failed');
      }),
    );
    store.dispose();
    expect(order).toEqual(['c', 'a']);
    expect(errors.map((error) => (error as Error).message)).toEqual(['d failed', 'b failed']);
  });

  it('hands an asynchronous dispose that rejects to its error sink', async () => {
    const errors: unknown[] = [];
    const store = new DisposableStore((error) => errors.push(error));
    store.add(toDisposable(() => Promise.reject(new Error('stop failed'))));
    store.dispose();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(errors.map((error) => (error as Error).message)).toEqual(['stop failed']);
  });

  it('without a sink, disposes everything and then throws what failed (all of it when several did)', () => {
    const { order, item } = recorder();
    const one = new DisposableStore();
    one.add(
      toDisposable(() => {
        throw new Error('only');
      }),
    );
    one.add(item('x'));
    expect(() => one.dispose()).toThrow('only');
    expect(order).toEqual(['x']);

    const two = new DisposableStore();
    for (const name of ['p', 'q'])
      two.add(
        toDisposable(() => {
          throw new Error(name);
        }),
      );
    let thrown: unknown;
    try {
      two.dispose();
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(AggregateError);
    expect((thrown as AggregateError).errors.map((error) => (error as Error).message)).toEqual(['q', 'p']);
    expect(two.isDisposed).toBe(true);
  });
});
