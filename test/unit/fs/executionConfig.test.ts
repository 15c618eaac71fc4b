// Which files configure what runs (src/fs/executionConfig.ts), and where the paths a request names really are
// (src/fs/pathPlaces.ts), on real files and links.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { executionConfigOf } from '../../../src/fs/executionConfig';
import { MAX_JUDGED_PATHS, placePaths } from '../../../src/fs/pathPlaces';

const ws = '/home/me/project';

describe('executionConfigOf', () => {
  it.each([
    ['.git/config', 'git'],
    ['.git', 'git'],
    ['.git/hooks/pre-commit', 'git'],
    ['sub/module/.git', 'git'],
    ['.GIT/CONFIG', 'git'],
    ['.git./config', 'git'],
    ['.git /config', 'git'],
    ['.g\u200cit/config', 'git'],
    ['.git::$INDEX_ALLOCATION/config', 'git'],
    ['GIT~1/config', 'git'],
    ['.vscode/tasks.json', 'editor'],
    ['.vscode/settings.json', 'editor'],
    ['.vscode/launch.json', 'editor'],
    ['.vscode/mcp.json', 'editor'],
    ['app.code-workspace', 'editor'],
    ['.envrc', 'environment'],
    ['.env', 'environment'],
    ['.husky/pre-commit', 'gitHooks'],
    ['.githooks/pre-push', 'gitHooks'],
    ['.pre-commit-config.yaml', 'gitHooks'],
    ['lefthook.yml', 'gitHooks'],
    ['.lefthook-local.yaml', 'gitHooks'],
    ['.simple-git-hooks.json', 'gitHooks'],
    ['.npmrc', 'packageManager'],
    ['.yarnrc', 'packageManager'],
    ['.yarnrc.yml', 'packageManager'],
    ['.yarn/releases/yarn-4.js', 'packageManager'],
    ['.pnpmfile.cjs', 'packageManager'],
    ['pnpm-workspace.yaml', 'packageManager'],
    ['bunfig.toml', 'packageManager'],
    ['.cargo/config.toml', 'packageManager'],
    ['gradle/wrapper/gradle-wrapper.properties', 'buildTool'],
    ['gradlew', 'buildTool'],
    ['.mvn/jvm.config', 'buildTool'],
    ['.mise.toml', 'toolVersions'],
    ['mise.toml', 'toolVersions'],
    ['.config/mise/config.toml', 'toolVersions'],
    ['.tool-versions', 'toolVersions'],
    ['.devcontainer/devcontainer.json', 'devContainer'],
    ['.devcontainer.json', 'devContainer'],
    ['.venv/bin/activate', 'installedCode'],
    ['node_modules/eslint/lib/api.js', 'installedCode'],
    ['lib/python3.12/site-packages/evil.pth', 'installedCode'],
  ])('%j configures %j', (relative, kind) => {
    expect(executionConfigOf(path.join(ws, relative), [ws])).toBe(kind);
  });

  it.each([
    'src/index.ts',
    'package.json',
    'Makefile',
    'Cargo.toml',
    'README.md',
    '.gitignore',
    '.github/workflows/ci.yml',
    'docs/git/config.md',
    '.environment',
    'vscode/settings.json',
    'gitconfig',
  ])('%j configures nothing', (relative) => {
    expect(executionConfigOf(path.join(ws, relative), [ws])).toBeUndefined();
  });

  it.each([
    ['/home/me/.bashrc', 'login'],
    ['/home/me/.bash_profile', 'login'],
    ['/home/me/.profile', 'login'],
    ['/home/me/.zshrc', 'login'],
    ['/home/me/.zshenv', 'login'],
    ['/home/me/.config/fish/config.fish', 'login'],
    ['/home/me/.config/autostart/evil.desktop', 'login'],
    ['/home/me/.config/systemd/user/evil.service', 'login'],
    ['/Users/me/Library/LaunchAgents/evil.plist', 'login'],
    ['/home/me/.ssh/config', 'login'],
    ['/home/me/.ssh/authorized_keys', 'login'],
    ['/home/me/.gitconfig', 'git'],
    ['/home/me/.config/git/config', 'git'],
  ])("the user's own %j (outside the workspace) configures %j", (file, kind) => {
    expect(executionConfigOf(file, [ws])).toBe(kind);
  });

  it('judges only the part inside the workspace folder, and a path outside whole', () => {
    expect(executionConfigOf('/home/me/.venv/app/src/a.py', ['/home/me/.venv/app'])).toBeUndefined();
    expect(executionConfigOf('/home/me/.venv/app/.git/config', ['/home/me/.venv/app'])).toBe('git');
    expect(executionConfigOf('/home/me/other/.git/config', [ws])).toBe('git');
    expect(executionConfigOf('/home/me/notes.txt', [ws])).toBeUndefined();
  });
});

describe('placePaths', () => {
  let root: string;
  let work: string;
  let home: string;
  beforeAll(() => {
    root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'switchboard-places-')));
    work = path.join(root, 'ws');
    home = path.join(root, 'home');
    fs.mkdirSync(path.join(work, '.git'), { recursive: true });
    fs.mkdirSync(home);
    fs.writeFileSync(path.join(work, '.git', 'config'), '[core]\n');
    fs.writeFileSync(path.join(home, '.bashrc'), 'x\n');
    fs.writeFileSync(path.join(work, 'a.ts'), 'x\n');
    fs.symlinkSync(path.join(work, '.git', 'config'), path.join(work, 'innocent.txt'));
    fs.symlinkSync(path.join(home, '.bashrc'), path.join(work, 'bashrc-link'));
    fs.symlinkSync(work, path.join(home, 'ws-link'));
  });
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  it('places workspace files, files outside, links by where they lead, and configuration', async () => {
    const places = await placePaths(
      [
        path.join(work, 'a.ts'),
        path.join(work, 'new', 'b.ts'),
        path.join(home, '.bashrc'),
        path.join(work, 'bashrc-link'),
        path.join(work, 'innocent.txt'),
        path.join(home, 'ws-link', '.git', 'config'),
      ],
      [work],
      home,
    );
    expect(places?.map((p) => [p.inWorkspace, p.executionConfig])).toEqual([
      [true, undefined],
      [true, undefined],
      [false, 'login'],
      [false, 'login'],
      [true, 'git'],
      [true, 'git'],
    ]);
  });

  it('takes relative paths from the first folder, ~ from home, file: URIs as paths; others are outside', async () => {
    const places = await placePaths(
      ['a.ts', '../home/.bashrc', '~/.bashrc', `file://${path.join(work, 'a.ts')}`, '~root/.bashrc', 'a\0b'],
      [work],
      home,
    );
    expect(places?.map((p) => p.inWorkspace)).toEqual([true, false, false, true, false, false]);
    expect(places?.[2]?.path).toBe(path.join(home, '.bashrc'));
  });

  it('gives up on more paths than it judges', async () => {
    const many = Array.from({ length: MAX_JUDGED_PATHS + 1 }, (_, i) => path.join(work, `f${i}`));
    expect(await placePaths(many, [work], home)).toBeUndefined();
  });
});
