// Pure operations on one ToolCallView: creating placeholders, applying the fields of a
// tool_call / tool_call_update / permission `toolCall`, and normalising tool-call content.
import type * as acp from '@agentclientprotocol/sdk';
import { cardHunks, type DiffResult } from './diffHunks';
import type {
  FileWriteView,
  ToolCallUpdateView,
  ToolCallView,
  ToolContentView,
  ToolDiffView,
  ToolStatus,
} from './thread';

const CONTENT_BLOCK_TYPES = new Set(['text', 'image', 'audio', 'resource', 'resource_link']);

/** pending / in_progress: the agent has not closed the tool call yet. */
export function isOpenStatus(status: ToolStatus): boolean {
  return status === 'pending' || status === 'in_progress';
}

export function placeholderTool(toolCallId: string): ToolCallView {
  return {
    toolCallId,
    kind: 'other',
    status: 'pending',
    content: [],
    locations: [],
    permission: null,
    writes: [],
  };
}

/**
 * Tool-call content as the UI expects it. The v1 session-modes page puts bare ContentBlocks
 * (`{type:"text",...}`) straight into `content` (checklist §10.6), so those are wrapped as
 * `{type:"content", content}`. Non-objects are dropped; unknown item types are kept for the
 * renderer's fallback. `diff` items arrive as the host made them (ToolDiffView, src/session/updates/toolDiffs.ts).
 */
export function normalizeToolContent(items: readonly unknown[] | null | undefined): ToolContentView[] {
  if (!Array.isArray(items)) return [];
  const out: ToolContentView[] = [];
  for (const item of items) {
    if (typeof item !== 'object' || item === null) continue;
    const type = (item as { type?: unknown }).type;
    if (typeof type === 'string' && CONTENT_BLOCK_TYPES.has(type)) {
      out.push({ type: 'content', content: item as acp.ContentBlock });
    } else {
      out.push(item as ToolContentView);
    }
  }
  return out;
}

/**
 * Applies only the fields present in `update`. content/locations replace the old lists and
 * null clears them; null rawInput/rawOutput/_meta removes them. title/kind/status cannot be empty in
 * the view, so null there is ignored.
 */
export function patchTool(tool: ToolCallView, update: ToolCallUpdateView): ToolCallView {
  const next: ToolCallView = { ...tool };
  if (typeof update.title === 'string') next.title = update.title;
  if (update.kind != null) next.kind = update.kind;
  if (update.status != null) next.status = update.status;
  if (update.content !== undefined) next.content = normalizeToolContent(update.content);
  if (update.locations !== undefined) next.locations = update.locations ?? [];
  if (update.rawInput !== undefined) {
    if (update.rawInput === null) delete next.rawInput;
    else next.rawInput = update.rawInput;
  }
  if (update.rawOutput !== undefined) {
    if (update.rawOutput === null) delete next.rawOutput;
    else next.rawOutput = update.rawOutput;
  }
  // _meta like rawOutput: the latest object replaces, null removes.
  const meta: unknown = update._meta;
  if (meta === null) delete next.meta;
  else if (typeof meta === 'object' && !Array.isArray(meta)) next.meta = meta as Record<string, unknown>;
  return next;
}

/** True when the tool call's locations, diffs or earlier writes name this path. */
export function toolMentionsPath(tool: ToolCallView, path: string): boolean {
  return (
    tool.locations.some((location) => location.path === path) ||
    tool.content.some((item) => item.type === 'diff' && item.path === path) ||
    tool.writes.some((write) => write.path === path)
  );
}

/**
 * A second write to the same path replaces the first: the host computed its view from the first
 * write's revision (writeTargetOf), so the card shows the whole change.
 */
export function addWrite(writes: readonly FileWriteView[], write: FileWriteView): FileWriteView[] {
  const at = writes.findIndex((existing) => existing.path === write.path);
  if (at < 0) return [...writes, write];
  const next = writes.slice();
  next[at] = write;
  return next;
}

/**
 * A tool call read back from a chat's journal after a reload. The revisions its writes and diffs
 * name were of the keeper of file texts of the window that closed (a new window numbers its own
 * from 1), so they become 0, "not kept": the card shows its hunks without "Open diff". A diff item
 * journaled with the agent's texts (before the host kept them) gets its hunks made here, once.
 */
export function restoredTool(tool: ToolCallView): ToolCallView {
  const content = Array.isArray(tool.content) ? tool.content.map(restoredContent) : tool.content;
  const writes = Array.isArray(tool.writes) ? tool.writes.map(restoredWrite) : tool.writes;
  return { ...tool, content, writes };
}

/** A write as journaled: with its hunks, or (an older version) with its texts, made into hunks here once. */
function restoredWrite(write: FileWriteView): FileWriteView {
  if (typeof write.diff === 'object' && write.diff !== null) return { ...write, fromRevision: 0, revision: 0 };
  return { path: write.path, fromRevision: 0, revision: 0, ...legacyHunks(write) };
}

function restoredContent(item: ToolContentView): ToolContentView {
  if (item?.type !== 'diff') return item;
  if (typeof item.diff === 'object' && item.diff !== null) return { ...item, revision: 0 };
  const legacy = item as unknown as { path: unknown; deleted?: unknown };
  const view: ToolDiffView = {
    type: 'diff',
    path: typeof legacy.path === 'string' ? legacy.path : '',
    revision: 0,
    ...legacyHunks(item),
  };
  if (legacy.deleted === true) view.deleted = true;
  return view;
}

/** The hunks of a diff or write an older version journaled with its texts (oldText null or absent: a new file). */
function legacyHunks(item: object): { diff: DiffResult; created: boolean } {
  const legacy = item as { oldText?: unknown; newText?: unknown };
  const oldText = typeof legacy.oldText === 'string' ? legacy.oldText : null;
  const newText = typeof legacy.newText === 'string' ? legacy.newText : '';
  return { diff: cardHunks(oldText, newText), created: oldText === null };
}
