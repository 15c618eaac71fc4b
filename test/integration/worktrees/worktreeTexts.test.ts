// The texts a comparison shows of what a chat changed in its worktree, with real git and real files: each text
// file before and now, binary files named without texts, and the listing bounded by the copy limits.
import { unlinkSync } from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../tempDirs';
import { makeRepo, storeAt, writeFiles } from './gitFixture';

const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 1]);

describe.each(['git', 'copy'] as const)('changed texts (%s)', (kind) => {
  async function setup(files: Record<string, string | Uint8Array>, maxBytes?: number) {
    let ws: string;
    if (kind === 'git') ws = makeRepo(files);
    else {
      ws = path.join(tempDir('sb-wt-plain-'), 'ws');
      writeFiles(ws, files);
    }
    const store = storeAt({
      storageDir: tempDir('sb-wt-storage-'),
      ...(maxBytes !== undefined ? { limits: { maxBytes } } : {}),
    });
    const worktree = await store.create([ws]);
    return { store, worktree, ws, wt: worktree.folders[0]!.path };
  }

  it('gives each changed text file before and now; a binary file without texts', async () => {
    const { store, worktree, ws, wt } = await setup({ 'a.txt': 'one\ntwo\n', 'old.txt': 'bye\n', 'img.png': PNG });
    writeFiles(wt, { 'a.txt': 'one\nTWO\n', 'new.md': '# new\n', 'img.png': Uint8Array.from([...PNG, 1]) });
    unlinkSync(path.join(wt, 'old.txt'));
    const texts = [...(await store.changedTexts(worktree))].sort((x, y) => x.relPath.localeCompare(y.relPath));
    expect(texts).toEqual([
      { source: ws, relPath: 'a.txt', kind: 'modified', binary: false, before: 'one\ntwo\n', after: 'one\nTWO\n' },
      { source: ws, relPath: 'img.png', kind: 'modified', binary: true, before: null, after: null, omitted: true },
      { source: ws, relPath: 'new.md', kind: 'added', binary: false, before: null, after: '# new\n' },
      { source: ws, relPath: 'old.txt', kind: 'deleted', binary: false, before: 'bye\n', after: null },
    ]);
  });

  it('reads no more texts once the listing holds the limit of bytes: the rest are named without them', async () => {
    const big = 'x'.repeat(4000) + '\n';
    const { store, worktree, wt } = await setup({ 'a.txt': 'a\n', 'b.txt': 'b\n', 'c.txt': 'c\n' }, 5000);
    writeFiles(wt, { 'a.txt': big, 'b.txt': big, 'c.txt': big });
    const texts = [...(await store.changedTexts(worktree))].sort((x, y) => x.relPath.localeCompare(y.relPath));
    expect(texts.map((file) => [file.relPath, file.after?.length ?? null, file.omitted ?? false])).toEqual([
      ['a.txt', 4001, false],
      ['b.txt', 4001, false],
      ['c.txt', null, true],
    ]);
  });
});
