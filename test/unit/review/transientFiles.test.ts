// Files that exist only during a turn are not changes (issue #9 item 3): an atomic save's
// temporary file, a file created then deleted, a rename chain, a file changed and changed back,
// editor swap and backup files. The model decides; these tests drive it as the watcher glue does.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readDiskText } from '../../../src/review/diskText';
import { createPathFilter } from '../../../src/review/ignoreRules';
import {
  emptyReview,
  fileHunks,
  findFile,
  keepFile,
  pendingFiles,
  recordAgentChange,
  recordDiskChange,
  summarize,
  undoFile,
  type ReviewState,
} from '../../../src/review/reviewModel';

const MIB = 1024 * 1024;

describe('changes that net to nothing leave review', () => {
  it('a file created then deleted is not listed', () => {
    let state = recordAgentChange(emptyReview(), { path: '/ws/t.tmp', before: null, after: 'x\n', turn: 1 });
    expect(state.files.map((file) => file.path)).toEqual(['/ws/t.tmp']);
    state = recordAgentChange(state, { path: '/ws/t.tmp', before: 'x\n', after: null, turn: 1 });
    expect(state.files).toEqual([]);
  });

  it('a file changed and changed back is not listed, and nothing is pending', () => {
    let state = recordAgentChange(emptyReview(), { path: '/ws/a.ts', before: 'a\n', after: 'b\n', turn: 1 });
    state = recordAgentChange(state, { path: '/ws/a.ts', before: 'b\n', after: 'a\n', turn: 1 });
    expect(state.files).toEqual([]);
    expect(pendingFiles(state)).toEqual([]);
  });

  it('a file resolved before goes back to that resolution when its new changes net to nothing', () => {
    let state = recordAgentChange(emptyReview(), { path: '/ws/k.ts', before: 'a\n', after: 'b\n', turn: 1 });
    state = keepFile(state, '/ws/k.ts');
    state = recordAgentChange(state, { path: '/ws/k.ts', before: 'b\n', after: 'c\n', turn: 2 });
    expect(summarize(findFile(state, '/ws/k.ts')!).status).toBe('pending');
    state = recordAgentChange(state, { path: '/ws/k.ts', before: 'c\n', after: 'b\n', turn: 2 });
    expect(summarize(findFile(state, '/ws/k.ts')!).status).toBe('kept');

    let undone = recordAgentChange(emptyReview(), { path: '/ws/u.ts', before: 'a\n', after: 'b\n', turn: 1 });
    undone = undoFile(undone, '/ws/u.ts').state;
    undone = recordAgentChange(undone, { path: '/ws/u.ts', before: 'a\n', after: 'z\n', turn: 2 });
    undone = recordAgentChange(undone, { path: '/ws/u.ts', before: 'z\n', after: 'a\n', turn: 2 });
    expect(summarize(findFile(undone, '/ws/u.ts')!).status).toBe('undone');
  });

  it('a watcher event for a file created and already gone is no change; a never-seen deletion still is', () => {
    expect(
      recordDiskChange(emptyReview(), {
        path: '/ws/x.tmp.1',
        before: undefined,
        after: null,
        createdNow: true,
        turn: 1,
      }).files,
    ).toEqual([]);
    const deleted = recordDiskChange(emptyReview(), {
      path: '/ws/old.txt',
      before: undefined,
      after: null,
      createdNow: false,
      turn: 1,
    });
    expect(summarize(deleted.files[0]!)).toMatchObject({ path: '/ws/old.txt', status: 'unknown' });
  });

  it('a rename chain a -> b -> c lists a as deleted and c as created, never b', () => {
    let state = emptyReview();
    // Events as the watcher delivers them, each processed on what is on disk then.
    state = recordDiskChange(state, { path: '/ws/a.txt', before: 'A\n', after: null, createdNow: false, turn: 1 });
    state = recordDiskChange(state, { path: '/ws/b.txt', before: undefined, after: 'A\n', createdNow: true, turn: 1 });
    state = recordDiskChange(state, { path: '/ws/b.txt', before: 'A\n', after: null, createdNow: false, turn: 1 });
    state = recordDiskChange(state, { path: '/ws/c.txt', before: undefined, after: 'A\n', createdNow: true, turn: 1 });
    expect(state.files.map((file) => [file.path, summarize(file).deleted, summarize(file).created])).toEqual([
      ['/ws/a.txt', true, false],
      ['/ws/c.txt', false, true],
    ]);
  });

  it('editor swap, lock and backup files are ignored; ordinary names are not', () => {
    const ignored = createPathFilter({});
    for (const name of ['.notes.txt.swp', 'src/.a.ts.swo', '4913', '.#main.c', '#main.c#', 'main.c~'])
      expect(ignored(name), name).toBe(true);
    for (const name of ['notes.txt', 'swp', 'a~b.txt', 'x.swp.ts', '#tag', '49130'])
      expect(ignored(name), name).toBe(false);
  });
});

/**
 * What src/vscode/review/diskChanges.ts does with the watcher's events: per path, whether a create
 * was reported since it was last processed, then the text on disk now and the text seen before.
 */
class WatcherGlue {
  state: ReviewState = emptyReview();
  private readonly created = new Set<string>();
  private readonly queued = new Set<string>();
  private readonly seen = new Map<string, string>();

  constructor(seenBefore: Record<string, string>) {
    for (const [file, text] of Object.entries(seenBefore)) this.seen.set(file, text);
  }

  event(filePath: string, kind: 'create' | 'change' | 'delete'): void {
    if (kind === 'create') this.created.add(filePath);
    this.queued.add(filePath);
  }

  async settle(): Promise<void> {
    for (const filePath of [...this.queued]) {
      this.queued.delete(filePath);
      const createdNow = this.created.delete(filePath);
      const after = await readDiskText(filePath, MIB);
      if (after === undefined) continue;
      const tracked = findFile(this.state, filePath);
      if (tracked && tracked.current === after) continue;
      const before = tracked ? tracked.current : this.seen.get(filePath);
      if (after === null) this.seen.delete(filePath);
      else this.seen.set(filePath, after);
      this.state = recordDiskChange(this.state, { path: filePath, before, after, createdNow, turn: 1 });
    }
  }
}

describe('an atomic save with real files on disk', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'sb-atomic-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  /** A real child process saves like write-file-atomic: hello.txt.tmp.<pid>.<n>, then rename over hello.txt. */
  function atomicSave(target: string, text: string, steps: ((tmp: string) => void) | undefined): string {
    const script = `
      const fs = require('node:fs');
      const [target, text] = process.argv.slice(1);
      const tmp = target + '.tmp.' + process.pid + '.0';
      fs.writeFileSync(tmp, text);
      process.stdout.write(tmp);
      if (process.env.PAUSE) require('node:child_process').execSync('sleep 0.05');
      fs.renameSync(tmp, target);`;
    const child = spawnSync(process.execPath, ['-e', script, target, text], { encoding: 'utf8' });
    expect(child.status).toBe(0);
    steps?.(child.stdout);
    return child.stdout;
  }

  for (const timing of ['coalesced', 'one by one'] as const) {
    it(`lists only hello.txt, with its real diff, when the events are processed ${timing}`, async () => {
      const hello = join(dir, 'hello.txt');
      writeFileSync(hello, 'hello\n');
      const glue = new WatcherGlue({ [hello]: 'hello\n' });
      if (timing === 'coalesced') {
        const tmp = atomicSave(hello, 'hi\n', undefined);
        glue.event(tmp, 'create');
        glue.event(tmp, 'change');
        glue.event(tmp, 'delete');
        glue.event(hello, 'change');
        await glue.settle();
      } else {
        // The agent is slow: the temporary file is seen with its content before the rename.
        const tmp = join(dir, `hello.txt.tmp.${process.pid}.7`);
        writeFileSync(tmp, 'hi\n');
        glue.event(tmp, 'create');
        await glue.settle();
        expect(glue.state.files.map((file) => file.path)).toEqual([tmp]);
        const { renameSync } = await import('node:fs');
        renameSync(tmp, hello);
        glue.event(tmp, 'delete');
        glue.event(hello, 'change');
        await glue.settle();
      }
      expect(readdirSync(dir)).toEqual(['hello.txt']);
      expect(glue.state.files.map((file) => file.path)).toEqual([hello]);
      const summary = summarize(glue.state.files[0]!);
      expect(summary).toMatchObject({ status: 'pending', added: 1, removed: 1, created: false, deleted: false });
      expect(fileHunks(glue.state.files[0]!)).toMatchObject([{ baseLines: ['hello\n'], currentLines: ['hi\n'] }]);
      expect(pendingFiles(glue.state).map((file) => file.path)).toEqual([hello]);
    });
  }

  it('an atomic save that writes the same text back leaves nothing to review', async () => {
    const hello = join(dir, 'hello.txt');
    writeFileSync(hello, 'same\n');
    const glue = new WatcherGlue({ [hello]: 'same\n' });
    const tmp = atomicSave(hello, 'same\n', undefined);
    glue.event(tmp, 'create');
    glue.event(tmp, 'delete');
    glue.event(hello, 'change');
    await glue.settle();
    expect(existsSync(tmp)).toBe(false);
    expect(glue.state.files).toEqual([]);
  });
});
