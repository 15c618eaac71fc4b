// "Always allow" / "Always reject" remembered by the client as rules, and the per-chat auto-approve
// mode. Pure: the VS Code side (src/vscode/chat/permissionRuleStore.ts) keeps the rules in
// globalState / workspaceState, never in a settings file a cloned repository could bring.
//
// A rule is for one agent and one tool kind. For `execute` it also carries a command prefix (the
// command word and a subcommand, as words), and a command matches only when the shell parser can
// read every simple command of it (src/chat/shellCommands.ts): an allow rule needs every one of them
// to start with an allowed prefix, a reject rule fires on any of them. Other kinds have no prefix:
// the rule covers the kind. Reject wins over allow.
import { t } from '../shared/l10n';
import type * as acp from '@agentclientprotocol/sdk';
import { simpleCommands } from './shellCommands';

export type RuleDecision = 'allow' | 'reject';
export type RuleScope = 'workspace' | 'user';
export type AutoApproveMode = 'off' | 'edits' | 'all';

export interface PermissionRule {
  id: string;
  agentId: string;
  kind: acp.ToolKind;
  /** For `execute`: the words a command must start with. */
  prefix?: string[];
  decision: RuleDecision;
  scope: RuleScope;
  /** How many requests it answered, and the last one's title (shown in the rules list). */
  answered: number;
  lastAnswered?: string;
}

/** What a request is matched on. */
export interface PermissionSubject {
  agentId: string;
  kind: acp.ToolKind | undefined;
  /** The command of an `execute` call (its rawInput.command), when the agent sent one. */
  command: string | undefined;
}

export type AutomaticAnswer =
  | { by: 'rule'; rule: PermissionRule; optionId: string }
  | { by: 'autoApprove'; mode: Exclude<AutoApproveMode, 'off'>; optionId: string };

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
 * Commands that run whatever their arguments say: a rule for the bare word would approve anything,
 * so these get a rule only with a subcommand-like second word (`npm test`, `python manage.py`).
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
  'python3',
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
/** Kinds too vague to remember: "other" could be anything. */
const NO_RULE_KINDS = new Set<string>(['other']);
const MAX_RULE_WORD = 200;

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
const SUBCOMMAND_OR_ARG = /^[A-Za-z0-9._:/=@%+,-]+$/;

/** The prefixes "Always …" remembers for a request, or undefined when no rule can be made for it. */
export function rulePrefixes(subject: PermissionSubject): string[][] | 'wholeKind' | undefined {
  if (!subject.kind || NO_RULE_KINDS.has(subject.kind)) return undefined;
  if (subject.kind !== 'execute') return 'wholeKind';
  if (subject.command === undefined) return undefined;
  const commands = simpleCommands(subject.command);
  if (!commands) return undefined;
  const prefixes: string[][] = [];
  for (const words of commands) {
    const prefix = prefixOf(words);
    if (!prefix) return undefined;
    if (!prefixes.some((p) => sameWords(p, prefix))) prefixes.push(prefix);
  }
  return prefixes;
}

function prefixOf(words: string[]): string[] | undefined {
  const [head, second] = words;
  if (!head || head.length > MAX_RULE_WORD) return undefined;
  const sub = second !== undefined && SUBCOMMAND.test(second) && second.length <= MAX_RULE_WORD ? second : undefined;
  const name = baseName(head);
  if (RUNS_ITS_ARGUMENTS.has(name)) return undefined;
  if (NEEDS_SUBCOMMAND.has(name)) return sub ? [head, sub] : undefined;
  return sub ? [head, sub] : [head];
}

/** `/usr/bin/env` is `env`. */
function baseName(word: string): string {
  return word.slice(word.lastIndexOf('/') + 1);
}

function sameWords(a: string[], b: string[]): boolean {
  return a.length === b.length && a.every((w, i) => w === b[i]);
}

function startsWith(words: string[], prefix: string[]): boolean {
  return prefix.length > 0 && prefix.length <= words.length && prefix.every((w, i) => w === words[i]);
}

/** The rule that answers a request, if any: reject rules first. */
export function matchRule(rules: readonly PermissionRule[], subject: PermissionSubject): PermissionRule | undefined {
  if (!subject.kind) return undefined;
  const mine = rules.filter((r) => r.agentId === subject.agentId && r.kind === subject.kind);
  if (mine.length === 0) return undefined;
  if (subject.kind !== 'execute') {
    return mine.find((r) => r.decision === 'reject') ?? mine.find((r) => r.decision === 'allow');
  }
  if (subject.command === undefined) return undefined;
  const commands = simpleCommands(subject.command);
  if (!commands) return undefined;
  const withPrefix = mine.filter((r) => r.prefix && r.prefix.length > 0);
  for (const rule of withPrefix) {
    if (rule.decision === 'reject' && commands.some((words) => startsWith(words, rule.prefix!))) return rule;
  }
  const allows = withPrefix.filter((r) => r.decision === 'allow');
  const covering = commands.map((words) => allows.find((r) => startsWith(words, r.prefix!)));
  if (covering.every((rule) => rule !== undefined)) return covering[0];
  return undefined;
}

/** The offered option a decision picks: the once-option first (the rule remembers, not the agent). */
export function optionFor(options: readonly acp.PermissionOption[], decision: RuleDecision): string | undefined {
  const kinds: acp.PermissionOptionKind[] =
    decision === 'allow' ? ['allow_once', 'allow_always'] : ['reject_once', 'reject_always'];
  for (const kind of kinds) {
    const option = options.find((o) => o.kind === kind);
    if (option) return option.optionId;
  }
  return undefined;
}

/** Kinds "edits only" approves. Edits still go through review before they are kept. */
const EDIT_KINDS = new Set<string>(['edit']);

/** The answer the client gives by itself, or undefined when the user is asked. */
export function automaticAnswer(
  rules: readonly PermissionRule[],
  mode: AutoApproveMode,
  subject: PermissionSubject,
  options: readonly acp.PermissionOption[],
): AutomaticAnswer | undefined {
  const rule = matchRule(rules, subject);
  if (rule) {
    const optionId = optionFor(options, rule.decision);
    if (optionId) return { by: 'rule', rule, optionId };
  }
  if (mode === 'all' || (mode === 'edits' && subject.kind !== undefined && EDIT_KINDS.has(subject.kind))) {
    const optionId = optionFor(options, 'allow');
    if (optionId) return { by: 'autoApprove', mode, optionId };
  }
  return undefined;
}

/** How a rule reads on a card and in the list: `allow execute "git status …"` */
export function describeRule(rule: Pick<PermissionRule, 'decision' | 'kind' | 'prefix'>): string {
  // The kind and the command stay as written (they are what the rule matches); the words around them translate.
  const command = rule.prefix ? `${rule.kind} "${rule.prefix.join(' ')} …"` : null;
  if (rule.decision === 'allow') return command ? t('allow {0}', command) : t('allow every {0}', rule.kind);
  return command ? t('reject {0}', command) : t('reject every {0}', rule.kind);
}
