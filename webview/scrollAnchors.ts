// Each chat's scroll position, kept in the webview state so a reload (or switching chats) shows a
// chat where the user left it. The state comes back from VS Code as-is: everything read is checked
// and bounded, anything else is ignored (the chat then opens at its end).

/** Where a chat was scrolled: the entry at the top of the viewport and the pixels into it, or following the bottom. */
export interface ScrollAnchor {
  following: boolean;
  entryId?: string;
  offset?: number;
}

export const MAX_ANCHORS = 50;
const MAX_ID_LENGTH = 200;
const MAX_OFFSET_PX = 1_000_000;

function validAnchor(value: unknown): ScrollAnchor | null {
  if (typeof value !== 'object' || value === null) return null;
  const { following, entryId, offset } = value as Record<string, unknown>;
  if (following === true) return { following: true };
  if (typeof entryId !== 'string' || entryId.length === 0 || entryId.length > MAX_ID_LENGTH) return null;
  const px = typeof offset === 'number' && Number.isFinite(offset) ? Math.min(Math.max(offset, 0), MAX_OFFSET_PX) : 0;
  return { following: false, entryId, offset: px };
}

/** The anchors found in a saved state value, newest last, at most MAX_ANCHORS. */
export function readAnchors(value: unknown): Map<string, ScrollAnchor> {
  const anchors = new Map<string, ScrollAnchor>();
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return anchors;
  for (const [threadId, raw] of Object.entries(value).slice(-MAX_ANCHORS)) {
    if (threadId.length > MAX_ID_LENGTH) continue;
    const anchor = validAnchor(raw);
    if (anchor) anchors.set(threadId, anchor);
  }
  return anchors;
}

/** Records a chat's anchor (moving it to the newest place) and drops the oldest beyond MAX_ANCHORS. */
export function rememberAnchor(anchors: Map<string, ScrollAnchor>, threadId: string, anchor: ScrollAnchor): void {
  anchors.delete(threadId);
  anchors.set(threadId, anchor);
  while (anchors.size > MAX_ANCHORS) anchors.delete(anchors.keys().next().value as string);
}
