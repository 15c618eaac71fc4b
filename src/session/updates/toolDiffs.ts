// Where an agent's own `diff` tool-call content (ACP `{type:"diff", path, oldText, newText}`) stops
// carrying texts. Before a tool call, its update or a permission request's tool call becomes a
// ThreadAction, each diff item's two texts go into the keeper of file texts (src/review/fileTexts.ts)
// and the item becomes a ToolDiffView: the path, the keeper's revision and the bounded hunks the
// host computed. So no file text enters the thread state, the journal or the webview, and "Open
// diff" sends the revision back (like an fs write's). Agents repeat a tool call's content in every
// update (status changes, more output): a diff whose texts are the ones kept for the same tool call
// and path keeps its revision and view, so it is neither kept nor diffed twice.
import type * as acp from '@agentclientprotocol/sdk';
import type { FileTexts } from '../../review/fileTexts';
import type { SessionUpdateView, ToolCallUpdateView, ToolContentView, ToolDiffView } from '../../shared/thread';
import type { SubagentSessionUpdate } from '../../shared/subagentTypes';

/** Diffs remembered for reuse per thread (by tool call and path); the oldest go first. */
export const MAX_REMEMBERED_DIFFS = 1000;

export class ToolDiffs {
  /** `${toolCallId}\0${path}` → the view made for it last, in least recently used order. */
  private readonly views = new Map<string, ToolDiffView>();

  constructor(private readonly keeper: FileTexts) {}

  /** The update as a ThreadAction carries it: tool-call content with its diffs kept and turned into hunks. */
  update(update: acp.SessionUpdate | SubagentSessionUpdate): SessionUpdateView {
    if (update.sessionUpdate !== 'tool_call' && update.sessionUpdate !== 'tool_call_update') return update;
    return this.toolCall(update) as SessionUpdateView;
  }

  /** A tool call (a tool_call, its update, or a permission request's) with its diffs kept and turned into hunks. */
  toolCall<T extends { toolCallId: string; content?: acp.ToolCallContent[] | null }>(
    toolCall: T,
  ): Omit<T, 'content'> & ToolCallUpdateView {
    const { content } = toolCall;
    if (!Array.isArray(content)) return toolCall as Omit<T, 'content'> & ToolCallUpdateView;
    return { ...toolCall, content: this.content(toolCall.toolCallId, content) };
  }

  private content(toolCallId: string, items: readonly acp.ToolCallContent[]): ToolContentView[] {
    const out: ToolContentView[] = [];
    for (const item of items) {
      if ((item as { type?: unknown } | null)?.type !== 'diff') {
        out.push(item as ToolContentView);
        continue;
      }
      const view = this.diff(toolCallId, item as acp.Diff);
      if (view) out.push(view);
    }
    return out;
  }

  /** The view of one diff item; undefined (the item is left out) when its path or texts are not strings. */
  private diff(toolCallId: string, item: acp.Diff): ToolDiffView | undefined {
    const { path, newText } = item;
    const oldText = item.oldText ?? null;
    if (typeof path !== 'string' || typeof newText !== 'string' || (oldText !== null && typeof oldText !== 'string'))
      return undefined;
    const deleted = (item as { deleted?: unknown }).deleted === true;
    const key = `${toolCallId}\0${path}`;
    const known = this.views.get(key);
    if (known && known.deleted === (deleted || undefined)) {
      const kept = this.keeper.texts({ path, revision: known.revision });
      if (kept && kept.before === oldText && kept.after === newText) {
        this.remember(key, known);
        return known;
      }
    }
    const outcome = this.keeper.record(path, oldText, newText);
    const { diff, created } = outcome.view(outcome.revision);
    const view: ToolDiffView = { type: 'diff', path, revision: outcome.revision, diff, created };
    if (deleted) view.deleted = true;
    this.remember(key, view);
    return view;
  }

  private remember(key: string, view: ToolDiffView): void {
    this.views.delete(key);
    this.views.set(key, view);
    if (this.views.size > MAX_REMEMBERED_DIFFS) {
      const oldest = this.views.keys().next().value;
      if (oldest !== undefined) this.views.delete(oldest);
    }
  }
}
