// Subagent sessions in the thread (ACP, stable 2026-11-20): a `subagent_update` sent on a session
// announces a child of that session (the chat's own, or a child's) the first time its id is seen:
// the child gets a transcript of its own, flat in the chat's `subagents` by its session id, and the
// announcing session a card where it was announced. Later updates patch the card (omitted: kept,
// null: cleared, a value: replaced; state and capabilities whole). The child's own traffic comes as
// `subagent` actions, reduced into its transcript with the same reducer; the card's activity follows
// in O(1) per action (no scan of the child's transcript for streamed text). How many children a chat
// holds and how deep they nest is the agent's to choose, so both are bounded; past a bound the chat
// says so once and the rest is dropped. Pure.
import type { ThreadAction } from './actions';
import { createThreadState, type SubagentThread, type ThreadState } from './thread';
import type { SubagentActivity, SubagentCard, SubagentUpdate } from './subagentTypes';
import { appendEntry, roomForAgentEntry } from './threadEntries';
import { cardIn, cardWith, countWaiting, latestAfter, patchCard, settleChild, workIsLive } from './subagentCards';

type Reduce = (state: ThreadState, action: ThreadAction) => ThreadState;

/** Children (every level) one chat holds at most. */
export const MAX_SUBAGENTS = 64;
/** How deep children nest at most: a child of the chat is 1 deep, its child 2. */
export const MAX_SUBAGENT_DEPTH = 4;

export function isSubagentUpdate(update: { sessionUpdate?: unknown }): update is SubagentUpdate {
  return update.sessionUpdate === 'subagent_update';
}

/** The child `sessionId` of the chat, if the chat holds it (own properties only: ids are the agent's). */
export function childOf(root: ThreadState, sessionId: string): SubagentThread | undefined {
  const subagents = root.subagents;
  return subagents && Object.hasOwn(subagents, sessionId) ? subagents[sessionId] : undefined;
}

/** The chat's own transcript, then every subagent session's (what shows cards, terminals, writes). */
export function sessionStates(root: ThreadState): ThreadState[] {
  return root.subagents ? [root, ...Object.values(root.subagents).map((thread) => thread.state)] : [root];
}

/** The card of the child `sessionId` (where its announcer shows it), if the chat holds both. */
export function subagentCard(root: ThreadState, sessionId: string): SubagentCard | undefined {
  const thread = childOf(root, sessionId);
  return thread && cardIn(sessionState(root, thread.parentSessionId), sessionId, thread.cardAt)?.card;
}

/**
 * Where the agent placed the child: its card's cwd, else the nearest announcer's that has one; null when
 * none said (the chat's own). ACP: an unset cwd inherits the immediate parent's effective one.
 */
export function subagentCwd(root: ThreadState, sessionId: string): string | null {
  let id: string | null = sessionId;
  for (let depth = 0; id !== null && depth <= MAX_SUBAGENT_DEPTH; depth++) {
    const cwd = subagentCard(root, id)?.cwd;
    if (cwd) return cwd;
    id = childOf(root, id)?.parentSessionId ?? null;
  }
  return null;
}

/** A `subagent_update` sent on `announcer` (null: the chat's own session): announces the child, or patches it. */
export function applySubagentUpdate(root: ThreadState, announcer: string | null, update: SubagentUpdate): ThreadState {
  const childId = update.sessionId;
  if (typeof childId !== 'string') return root;
  const known = childOf(root, childId);
  return known ? patchChild(root, childId, known, update) : announceChild(root, announcer, childId, update);
}

/** An action of the child `sessionId`, applied to its transcript; its card's activity follows. */
export function applySubagentAction(root: ThreadState, sessionId: string, action: ThreadAction, reduce: Reduce) {
  // The host wraps a child's action once, with the child's own id: children are flat.
  if (action.type === 'subagent') return applySubagentAction(root, action.sessionId, action.action, reduce);
  const thread = childOf(root, sessionId);
  if (!thread) return root;
  if (action.type === 'sessionUpdate' && isSubagentUpdate(action.update))
    return applySubagentUpdate(root, sessionId, action.update);
  const before = thread.state;
  const after = reduce(before, action);
  if (after === before) return root;
  const found = cardIn(sessionState(root, thread.parentSessionId), sessionId, thread.cardAt);
  const activity = found ? nextActivity(found.card.activity, before, after, action) : undefined;
  const card =
    found && activity && activity !== found.card.activity ? { at: found.at, card: { ...found.card, activity } } : null;
  return commit(root, sessionId, { ...thread, state: after, cardAt: found?.at ?? -1 }, card);
}

/**
 * The agent went away (or the chat was restored, stopped or started again): no child can still be
 * working. Each child's transcript is settled by `settle`, and a card that said the child was working
 * now says `unknown`. O(children + their entries), on those rare events only.
 */
export function subagentsGone(root: ThreadState, settle: (child: ThreadState) => ThreadState): ThreadState {
  if (!root.subagents) return root;
  const subagents: Record<string, SubagentThread> = Object.fromEntries(
    Object.entries(root.subagents).map(([id, thread]) => [id, { ...thread, state: settle(thread.state) }]),
  );
  let next: ThreadState = { ...root, subagents };
  for (const [id, thread] of Object.entries(subagents)) {
    const found = cardIn(sessionState(next, thread.parentSessionId), id, thread.cardAt);
    if (!found) continue;
    const waiting = countWaiting(thread.state);
    const live = workIsLive(found.card.work);
    if (!live && waiting === found.card.activity.waiting) continue;
    const card = cardWith(found.card, live ? { state: 'unknown' } : found.card.work, waiting);
    next = commit(next, id, { ...childOf(next, id)!, cardAt: found.at }, { at: found.at, card });
  }
  return next;
}

function announceChild(root: ThreadState, announcer: string | null, childId: string, update: SubagentUpdate) {
  // The chat's own session, or its announcer, is never a child of it.
  if (childId === root.sessionId || childId === announcer) return root;
  const parent = sessionState(root, announcer);
  if (!parent) return root;
  if (root.subagents && Object.keys(root.subagents).length >= MAX_SUBAGENTS) return refuse(root, 'children');
  if (depthOf(root, announcer) + 1 > MAX_SUBAGENT_DEPTH) return refuse(root, 'depth');
  const room = roomForAgentEntry(parent);
  if (!room.ok) return setSession(root, announcer, room.state);
  const cardAt = parent.entries.length;
  const withCard = appendEntry(parent, (id) => patchCard(newCard(id, childId), update));
  // The child's thread: the chat's key and agent, its own transcript, on the chat's connection.
  const child: ThreadState = {
    ...createThreadState(root.key, root.agent),
    sessionId: childId,
    connection: { kind: 'ready' },
  };
  const announced = setSession(root, announcer, withCard);
  return {
    ...announced,
    subagents: { ...announced.subagents, [childId]: { parentSessionId: announcer, state: child, cardAt } },
  };
}

function patchChild(root: ThreadState, childId: string, thread: SubagentThread, update: SubagentUpdate) {
  const idle = typeof update.state === 'object' && update.state !== null && update.state.state === 'idle';
  // Idle ends the child's foreground work: its open tool calls settle as at a turn's end.
  const state = idle ? settleChild(thread.state, update.state) : thread.state;
  const found = cardIn(sessionState(root, thread.parentSessionId), childId, thread.cardAt);
  const next = { ...thread, state, cardAt: found?.at ?? -1 };
  if (!found) return state === thread.state ? root : commit(root, childId, next, null);
  let card = patchCard(found.card, update);
  if (idle) card = cardWith(card, card.work, countWaiting(state));
  if (card === found.card && state === thread.state) return root;
  return commit(root, childId, next, { at: found.at, card });
}

function newCard(id: string, sessionId: string): SubagentCard {
  return {
    kind: 'subagent',
    id,
    sessionId,
    title: null,
    description: null,
    work: { state: 'unset' },
    cancellable: false,
    cwd: null,
    activity: { messages: 0, toolCalls: 0, waiting: 0, latest: '' },
  };
}

/** Counts follow the entries the action appended (one or two), never a scan of the transcript. */
function nextActivity(
  activity: SubagentActivity,
  before: ThreadState,
  after: ThreadState,
  action: ThreadAction,
): SubagentActivity {
  let { messages, toolCalls, waiting } = activity;
  for (let i = before.entries.length; i < after.entries.length; i++) {
    const kind = after.entries[i]!.kind;
    if (kind === 'agent' || kind === 'user' || kind === 'sessionMessage') messages++;
    else if (kind === 'tool') toolCalls++;
  }
  // Permission requests and forms change rarely, and the reducer scans for them then anyway.
  if (WAITING_ACTIONS.has(action.type)) waiting = countWaiting(after);
  const latest = latestAfter(before, after, action) ?? activity.latest;
  const same =
    messages === activity.messages &&
    toolCalls === activity.toolCalls &&
    waiting === activity.waiting &&
    latest === activity.latest;
  return same ? activity : { messages, toolCalls, waiting, latest };
}

const WAITING_ACTIONS: ReadonlySet<ThreadAction['type']> = new Set<ThreadAction['type']>([
  'permissionRequested',
  'permissionResolved',
  'elicitationRequested',
  'elicitationUrlRequested',
  'elicitationResolved',
  'cancelRequested',
  'turnEnded',
  'turnFailed',
  'agentFailed',
]);

/** The transcript of `sessionId` (null: the chat's own). */
function sessionState(root: ThreadState, sessionId: string | null): ThreadState | undefined {
  return sessionId === null ? root : childOf(root, sessionId)?.state;
}

function setSession(root: ThreadState, sessionId: string | null, state: ThreadState): ThreadState {
  if (sessionId === null) return { ...state, subagents: root.subagents };
  const thread = childOf(root, sessionId);
  return thread ? { ...root, subagents: { ...root.subagents, [sessionId]: { ...thread, state } } } : root;
}

/** The chat with the child's thread replaced and, when given, the card at `at` of its announcer. */
function commit(
  root: ThreadState,
  childId: string,
  thread: SubagentThread,
  card: { at: number; card: SubagentCard } | null,
): ThreadState {
  const next = { ...root, subagents: { ...root.subagents, [childId]: thread } };
  if (!card) return next;
  const parent = sessionState(next, thread.parentSessionId);
  if (!parent) return next;
  const entries = parent.entries.slice();
  entries[card.at] = card.card;
  return setSession(next, thread.parentSessionId, { ...parent, entries });
}

/** How deep `sessionId` is (the chat's own: 0); the walk stops past the bound. */
function depthOf(root: ThreadState, sessionId: string | null): number {
  let depth = 0;
  for (let id = sessionId; id !== null && depth <= MAX_SUBAGENT_DEPTH; depth++)
    id = childOf(root, id)?.parentSessionId ?? null;
  return depth;
}

/** Past a bound: the chat says so once (a protocolError entry), and the child is not kept. */
function refuse(root: ThreadState, bound: 'children' | 'depth'): ThreadState {
  if (root.subagentLimits?.[bound]) return root;
  const said = appendEntry(root, (id) => ({
    kind: 'protocolError',
    id,
    problem: { kind: 'subagentLimit', bound, limit: bound === 'children' ? MAX_SUBAGENTS : MAX_SUBAGENT_DEPTH },
  }));
  return { ...said, subagentLimits: { ...root.subagentLimits, [bound]: true } };
}
