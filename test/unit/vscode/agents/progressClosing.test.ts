// A registry install that fails at once must not show its error beside a still-spinning "Installing …"
//: src/vscode/agents/progressClosing.ts hands the failure on once VS Code has closed the progress.
// VS Code is played here as its workbench runs a notification's progress (shown at once, closed when the task
// has settled and 800 ms have passed), on fake timers.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { failAfterProgress, PROGRESS_MIN_SHOWN_MS } from '../../../../src/vscode/agents/progressClosing';

let events: string[];
const at = (what: string) => events.push(`${Date.now()} ${what}`);

function notificationProgress<T>(task: () => Promise<T>): Promise<T> {
  at('progress shown');
  const work = task();
  const shownLongEnough = new Promise((resolve) => setTimeout(resolve, PROGRESS_MIN_SHOWN_MS));
  void Promise.allSettled([shownLongEnough, work]).then(() => at('progress closed'));
  return work;
}

const after = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeEach(() => {
  vi.useFakeTimers({ now: 0 });
  events = [];
});
afterEach(() => vi.useRealTimers());

describe('failAfterProgress', () => {
  it('tells a quick failure only after the progress has closed', async () => {
    const install = async () => {
      await after(30);
      throw new Error('the sha256 differs');
    };
    void failAfterProgress(notificationProgress, install).catch((error: Error) => at(error.message));
    await vi.advanceTimersByTimeAsync(5_000);
    expect(events).toEqual(['0 progress shown', '800 progress closed', '900 the sha256 differs']);
  });

  it('tells a slow failure at once: its progress closes with it', async () => {
    const install = async () => {
      await after(2_000);
      throw new Error('npm failed');
    };
    void failAfterProgress(notificationProgress, install).catch((error: Error) => at(error.message));
    await vi.advanceTimersByTimeAsync(5_000);
    expect(events).toEqual(['0 progress shown', '2000 progress closed', '2000 npm failed']);
  });

  it('hands a success on at once', async () => {
    const install = async () => {
      await after(30);
      return 'installed';
    };
    void failAfterProgress(notificationProgress, install).then(at);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(events).toEqual(['0 progress shown', '30 installed', '800 progress closed']);
  });
});
