import { describe, expect, it } from 'vitest';
import { ThreadRegistry } from '../../../src/session/threadRegistry';
import type { ThreadController } from '../../../src/session/api';
import { FakeThread, fakeAgent } from '../chat/fakeThread';

function registry() {
  let next = 0;
  const created: FakeThread[] = [];
  const threads = new ThreadRegistry(
    (agent, threadId) => {
      const thread = new FakeThread(threadId, agent);
      created.push(thread);
      return thread;
    },
    () => `t${++next}`,
  );
  return { threads, created };
}

describe('ThreadRegistry', () => {
  it('makes a new thread active and keeps the previous one running', async () => {
    const { threads, created } = registry();
    const changes: Array<ThreadController | undefined> = [];
    threads.onDidChangeActive((thread) => changes.push(thread));

    const first = threads.create(fakeAgent('demo'));
    expect(threads.active()).toBe(first);
    expect(threads.get('demo', 't1')).toBe(first);

    const second = threads.create(fakeAgent('gemini'));
    await Promise.resolve();
    expect(threads.active()).toBe(second);
    expect(created[0]?.calls).toEqual([]);
    expect(threads.get('demo', 't1')).toBe(first);
    expect(threads.get('gemini', 't1')).toBeUndefined();
    expect(threads.get(undefined, 't2')).toBe(second);
    expect(threads.all()).toEqual([first, second]);
    expect(changes).toEqual([first, second]);
  });

  it('shows another chat without stopping any', () => {
    const { threads, created } = registry();
    const first = threads.create(fakeAgent());
    threads.create(fakeAgent());
    expect(threads.show('t1')).toBe(true);
    expect(threads.active()).toBe(first);
    expect(threads.show('nope')).toBe(false);
    expect(threads.active()).toBe(first);
    expect(created.flatMap((thread) => thread.calls)).toEqual([]);
  });

  it('closing the shown chat disposes it and shows the next one, else the previous one', async () => {
    const { threads, created } = registry();
    const lists: number[] = [];
    threads.onDidChangeList(() => lists.push(threads.all().length));
    threads.create(fakeAgent());
    threads.create(fakeAgent());
    threads.create(fakeAgent());
    threads.show('t2');
    await threads.close('t2');
    // Closing is for good: the session is closed (where the agent offers it) before the process goes.
    expect(created[1]?.calls).toEqual([['closeSession'], ['dispose']]);
    expect(threads.active()?.threadId).toBe('t3');
    await threads.close('t3');
    expect(threads.active()?.threadId).toBe('t1');
    await threads.close('t1');
    expect(threads.active()).toBeUndefined();
    expect(lists).toEqual([1, 2, 3, 2, 1, 0]);
  });

  it('closing a background chat leaves the shown one alone', async () => {
    const { threads, created } = registry();
    threads.create(fakeAgent());
    const second = threads.create(fakeAgent());
    await threads.close('t1');
    expect(threads.active()).toBe(second);
    expect(created[0]?.calls).toEqual([['closeSession'], ['dispose']]);
    expect(created[1]?.calls).toEqual([]);
  });

  it('restores a chat with its state, shown only when asked', () => {
    const states: unknown[] = [];
    const threads = new ThreadRegistry((agent, threadId, restored) => {
      states.push(restored);
      return new FakeThread(threadId, agent);
    });
    const state = new FakeThread('old').state;
    const restored = threads.restore(fakeAgent(), 'old', state, false);
    expect(threads.active()).toBeUndefined();
    const other = threads.restore(fakeAgent(), 'older', state, true);
    expect(threads.active()).toBe(other);
    expect(threads.restore(fakeAgent(), 'old', state, true)).toBe(restored);
    expect(threads.all()).toEqual([restored, other]);
    expect(states).toEqual([state, state]);
  });

  it('disposes everything on disposeAll', async () => {
    const { threads, created } = registry();
    threads.create(fakeAgent('demo'));
    await threads.disposeAll();
    expect(threads.active()).toBeUndefined();
    expect(created[0]?.calls).toEqual([['dispose']]);
  });

  it('reports a failing dispose instead of throwing', async () => {
    const errors: unknown[] = [];
    const threads = new ThreadRegistry(
      (agent, threadId) => Object.assign(new FakeThread(threadId, agent), { failWith: new Error('boom') }),
      () => 'x',
      (error) => errors.push(error),
    );
    threads.create(fakeAgent());
    await threads.disposeAll();
    expect(errors).toHaveLength(1);
  });
});
