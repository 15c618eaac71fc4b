// Which paths review ignores (src/review/ignoreRules.ts), at the edges the main test leaves open
// (mutation testing): editor noise, slashes, disabled globs, nested .gitignore folders.
import { describe, expect, it } from 'vitest';
import { createPathFilter } from '../../../src/review/ignoreRules';

describe('createPathFilter edges', () => {
  it('ignores editors’ swap, lock and backup files by name, and nothing else like them', () => {
    const isIgnored = createPathFilter({});
    for (const noise of ['src/.a.ts.swp', '.x.swa', 'dir/4913', '.#notes.md', 'src/#draft.ts#', 'main.c~'])
      expect(isIgnored(noise), noise).toBe(true);
    for (const work of ['src/a.swp.ts', '49130', 'a#b.ts', '#', '~', 'notes.md', 'a.ts'])
      expect(isIgnored(work), work).toBe(false);
  });

  it('the workspace root itself and paths with outer slashes or backslashes', () => {
    const isIgnored = createPathFilter({});
    expect(isIgnored('')).toBe(true);
    expect(isIgnored('/')).toBe(true);
    expect(isIgnored('//')).toBe(true);
    expect(isIgnored('/src/a.ts/')).toBe(false);
    expect(isIgnored('src\\node_modules\\x.js')).toBe(true);
    expect(isIgnored('..\\up.ts')).toBe(true);
    expect(isIgnored('node_modules_extra/x.js')).toBe(false);
  });

  it('a files.exclude glob set to false or null is off; a `when` object counts as on', () => {
    const isIgnored = createPathFilter({
      filesExclude: { 'off/**': false, 'nil/**': null, '**/*.js': { when: '$(basename).ts' }, out: true },
    });
    expect(isIgnored('off/a.ts')).toBe(false);
    expect(isIgnored('nil/a.ts')).toBe(false);
    expect(isIgnored('src/a.js')).toBe(true);
    // A folder glob excludes everything below it, however deep.
    expect(isIgnored('out')).toBe(true);
    expect(isIgnored('out/a/b/c.ts')).toBe(true);
    expect(isIgnored('src/out.ts')).toBe(false);
    // Dot files match globs too.
    expect(createPathFilter({ filesExclude: { '**/*.env': true } })('.cfg/.env')).toBe(true);
  });

  it('a nested .gitignore applies below its own folder only, whatever slashes its folder has', () => {
    const isIgnored = createPathFilter({ gitignores: [{ dir: '/pkg/', content: 'gen.ts\n/root-only.ts\n' }] });
    expect(isIgnored('pkg/gen.ts')).toBe(true);
    expect(isIgnored('pkg/deep/gen.ts')).toBe(true);
    expect(isIgnored('pkg/root-only.ts')).toBe(true);
    expect(isIgnored('pkg/deep/root-only.ts')).toBe(false);
    expect(isIgnored('pkgx/gen.ts')).toBe(false);
    expect(isIgnored('gen.ts')).toBe(false);
    expect(createPathFilter({ gitignores: [{ dir: 'pkg//', content: 'gen.ts\n' }] })('pkg/gen.ts')).toBe(true);
    expect(createPathFilter({ gitignores: [{ dir: '//pkg', content: 'gen.ts\n' }] })('pkg/gen.ts')).toBe(true);
  });
});
