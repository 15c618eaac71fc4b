// A ChatJournal over a temporary folder whose timer a test fires by hand, and a thread that runs
// the real reducer: the journal tests write real files from real reducer output.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach } from 'vitest';
import { ChatJournal } from '../../../src/session/journal/chatJournal';
import type { ThreadAction } from '../../../src/shared/actions';
import { reduce } from '../../../src/shared/reduce';
import { FakeThread } from '../chat/fakeThread';

export class ReducingThread extends FakeThread {
  override emit(action: ThreadAction): void {
    this.state = reduce(this.state, action);
    super.emit(action);
  }
}

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A journal whose timer a test fires by hand; `tick` is one interval: the timer fires and its write lands. */
export function journalSetup() {
  const dir = mkdtempSync(join(tmpdir(), 'switchboard-journal-'));
  dirs.push(dir);
  const timers: Array<() => void> = [];
  const logs: string[] = [];
  const journal = new ChatJournal(
    join(dir, 'chats'),
    (line) => logs.push(line),
    1000,
    (callback) => {
      timers.push(callback);
      return () => timers.splice(timers.indexOf(callback), 1);
    },
  );
  const tick = async () => {
    timers.shift()?.();
    await journal.flushAll();
  };
  return { journal, timers, logs, tick };
}

export const prompt = (text: string): ThreadAction => ({ type: 'promptSent', prompt: [{ type: 'text', text }] });
export const chunk = (text: string): ThreadAction => ({
  type: 'sessionUpdate',
  update: { sessionUpdate: 'agent_message_chunk', content: { type: 'text', text } },
});
