// Figure 10: chats in their own worktree (src/worktrees/), each against git doing the same by hand.
//   worktree_create       WorktreeStore.create of a generated 10,000-file repository with uncommitted changes
//                         (staged, unstaged, untracked, deleted), against `git worktree add` + `git diff HEAD
//                         --binary | git apply` + copying the untracked files: the same copy, made by hand.
//   worktree_bring_back   WorktreeStore.bringBack of 100 files the chat changed (20 of them also changed by the
//                         user elsewhere, so merged three ways), against `git add -A` + `git diff --binary <start>`
//                         in the copy piped to `git apply` in the workspace. Bring back returns the merged texts
//                         (the editor writes them); the baseline also writes its files: it does slightly more.
// Repetitions are interleaved, the median is the figure. `--quick`: 1,000 files, 20 changed, one repetition.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { cleanGitEnv } from '../../src/worktrees/gitRunner';
import { WorktreeStore } from '../../src/worktrees/worktreeStore';
import { isQuick, median, report, round, type Figure } from '../lib/figure';

const IDENTITY = { GIT_AUTHOR_NAME: 'b', GIT_AUTHOR_EMAIL: 'b@b', GIT_COMMITTER_NAME: 'b', GIT_COMMITTER_EMAIL: 'b@b' };

function git(cwd: string, args: string[], input?: string | Buffer): Buffer {
  try {
    return execFileSync('git', ['-c', 'init.defaultBranch=main', '-c', 'gc.auto=0', ...args], {
      cwd,
      env: cleanGitEnv(IDENTITY),
      input,
      maxBuffer: 512 * 1024 * 1024,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
  } catch (error) {
    const stderr = (error as { stderr?: Buffer }).stderr?.toString('utf8').trim();
    throw new Error(`git ${args.join(' ')} failed in ${cwd}: ${stderr || String(error)}`, { cause: error });
  }
}

function write(file: string, text: string): void {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, text);
}

/** A source-like file of about 1.5 KB. */
function fileText(n: number, variant = ''): string {
  return Array.from({ length: 40 }, (_, line) => `export const value_${n}_${line} = ${line * n}; // ${variant}\n`).join(
    '',
  );
}

function makeRepo(root: string, files: number): string {
  const repo = join(root, 'repo');
  mkdirSync(repo);
  git(repo, ['init', '-q']);
  for (let n = 0; n < files; n++) write(join(repo, `dir${n % 100}`, `file${n}.ts`), fileText(n));
  git(repo, ['add', '-A']);
  git(repo, ['commit', '-q', '-m', 'generated']);
  // A real repository is packed; 10,000 loose objects would measure the file system instead.
  git(repo, ['gc', '-q']);
  // Uncommitted changes of every kind: 20 staged, 30 unstaged, 20 untracked, 10 deleted.
  for (let n = 0; n < 50; n++) write(join(repo, `dir${n % 100}`, `file${n}.ts`), fileText(n, 'changed'));
  for (let n = 0; n < 20; n++) git(repo, ['add', `dir${n % 100}/file${n}.ts`]);
  for (let n = 0; n < 20; n++) write(join(repo, 'untracked', `new${n}.ts`), fileText(n, 'new'));
  for (let n = 50; n < 60; n++) unlinkSync(join(repo, `dir${n % 100}`, `file${n}.ts`));
  return repo;
}

function timed<T>(run: () => T): [number, T] {
  const t0 = performance.now();
  const value = run();
  return [performance.now() - t0, value];
}

async function timedAsync<T>(run: () => Promise<T>): Promise<[number, T]> {
  const t0 = performance.now();
  const value = await run();
  return [performance.now() - t0, value];
}

/** The same copy by hand: a linked worktree, the uncommitted diff applied, the untracked files copied. */
function createByHand(repo: string, target: string): void {
  git(repo, ['worktree', 'add', '-q', '--detach', target, 'HEAD']);
  const patch = git(repo, ['diff', 'HEAD', '--binary']);
  if (patch.length > 0) git(target, ['apply', '--binary'], patch);
  const untracked = git(repo, ['ls-files', '-z', '--others', '--exclude-standard']).toString('utf8').split('\0');
  for (const rel of untracked.filter(Boolean)) cpSync(join(repo, rel), join(target, rel));
}

async function main(): Promise<void> {
  const quick = isQuick();
  const files = quick ? 1000 : 10_000;
  const changed = quick ? 20 : 100;
  const reps = quick ? 1 : 5;
  const root = mkdtempSync(join(tmpdir(), 'sb-bench-wt-'));
  try {
    const repo = makeRepo(root, files);
    const store = new WorktreeStore({ storageDir: join(root, 'storage') });
    const ours: number[] = [];
    const theirs: number[] = [];
    for (let r = 0; r < reps; r++) {
      const [ms, worktree] = await timedAsync(() => store.create([repo]));
      ours.push(ms);
      await store.discard(worktree);
      const target = join(root, `by-hand-${r}`);
      theirs.push(timed(() => createByHand(repo, target))[0]);
      git(repo, ['worktree', 'remove', '--force', target]);
    }
    const create = figure(
      'worktree_create',
      ours,
      theirs,
      2,
      `${files} files, 80 uncommitted changes, median of ${reps}`,
    );

    // Bring back: the chat changed `changed` files (line 3); the user changed 20 of them (line 30).
    const worktree = await store.create([repo]);
    const copy = worktree.folders[0]!.path;
    for (let n = 100; n < 100 + changed; n++) {
      const file = join(copy, `dir${n % 100}`, `file${n}.ts`);
      write(file, readFileSync(file, 'utf8').replace(`value_${n}_2 =`, `value_${n}_2 /* the chat */ =`));
    }
    const userEdits = Math.min(20, changed);
    for (let n = 100; n < 100 + userEdits; n++) {
      const file = join(repo, `dir${n % 100}`, `file${n}.ts`);
      write(file, readFileSync(file, 'utf8').replace(`value_${n}_29 =`, `value_${n}_29 /* the user */ =`));
    }
    const current = async (target: string) => readFileSync(target, 'utf8');
    const bringOurs: number[] = [];
    const bringTheirs: number[] = [];
    for (let r = 0; r < reps; r++) {
      const [ms, merged] = await timedAsync(() => store.bringBack(worktree, current));
      if (merged.length !== changed || merged.some((m) => m.conflicts > 0)) throw new Error('unexpected Bring back');
      bringOurs.push(ms);
      const [handMs] = timed(() => {
        git(copy, ['add', '-A']);
        const patch = git(copy, ['diff', '--cached', '--binary', worktree.folders[0]!.start]);
        git(repo, ['apply', '--binary'], patch);
      });
      bringTheirs.push(handMs);
      // Back to the state before (not timed): the chat's lines out of the workspace, the copy's index as it was.
      git(repo, ['apply', '--binary', '-R'], git(copy, ['diff', '--cached', '--binary', worktree.folders[0]!.start]));
      git(copy, ['reset', '-q']);
    }
    const bring = figure(
      'worktree_bring_back',
      bringOurs,
      bringTheirs,
      2,
      `${changed} changed files (${userEdits} also changed by the user elsewhere) in a ${files}-file repository, median of ${reps}`,
    );
    report([create, bring]);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

function figure(name: string, ours: number[], byHand: number[], target: number, note: string): Figure {
  const [value, baseline] = [median(ours), median(byHand)];
  return {
    name,
    value: round(value, 1),
    unit: 'ms',
    baseline: round(baseline, 1),
    ratio: round(value / baseline, 2),
    target: `<= ${target}x git by hand`,
    met: value / baseline <= target,
    note,
  };
}

void main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.stdout.write(`BENCH_PROBLEM ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
