// Rules for `execute` requests. A command matches only when the shell parser can read every simple command of
// it (src/chat/shellCommands.ts); each simple command must then be covered on its own.
//
// "Always allow" makes a rule for each simple command exactly as shown, every word, matched exactly. A prefix
// rule ("commands starting with `git diff`") is made only when the user picks the prefix in the Permission
// Rules list, and it never covers an argument that runs a program or writes a file
// (src/chat/commandOptions.ts). Rules stored by older versions, made from one click as a command word and a
// subcommand, are prefix rules under the same exclusions. "Always reject" still makes a prefix rule: rejecting
// more than shown is never a risk.
import { commandName, prefixChoices, uncoveredArgument } from './commandOptions';
import { simpleCommands } from './shellCommands';

/** Commands whose arguments are another command: no rule is ever made for them. */
const RUNS_ITS_ARGUMENTS = new Set([
  'eval',
  'exec',
  'source',
  '.',
  'env',
  'sudo',
  'doas',
  'su',
  'xargs',
  'command',
  'builtin',
  'nohup',
  'time',
  'timeout',
  'nice',
  'watch',
  'chroot',
  'setsid',
  'stdbuf',
  'flock',
  'parallel',
]);
/**
 * Commands that run whatever their arguments say: a rule for the bare word would approve anything (and
 * `sh` alone runs what a pipe feeds it), so these get a rule only with a subcommand-like second word
 * (`npm test`, `python manage.py`), and a prefix has at least those two words.
 */
const NEEDS_SUBCOMMAND = new Set([
  'sh',
  'bash',
  'zsh',
  'dash',
  'fish',
  'ksh',
  'find',
  'node',
  'deno',
  'bun',
  'python',
  'perl',
  'ruby',
  'php',
  'npx',
  'pnpx',
  'awk',
  'sed',
  'ssh',
  'rm',
  'git',
  'npm',
  'yarn',
  'pnpm',
  'cargo',
  'go',
  'make',
  'docker',
  'kubectl',
]);
const SUBCOMMAND = /^[A-Za-z0-9][A-Za-z0-9._:-]*$/;
const MAX_RULE_WORD = 200;
const SUBCOMMAND_OR_ARG = /^[A-Za-z0-9._:/=@%+,-]+$/;

/** The command of an `execute` tool call, from its rawInput (`command` as a string or argv array). */
export function commandOf(rawInput: unknown): string | undefined {
  if (typeof rawInput !== 'object' || rawInput === null) return undefined;
  const command = (rawInput as Record<string, unknown>).command;
  if (typeof command === 'string') return command;
  // An argv array is not shell text: a rule may match it only if every word is plain.
  if (
    Array.isArray(command) &&
    command.length > 0 &&
    command.every((w) => typeof w === 'string' && SUBCOMMAND_OR_ARG.test(w))
  )
    return command.join(' ');
  return undefined;
}

/** The least number of leading words a rule for this command holds, or undefined when it gets no rule. */
function minimumWords(words: readonly string[]): number | undefined {
  const [head, second] = words;
  if (!head || head.length > MAX_RULE_WORD) return undefined;
  const name = commandName(head);
  if (RUNS_ITS_ARGUMENTS.has(name)) return undefined;
  if (!NEEDS_SUBCOMMAND.has(name)) return 1;
  return second !== undefined && SUBCOMMAND.test(second) && second.length <= MAX_RULE_WORD ? 2 : undefined;
}

/** The simple commands "Always allow" makes exact rules for, or undefined when one of them gets no rule. */
export function exactCommands(command: string): string[][] | undefined {
  const commands = simpleCommands(command);
  if (!commands) return undefined;
  const exact: string[][] = [];
  for (const words of commands) {
    if (minimumWords(words) === undefined) return undefined;
    if (!exact.some((e) => sameWords(e, words))) exact.push(words);
  }
  return exact;
}

/** The prefixes "Always reject" remembers: the command word and a subcommand-like second word. */
export function rejectPrefixes(command: string): string[][] | undefined {
  const commands = simpleCommands(command);
  if (!commands) return undefined;
  const prefixes: string[][] = [];
  for (const words of commands) {
    const least = minimumWords(words);
    if (least === undefined) return undefined;
    const second = words[1];
    const prefix = second !== undefined && SUBCOMMAND.test(second) && second.length <= MAX_RULE_WORD ? 2 : least;
    const chosen = words.slice(0, prefix);
    if (!prefixes.some((p) => sameWords(p, chosen))) prefixes.push(chosen);
  }
  return prefixes;
}

/** The prefixes the user may choose for an exact rule's command, shortest first (the Permission Rules list). */
export function commandPrefixChoices(words: readonly string[]): string[][] {
  const least = minimumWords(words);
  return least === undefined ? [] : prefixChoices(words, least);
}

export interface CommandRule {
  decision: 'allow' | 'reject';
  /** The words a command must start with (arguments after them as commandOptions.ts allows). */
  prefix?: string[];
  /** The words of the one command this rule is for. */
  command?: string[];
}

/** The rule that answers a command, if any: a reject rule fires on any part, allow rules must cover every part. */
export function matchCommand<R extends CommandRule>(rules: readonly R[], command: string | undefined): R | undefined {
  if (command === undefined) return undefined;
  const commands = simpleCommands(command);
  if (!commands) return undefined;
  for (const rule of rules) {
    if (rule.decision === 'reject' && commands.some((words) => rejects(rule, words))) return rule;
  }
  const allows = rules.filter((r) => r.decision === 'allow');
  const covering = commands.map((words) => allows.find((rule) => allowCovers(rule, words)));
  return covering.every((rule) => rule !== undefined) ? covering[0] : undefined;
}

function rejects(rule: CommandRule, words: string[]): boolean {
  if (rule.command) return sameWords(rule.command, words);
  return rule.prefix !== undefined && startsWith(words, rule.prefix);
}

function allowCovers(rule: CommandRule, words: string[]): boolean {
  if (rule.command) return sameWords(rule.command, words);
  if (!rule.prefix || !startsWith(words, rule.prefix)) return false;
  // A stored prefix that no longer meets the minimum (an edited store) covers nothing.
  const least = minimumWords(words);
  if (least === undefined || rule.prefix.length < least) return false;
  return uncoveredArgument(words, rule.prefix.length) === undefined;
}

export function sameWords(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((w, i) => w === b[i]);
}

function startsWith(words: readonly string[], prefix: readonly string[]): boolean {
  return prefix.length > 0 && prefix.length <= words.length && prefix.every((w, i) => w === words[i]);
}
