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
  it('makes a new thread active and disposes the previous one', async () => {
    const { threads, created } = registry();
    const changes: Array<ThreadController | undefined> = [];
    threads.onDidChangeActive((thread) => changes.push(thread));

    const first = threads.create(fakeAgent('demo'));
    expect(threads.active()).toBe(first);
    expect(threads.get('demo', 't1')).toBe(first);

    const second = threads.create(fakeAgent('gemini'));
    await Promise.resolve();
    expect(threads.active()).toBe(second);
    expect(created[0]?.calls).toEqual([['dispose']]);
    expect(threads.get('demo', 't1')).toBeUndefined();
    expect(threads.get('gemini', 't2')).toBe(second);
    expect(changes).toEqual([first, second]);
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
