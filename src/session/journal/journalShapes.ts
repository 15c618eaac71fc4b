// What a journal line must hold to be loaded (session/journal/journalDecode.ts): an entry or thread fields
// of the shapes the reducer, the chat list, the Markdown export and the webview take. A journal is
// a file anyone can edit; what it holds is checked here, not trusted, so that one bad line costs
// that line only. Fields added to the model after journals were first written are
// optional here (an older journal lacks them); everything present must have its type. Each check
// answers null (fine) or the path of the first field that is not ('' for the value itself). Pure.
import type { Entry } from '../../shared/thread';
import type { MetaField } from './journalFormat';

type Check = (value: unknown) => string | null;

/** Entry ids are minted as `e<n>` (shared/threadEntries.ts); anything else was not written by us. */
const ENTRY_ID = /^e\d{1,10}$/;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const is =
  (test: (value: unknown) => boolean): Check =>
  (value) =>
    test(value) ? null : '';
const str = is((value) => typeof value === 'string');
const num = is((value) => typeof value === 'number' && Number.isFinite(value));
const bool = is((value) => typeof value === 'boolean');
const record = is(isRecord);
/** Free-form JSON (rawInput, _meta): any value; its depth was bounded before parsing. */
const anything: Check = () => null;
const oneOf = (...allowed: unknown[]): Check => is((value) => allowed.includes(value));
const optional =
  (check: Check): Check =>
  (value) =>
    value === undefined ? null : check(value);
const nullable =
  (check: Check): Check =>
  (value) =>
    value === null ? null : check(value);

function at(key: string, path: string): string {
  return path === '' ? key : path.startsWith('[') ? `${key}${path}` : `${key}.${path}`;
}

function shape(fields: Record<string, Check>): Check {
  return (value) => {
    if (!isRecord(value)) return '';
    for (const key of Object.keys(fields)) {
      const problem = fields[key]!(value[key]);
      if (problem !== null) return at(key, problem);
    }
    return null;
  };
}

function listOf(item: Check): Check {
  return (value) => {
    if (!Array.isArray(value)) return '';
    for (let i = 0; i < value.length; i++) {
      const problem = item(value[i]);
      if (problem !== null) return at(`[${i}]`, problem);
    }
    return null;
  };
}

function recordOf(item: Check): Check {
  return (value) => {
    if (!isRecord(value)) return '';
    for (const key of Object.keys(value)) {
      const problem = item(value[key]);
      if (problem !== null) return at(key, problem);
    }
    return null;
  };
}

/** A union tagged by `tag`: the branch of its value; a tag not listed passes `other` (null: refused). */
function tagged(tag: string, branches: Record<string, Check>, other: Check | null = null): Check {
  return (value) => {
    if (!isRecord(value)) return '';
    const name = value[tag];
    const branch = typeof name === 'string' && Object.hasOwn(branches, name) ? branches[name]! : other;
    return branch === null ? tag : branch(value);
  };
}

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
/** What the client says, as data (shared/entryReasons.ts); a kind this version does not know is refused. */
const problem = tagged('kind', {
  chatFull: shape({ limit: num }),
  subagentLimit: shape({ bound: oneOf('children', 'depth'), limit: num }),
  invalidUpdate: shape({ variant: str, problem: str }),
  partialUpdate: shape({ variant: str, dropped: listOf(str) }),
  keepsFailing: shape({ shown: num }),
  noPermissionOptions: shape({ problem: str }),
  said: shape({ title: str, detail: str }),
});
const note = tagged('kind', {
  listed: shape({ agent: str }),
  outsideWorkspace: shape({ agent: str, cwd: str, outside: listOf(str) }),
  mcpNotPassed: shape({ error: str }),
  partlyRead: shape({ notes: listOf(str) }),
  editorTools: shape({ agent: str, server: str, tools: listOf(str) }),
  editorToolsNotOffered: shape({ error: str }),
  said: shape({ text: str }),
});
const formProblem = tagged('kind', {
  tooManyFields: shape({ count: num, max: num }),
  unknownRequired: shape({ names: str }),
  said: shape({ text: str }),
});
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
  failure: {
    failure: shape({
      title: str,
      commandLine: str,
      stderrTail: listOf(str),
      exitCode: optional(nullable(num)),
      signal: optional(nullable(str)),
      hint: optional(str),
    }),
  },
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
    link: shape({ message: str, url: str, host: nullable(str), warnings: listOf(str), unusable: nullable(str) }),
    answer: nullable(oneOf('accept', 'decline', 'cancel')),
    completed: bool,
  },
  continued: {
    how: oneOf('resumed', 'loaded', 'new', 'forked', 'seeded'),
    edit: optional(shape({ excerpt: str, restoredFiles: num, reason: optional(str) })),
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
};
