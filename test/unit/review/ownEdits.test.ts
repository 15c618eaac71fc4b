// Switchboard's own edits (src/review/ownEdits.ts): while one runs, the editor's change events for that file are
// not the user's; a text we wrote to disk is recognised once when its (possibly late) watcher event comes. Written
// from a mutation run over src/review, which found the whole file untested.
import { describe, expect, it } from 'vitest';
import { OwnEdits } from '../../../src/review/ownEdits';

/** A promise the test settles. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

describe('OwnEdits.run', () => {
  it('marks the file (by its resolved path) busy while the work runs, and gives back its result', async () => {
    const own = new OwnEdits();
    const work = deferred<string>();
    const running = own.run('/ws/dir/../a.txt', () => work.promise);
    expect(own.isBusy('/ws/a.txt')).toBe(true);
    expect(own.isBusy('/ws/./a.txt')).toBe(true);
    expect(own.isBusy('/ws/b.txt')).toBe(false);
    work.resolve('done');
    expect(await running).toBe('done');
    expect(own.isBusy('/ws/a.txt')).toBe(false);
  });

  it('stays busy until the last of several overlapping edits of the file ends', async () => {
    const own = new OwnEdits();
    const first = deferred<void>();
    const second = deferred<void>();
    const third = deferred<void>();
    const runs = [first, second, third].map((work) => own.run('/ws/a.txt', () => work.promise));
    first.resolve();
    await runs[0];
    expect(own.isBusy('/ws/a.txt')).toBe(true);
    third.resolve();
    await runs[2];
    expect(own.isBusy('/ws/a.txt')).toBe(true);
    second.resolve();
    await runs[1];
    expect(own.isBusy('/ws/a.txt')).toBe(false);
  });

  it('a failed edit ends too: its error reaches the caller and the file is no longer busy', async () => {
    const own = new OwnEdits();
    await expect(own.run('/ws/a.txt', () => Promise.reject(new Error('refused')))).rejects.toThrow('refused');
    expect(own.isBusy('/ws/a.txt')).toBe(false);
    // The count starts again from nothing: one more edit is busy while it runs, then not.
    const work = deferred<void>();
    const running = own.run('/ws/a.txt', () => work.promise);
    expect(own.isBusy('/ws/a.txt')).toBe(true);
    work.resolve();
    await running;
    expect(own.isBusy('/ws/a.txt')).toBe(false);
  });
});

describe('OwnEdits: texts written to disk', () => {
  it('recognises each written text once, by file, in any order; anything else is not ours', () => {
    const own = new OwnEdits();
    own.noteWritten('/ws/a.txt', 'one');
    own.noteWritten('/ws/./a.txt', 'two');
    own.noteWritten('/ws/gone.txt', null); // a deletion
    expect(own.isOwnDiskText('/ws/b.txt', 'one')).toBe(false);
    expect(own.isOwnDiskText('/ws/a.txt', 'three')).toBe(false);
    expect(own.isOwnDiskText('/ws/a.txt', 'two')).toBe(true);
    expect(own.isOwnDiskText('/ws/a.txt', 'two')).toBe(false);
    expect(own.isOwnDiskText('/ws/a.txt', 'one')).toBe(true);
    expect(own.isOwnDiskText('/ws/a.txt', 'one')).toBe(false);
    expect(own.isOwnDiskText('/ws/gone.txt', 'one')).toBe(false);
    expect(own.isOwnDiskText('/ws/gone.txt', null)).toBe(true);
    expect(own.isOwnDiskText('/ws/gone.txt', null)).toBe(false);
  });

  it('the same text written twice is recognised twice', () => {
    const own = new OwnEdits();
    own.noteWritten('/ws/a.txt', 'same');
    own.noteWritten('/ws/a.txt', 'same');
    expect(own.isOwnDiskText('/ws/a.txt', 'same')).toBe(true);
    expect(own.isOwnDiskText('/ws/a.txt', 'same')).toBe(true);
    expect(own.isOwnDiskText('/ws/a.txt', 'same')).toBe(false);
  });

  it('keeps the newest five texts of a file: a sixth write forgets the oldest', () => {
    const own = new OwnEdits();
    for (const text of ['t1', 't2', 't3', 't4', 't5', 't6']) own.noteWritten('/ws/a.txt', text);
    own.noteWritten('/ws/b.txt', 'b1');
    expect(own.isOwnDiskText('/ws/a.txt', 't1')).toBe(false);
    for (const text of ['t2', 't3', 't4', 't5', 't6']) expect(own.isOwnDiskText('/ws/a.txt', text)).toBe(true);
    expect(own.isOwnDiskText('/ws/b.txt', 'b1')).toBe(true);
  });
});
