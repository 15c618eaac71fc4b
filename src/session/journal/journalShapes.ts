// What a journal line must hold to be loaded (session/journal/journalDecode.ts): an entry or thread fields
// of the shapes the reducer, the chat list, the Markdown export and the webview take. A journal is
// a file anyone can edit; what it holds is checked here, not trusted, so that one bad line costs
// that line only. Fields added to the model after journals were first written are
// optional here (an older journal lacks them); everything present must have its type. Each check
// answers null (fine) or the path of the first field that is not ('' for the value itself): journalChecks.ts;
// what the client says in an entry, as data, is checked by journalReasonShapes.ts. Pure.
import type { Entry } from '../../shared/thread';
import type { MetaField } from './journalFormat';
import {
  anything,
  bool,
  isRecord,
  listOf,
  nullable,
  num,
  oneOf,
  optional,
  record,
  recordOf,
  shape,
  str,
  tagged,
  type Check,
} from './journalChecks';
import { failure, formProblem, linkProblem, linkWarning, noForkReason, note, problem } from './journalReasonShapes';

/** Entry ids are minted as `e<n>` (shared/threadEntries.ts); anything else was not written by us. */
const ENTRY_ID = /^e\d{1,10}$/;

const contentBlock = shape({ type: str });
const messagePart = tagged('kind', { text: shape({ text: str }), block: shape({ block: contentBlock }) });
const diffResult = shape({
  hunks: listOf(
    shape({
      oldStart: num,
      oldLines: num,
      newStart: num,
      newLines: num,
      lines: listOf(shape({ kind: oneOf('add', 'del', 'ctx'), text: str })),
      omitted: optional(num),
    }),
  ),
  added: num,
  removed: num,
});
/** A diff the host made (hunks), or one an older version journaled with its texts (made into hunks on restore). */
const withDiffOrTexts =
  (made: Check): Check =>
  (value) =>
    isRecord(value) && value.diff === undefined
      ? shape({ path: str, oldText: optional(nullable(str)), newText: str })(value)
      : made(value);
const toolContent = tagged(
  'type',
  {
    content: shape({ content: contentBlock }),
    diff: withDiffOrTexts(shape({ path: str, revision: num, diff: diffResult, created: bool })),
    terminal: shape({ terminalId: str }),
    session: shape({ sessionId: str }),
  },
  // A content type of a newer protocol: the card's fallback shows it.
  record,
);
const fileWrite = withDiffOrTexts(
  shape({ path: str, fromRevision: num, revision: num, diff: diffResult, created: bool }),
);
const permission = shape({
  permissionId: str,
  options: listOf(shape({ optionId: str, name: str, kind: str })),
  state: tagged('kind', {
    pending: record,
    selected: shape({ optionId: str, automatic: optional(str) }),
    cancelled: record,
  }),
  prompt: optional(shape({ title: str, description: optional(str) })),
});
const agentTerminal = shape({
  terminalId: str,
  cwd: nullable(str),
  output: str,
  received: num,
  status: oneOf('running', 'exited', 'unknown'),
  exitStatus: nullable(shape({ exitCode: optional(nullable(num)), signal: optional(nullable(str)) })),
});
const toolView = shape({
  toolCallId: str,
  title: optional(str),
  origin: optional(oneOf('write', 'applied')),
  kind: str,
  status: oneOf('pending', 'in_progress', 'completed', 'failed', 'cancelled', 'unfinished'),
  content: listOf(toolContent),
  locations: listOf(shape({ path: str, line: optional(nullable(num)) })),
  rawInput: anything,
  rawOutput: anything,
  meta: optional(record),
  permission: nullable(permission),
  writes: listOf(fileWrite),
  agentTerminals: optional(listOf(agentTerminal)),
});
const option = shape({ value: str, label: str });
const formField = shape({
  name: str,
  title: str,
  description: nullable(str),
  required: bool,
  kind: oneOf('text', 'number', 'integer', 'boolean', 'select', 'multiselect'),
  options: optional(listOf(option)),
});
const message = { messageId: nullable(str), parts: listOf(messagePart) };
const subagentWork = tagged('state', {
  unset: record,
  running: record,
  requires_action: record,
  unknown: record,
  idle: shape({ stopReason: nullable(str), error: nullable(str) }),
  other: shape({ name: str }),
});

const ENTRY_FIELDS: Record<Entry['kind'], Record<string, Check>> = {
  user: { ...message, steered: optional(oneOf(true)) },
  agent: { ...message, closed: optional(oneOf(true)) },
  thought: { ...message, closed: optional(oneOf(true)) },
  tool: { tool: toolView },
  turnEnd: { stopReason: str, message: optional(str), needsSignIn: optional(oneOf(true)), meta: optional(record) },
  failure: { failure },
  protocolError: { problem, raw: optional(str) },
  notice: { note },
  agentNotice: { severity: str, title: str, description: nullable(str) },
  compaction: { compactionId: str, status: str, summary: listOf(messagePart), error: nullable(str) },
  elicitation: {
    elicitationId: str,
    form: shape({ message: str, title: nullable(str), fields: listOf(formField), unusable: nullable(formProblem) }),
    answer: nullable(oneOf('accept', 'decline', 'cancel')),
  },
  elicitationUrl: {
    elicitationId: str,
    link: shape({
      message: str,
      url: str,
      host: nullable(str),
      warnings: listOf(linkWarning),
      unusable: nullable(linkProblem),
    }),
    answer: nullable(oneOf('accept', 'decline', 'cancel')),
    completed: bool,
  },
  continued: {
    how: oneOf('resumed', 'loaded', 'new', 'forked', 'seeded'),
    edit: optional(shape({ excerpt: str, restoredFiles: num, reason: optional(noForkReason) })),
  },
  subagent: {
    sessionId: str,
    title: nullable(str),
    description: nullable(str),
    work: subagentWork,
    cancellable: bool,
    cwd: nullable(str),
    activity: shape({ messages: num, toolCalls: num, waiting: num, latest: str }),
  },
  sessionMessage: {
    messageId: str,
    senderSessionId: nullable(str),
    recipientSessionId: nullable(str),
    parts: listOf(messagePart),
    truncated: optional(oneOf(true)),
  },
};
const ENTRY_CHECKS = Object.fromEntries(
  Object.entries(ENTRY_FIELDS).map(([kind, fields]) => [kind, shape({ id: anything, ...fields })]),
) as Record<Entry['kind'], Check>;

/** Why `value` is not an entry the chat can show: 'kind', 'id', or the path of the bad field; null when it is one. */
export function entryProblem(value: unknown): string | null {
  if (!isRecord(value)) return '';
  const kind = value.kind;
  if (typeof kind !== 'string' || !Object.hasOwn(ENTRY_CHECKS, kind)) return 'kind';
  if (typeof value.id !== 'string' || value.id.length > 11 || !ENTRY_ID.test(value.id)) return 'id';
  return ENTRY_CHECKS[kind as Entry['kind']](value);
}

/** The number an entry id was minted from (the id passed entryProblem). */
export function entryNumber(id: string): number {
  return Number(id.slice(1));
}

const configOption: Check = (value) =>
  shape({ id: str, name: str, type: str })(value) ??
  ((value as { type: unknown }).type === 'select' ? shape({ options: listOf(record) })(value) : null);

/** The thread fields a journal keeps (journalFormat.ts META_FIELDS), each with its check. */
export const META_CHECKS: Record<MetaField, Check> = {
  agentInfo: nullable(shape({ name: str })),
  agentCapabilities: nullable(record),
  sessionId: nullable(str),
  nextEntryId: num,
  plan: nullable(listOf(shape({ content: str, priority: str, status: str }))),
  commands: listOf(shape({ name: str, description: str })),
  modes: nullable(shape({ currentModeId: str, availableModes: listOf(shape({ id: str, name: str })) })),
  configOptions: nullable(listOf(configOption)),
  title: nullable(str),
  updatedAt: nullable(str),
  sessionMeta: nullable(record),
  usage: nullable(shape({ used: num, size: num, cost: optional(nullable(shape({ amount: num, currency: str }))) })),
  turnUsage: nullable(record),
  terminals: nullable(
    recordOf(
      shape({
        terminalId: str,
        commandLine: str,
        cwd: str,
        mode: oneOf('pty', 'pipes', 'none'),
        status: oneOf('running', 'exited'),
        exitStatus: optional(nullable(record)),
        stoppedBy: optional(nullable(oneOf('agent', 'user'))),
        released: optional(bool),
      }),
    ),
  ),
  worktree: nullable(shape({ id: str, folders: listOf(str) })),
};
