import { describe, expect, it } from 'vitest';
import { createPathFilter } from '../../../src/review/ignoreRules';
import { looksBinary, TurnBudget } from '../../../src/review/budget';

describe('ignore rules', () => {
  const isIgnored = createPathFilter({
    filesExclude: { '**/.DS_Store': true, '**/dist': true, '**/*.log': false },
    gitignores: [
      { dir: '', content: 'build/\n*.tmp\n!keep.tmp\n' },
      { dir: 'pkg', content: 'generated.ts\n' },
    ],
  });

  it('always ignores node_modules and .git, at any depth', () => {
    expect(isIgnored('node_modules/left-pad/index.js')).toBe(true);
    expect(isIgnored('packages/a/node_modules/x.js')).toBe(true);
    expect(isIgnored('.git/HEAD')).toBe(true);
  });

  it('honours enabled files.exclude globs, including everything below an excluded folder', () => {
    expect(isIgnored('a/.DS_Store')).toBe(true);
    expect(isIgnored('dist/extension.js')).toBe(true);
    expect(isIgnored('server.log')).toBe(false);
  });

  it('honours .gitignore files, with negation and nested folders', () => {
    expect(isIgnored('build/out.js')).toBe(true);
    expect(isIgnored('x.tmp')).toBe(true);
    expect(isIgnored('keep.tmp')).toBe(false);
    expect(isIgnored('pkg/generated.ts')).toBe(true);
    expect(isIgnored('generated.ts')).toBe(false);
  });

  it('keeps ordinary files and rejects paths outside the folder', () => {
    expect(isIgnored('src/index.ts')).toBe(false);
    expect(isIgnored('src\\win.ts')).toBe(false);
    expect(isIgnored('../outside.ts')).toBe(true);
  });
});

describe('turn budget', () => {
  it('stops tracking new files past the file and byte limits, but keeps tracked ones', () => {
    const budget = new TurnBudget({ maxFiles: 2, maxBytes: 100, maxFileBytes: 60 });
    expect(budget.admit('a', 50)).toBe('tracked');
    expect(budget.admit('big', 61)).toBe('fileTooLarge');
    expect(budget.admit('b', 51)).toBe('tooManyBytes');
    expect(budget.admit('b', 10)).toBe('tracked');
    expect(budget.admit('c', 1)).toBe('tooManyFiles');
    expect(budget.admit('a', 50)).toBe('tracked');
    expect(budget.skipped).toBe(3);
    expect(budget.trackedCount).toBe(2);
  });

  it('spots binary content by a NUL byte', () => {
    expect(looksBinary(new Uint8Array([104, 105, 0, 1]))).toBe(true);
    expect(looksBinary(new TextEncoder().encode('plain text'))).toBe(false);
  });
});
