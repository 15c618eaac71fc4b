// The history of this workspace's chats: the local journals (session/journal/chatJournal.ts) and the
// sessions agents list (`session/list`, paged with its cursor, filtered by cwd), merged without
// duplicates (a journal whose session an agent also lists is one item). What an agent lists is
// hostile input: each field is checked and bounded, and so are the pages. Pure: no vscode.
import { t } from '../../shared/l10n';
import type * as acp from '@agentclientprotocol/sdk';
import type { AgentDescriptor, ThreadState } from '../../shared/thread';
import { chatTitle } from '../chatList';

/** The most pages and sessions one agent's list may take (an agent that pages forever stops here). */
export const MAX_LIST_PAGES = 20;
export const MAX_LISTED_SESSIONS = 500;
const MAX_TITLE = 200;
const MAX_ID = 200;

export interface HistoryItem {
  /** One key per item: the journal's thread id, else `<agentId>/<sessionId>`. */
  key: string;
  /** The local journal, when there is one. */
  threadId: string | null;
  agent: AgentDescriptor;
  /** The agent's session (null: the chat never got one, or it is not known). */
  sessionId: string | null;
  title: string;
  /** ms since the epoch of the last activity (0: unknown). */
  updatedAt: number;
  /** Where it was found: on disk, in the agent's list, or both. */
  source: 'local' | 'agent' | 'both';
  /** The agent advertises `session/delete` (deleting the item may delete the agent's session too). */
  agentDeletes: boolean;
  /** What went wrong reading its journal: the lines skipped, or why it cannot be opened at all (`unreadable`). */
  problem?: string;
  /** The journal could not be read back: the item can only be deleted. */
  unreadable?: true;
}

/** A journal as the history shows it. `modified`: the file's mtime (ms); `notes`: what reading it skipped. */
export function localItem(
  threadId: string,
  agent: AgentDescriptor,
  state: ThreadState,
  modified: number,
  notes: readonly string[] = [],
): HistoryItem {
  const item: HistoryItem = {
    key: threadId,
    threadId,
    agent,
    sessionId: state.sessionId,
    title: chatTitle(state),
    updatedAt: parseTime(state.updatedAt) ?? modified,
    source: 'local',
    agentDeletes: state.agentCapabilities?.sessionCapabilities?.delete != null,
  };
  if (notes.length > 0) item.problem = t('Part of its saved transcript was skipped: {0}', notes.join('; '));
  return item;
}

/** A journal that cannot be read back: listed by its id with why, so the user knows it exists (and can delete it). */
export function unreadableItem(chat: { threadId: string; reason: string; modified: number }): HistoryItem {
  return {
    key: chat.threadId,
    threadId: chat.threadId,
    agent: { id: '', displayName: t('Unknown agent'), isDemo: false },
    sessionId: null,
    title: t('Unreadable chat {0}', chat.threadId),
    updatedAt: chat.modified,
    source: 'local',
    agentDeletes: false,
    problem: t('Its saved transcript cannot be read back: {0}', chat.reason),
    unreadable: true,
  };
}

/** One agent's listed sessions, as items (only valid ones, only those of `cwd`). */
export function agentItems(
  agent: AgentDescriptor,
  sessions: readonly unknown[],
  cwd: string,
  agentDeletes: boolean,
): HistoryItem[] {
  const items: HistoryItem[] = [];
  for (const raw of sessions) {
    const session = raw as Partial<acp.SessionInfo> | null;
    if (typeof session !== 'object' || session === null) continue;
    const { sessionId } = session;
    if (typeof sessionId !== 'string' || sessionId === '' || sessionId.length > MAX_ID) continue;
    if (typeof session.cwd === 'string' && session.cwd !== cwd) continue;
    const title = typeof session.title === 'string' ? oneLine(session.title) : '';
    items.push({
      key: `${agent.id}/${sessionId}`,
      threadId: null,
      agent,
      sessionId,
      title: title || t('Session {0}', sessionId.slice(0, 40)),
      updatedAt: parseTime(session.updatedAt) ?? 0,
      source: 'agent',
      agentDeletes,
    });
  }
  return items;
}

/**
 * Local items and listed ones as one list, newest first: a listed session that a journal holds
 * (same agent, same session id) is that journal's item (marked `both`); each key once.
 */
export function mergeHistory(local: readonly HistoryItem[], listed: readonly HistoryItem[]): HistoryItem[] {
  const byKey = new Map<string, HistoryItem>();
  const bySession = new Map<string, HistoryItem>();
  for (const item of local) {
    byKey.set(item.key, item);
    if (item.sessionId !== null) bySession.set(`${item.agent.id}/${item.sessionId}`, item);
  }
  for (const item of listed) {
    const journal = bySession.get(item.key);
    if (journal) {
      const merged: HistoryItem = {
        ...journal,
        source: 'both',
        agentDeletes: journal.agentDeletes || item.agentDeletes,
        updatedAt: Math.max(journal.updatedAt, item.updatedAt),
      };
      byKey.set(journal.key, merged);
      bySession.set(item.key, merged);
    } else if (!byKey.has(item.key)) {
      byKey.set(item.key, item);
    }
  }
  return [...byKey.values()].sort((a, b) => b.updatedAt - a.updatedAt);
}

/** The user's own names win over the journal's and the agent's titles. */
export function applyNames(items: readonly HistoryItem[], names: Readonly<Record<string, string>>): HistoryItem[] {
  return items.map((item) => (typeof names[item.key] === 'string' ? { ...item, title: names[item.key]! } : item));
}

type ListRequest = (params: acp.ListSessionsRequest) => Promise<acp.ListSessionsResponse>;

/**
 * Every session the agent lists for `cwd`, following `nextCursor` until the last page, a cursor
 * seen before, or the bounds (MAX_LIST_PAGES, MAX_LISTED_SESSIONS).
 */
export async function listAllSessions(list: ListRequest, cwd: string): Promise<unknown[]> {
  const sessions: unknown[] = [];
  const seen = new Set<string>();
  let cursor: string | undefined;
  for (let page = 0; page < MAX_LIST_PAGES && sessions.length < MAX_LISTED_SESSIONS; page++) {
    const response = (await list(
      cursor === undefined ? { cwd } : { cwd, cursor },
    )) as Partial<acp.ListSessionsResponse>;
    if (Array.isArray(response?.sessions))
      sessions.push(...response.sessions.slice(0, MAX_LISTED_SESSIONS - sessions.length));
    const next = response?.nextCursor;
    if (typeof next !== 'string' || next === '' || next.length > 1000 || seen.has(next)) break;
    seen.add(next);
    cursor = next;
  }
  return sessions;
}

function parseTime(value: unknown): number | undefined {
  if (typeof value !== 'string') return undefined;
  const time = Date.parse(value);
  return Number.isFinite(time) ? time : undefined;
}

function oneLine(text: string): string {
  return text
    .slice(0, MAX_TITLE * 2)
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, MAX_TITLE);
}
