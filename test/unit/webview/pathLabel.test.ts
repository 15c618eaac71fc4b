import { describe, expect, it } from 'vitest';
import { PathLabels, shortPath } from '../../../webview/render/pathLabel';

describe('shortPath', () => {
  it('keeps the last segments of a long path and leaves a short one alone', () => {
    expect(shortPath('/home/you/projects/app/src/main.ts')).toBe('…/app/src/main.ts');
    expect(shortPath('/home/you/projects/app/src', 2)).toBe('…/app/src');
    expect(shortPath('src/main.ts')).toBe('src/main.ts');
  });
});

describe('PathLabels', () => {
  it('labels a path inside the one workspace folder relative to it, and anything else by its last segments', () => {
    const paths = new PathLabels();
    expect(paths.set([{ name: 'app', path: '/home/you/app' }])).toBe(true);
    expect(paths.label('/home/you/app/src/main.ts')).toBe('src/main.ts');
    expect(paths.label('/home/you/app/a/b/c/d/e.ts')).toBe('a/b/c/d/e.ts');
    // A sibling whose name starts the same is not inside it.
    expect(paths.label('/home/you/app-old/src/main.ts')).toBe('…/app-old/src/main.ts');
    expect(paths.label('/etc/hosts')).toBe('/etc/hosts');
    expect(paths.relative('/home/you/app')).toBe('');
    // The folder itself (OpenCode's shell card names the directory it ran in) by its name.
    expect(paths.label('/home/you/app')).toBe('app');
    expect(paths.label('/home/you/app/')).toBe('app');
    expect(paths.relative('/home/you')).toBeNull();
    // A relative path an agent sent is not guessed at.
    expect(paths.label('src/main.ts')).toBe('src/main.ts');
  });

  it('names the folder first with several, and the innermost folder wins when they nest', () => {
    const paths = new PathLabels();
    paths.set([
      { name: 'mono', path: '/w' },
      { name: 'api', path: '/w/packages/api/' },
    ]);
    expect(paths.label('/w/packages/api/src/app.ts')).toBe('api/src/app.ts');
    expect(paths.label('/w/README.md')).toBe('mono/README.md');
    expect(paths.relative('/w/packages/api')).toBe('api');
  });

  it('compares Windows paths without regard to case or slash direction', () => {
    const paths = new PathLabels();
    paths.set([{ name: 'app', path: 'C:\\Users\\you\\app' }]);
    expect(paths.label('c:\\users\\you\\app\\src\\main.ts')).toBe('src/main.ts');
    expect(paths.label('C:/Users/you/app/README.md')).toBe('README.md');
  });

  it('says when the folders changed, ignores malformed ones, and labels with none', () => {
    const paths = new PathLabels();
    expect(paths.set(undefined)).toBe(false);
    expect(paths.label('/home/you/app/src/main.ts')).toBe('…/app/src/main.ts');
    const folders = [{ name: 'app', path: '/home/you/app' }];
    expect(paths.set(folders)).toBe(true);
    expect(paths.set(folders)).toBe(false);
    expect(paths.set([{ name: 'app', path: '/home/you/app' }])).toBe(false);
    expect(paths.set([{ name: 'app', path: '' }, { name: 1, path: '/x' } as never, null as never])).toBe(true);
    expect(paths.label('/home/you/app/src/main.ts')).toBe('…/app/src/main.ts');
  });
});
