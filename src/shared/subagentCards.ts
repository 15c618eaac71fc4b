// The card a subagent session shows where it was announced (shared/subagents.ts): where it sits,
// how a `subagent_update` patches it, and what its activity line shows of the child's transcript.
// Agent text on the card is cut to a size a card shows. Pure.
import type { ThreadAction } from './actions';
import type { MessagePart, ThreadState } from './thread';
import type { SubagentCard, SubagentUpdate, SubagentWork } from './subagentTypes';
import { copyOfStart } from './messageCap';
import { messageBeforeAsides } from './messageChunks';
import { settleCompactions } from './sessionAsides';
import { toolEntryAt } from './threadEntries';
import { settleTurn } from './toolEntries';

/** The card's one line of what the child did last: at most this many characters. */
export const MAX_LATEST_CHARS = 120;
/** The start of a text the activity line is made from (whitespace runs shrink to one space). */
const LINE_SOURCE_CHARS = 4 * MAX_LATEST_CHARS;
/** A title, description, cwd, error or state name the agent sends: at most this many characters kept. */
export const MAX_CARD_TEXT = 4096;

/**
 * The child's card in its announcer's entries: at `hint` (the cached place), else found by a scan once
 * (a restored chat, a stale cache). `hint` -1: known to be missing (a journal line skipped), no scan.
 */
export function cardIn(
  parent: ThreadState | undefined,
  childId: string,
  hint: number | undefined,
): { at: number; card: SubagentCard } | undefined {
  if (!parent || hint === -1) return undefined;
  const hinted = hint === undefined ? undefined : parent.entries[hint];
  if (hinted?.kind === 'subagent' && hinted.sessionId === childId) return { at: hint!, card: hinted };
  const at = parent.entries.findIndex((entry) => entry.kind === 'subagent' && entry.sessionId === childId);
  return at < 0 ? undefined : { at, card: parent.entries[at] as SubagentCard };
}

/** The card patched by a `subagent_update` (omitted: kept, null: cleared, a value: replaced); itself when unchanged. */
export function patchCard(card: SubagentCard, update: SubagentUpdate): SubagentCard {
  const title = patchText(card.title, update.title);
  const description = patchText(card.description, update.description);
  const cwd = patchText(card.cwd, update.cwd);
  let cancellable = card.cancellable;
  // Cancel is permitted while the last capabilities hold `cancel` as an object ({} included).
  if (update.capabilities === null) cancellable = false;
  else if (isRecord(update.capabilities)) cancellable = isRecord(update.capabilities.cancel);
  let work = card.work;
  if (update.state === null) work = { state: 'unset' };
  else if (isRecord(update.state)) work = workOf(update.state);
  const same =
    title === card.title &&
    description === card.description &&
    cwd === card.cwd &&
    cancellable === card.cancellable &&
    sameWork(work, card.work);
  return same ? card : { ...card, title, description, cwd, cancellable, work };
}

/** The card with this work and this many waiting requests; itself when both are what it holds. */
export function cardWith(card: SubagentCard, work: SubagentWork, waiting: number): SubagentCard {
  if (sameWork(work, card.work) && waiting === card.activity.waiting) return card;
  return { ...card, work, activity: { ...card.activity, waiting } };
}

/** The work as the agent reported it; a state this client does not know is kept by its name. */
function workOf(state: Record<string, unknown>): SubagentWork {
  const name = state.state;
  switch (name) {
    case 'running':
    case 'requires_action':
    case 'unknown':
      return { state: name };
    case 'idle': {
      const error = isRecord(state.error) && typeof state.error.message === 'string' ? state.error.message : null;
      return {
        state: 'idle',
        stopReason: typeof state.stopReason === 'string' ? cut(state.stopReason) : null,
        error: error === null ? null : cut(error),
      };
    }
    default:
      return { state: 'other', name: typeof name === 'string' ? cut(name) : '' };
  }
}

/** Whether the card says the child is (or may be) working: a state that only the agent can end. */
export function workIsLive(work: SubagentWork): boolean {
  return work.state === 'running' || work.state === 'requires_action' || work.state === 'other';
}

function sameWork(a: SubagentWork, b: SubagentWork): boolean {
  if (a === b) return true;
  if (a.state !== b.state) return false;
  if (a.state === 'idle' && b.state === 'idle') return a.stopReason === b.stopReason && a.error === b.error;
  if (a.state === 'other' && b.state === 'other') return a.name === b.name;
  return true;
}

/** The child went idle: its open tool calls end as at a turn's end (`cancelled` when it was cancelled). */
export function settleChild(child: ThreadState, state: unknown): ThreadState {
  const cancelled = isRecord(state) && state.stopReason === 'cancelled';
  return { ...child, entries: settleTurn(child, cancelled ? 'cancelled' : 'unfinished', true) };
}

/** The agent is gone: the child's open tool calls and compactions end `unfinished`, its requests cancelled. */
export function settleGoneChild(child: ThreadState): ThreadState {
  const settled = settleCompactions(child);
  return { ...settled, connection: { kind: 'stopped' }, entries: settleTurn(settled, 'unfinished', true) };
}

/** Permission requests and forms of the transcript waiting for the user. O(entries). */
export function countWaiting(state: ThreadState): number {
  let waiting = 0;
  for (const entry of state.entries) {
    if (entry.kind === 'tool' && entry.tool.permission?.state.kind === 'pending') waiting++;
    else if ((entry.kind === 'elicitation' || entry.kind === 'elicitationUrl') && entry.answer === null) waiting++;
  }
  return waiting;
}

/**
 * What the card's activity line shows after `action`: a tool call's title, or the start of the agent
 * message a chunk went to; undefined when the action changed neither. O(1) (the start of one part).
 */
export function latestAfter(before: ThreadState, state: ThreadState, action: ThreadAction): string | undefined {
  if (action.type !== 'sessionUpdate') return undefined;
  const update = action.update;
  if (update.sessionUpdate === 'agent_message_chunk') {
    const at = messageBeforeAsides(state.entries);
    const entry = state.entries[at];
    if (entry?.kind !== 'agent') return undefined;
    // A chunk that grew a message whose start already filled the line changes nothing on it.
    const was = before.entries[at];
    const first = was?.kind === 'agent' && was.id === entry.id ? was.parts[0] : undefined;
    if (first?.kind === 'text' && first.text.length >= LINE_SOURCE_CHARS) return undefined;
    return startOf(entry.parts);
  }
  if (update.sessionUpdate === 'tool_call' || update.sessionUpdate === 'tool_call_update') {
    const at = typeof update.toolCallId === 'string' ? toolEntryAt(state, update.toolCallId) : undefined;
    const entry = at === undefined ? undefined : state.entries[at];
    // A title of the agent's only: the card's line shows what the agent does, not our words for it.
    const title = entry?.kind === 'tool' ? entry.tool.title?.trim() : undefined;
    return title ? oneLine(title) : undefined;
  }
  return undefined;
}

function startOf(parts: readonly MessagePart[]): string | undefined {
  const first = parts[0];
  if (first?.kind !== 'text') return undefined;
  const line = oneLine(first.text);
  return line === '' ? undefined : line;
}

/** The text on one line, at most MAX_LATEST_CHARS (an ellipsis where it was cut). */
function oneLine(text: string): string {
  const line = text.slice(0, LINE_SOURCE_CHARS).replace(/\s+/g, ' ').trim();
  return line.length > MAX_LATEST_CHARS ? `${copyOfStart(line, MAX_LATEST_CHARS - 1)}…` : line;
}

function patchText(current: string | null, value: unknown): string | null {
  if (value === null) return null;
  return typeof value === 'string' ? cut(value) : current;
}

function cut(text: string): string {
  return text.length > MAX_CARD_TEXT ? copyOfStart(text, MAX_CARD_TEXT) : text;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
