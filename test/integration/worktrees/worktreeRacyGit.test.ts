// A file rewritten at the same size within the second git recorded it is told from git's stat cache only by
// the index file's own time ("racily clean": git rehashes entries not older than its index). A copy of an
// index that takes the time it was copied loses that, and git trusts the stale entry: the worktree started
// from the user's staged text instead of the file on disk, or a chat's edit went missing from Bring back.
// These tests make that second happen on purpose: the rewrite lands in the recorded second, the copy in a
// later one. (A git built to compare nanoseconds tells the files apart anyway; these tests then pass plainly.)
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../tempDirs';
import { git, makeRepo, storeAt } from './gitFixture';

const BEFORE = 'line 1\nline 2\nline 3\n';
const AFTER = 'line 1\nchat 2\nline 3\n';
const TRIES = 5;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits for a second of the wall clock to begin: what follows then has most of that second to itself. */
async function secondStart(): Promise<void> {
  await sleep(1000 - (Date.now() % 1000) + 5);
}

/** Waits until the clock is past the second of this file time (seconds since the epoch). */
async function pastSecond(seconds: number): Promise<void> {
  const wait = (seconds + 1) * 1000 - Date.now() + 20;
  if (wait > 0) await sleep(wait);
}

/** The seconds git's index records for a file: its change time. */
function recordedCtime(repo: string, rel: string): number {
  const match = /ctime: (\d+):/.exec(git(repo, 'ls-files', '--debug', '--', rel));
  if (!match) throw new Error(`no index entry for ${rel} in ${repo}`);
  return Number(match[1]);
}

const ctimeSeconds = (file: string) => Math.floor(statSync(file).ctimeMs / 1000);

/**
 * Runs `attempt` until its rewrite lands in the second its index entry was recorded in (it returns that
 * second, or null where the clock moved on first): a loaded machine may need another try.
 */
async function inRecordedSecond(attempt: () => Promise<number | null>): Promise<number> {
  for (let n = 0; n < TRIES; n++) {
    await secondStart();
    const second = await attempt();
    if (second !== null) return second;
  }
  throw new Error(`the rewrite never landed in the second the index recorded (${TRIES} tries)`);
}

describe('a same-size rewrite in the second git recorded the file (racily clean)', () => {
  it("the worktree holds the user's file on disk, not the text staged the same second before", async () => {
    const ws = makeRepo({ 'a.txt': 'committed text\n' });
    const file = path.join(ws, 'a.txt');
    const second = await inRecordedSecond(async () => {
      writeFileSync(file, BEFORE);
      git(ws, 'add', 'a.txt');
      writeFileSync(file, AFTER);
      const recorded = recordedCtime(ws, 'a.txt');
      return ctimeSeconds(file) === recorded ? recorded : null;
    });
    await pastSecond(second);
    const store = storeAt({ storageDir: tempDir('sb-wt-storage-') });
    const worktree = await store.create([ws]);
    expect(readFileSync(path.join(worktree.folders[0]!.path, 'a.txt'), 'utf8')).toBe(AFTER);
  });

  it("Bring back and the changes list see the chat's rewrite made in the second the worktree was checked out", async () => {
    const ws = makeRepo({ 'a.txt': BEFORE, 'b.txt': 'other\n' });
    const store = storeAt({ storageDir: tempDir('sb-wt-storage-') });
    let worktree = await store.create([ws]);
    const second = await inRecordedSecond(async () => {
      await store.discard(worktree);
      worktree = await store.create([ws]);
      const wt = worktree.folders[0]!.path;
      writeFileSync(path.join(wt, 'a.txt'), AFTER);
      const recorded = recordedCtime(wt, 'a.txt');
      return ctimeSeconds(path.join(wt, 'a.txt')) === recorded ? recorded : null;
    });
    await pastSecond(second);
    expect(await store.changes(worktree)).toEqual([{ source: ws, relPath: 'a.txt', kind: 'modified', binary: false }]);
    const [merged] = await store.bringBack(worktree, async (target) => readFileSync(target, 'utf8'));
    expect(merged).toMatchObject({ target: path.join(ws, 'a.txt'), merged: AFTER, conflicts: 0 });
  });
});
