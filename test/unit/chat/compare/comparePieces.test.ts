// The small pure parts of a comparison: the work clock, the test command a project suggests, the record kept across
// a reload (read back checked), the changed files as the view lists them, and the page's messages as the host takes
// them.
import { describe, expect, it } from 'vitest';
import { compareFiles, MAX_DIFFED_FILES, type ChangedFileTexts } from '../../../../src/chat/compare/compareFiles';
import { checkedCompareMessage } from '../../../../src/chat/compare/compareMessages';
import {
  closedColumn,
  MAX_KEPT_COMPARISONS,
  readComparisons,
  withRecord,
} from '../../../../src/chat/compare/comparisonRecord';
import { suggestTestCommand } from '../../../../src/chat/compare/testCommand';
import { WorkClock } from '../../../../src/chat/compare/workClock';
import { MAX_COMPARE_FILES } from '../../../../src/shared/compare';

describe('the work clock', () => {
  it('adds up the turns, not the time idle between them', () => {
    const clock = new WorkClock(1000);
    clock.observe(true, 10_000);
    clock.observe(true, 12_000); // the same answer again changes nothing
    expect(clock.runningSince).toBe(10_000);
    clock.observe(false, 15_000);
    expect(clock.finishedMs).toBe(6000);
    clock.observe(false, 60_000);
    clock.observe(true, 100_000);
    clock.observe(false, 100_500);
    expect(clock.finishedMs).toBe(6500);
    expect(clock.runningSince).toBeUndefined();
  });
});

describe('the test command a project suggests', () => {
  const names = (...list: string[]) => new Set(list);
  it('reads package.json and the lock file', () => {
    const pkg = JSON.stringify({ scripts: { test: 'vitest run' } });
    expect(suggestTestCommand({ packageJson: pkg, names: names('package.json') })).toBe('npm test');
    expect(suggestTestCommand({ packageJson: pkg, names: names('package.json', 'pnpm-lock.yaml') })).toBe('pnpm test');
    expect(suggestTestCommand({ packageJson: pkg, names: names('package.json', 'yarn.lock') })).toBe('yarn test');
  });
  it("skips npm init's placeholder and broken JSON, then looks at other projects' files", () => {
    const placeholder = JSON.stringify({ scripts: { test: 'echo "Error: no test specified" && exit 1' } });
    expect(suggestTestCommand({ packageJson: placeholder, names: names('package.json') })).toBeNull();
    expect(suggestTestCommand({ packageJson: '{', names: names('package.json', 'Cargo.toml') })).toBe('cargo test');
    expect(suggestTestCommand({ names: names('go.mod') })).toBe('go test ./...');
    expect(suggestTestCommand({ makefile: 'build:\n\tcc x.c\ntest: build\n\t./t\n', names: names('Makefile') })).toBe(
      'make test',
    );
    expect(suggestTestCommand({ makefile: 'build:\n', names: names('Makefile') })).toBeNull();
    expect(suggestTestCommand({ names: names('pyproject.toml') })).toBe('pytest');
    expect(suggestTestCommand({ names: names('README.md') })).toBeNull();
  });
});

describe('the comparison record kept across a reload', () => {
  const record = (id: string) => ({
    id,
    prompt: 'Add a test',
    context: ['a.ts'],
    createdAt: 1,
    columns: [{ threadId: 't1', agentId: 'demo', agentName: 'Demo', worktreeFolder: '/w/1', elapsedMs: 5 }],
  });
  it('reads back what was stored, and drops what is not a record', () => {
    const run = { state: 'passed', command: 'npm test', startedAt: 2, durationMs: 3, tail: 'ok', exitCode: 0 };
    const stored = [
      record('a'),
      { ...record('b'), columns: [{ ...record('b').columns[0], tests: run }] },
      42,
      { id: 7 },
    ];
    const read = readComparisons(JSON.parse(JSON.stringify(stored)));
    expect(read.map((r) => r.id)).toEqual(['a', 'b']);
    expect(read[1]!.columns[0]!.tests).toEqual(run);
    expect(readComparisons('nonsense')).toEqual([]);
    // A column without its thread id makes the record unusable: it is dropped whole, not half shown.
    expect(readComparisons([{ ...record('c'), columns: [{ agentId: 'x' }] }])).toEqual([]);
    // A running test is never restored as running (nothing runs it after a reload).
    const running = { ...run, state: 'running' };
    expect(
      readComparisons([{ ...record('d'), columns: [{ ...record('d').columns[0], tests: running }] }])[0]!.columns[0]!
        .tests,
    ).toBeUndefined();
  });
  it("keeps what a closed chat's column showed, bounded, and reads it back", () => {
    const closed = closedColumn(
      { answer: 'Quick one', toolCallCount: 2, usage: { totalTokens: 1200, cost: { amount: 0.01, currency: 'USD' } } },
      [{ path: 'src/a.js', kind: 'added', binary: false, diff: { hunks: [], added: 1, removed: 0 } }],
    );
    expect(closed.files).toEqual([{ path: 'src/a.js', kind: 'added', binary: false }]);
    const stored = [{ ...record('e'), columns: [{ ...record('e').columns[0], closed }] }];
    expect(readComparisons(JSON.parse(JSON.stringify(stored)))[0]!.columns[0]!.closed).toEqual(closed);
    const bad = { ...closed, files: [{ path: 'x', kind: 'renamed', binary: false }], usage: { used: 'lots' } };
    const read = readComparisons([{ ...record('f'), columns: [{ ...record('f').columns[0], closed: bad }] }]);
    expect(read[0]!.columns[0]!.closed).toEqual({ ...closed, files: [], usage: {} });
  });

  it('keeps the newest comparisons, a changed one replacing its older self', () => {
    let records = Array.from({ length: MAX_KEPT_COMPARISONS }, (_, n) => record(`r${n}`));
    records = withRecord(records, { ...record('r3'), prompt: 'changed' });
    expect(records).toHaveLength(MAX_KEPT_COMPARISONS);
    expect(records.at(-1)).toMatchObject({ id: 'r3', prompt: 'changed' });
    records = withRecord(records, record('new'));
    expect(records).toHaveLength(MAX_KEPT_COMPARISONS);
    expect(records[0]!.id).toBe('r1');
  });
});

describe('the changed files as the view lists them', () => {
  const change = (relPath: string, before: string | null, after: string | null): ChangedFileTexts => ({
    source: '/ws',
    relPath,
    kind: before === null ? 'added' : after === null ? 'deleted' : 'modified',
    binary: false,
    before,
    after,
  });
  it('sorted by path, each with its hunks and counts; a binary file by name only', () => {
    const files = compareFiles(
      [
        change('b.ts', 'one\ntwo\n', 'one\nTWO\n'),
        change('a.ts', null, 'new\n'),
        change('gone.ts', 'x\ny\n', null),
        { ...change('img.png', null, null), kind: 'modified', binary: true, omitted: true },
      ],
      new Map(),
    );
    expect(files.map((file) => [file.path, file.kind, file.diff?.added, file.diff?.removed])).toEqual([
      ['a.ts', 'added', 1, 0],
      ['b.ts', 'modified', 1, 1],
      ['gone.ts', 'deleted', 0, 2],
      ['img.png', 'modified', undefined, undefined],
    ]);
  });
  it('names the folder in a multi-root workspace, and bounds the list and the diffs', () => {
    const many = Array.from({ length: MAX_COMPARE_FILES + 5 }, (_, n) =>
      change(`f${String(n).padStart(4, '0')}`, 'a\n', 'b\n'),
    );
    const files = compareFiles(many, new Map([['/ws', 'api']]));
    expect(files).toHaveLength(MAX_COMPARE_FILES);
    expect(files[0]!.path).toBe('api/f0000');
    expect(files.filter((file) => file.diff).length).toBe(MAX_DIFFED_FILES);
  });
});

describe("the page's messages as the host takes them", () => {
  it('takes well-formed ones and drops the rest', () => {
    expect(checkedCompareMessage({ type: 'compareTake', threadId: 't1' })).toEqual({
      type: 'compareTake',
      threadId: 't1',
    });
    expect(checkedCompareMessage({ type: 'compareRunTests' })).toEqual({ type: 'compareRunTests' });
    expect(checkedCompareMessage({ type: 'compareFollowUp', text: 'more', threadId: 't2', extra: 1 })).toEqual({
      type: 'compareFollowUp',
      text: 'more',
      threadId: 't2',
    });
    expect(checkedCompareMessage({ type: 'compareTake' })).toBeUndefined();
    expect(checkedCompareMessage({ type: 'compareFollowUp', text: '   ' })).toBeUndefined();
    expect(checkedCompareMessage({ type: 'compareFollowUp', text: 'x'.repeat(300 * 1024) })).toBeUndefined();
    expect(checkedCompareMessage({ type: 'compareOpenDiff', threadId: 't1', path: 5 })).toBeUndefined();
    expect(checkedCompareMessage({ type: 'somethingElse' })).toBeUndefined();
    expect(checkedCompareMessage(null)).toBeUndefined();
  });
});
