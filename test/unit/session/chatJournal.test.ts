import { appendFileSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fakeAgent } from '../chat/fakeThread';
import { chunk, journalSetup as setup, prompt, ReducingThread } from './journalHarness';
import { noteWords } from '../../../src/shared/entryWords';

describe('ChatJournal', () => {
  it('streaming arms one timer per interval and writes nothing on the hot path', async () => {
    const { journal, timers } = setup();
    const thread = new ReducingThread('t1', fakeAgent());
    journal.watch(thread);
    thread.emit(prompt('hi'));
    for (let i = 0; i < 100; i++) thread.emit(chunk(`${i} `));
    expect(timers).toHaveLength(1);
    timers.shift()!();
    await journal.flushAll();
    const back = await journal.load('t1');
    expect(back?.state.entries).toEqual(thread.state.entries);
  });

  it('a torn tail is skipped with a note, and the next write rewrites the file whole', async () => {
    const { journal, logs } = setup();
    const thread = new ReducingThread('t2', fakeAgent());
    journal.watch(thread);
    thread.emit(prompt('hi'));
    await journal.flushAll();
    journal.dispose();
    appendFileSync(journal.fileOf('t2'), '{"e":{"kind":"agent","id":"e2","par');

    const decoded = (await journal.load('t2'))!;
    expect(logs.join('\n')).toMatch(/cut off/);
    const restored = new ReducingThread('t2', fakeAgent());
    restored.state = decoded.state;
    journal.watch(restored, decoded);
    restored.emit(chunk('after the reload'));
    await journal.flushAll();
    const text = readFileSync(journal.fileOf('t2'), 'utf8');
    expect(text).not.toContain('"par\n');
    expect(text.endsWith('\n')).toBe(true);
    const again = (await journal.load('t2'))!;
    expect(again.notes).toEqual([]);
    // The restored chat kept the note saying what was lost.
    expect(again.state.entries.map((entry) => entry.kind)).toEqual(['user', 'notice', 'agent']);
    const notice = again.state.entries[1];
    expect(notice?.kind === 'notice' && noteWords(notice.note)).toMatch(/cut off/);
  });

  it('keeps the open chats and the shown one; ignores ids that are not file-safe', async () => {
    const { journal } = setup();
    expect(await journal.readIndex()).toEqual({ open: [], active: null });
    await journal.saveIndex({ open: ['a', '../evil', 'b'], active: 'b' });
    expect(await journal.readIndex()).toEqual({ open: ['a', 'b'], active: 'b' });
    expect(await journal.load('../evil')).toBeNull();
    expect(journal.watch(new ReducingThread('../x', fakeAgent()))).toBeDefined();
    expect(journal.watchedIds()).toEqual([]);
  });

  it('a chat nobody wrote in gets no file', async () => {
    const { journal } = setup();
    const thread = new ReducingThread('t3', fakeAgent());
    journal.watch(thread);
    thread.emit({ type: 'connection', state: { kind: 'ready' } });
    await journal.flushAll();
    expect(await journal.load('t3')).toBeNull();
  });

  it('lists every journal for the history, deletes one, and keeps the names the user gave', async () => {
    const { journal } = setup();
    for (const id of ['h1', 'h2']) {
      const thread = new ReducingThread(id, fakeAgent());
      journal.watch(thread);
      thread.emit(prompt(`question ${id}`));
    }
    await journal.flushAll();
    const all = (await journal.loadAll()).chats;
    expect(all.map(({ journal: decoded }) => decoded.header.threadId).sort()).toEqual(['h1', 'h2']);
    expect(all.every(({ modified }) => modified > 0)).toBe(true);
    await journal.unwatch('h1');
    await journal.delete('h1');
    expect((await journal.loadAll()).chats.map(({ journal: decoded }) => decoded.header.threadId)).toEqual(['h2']);
    expect(await journal.load('h1')).toBeNull();

    expect(await journal.readNames()).toEqual({});
    await journal.saveName('h2', 'Build fix');
    await journal.saveName('gemini/s9', 'x'.repeat(300));
    const names = await journal.readNames();
    expect(names.h2).toBe('Build fix');
    expect(names['gemini/s9']).toHaveLength(200);
    await journal.saveName('h2', undefined);
    expect(Object.keys(await journal.readNames())).toEqual(['gemini/s9']);
  });
});
