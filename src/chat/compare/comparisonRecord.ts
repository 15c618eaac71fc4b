// What a comparison keeps across a reload (the workspace's state): the prompt, which chats it compares, the time each
// worked, the last test run of each, and which one was taken. The chats themselves come back from their journals;
// read back checked and bounded (the stored value is whatever an older or another window wrote).
import type { CompareFile, CompareTestRun, CompareUsage } from '../../shared/compare';

/** What a column showed when its chat closed: shown again after a reload (the chat's transcript is in Chat History). */
export interface ClosedColumn {
  answer: string;
  toolCallCount: number;
  usage: CompareUsage;
  /** The files it had changed, by name (their diffs went with the worktree). */
  files: Pick<CompareFile, 'path' | 'kind' | 'binary'>[];
}

export interface ColumnRecord {
  threadId: string;
  agentId: string;
  agentName: string;
  /** The worktree's first folder (the agent's cwd). */
  worktreeFolder: string;
  /** Finished work, in ms (the running turn is not counted until it ends). */
  elapsedMs: number;
  /** The last finished test run. */
  tests?: CompareTestRun;
  /** Set once the chat closed. */
  closed?: ClosedColumn;
}

export interface ComparisonRecord {
  id: string;
  prompt: string;
  context: string[];
  createdAt: number;
  columns: ColumnRecord[];
  taken?: string;
}

/** The newest comparisons kept; older ones are forgotten (their chats stay in Chat History). */
export const MAX_KEPT_COMPARISONS = 20;
const MAX_COLUMNS = 16;
const MAX_TEXT = 64 * 1024;

export function readComparisons(stored: unknown): ComparisonRecord[] {
  if (!Array.isArray(stored)) return [];
  const records: ComparisonRecord[] = [];
  for (const item of stored.slice(-MAX_KEPT_COMPARISONS)) {
    const record = readRecord(item);
    if (record) records.push(record);
  }
  return records;
}

/** The records to store: this one replaces its older self, the newest MAX_KEPT_COMPARISONS kept. */
export function withRecord(records: readonly ComparisonRecord[], record: ComparisonRecord): ComparisonRecord[] {
  return [...records.filter((other) => other.id !== record.id), record].slice(-MAX_KEPT_COMPARISONS);
}

function readRecord(value: unknown): ComparisonRecord | undefined {
  if (!isObject(value)) return undefined;
  const { id, prompt, context, createdAt, columns, taken } = value;
  if (!isText(id) || !isText(prompt) || typeof createdAt !== 'number' || !Array.isArray(columns)) return undefined;
  const read = columns.slice(0, MAX_COLUMNS).map(readColumn);
  if (read.some((column) => column === undefined)) return undefined;
  return {
    id,
    prompt,
    context: Array.isArray(context) ? context.filter(isText).slice(0, 100) : [],
    createdAt,
    columns: read as ColumnRecord[],
    ...(isText(taken) ? { taken } : {}),
  };
}

function readColumn(value: unknown): ColumnRecord | undefined {
  if (!isObject(value)) return undefined;
  const { threadId, agentId, agentName, worktreeFolder, elapsedMs, tests } = value;
  if (!isText(threadId) || !isText(agentId) || !isText(agentName) || !isText(worktreeFolder)) return undefined;
  const column: ColumnRecord = {
    threadId,
    agentId,
    agentName,
    worktreeFolder,
    elapsedMs: typeof elapsedMs === 'number' && elapsedMs >= 0 ? elapsedMs : 0,
  };
  const run = readTestRun(tests);
  if (run) column.tests = run;
  const closed = readClosed((value as { closed?: unknown }).closed);
  if (closed) column.closed = closed;
  return column;
}

const FILE_KINDS: ReadonlySet<unknown> = new Set(['added', 'modified', 'deleted']);
const MAX_CLOSED_FILES = 200;

function readClosed(value: unknown): ClosedColumn | undefined {
  if (!isObject(value)) return undefined;
  const { answer, toolCallCount, usage, files } = value;
  if (!isText(answer) || typeof toolCallCount !== 'number' || !Array.isArray(files)) return undefined;
  const kept: ClosedColumn['files'] = [];
  for (const file of files.slice(0, MAX_CLOSED_FILES)) {
    if (isObject(file) && isText(file.path) && FILE_KINDS.has(file.kind) && typeof file.binary === 'boolean')
      kept.push({ path: file.path, kind: file.kind as CompareFile['kind'], binary: file.binary });
  }
  return { answer, toolCallCount, usage: readUsage(usage), files: kept };
}

function readUsage(value: unknown): CompareUsage {
  if (!isObject(value)) return {};
  const usage: CompareUsage = {};
  for (const key of ['used', 'size', 'inputTokens', 'outputTokens', 'totalTokens'] as const) {
    const number = value[key];
    if (typeof number === 'number' && Number.isFinite(number)) usage[key] = number;
  }
  const cost = value.cost;
  if (isObject(cost) && typeof cost.amount === 'number' && Number.isFinite(cost.amount) && isText(cost.currency))
    usage.cost = { amount: cost.amount, currency: cost.currency.slice(0, 10) };
  return usage;
}

/** What a closed chat's column keeps (bounded: the answer's start, the files by name). */
export function closedColumn(
  shown: { answer: string; toolCallCount: number; usage: CompareUsage },
  files: readonly CompareFile[],
): ClosedColumn {
  return {
    answer: shown.answer.slice(0, MAX_TEXT),
    toolCallCount: shown.toolCallCount,
    usage: shown.usage,
    files: files.slice(0, MAX_CLOSED_FILES).map(({ path, kind, binary }) => ({ path, kind, binary })),
  };
}

function readTestRun(value: unknown): CompareTestRun | undefined {
  if (!isObject(value)) return undefined;
  const { state, command, exitCode, startedAt, durationMs, tail, error } = value;
  if (state !== 'passed' && state !== 'failed' && state !== 'error') return undefined;
  if (!isText(command) || typeof startedAt !== 'number' || !isText(tail)) return undefined;
  return {
    state,
    command,
    startedAt,
    tail,
    exitCode: typeof exitCode === 'number' ? exitCode : null,
    ...(typeof durationMs === 'number' ? { durationMs } : {}),
    ...(isText(error) ? { error } : {}),
  };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isText(value: unknown): value is string {
  return typeof value === 'string' && value.length <= MAX_TEXT;
}
