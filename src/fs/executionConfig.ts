// Which files configure what runs: a write to one of them can make a program run that nobody asked to run.
// `core.fsmonitor` in .git/config runs at the next `git status`, which VS Code issues by itself; a task in
// .vscode/tasks.json can run when the folder opens; .envrc runs when a shell enters the folder; a hook runs
// at the next commit; `script-shell` in .npmrc replaces the shell of every npm script. Writes to these files
// are asked whatever the permission rules or auto-approve say (src/vscode/fs/fsRequests.ts for fs/*,
// src/chat/permissionRules.ts for permission requests).
//
// Left off on purpose: package.json, Makefile, Cargo.toml, test files, linter configs and CI workflows. They
// are the project's code, run by the project's own commands (`npm test` runs whatever the tests say, `make`
// whatever the Makefile says), so asking for them would not stop an allowed command from running what an
// edit put there, and it would ask on most edits. What is on the list makes a program run at an event the
// user does not see as running the project (a git status, opening or entering the folder, a commit, an
// install), or changes which program a tool runs.
//
// Names are compared the way a forgiving file system may resolve them: case-insensitively, in NFC, without
// invisible (default-ignorable) characters, without trailing dots and spaces and without an NTFS stream
// suffix (`.git::$INDEX_ALLOCATION`), and `git~1` is `.git`'s 8.3 name. Judging more names as configuration
// only asks more; the callers pass real paths (symlinks followed) as well as the path the agent sent.
import * as path from 'node:path';
import { isInsideFolder } from './paths';

/** What kind of execution a file configures (the VS Code layer words each for the user). */
export type ExecutionConfigKind =
  | 'git'
  | 'editor'
  | 'environment'
  | 'gitHooks'
  | 'packageManager'
  | 'buildTool'
  | 'toolVersions'
  | 'devContainer'
  | 'installedCode'
  /** The user's own start-up files: a shell, ssh or the desktop runs them at the next terminal or log-in. */
  | 'login';

/** A folder anywhere in the path makes everything under it configuration. */
const FOLDERS: Record<string, ExecutionConfigKind> = {
  '.git': 'git',
  'git~1': 'git',
  '.githooks': 'gitHooks',
  '.husky': 'gitHooks',
  '.lefthook': 'gitHooks',
  // Settings (terminal profiles, interpreter and tool paths), tasks (some run when the folder opens),
  // launch configurations, mcp.json (servers VS Code starts).
  '.vscode': 'editor',
  '.idea': 'editor',
  '.devcontainer': 'devContainer',
  '.yarn': 'packageManager', // yarnPath releases and plugins yarn loads
  '.cargo': 'packageManager', // config.toml: target runners, rustc wrappers, aliases
  '.mvn': 'buildTool', // the Maven wrapper and jvm.config
  '.mise': 'toolVersions',
  // Installed code that tools load by themselves: VS Code's Python extension runs the venv's interpreter and
  // sources its activate script in new terminals; language servers and linters load node_modules.
  '.venv': 'installedCode',
  node_modules: 'installedCode',
  // ssh runs ProxyCommand and LocalCommand from its config, and authorized_keys opens the machine.
  '.ssh': 'login',
};

/** File names, wherever they are. */
const FILES: Record<string, ExecutionConfigKind> = {
  '.envrc': 'environment', // direnv runs it when a shell enters the folder
  '.env': 'environment', // loaded into programs' environments (NODE_OPTIONS, BASH_ENV run code)
  '.pre-commit-config.yaml': 'gitHooks',
  '.overcommit.yml': 'gitHooks',
  '.npmrc': 'packageManager',
  '.yarnrc': 'packageManager',
  '.yarnrc.yml': 'packageManager',
  '.yarnrc.yaml': 'packageManager',
  '.pnpmfile.cjs': 'packageManager',
  '.pnpmfile.mjs': 'packageManager',
  'pnpmfile.js': 'packageManager',
  'pnpm-workspace.yaml': 'packageManager', // pnpm 10 keeps its settings here
  'bunfig.toml': 'packageManager', // preload scripts
  'pip.conf': 'packageManager',
  'pip.ini': 'packageManager',
  'pyvenv.cfg': 'installedCode',
  gradlew: 'buildTool',
  'gradlew.bat': 'buildTool',
  'gradle.properties': 'buildTool', // org.gradle.jvmargs: java agents
  mvnw: 'buildTool',
  'mvnw.cmd': 'buildTool',
  '.mise.toml': 'toolVersions',
  'mise.toml': 'toolVersions',
  '.mise.local.toml': 'toolVersions',
  'mise.local.toml': 'toolVersions',
  '.rtx.toml': 'toolVersions',
  '.tool-versions': 'toolVersions',
  '.sdkmanrc': 'toolVersions',
  '.devcontainer.json': 'devContainer',
  // Outside the workspace (a folder grant for writes never covers them, src/fs/outsideAccess.ts): what the
  // user's shell runs at each new terminal or log-in, and git's own settings.
  '.bashrc': 'login',
  '.bash_profile': 'login',
  '.bash_login': 'login',
  '.bash_logout': 'login',
  '.profile': 'login',
  '.zshrc': 'login',
  '.zshenv': 'login',
  '.zprofile': 'login',
  '.zlogin': 'login',
  '.zlogout': 'login',
  '.kshrc': 'login',
  '.cshrc': 'login',
  '.tcshrc': 'login',
  '.xprofile': 'login',
  '.xinitrc': 'login',
  '.gitconfig': 'git',
};

/** Two trailing names (`gradle/wrapper/...` is matched by its folder pair below). */
const FOLDER_PAIRS: Array<[string, string, ExecutionConfigKind]> = [
  ['gradle', 'wrapper', 'buildTool'], // distributionUrl: the Gradle that runs
  ['.config', 'mise', 'toolVersions'],
  ['mise', 'config.toml', 'toolVersions'],
  ['.config', 'mise.toml', 'toolVersions'],
  ['.config', 'fish', 'login'],
  ['.config', 'autostart', 'login'],
  ['.config', 'systemd', 'login'],
  ['.config', 'git', 'git'],
  ['library', 'launchagents', 'login'],
];

const LEFTHOOK = /^\.?lefthook(-local)?\.(yml|yaml|json|toml)$/;
const SIMPLE_GIT_HOOKS = /^\.?simple-git-hooks(\.(json|js|cjs|mjs))?$/;

/**
 * The kind of execution `filePath` configures, or undefined. Judged on the part of the path inside the
 * workspace folder that holds it (a workspace that itself sits under a `.venv` is not all configuration);
 * a path outside every folder is judged whole.
 */
export function executionConfigOf(filePath: string, folders: readonly string[] = []): ExecutionConfigKind | undefined {
  const holding = folders.filter((folder) => isInsideFolder(filePath, folder));
  if (holding.length === 0) return kindOfNames(path.resolve(filePath).split(/[\\/]/));
  // Nested folders (multi-root): the innermost one leaves the fewest names to judge, so judge from each.
  for (const folder of holding) {
    const kind = kindOfNames(path.relative(path.resolve(folder), path.resolve(filePath)).split(/[\\/]/));
    if (kind) return kind;
  }
  return undefined;
}

function kindOfNames(raw: string[]): ExecutionConfigKind | undefined {
  const names = raw.filter((name) => name.length > 0).map(normalName);
  const last = names[names.length - 1];
  if (last === undefined) return undefined;
  for (let i = 0; i < names.length; i++) {
    const name = names[i]!;
    const folder = Object.hasOwn(FOLDERS, name) ? FOLDERS[name] : undefined;
    if (folder) return folder;
    const next = names[i + 1];
    for (const [first, second, kind] of FOLDER_PAIRS) if (name === first && next === second) return kind;
  }
  if (Object.hasOwn(FILES, last)) return FILES[last];
  if (LEFTHOOK.test(last) || SIMPLE_GIT_HOOKS.test(last)) return 'gitHooks';
  if (last.endsWith('.code-workspace')) return 'editor';
  if (last.endsWith('.pth')) return 'installedCode'; // site-packages runs their `import` lines at startup
  return undefined;
}

/** A name as a case-insensitive, normalising file system may resolve it (see the file comment). */
export function normalName(name: string): string {
  let normal = name.normalize('NFC').replace(/\p{Default_Ignorable_Code_Point}/gu, '');
  const stream = normal.indexOf(':');
  if (stream > 0) normal = normal.slice(0, stream);
  return normal.replace(/[. ]+$/, '').toLowerCase();
}
