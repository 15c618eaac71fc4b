// Where an agent's own `diff` tool-call content (ACP `{type:"diff", path, oldText, newText}`) stops
// carrying texts. Before a tool call, its update or a permission request's tool call becomes a
// ThreadAction, each diff item's two texts go into the keeper of file texts (src/review/fileTexts.ts)
// and the item becomes a ToolDiffView: the path, the keeper's revision and the bounded hunks the
// host computed. So no file text enters the thread state, the journal or the webview, and "Open
// diff" sends the revision back (like an fs write's). Agents repeat a tool call's content in every
// update (status changes, more output): a diff whose texts are the ones kept for the same tool call
// and path keeps its revision and view, so it is neither kept nor diffed twice.
// Each diff is also a report of a change the agent made (or proposes) on disk itself, which review reads
// (HostEnvironment.reportFileChange, src/review/reportedChanges.ts): v1's with its two texts; ACP v2's
// (a structured change with an optional git_patch, its card made by protocol/v2/v2Shapes.ts with revision
// 0) with its patch section, and the texts review finds for it are kept here too: a `toolDiffKept` action
// gives the card its revision, so "Open diff" works on v2 cards as on v1's; a card without a patch gets the
// diff of those texts with it; where review knows nothing of the text before, `toolDiffUnknown` says so.
import type * as acp from '@agentclientprotocol/sdk';
import type * as acp2 from '@agentclientprotocol/sdk/experimental/v2';
import type { FileTexts } from '../../review/fileTexts';
import type { ReportedChange, ReviewedReport } from '../../review/reportedChanges';
import type { DiffResult } from '../../shared/diffHunks';
import { splitGitPatch } from '../../shared/gitPatch';
import type { ThreadAction } from '../../shared/actions';
import type { SessionUpdateView, ToolCallUpdateView, ToolContentView, ToolDiffView } from '../../shared/thread';
import type { SubagentSessionUpdate } from '../../shared/subagentTypes';

/** Diffs remembered for reuse per thread (by tool call and path); the oldest go first. */
export const MAX_REMEMBERED_DIFFS = 1000;

/** Where a diff's report goes (review); resolves to the change's texts where they are known. */
export type ReportFileChange = (change: ReportedChange) => Promise<ReviewedReport | undefined>;

/** What became of a v2 change's report: its revision once kept (0 until then), the diff a card without a patch gets. */
interface V2Change {
  report: string;
  revision: number;
  diff?: DiffResult;
  unknown?: true;
}

export class ToolDiffs {
  /** `${toolCallId}\0${path}` → the view made for it last, in least recently used order. */
  private readonly views = new Map<string, ToolDiffView>();
  /** ACP v2: `${toolCallId}\0${path}` → what was reported of it and its revision once kept (0 until then). */
  private readonly v2Changes = new Map<string, V2Change>();

  constructor(
    private readonly keeper: FileTexts,
    private readonly reportChange: ReportFileChange = async () => undefined,
  ) {}

  /**
   * ACP v2: the diffs of a tool-call update (already mapped to cards with revision 0) reported to review; once
   * the texts of a change are known they are kept and `dispatch` gets `toolDiffKept`. A diff repeated with the
   * same change gets its known revision again at once (the repeat replaced the card with a revision-0 one).
   */
  reportV2(update: acp2.SessionUpdate, dispatch: (action: ThreadAction) => void): void {
    const diffs = v2Diffs(update);
    if (!diffs) return;
    for (const diff of diffs.items) {
      const sections = diff.patch?.format === 'git_patch' ? splitGitPatch(diff.patch.text) : undefined;
      for (const change of Array.isArray(diff.changes) ? diff.changes : []) {
        if (typeof change.path !== 'string') continue;
        const report: ReportedChange = { path: change.path, operation: change.operation };
        const oldPath = (change as { oldPath?: unknown }).oldPath;
        if (typeof oldPath === 'string') report.oldPath = oldPath;
        if (change.fileType != null && change.fileType !== 'text') report.notText = true;
        const patch = sections?.get(change.path) ?? (report.oldPath ? sections?.get(report.oldPath) : undefined);
        if (patch !== undefined) report.patch = patch;
        this.reportOnce(diffs.toolCallId, report, dispatch);
      }
    }
  }

  private reportOnce(toolCallId: string, report: ReportedChange, dispatch: (action: ThreadAction) => void): void {
    const key = `${toolCallId}\0${report.path}`;
    const said = JSON.stringify(report);
    const known = this.v2Changes.get(key);
    const { path } = report;
    const tell = (entry: V2Change) => {
      if (entry.unknown) dispatch({ type: 'toolDiffUnknown', toolCallId, path });
      else if (entry.revision > 0 && this.keeper.texts({ path, revision: entry.revision }))
        dispatch({
          type: 'toolDiffKept',
          toolCallId,
          path,
          revision: entry.revision,
          ...(entry.diff ? { diff: entry.diff } : {}),
        });
    };
    if (known?.report === said) {
      tell(known);
      return;
    }
    const entry: V2Change = { report: said, revision: 0 };
    this.v2Changes.delete(key);
    this.v2Changes.set(key, entry);
    if (this.v2Changes.size > MAX_REMEMBERED_DIFFS) this.v2Changes.delete(this.v2Changes.keys().next().value!);
    void this.reportChange(report).then(
      (reviewed) => {
        if (!reviewed || this.v2Changes.get(key) !== entry) return;
        if (reviewed.kind === 'unknown') entry.unknown = true;
        else {
          const outcome = this.keeper.record(path, reviewed.texts.before, reviewed.texts.after);
          entry.revision = outcome.revision;
          // Without a patch the card has no hunks of its own: it shows the diff of the texts review found.
          if (report.patch === undefined) entry.diff = outcome.view(outcome.revision).diff;
        }
        tell(entry);
      },
      () => undefined, // review could not read it: the card stays as it is
    );
  }

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
    // What the agent says it changed (or proposes to): review learns the file's text before from it.
    const operation = oldText === null ? 'add' : deleted ? 'delete' : 'modify';
    void this.reportChange({ path, operation, texts: { before: oldText, after: deleted ? null : newText } }).catch(
      () => undefined,
    );
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

/** The tool call and its v2 diff items of an update (a tool-call update's content, or one content chunk). */
function v2Diffs(update: acp2.SessionUpdate): { toolCallId: string; items: acp2.Diff[] } | undefined {
  let items: unknown[] | undefined;
  let toolCallId: unknown;
  if (update.sessionUpdate === 'tool_call_update' && Array.isArray(update.content)) {
    items = update.content;
    toolCallId = update.toolCallId;
  } else if (update.sessionUpdate === 'tool_call_content_chunk') {
    items = [update.content];
    toolCallId = update.toolCallId;
  }
  if (!items || typeof toolCallId !== 'string') return undefined;
  const diffs = items.filter((item): item is acp2.Diff => (item as { type?: unknown } | null)?.type === 'diff');
  return diffs.length > 0 ? { toolCallId, items: diffs } : undefined;
}
