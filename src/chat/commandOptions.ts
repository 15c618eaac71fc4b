// What a command prefix rule never covers: arguments after the prefix that make the command run another
// program or write a file the words do not show as the command's point. "Allow commands starting with
// `find src`" must not allow `find src -exec sh -c '…' ';'`, nor `git diff` allow `git diff --output=~/.bashrc`.
// Pure; read by src/chat/commandRules.ts. Two layers: options of particular commands (from their manuals),
// and generic option names any command may give such a meaning (`--exec`, `--pre`, `--output`, `--config`,
// any `*-shell`); the table is src/chat/commandOptionTable.ts. Judging too much only asks more.
import {
  COMMANDS,
  GENERIC_NAMES,
  GENERIC_PARTS,
  RUNS_WHAT_IT_NAMES,
  RUNS_WHAT_IT_NAMES_ALWAYS,
  type CommandOptions,
} from './commandOptionTable';

/** The command's name: `/usr/bin/git` and `git.exe` are `git`, `python3.12` is `python`. */
export function commandName(word: string): string {
  const base = word.slice(Math.max(word.lastIndexOf('/'), word.lastIndexOf('\\')) + 1).toLowerCase();
  const name = base.endsWith('.exe') ? base.slice(0, -4) : base;
  return /^python[0-9.]*$/.test(name) ? 'python' : name;
}

/**
 * The first argument after the first `prefixLength` words that a prefix rule does not cover, or undefined
 * when the prefix covers the whole command.
 */
export function uncoveredArgument(words: readonly string[], prefixLength: number): string | undefined {
  const name = commandName(words[0] ?? '');
  const own = withSubcommand(Object.hasOwn(COMMANDS, name) ? COMMANDS[name]! : {}, words[1]);
  const installs = runsWhatItNames(name, words, prefixLength);
  for (let i = Math.max(prefixLength, 1); i < words.length; i++) {
    const word = words[i]!;
    if (own.everyArgument) return word;
    if (installs && !word.startsWith('-')) return word;
    if (own.words?.includes(word)) return word;
    if (own.assignments && /^[A-Za-z_][A-Za-z0-9_]*[+:?!]?=/.test(word)) return word;
    if (own.dashlessFirstBundle && i === 1 && !word.startsWith('-') && bundleHolds(`-${word}`, own)) return word;
    if (word.startsWith('-') && (ownOption(word, own) || genericOption(word))) return word;
    if (!word.startsWith('-') && /^[A-Za-z_][A-Za-z0-9_]*=/.test(word) && programVariable(word)) return word;
  }
  return undefined;
}

function withSubcommand(own: CommandOptions, subcommand: string | undefined): CommandOptions {
  const extra = own.subcommandOptions && subcommand && Object.hasOwn(own.subcommandOptions, subcommand);
  return extra ? { ...own, options: [...(own.options ?? []), ...own.subcommandOptions![subcommand]!] } : own;
}

function runsWhatItNames(name: string, words: readonly string[], prefixLength: number): boolean {
  // `npx prettier`: the package is fixed once a plain word follows the command in the prefix.
  if (RUNS_WHAT_IT_NAMES_ALWAYS.has(name)) return !words.slice(1, prefixLength).some((w) => !w.startsWith('-'));
  const subcommands = Object.hasOwn(RUNS_WHAT_IT_NAMES, name) ? RUNS_WHAT_IT_NAMES[name]! : [];
  // Only when the subcommand is in the prefix: otherwise the subcommand word itself is after it and is judged.
  return prefixLength >= 2 && subcommands.includes((words[1] ?? '').toLowerCase());
}

function ownOption(word: string, own: CommandOptions): boolean {
  const options = own.options ?? [];
  for (const option of options) {
    if (word === option || word.startsWith(`${option}=`)) return true;
    // `-ofile`: a one-letter option with its value attached.
    if (option.length === 2 && !word.startsWith('--') && word.startsWith(option) && !own.bundles) return true;
  }
  return own.bundles === true && bundleHolds(word, own);
}

/** `-xzf`: a bundle of one-letter options holding a letter the command lists. */
function bundleHolds(word: string, own: CommandOptions): boolean {
  if (!/^-[A-Za-z0-9]/.test(word) || word.startsWith('--')) return false;
  const letters = (own.options ?? []).filter((o) => o.length === 2 && o.startsWith('-')).map((o) => o[1]!);
  return [...word.slice(1)].some((letter) => letters.includes(letter));
}

function genericOption(word: string): boolean {
  const name = word.replace(/^-+/, '').split('=')[0] ?? '';
  if (name.length < 2) return false; // one-letter options mean something else to each command
  const split = name.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();
  const whole = [name.toLowerCase(), split];
  if (whole.some((n) => GENERIC_NAMES.has(n) || GENERIC_PARTS.has(n))) return true;
  return split.split(/[-_]/).some((part) => GENERIC_PARTS.has(part));
}

/** `CC=…`, `SHELL=…`, `NODE_OPTIONS=…` given as an argument: the variable names a program or its options. */
function programVariable(word: string): boolean {
  const name = word.slice(0, word.indexOf('=')).toUpperCase();
  return /(^|_)(SHELL|CC|CXX|LD|AR|AS|CPP|MAKE|MAKEFLAGS|CMD|COMMAND|PROG|PROGRAM|EDITOR|PAGER|OPTIONS|FLAGS|PRELOAD|ENV|PATH|HOOK|HOOKS)$/.test(
    name,
  );
}

/**
 * The prefixes a user may choose for a command (the Permission Rules list): its leading words, shortest
 * first, up to but not including the whole command (that is the exact rule). None for commands whose every
 * argument a prefix leaves uncovered; at least the command and its subcommand where `minimumWords` says so.
 */
export function prefixChoices(words: readonly string[], minimumWords: number): string[][] {
  const own = Object.hasOwn(COMMANDS, commandName(words[0] ?? '')) ? COMMANDS[commandName(words[0] ?? '')]! : {};
  if (own.everyArgument) return [];
  const choices: string[][] = [];
  for (let length = Math.max(minimumWords, 1); length < words.length; length++) choices.push(words.slice(0, length));
  return choices;
}
