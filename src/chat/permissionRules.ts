// "Always allow" / "Always reject" remembered by the client as rules, and the per-chat auto-approve
// mode. Pure: the VS Code side (src/vscode/chat/permissionPolicy.ts) keeps the rules in
// globalState / workspaceState, never in a settings file a cloned repository could bring, and places
// the paths a request names (src/fs/pathPlaces.ts) before asking these rules.
//
// A rule is for one agent and one tool kind, and scoped so that one click never allows more than the
// user saw: an `execute` rule is for the command as shown (src/chat/commandRules.ts); a rule for files
// (read, edit, delete, move, search) covers files inside the workspace folders, never outside and never a
// file that configures what runs (src/fs/executionConfig.ts); a `fetch` rule covers one origin (scheme,
// host and port). A request that names no path (or no URL) is not answered by such a rule. Reject wins
// over allow, and a reject rule covers the whole kind (or a command prefix): rejecting more is no risk.
// Nothing but a reject rule answers a request that changes a file that configures what runs.
import { t } from '../shared/l10n';
import type * as acp from '@agentclientprotocol/sdk';
import { exactCommands, matchCommand, rejectPrefixes, sameWords } from './commandRules';

export { commandOf } from './commandRules';

export type RuleDecision = 'allow' | 'reject';
export type RuleScope = 'workspace' | 'user';
export type AutoApproveMode = 'off' | 'edits' | 'all';

export interface PermissionRule {
  id: string;
  agentId: string;
  kind: acp.ToolKind;
  /** For `execute`: the words a command must start with (chosen in the rules list, or an older version's rule). */
  prefix?: string[];
  /** For `execute`: the words of the one command this rule is for, matched exactly. */
  command?: string[];
  /** For `fetch`: the origin (scheme://host:port) the rule covers; an allow rule without one covers nothing. */
  origin?: string;
  decision: RuleDecision;
  scope: RuleScope;
  /** How many requests it answered, and the last one's title (shown in the rules list). */
  answered: number;
  lastAnswered?: string;
}

/** Where a path a request names really is (src/fs/pathPlaces.ts). */
export interface PlacedPath {
  inWorkspace: boolean;
  /** What it configures, when a write to it can make something run (src/fs/executionConfig.ts). */
  executionConfig: string | undefined;
}

/** What a request is matched on. */
export interface PermissionSubject {
  agentId: string;
  kind: acp.ToolKind | undefined;
  /** The command of an `execute` call (its rawInput.command), when the agent sent one. */
  command: string | undefined;
  /** Every path the request names, placed; undefined when there were too many to judge. */
  paths?: readonly PlacedPath[];
  /** The origin of every URL it names; undefined when one is not an http(s) URL. */
  origins?: readonly string[];
}

export type AutomaticAnswer =
  | { by: 'rule'; rule: PermissionRule; optionId: string }
  | { by: 'autoApprove'; mode: Exclude<AutoApproveMode, 'off'>; optionId: string };

/** What one click makes: a rule without its id, agent, scope and counts. */
export type RuleBody = Pick<PermissionRule, 'kind' | 'decision' | 'prefix' | 'command' | 'origin'>;

/** Kinds whose rules cover the workspace's files. */
const FILE_KINDS = new Set<string>(['read', 'edit', 'delete', 'move', 'search']);
/** Kinds that do not change files: a request of theirs naming a configuration file is not a write to it. */
const LEAVES_FILES = new Set<string>(['read', 'search', 'execute', 'fetch']);
/** Kinds too vague to remember: "other" could be anything. */
const NO_RULE_KINDS = new Set<string>(['other']);

/** The rules "Always allow" / "Always reject" make for a request, or undefined when none can be made safely. */
export function rulesFromClick(subject: PermissionSubject, decision: RuleDecision): RuleBody[] | undefined {
  const kind = subject.kind;
  if (!kind || NO_RULE_KINDS.has(kind)) return undefined;
  if (kind === 'execute') {
    if (subject.command === undefined) return undefined;
    if (decision === 'reject') return rejectPrefixes(subject.command)?.map((prefix) => ({ kind, decision, prefix }));
    return exactCommands(subject.command)?.map((command) => ({ kind, decision, command }));
  }
  if (decision === 'reject') return [{ kind, decision }];
  if (FILE_KINDS.has(kind)) return workspaceFilesOnly(subject) ? [{ kind, decision }] : undefined;
  if (kind === 'fetch') {
    const origins = subject.origins;
    return origins && origins.length > 0
      ? [...new Set(origins)].map((origin) => ({ kind, decision, origin }))
      : undefined;
  }
  return [{ kind, decision }];
}

/** Whether two rules say the same thing (the store keeps one of them). */
export function sameRule(a: RuleBody & { agentId: string }, b: RuleBody & { agentId: string }): boolean {
  return (
    a.agentId === b.agentId &&
    a.kind === b.kind &&
    a.decision === b.decision &&
    sameWords(a.prefix ?? [], b.prefix ?? []) &&
    sameWords(a.command ?? [], b.command ?? []) &&
    (a.origin ?? '') === (b.origin ?? '')
  );
}

/** The rule that answers a request, if any: reject rules first. */
export function matchRule(rules: readonly PermissionRule[], subject: PermissionSubject): PermissionRule | undefined {
  if (!subject.kind) return undefined;
  const mine = rules.filter((r) => r.agentId === subject.agentId && r.kind === subject.kind);
  if (mine.length === 0) return undefined;
  if (subject.kind === 'execute') return matchCommand(mine, subject.command);
  const reject = mine.find((r) => r.decision === 'reject');
  if (reject) return reject;
  if (namesExecutionConfig(subject)) return undefined;
  return mine.find((r) => r.decision === 'allow' && allowCovers(r, subject));
}

function allowCovers(rule: PermissionRule, subject: PermissionSubject): boolean {
  if (FILE_KINDS.has(rule.kind)) return workspaceFilesOnly(subject);
  if (rule.kind === 'fetch') {
    const origins = subject.origins;
    return (
      rule.origin !== undefined &&
      origins !== undefined &&
      origins.length > 0 &&
      origins.every((o) => o === rule.origin)
    );
  }
  return true;
}

/** Every path the request names is inside the workspace and configures nothing; it names at least one. */
function workspaceFilesOnly(subject: PermissionSubject): boolean {
  const paths = subject.paths;
  return paths !== undefined && paths.length > 0 && paths.every((p) => p.inWorkspace && !p.executionConfig);
}

/** A request that may change a file that configures what runs (or names too many paths to tell). */
export function namesExecutionConfig(subject: PermissionSubject): boolean {
  if (subject.kind !== undefined && LEAVES_FILES.has(subject.kind)) return false;
  return subject.paths === undefined || subject.paths.some((p) => p.executionConfig);
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
  if (mode !== 'off' && autoApproves(mode, subject)) {
    const optionId = optionFor(options, 'allow');
    if (optionId) return { by: 'autoApprove', mode, optionId };
  }
  return undefined;
}

/**
 * "Edits only": an edit whose every path is a workspace file that configures nothing (edits still go through
 * review before they are kept). "Everything": all but a change to a file that configures what runs.
 */
function autoApproves(mode: Exclude<AutoApproveMode, 'off'>, subject: PermissionSubject): boolean {
  if (mode === 'edits') return subject.kind === 'edit' && workspaceFilesOnly(subject);
  return !namesExecutionConfig(subject);
}

/** How a rule reads on a card and in the list: `allow execute "git status"`, `allow execute "git diff …"`. */
export function describeRule(
  rule: Pick<PermissionRule, 'decision' | 'kind' | 'prefix' | 'command' | 'origin'>,
): string {
  // The kind, the command and the origin stay as written (they are what the rule matches); the words around
  // them translate.
  const command = rule.command
    ? `${rule.kind} "${rule.command.join(' ')}"`
    : rule.prefix
      ? `${rule.kind} "${rule.prefix.join(' ')} …"`
      : null;
  if (rule.decision === 'reject') return command ? t('reject {0}', command) : t('reject every {0}', rule.kind);
  if (command) return t('allow {0}', command);
  if (FILE_KINDS.has(rule.kind)) return t('allow {0} of files in the workspace', rule.kind);
  if (rule.kind === 'fetch') {
    return rule.origin
      ? t('allow {0} from {1}', rule.kind, rule.origin)
      : t('allow {0} (an older rule without a host: it answers nothing)', rule.kind);
  }
  return t('allow every {0}', rule.kind);
}
