// The table behind src/chat/commandOptions.ts: per command, the options and words after a prefix that run a
// program or write a file (from the commands' manuals), the generic option names any command may give that
// meaning, and the subcommands whose plain arguments are packages or images to fetch and run.
export interface CommandOptions {
  /** Options as written (`-exec`, `--output`, `-o`); `=value` and, for `-x` ones, an attached value match too. */
  options?: readonly string[];
  /** Short options may be bundled (`-xzf`): a bundle holding one of the letters of `options` matches. */
  bundles?: boolean;
  /** tar's old style: the first argument is a bundle without its dash (`tar cf out.tar src`). */
  dashlessFirstBundle?: boolean;
  /** Plain words that run something (`git bisect run`, `manage.py shell`). */
  words?: readonly string[];
  /** `NAME=value` arguments set the program's variables (make's SHELL, CC, MAKEFLAGS). */
  assignments?: boolean;
  /** Options of one subcommand only (`git clone -u` names the upload-pack program; `git add -u` does not). */
  subcommandOptions?: Readonly<Record<string, readonly string[]>>;
  /** Every argument is a program or a file the command writes: a prefix covers nothing after itself. */
  everyArgument?: boolean;
}

const FIND = ['-exec', '-execdir', '-ok', '-okdir', '-delete', '-fprint', '-fprint0', '-fprintf', '-fls'];
const GO = [
  '-exec',
  '-toolexec',
  '-vettool',
  '-compiler',
  '-ldflags', // -extld= runs a program as the linker
  '-o',
  '-outputdir',
  '-coverprofile',
  '-cpuprofile',
  '-memprofile',
  '-blockprofile',
  '-mutexprofile',
  '-trace',
  '-modfile',
  '-overlay',
];
const GIT = [
  '-c',
  '-C',
  '--config-env',
  '--exec-path',
  '--git-dir',
  '--work-tree',
  '--output',
  '--output-directory',
  '-o',
  '--upload-pack',
  '--receive-pack',
  '--exec',
  '-x',
  '--extcmd',
  '--ext-diff',
  '--open-files-in-pager',
  '-O',
  '--template',
  '--config',
  '--separate-git-dir',
];
const TAR = [
  '--to-command',
  '-I',
  '--use-compress-program',
  '--checkpoint-action',
  '-F',
  '--info-script',
  '--new-volume-script',
  '--rsh-command',
  '--rmt-command',
  '-f',
  '--file',
  '-C',
  '--directory',
  '-P',
  '--absolute-names',
];
const MAKE: CommandOptions = {
  options: ['-f', '--file', '--makefile', '-C', '--directory', '--eval', '-E', '-I', '--include-dir'],
  bundles: true,
  assignments: true,
};
const PACKAGE_MANAGER: CommandOptions = {
  options: [
    '--prefix',
    '-C',
    '--dir',
    '--cwd',
    '--userconfig',
    '--globalconfig',
    '--node-options',
    '-p',
    '--package',
    '-c',
    '--call',
  ],
};
const SHELL: CommandOptions = { options: ['-c', '-s', '-i'], bundles: true };
const PYTHON: CommandOptions = { options: ['-c', '-i'], bundles: true, words: ['-', 'shell', 'dbshell', 'runscript'] };
const NODE: CommandOptions = {
  options: ['-e', '--eval', '-p', '--print', '-r', '--require', '--import', '--loader', '--experimental-loader', '-i'],
};
const COPIES: CommandOptions = { everyArgument: true };

export const COMMANDS: Record<string, CommandOptions> = {
  find: { options: FIND },
  fd: { options: ['-x', '--exec', '-X', '--exec-batch'], bundles: true },
  fdfind: { options: ['-x', '--exec', '-X', '--exec-batch'], bundles: true },
  go: { options: GO },
  git: { options: GIT, words: ['run', 'foreach'], subcommandOptions: { clone: ['-u'], 'ls-remote': ['-u'] } },
  tar: { options: TAR, bundles: true, dashlessFirstBundle: true },
  bsdtar: { options: TAR, bundles: true, dashlessFirstBundle: true },
  make: MAKE,
  gmake: MAKE,
  bmake: MAKE,
  cmake: { options: ['-D', '-C', '-P', '-E'] },
  npm: PACKAGE_MANAGER,
  npx: PACKAGE_MANAGER,
  yarn: PACKAGE_MANAGER,
  pnpm: PACKAGE_MANAGER,
  pnpx: PACKAGE_MANAGER,
  bun: { options: [...PACKAGE_MANAGER.options!, ...NODE.options!] },
  bunx: PACKAGE_MANAGER,
  node: NODE,
  python: PYTHON,
  deno: { options: [...NODE.options!, '-A', '--allow-all', '--allow-run', '--allow-write'] },
  sh: SHELL,
  bash: SHELL,
  zsh: SHELL,
  dash: SHELL,
  ksh: SHELL,
  fish: SHELL,
  sort: { options: ['-o', '--output'], bundles: true },
  curl: {
    options: [
      '-o',
      '-O',
      '--remote-name',
      '-D',
      '-c',
      '--cookie-jar',
      '-K',
      '-T',
      '--upload-file',
      '--libcurl',
      '--stderr',
    ],
  },
  wget: { options: ['-O', '-o', '-a', '-P', '-e', '--execute', '--append-output', '--directory-prefix'] },
  // Their first argument is a program (a sed or awk script, a one-liner) or they write every file they name.
  sed: COPIES,
  gsed: COPIES,
  awk: COPIES,
  gawk: COPIES,
  mawk: COPIES,
  nawk: COPIES,
  perl: COPIES,
  ruby: COPIES,
  php: COPIES,
  cp: COPIES,
  mv: COPIES,
  rm: COPIES,
  ln: COPIES,
  install: COPIES,
  rsync: COPIES,
  scp: COPIES,
  ssh: COPIES,
  dd: COPIES,
  tee: COPIES,
  touch: COPIES,
  mkdir: COPIES,
  chmod: COPIES,
  chown: COPIES,
  truncate: COPIES,
  patch: COPIES,
  unzip: COPIES,
};

/** Words of generic option names (split at `-`, `_` and camelCase) that run programs, read configs or write files. */
export const GENERIC_PARTS = new Set([
  'exec',
  'execdir',
  'pre',
  'shell',
  'command',
  'cmd',
  'eval',
  'output',
  'outfile',
  'outdir',
  'config',
  'rcfile',
  'hook',
  'hooks',
  'plugin',
  'plugins',
  'preload',
  'loader',
  'require',
  'editor',
  'pager',
  'interpreter',
  'wrapper',
  'program',
  'toolexec',
  'compiler',
  'askpass',
  'action',
  'runner',
]);
/** Whole generic option names. */
export const GENERIC_NAMES = new Set([
  'out',
  'out-dir',
  'o-dir',
  'log-file',
  'logfile',
  'env-file',
  'manifest-path',
  'node-options',
  'upload-pack',
  'receive-pack',
  'exec-path',
  'cwd',
  'chdir',
  'work-tree',
  'git-dir',
  'rc',
  'init-file',
]);

/**
 * Subcommands whose plain arguments are packages or images to fetch and run: "Allow `npm install`" covers
 * installing what package.json says, never `npm install some-package` (its install scripts run).
 */
export const RUNS_WHAT_IT_NAMES: Record<string, readonly string[]> = {
  npm: ['install', 'i', 'add', 'exec', 'x', 'dlx'],
  yarn: ['add', 'dlx', 'exec'],
  pnpm: ['add', 'install', 'i', 'dlx', 'exec'],
  bun: ['add', 'install', 'i', 'x'],
  pip: ['install'],
  pip3: ['install'],
  pipx: ['install', 'run'],
  uv: ['pip', 'run', 'tool'],
  cargo: ['install'],
  go: ['install', 'get', 'run'],
  gem: ['install'],
  brew: ['install'],
  docker: ['run', 'exec'],
  podman: ['run', 'exec'],
  kubectl: ['exec', 'run'],
};
/** Commands that fetch and run what they name, whatever comes first. */
export const RUNS_WHAT_IT_NAMES_ALWAYS = new Set(['npx', 'pnpx', 'bunx', 'uvx']);
