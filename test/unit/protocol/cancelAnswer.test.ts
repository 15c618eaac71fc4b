// `$/cancel_request` from the agent: every request it cancels gets its answer at once, -32800,
// even from a handler that never looks at its signal; a handler that answers the cancel itself
// (a permission's `cancelled` outcome, a partial result) still wins; a write that started finishes.
import { describe, expect, it } from 'vitest';
import { answerOnCancel } from '../../../src/protocol/cancelAnswer';
import type { CancelSignal } from '../../../src/protocol/types';
import { createThreadController } from '../../../src/session/threadController';
import type { ClientHandlers } from '../../../src/session/api';
import { fakeEnv, fakeSpawner, scriptBasicAgent, TEST_AGENT } from '../session/fakeAgent';
import { FileTexts } from '../../../src/review/fileTexts';
import { within } from '../../within';

/** The keeper of the fake writes' texts. */
const fileTexts = new FileTexts();

function signal(): CancelSignal & { cancel(): void } {
  const listeners = new Set<() => void>();
  let cancelled = false;
  return {
    get isCancellationRequested() {
      return cancelled;
    },
    onCancellationRequested(listener) {
      listeners.add(listener);
      return { dispose: () => void listeners.delete(listener) };
    },
    cancel() {
      cancelled = true;
      for (const listener of [...listeners]) listener();
    },
  };
}

describe('answerOnCancel', () => {
  it('a handler that ignores its signal and never settles is answered -32800 right after the cancel', async () => {
    const s = signal();
    const answer = answerOnCancel(new Promise(() => {}), s);
    s.cancel();
    await expect(within(answer, 'the answer after the cancel')).rejects.toMatchObject({
      code: -32800,
      message: 'Request cancelled',
    });
  });

  it('a handler that answers the cancel itself wins (a permission answers `cancelled`)', async () => {
    const s = signal();
    const work = new Promise((resolve) =>
      s.onCancellationRequested(() => resolve({ outcome: { outcome: 'cancelled' } })),
    );
    const answer = answerOnCancel(work, s);
    s.cancel();
    await expect(within(answer, 'the answer after the cancel')).resolves.toEqual({ outcome: { outcome: 'cancelled' } });
  });

  it('an already cancelled request is answered -32800; a synchronous result and one settled before the cancel pass through', async () => {
    const cancelled = signal();
    cancelled.cancel();
    await expect(
      within(answerOnCancel(new Promise(() => {}), cancelled), 'the answer after the cancel'),
    ).rejects.toMatchObject({ code: -32800 });
    expect(answerOnCancel({ output: 'x' }, signal())).toEqual({ output: 'x' });
    const s = signal();
    const answer = answerOnCancel(Promise.resolve('done'), s);
    await Promise.resolve();
    s.cancel();
    await expect(within(answer, 'the answer settled before the cancel')).resolves.toBe('done');
  });
});

describe('answerOnCancel, once the handler answered', () => {
  it('stops listening to the cancel signal (a long session does not pile up listeners)', async () => {
    let listening = 0;
    const s: CancelSignal = {
      isCancellationRequested: false,
      onCancellationRequested() {
        listening++;
        return { dispose: () => void listening-- };
      },
    };
    const settled = () => new Promise((resolve) => setImmediate(resolve));
    await answerOnCancel(Promise.resolve('done'), s);
    await settled();
    expect(listening).toBe(0);
    await expect(
      within(answerOnCancel(Promise.reject(new Error('failed')), s), 'the failure of the handler'),
    ).rejects.toThrow('failed');
    await settled();
    expect(listening).toBe(0);
  });
});

describe('cancelled client requests through a ThreadController', () => {
  it('a read whose handler hangs is answered -32800 at once; a write that started finishes with its result', async () => {
    let writeDone = false;
    const handlers: ClientHandlers = {
      readTextFile: () => new Promise(() => {}),
      writeTextFile: async (params) => {
        await new Promise((resolve) => setTimeout(resolve, 60));
        writeDone = true;
        return fileTexts.record(params.path, null, params.content);
      },
    };
    const results: unknown[] = [];
    const spawner = fakeSpawner((fake) => {
      scriptBasicAgent(fake);
      fake.agent.onRequest('session/prompt', async ({ sessionId }) => {
        const cancelSoon = () => {
          const controller = new AbortController();
          setTimeout(() => controller.abort(), 20);
          return controller.signal;
        };
        // The read's handler never settles: only the cancel can answer it (a missing answer hangs the turn).
        results.push(
          await fake.agent
            .request('fs/read_text_file', { sessionId, path: '/work/project/a.txt' }, { signal: cancelSoon() })
            .catch((e: { code?: number }) => e.code),
        );
        results.push(
          await fake.agent
            .request(
              'fs/write_text_file',
              { sessionId, path: '/work/project/a.txt', content: 'x' },
              { signal: cancelSoon() },
            )
            .catch((e: { code?: number }) => e.code),
        );
        return { stopReason: 'end_turn' };
      });
    });
    const controller = createThreadController({
      threadId: 't',
      agent: TEST_AGENT,
      env: fakeEnv().env,
      handlers,
      spawn: spawner.spawn,
    });
    await controller.start();
    await within(controller.prompt('go'), 'the end of a turn whose agent cancels a read that never settles');
    expect(results).toEqual([-32800, {}]);
    expect(writeDone).toBe(true);
    await controller.dispose();
  });
});
