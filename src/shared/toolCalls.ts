// Pure operations on one ToolCallView: creating placeholders, applying the fields of a
// tool_call / tool_call_update / permission `toolCall`, and normalising tool-call content.
import type * as acp from '@agentclientprotocol/sdk';
import type { FileWriteView, ToolCallView, ToolStatus } from './thread';

/** Title of a tool call we only know by id (an update for an id never announced). */
export const PLACEHOLDER_TOOL_TITLE = 'Tool call';

const CONTENT_BLOCK_TYPES = new Set(['text', 'image', 'audio', 'resource', 'resource_link']);

/** pending / in_progress: the agent has not closed the tool call yet. */
export function isOpenStatus(status: ToolStatus): boolean {
  return status === 'pending' || status === 'in_progress';
}

export function placeholderTool(toolCallId: string): ToolCallView {
  return {
    toolCallId,
    title: PLACEHOLDER_TOOL_TITLE,
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
 * renderer's fallback.
 */
export function normalizeToolContent(items: readonly unknown[] | null | undefined): acp.ToolCallContent[] {
  if (!Array.isArray(items)) return [];
  const out: acp.ToolCallContent[] = [];
  for (const item of items) {
    if (typeof item !== 'object' || item === null) continue;
    const type = (item as { type?: unknown }).type;
    if (typeof type === 'string' && CONTENT_BLOCK_TYPES.has(type)) {
      out.push({ type: 'content', content: item as acp.ContentBlock });
    } else {
      out.push(item as acp.ToolCallContent);
    }
  }
  return out;
}

/**
 * Applies only the fields present in `update`. content/locations replace the old lists and
 * null clears them; null rawInput/rawOutput/_meta removes them. title/kind/status cannot be empty in
 * the view, so null there is ignored.
 */
export function patchTool(tool: ToolCallView, update: acp.ToolCallUpdate): ToolCallView {
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

/** Last path segment, for titles; handles both separators since agents may run on Windows. */
export function basename(path: string): string {
  const trimmed = path.replace(/[\\/]+$/, '');
  const cut = Math.max(trimmed.lastIndexOf('/'), trimmed.lastIndexOf('\\'));
  return cut >= 0 ? trimmed.slice(cut + 1) : trimmed;
}
