// What the comparison view shows of one compared chat, read from its thread state: where it is, its answer to the
// latest prompt, its tool calls and what it reported of tokens and cost. Pure: the host adds the clock, the files and
// the tests (src/vscode/compare/).
import type { CompareColumn, CompareState, CompareToolCall, CompareUsage } from '../../shared/compare';
import { MAX_COMPARE_ANSWER_CHARS, MAX_COMPARE_TOOL_CALLS } from '../../shared/compare';
import { toolTitle } from '../../shared/entryWords';
import { failureWords } from '../../shared/failureWords';
import { t } from '../../shared/l10n';
import type { Entry, ThreadState } from '../../shared/thread';

export type ThreadColumn = Pick<CompareColumn, 'state' | 'detail' | 'answer' | 'toolCalls' | 'toolCallCount' | 'usage'>;

const MAX_DETAIL_CHARS = 500;

export function threadColumn(state: ThreadState): ThreadColumn {
  const { state: where, detail } = compareState(state);
  const { toolCalls, toolCallCount } = toolCallsOf(state.entries);
  return {
    state: where,
    ...(detail !== undefined ? { detail: cut(detail, MAX_DETAIL_CHARS) } : {}),
    answer: latestAnswer(state.entries),
    toolCalls,
    toolCallCount,
    usage: usageOf(state),
  };
}

function compareState(state: ThreadState): { state: CompareState; detail?: string } {
  const { connection, turn } = state;
  switch (connection.kind) {
    case 'failed':
      return { state: 'failed', detail: failureWords(connection.failure).title };
    case 'authRequired':
    case 'authenticating':
      return { state: 'needsYou', detail: t('Sign in to the agent in its chat.') };
    case 'starting':
      return { state: 'starting' };
    case 'stopped':
    case 'ready':
      break;
  }
  if (turn.kind !== 'idle') return { state: waitsForUser(state.entries) ? 'needsYou' : 'working' };
  const end = lastTurnEnd(state.entries);
  if (!end) return { state: connection.kind === 'stopped' ? 'stopped' : 'starting' };
  switch (end.stopReason) {
    case 'end_turn':
      return { state: 'done' };
    case 'error':
      return { state: 'failed', ...(end.message ? { detail: end.message } : {}) };
    case 'cancelled':
      return { state: 'stopped', detail: t('Stopped before the agent finished.') };
    default:
      // max_tokens, max_turn_requests, refusal: the agent ended early; its reason as it named it.
      return { state: 'stopped', detail: t('The agent ended its turn early ({0}).', end.stopReason) };
  }
}

/** A permission or a form of the running turn waits for an answer (the chat has the card). */
function waitsForUser(entries: readonly Entry[]): boolean {
  for (let n = entries.length - 1; n >= 0; n--) {
    const entry = entries[n]!;
    if (entry.kind === 'turnEnd' || entry.kind === 'user') return false;
    if (entry.kind === 'tool' && entry.tool.permission?.state.kind === 'pending') return true;
    if (entry.kind === 'elicitation' && entry.answer === null) return true;
  }
  return false;
}

function lastTurnEnd(entries: readonly Entry[]): Extract<Entry, { kind: 'turnEnd' }> | undefined {
  for (let n = entries.length - 1; n >= 0; n--) {
    const entry = entries[n]!;
    if (entry.kind === 'turnEnd') return entry;
    if (entry.kind === 'user') return undefined;
  }
  return undefined;
}

/** The agent's messages since the last user message, as one markdown text (bounded: its start is kept). */
export function latestAnswer(entries: readonly Entry[]): string {
  let from = entries.length;
  while (from > 0 && entries[from - 1]!.kind !== 'user') from--;
  const parts: string[] = [];
  let size = 0;
  for (let n = from; n < entries.length && size <= MAX_COMPARE_ANSWER_CHARS; n++) {
    const entry = entries[n]!;
    if (entry.kind !== 'agent') continue;
    const text = entry.parts.map((part) => (part.kind === 'text' ? part.text : '')).join('');
    if (text.trim() === '') continue;
    parts.push(text);
    size += text.length + 2;
  }
  const answer = parts.join('\n\n');
  return answer.length > MAX_COMPARE_ANSWER_CHARS
    ? `${answer.slice(0, MAX_COMPARE_ANSWER_CHARS)}\n\n${t('(The rest of the answer is in the chat.)')}`
    : answer;
}

function toolCallsOf(entries: readonly Entry[]): { toolCalls: CompareToolCall[]; toolCallCount: number } {
  const toolCalls: CompareToolCall[] = [];
  let toolCallCount = 0;
  for (const entry of entries) {
    if (entry.kind !== 'tool') continue;
    toolCallCount++;
    const { tool } = entry;
    toolCalls.push({ title: cut(toolTitle(tool), MAX_DETAIL_CHARS), kind: tool.kind ?? 'other', status: tool.status });
    if (toolCalls.length > MAX_COMPARE_TOOL_CALLS) toolCalls.shift();
  }
  return { toolCalls, toolCallCount };
}

function usageOf(state: ThreadState): CompareUsage {
  const usage: CompareUsage = {};
  if (state.usage) {
    usage.used = state.usage.used;
    usage.size = state.usage.size;
    const cost = state.usage.cost;
    if (cost && Number.isFinite(cost.amount)) usage.cost = { amount: cost.amount, currency: cost.currency };
  }
  const turn = state.turnUsage;
  if (turn) {
    usage.inputTokens = turn.inputTokens;
    usage.outputTokens = turn.outputTokens;
    usage.totalTokens = turn.totalTokens;
  }
  return usage;
}

function cut(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
