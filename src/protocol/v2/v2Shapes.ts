// v2 payload parts in the shape the thread (v1's types, src/shared/thread.ts) holds them: tool-call content
// (structured diffs become card hunks per file), tool-call patches, config options (`configId` → `id`,
// `groupId` → `group`) and command inputs (the `type: "text"` tag dropped). Unknown enum values fall back to
// what v1 has for "not known" (a tool kind `other`, a status left unchanged, an input not offered), and
// unknown content item types are kept for the renderer's generic fallback. Pure.
import type * as acp from '@agentclientprotocol/sdk';
import type * as acp2 from '@agentclientprotocol/sdk/experimental/v2';
import type { ToolCallUpdateView, ToolContentView, ToolDiffView } from '../../shared/thread';
import { readGitPatch } from '../../shared/gitPatch';
import type { DiffResult } from '../../shared/diffHunks';

const V1_KINDS: ReadonlySet<string> = new Set<acp.ToolKind>([
  'read',
  'edit',
  'delete',
  'move',
  'search',
  'execute',
  'think',
  'fetch',
  'switch_mode',
  'other',
]);
const V1_STATUSES: ReadonlySet<string> = new Set(['pending', 'in_progress', 'completed', 'failed', 'cancelled']);
/** v2 statuses v1 lacks, as the nearest v1 one (`paused`: the call has not finished). */
const STATUS_FALLBACK: Readonly<Record<string, acp.ToolCallStatus>> = { paused: 'in_progress' };

const NO_HUNKS: DiffResult = { hunks: [], added: 0, removed: 0 };

/** A v2 tool-call patch as v1's `tool_call_update` (same omit / null / value semantics). */
export function toolPatchView(update: acp2.ToolCallUpdate): ToolCallUpdateView {
  const view: ToolCallUpdateView = { toolCallId: update.toolCallId };
  if (update.title !== undefined) view.title = update.title;
  if (update.kind !== undefined)
    view.kind = update.kind === null || V1_KINDS.has(update.kind) ? (update.kind as acp.ToolKind | null) : 'other';
  if (update.status != null) {
    const status = V1_STATUSES.has(update.status) ? update.status : STATUS_FALLBACK[update.status];
    if (status) view.status = status as acp.ToolCallStatus;
  } else if (update.status === null) view.status = null;
  if (update.content !== undefined) view.content = update.content === null ? null : contentViews(update.content);
  if (update.locations !== undefined) view.locations = update.locations as acp.ToolCallLocation[] | null;
  if (update.rawInput !== undefined) view.rawInput = update.rawInput;
  if (update.rawOutput !== undefined) view.rawOutput = update.rawOutput;
  if (update._meta !== undefined) view._meta = update._meta;
  return view;
}

/** Tool-call content items as the thread holds them (a diff may become several: one per file). */
export function contentViews(items: readonly acp2.ToolCallContent[]): ToolContentView[] {
  const out: ToolContentView[] = [];
  for (const item of items) out.push(...contentView(item));
  return out;
}

export function contentView(item: acp2.ToolCallContent): ToolContentView[] {
  if (item.type === 'diff') return diffViews(item as acp2.Diff);
  // `content` and `terminal` have v1's shape; anything else is kept for the generic fallback.
  return [item as unknown as ToolContentView];
}

/**
 * One card diff per changed file, its hunks read from `patch` (git_patch) when the agent sent one. The
 * texts are on disk (the agent wrote them), so nothing is kept: revision 0, like a diff restored from a
 * journal. `change` keeps what v1 cannot say (a move's old path, a binary file).
 */
export function diffViews(diff: acp2.Diff): ToolDiffView[] {
  const patch = diff.patch;
  const files =
    patch && patch.format === 'git_patch' && typeof patch.text === 'string' ? readGitPatch(patch.text) : null;
  const views: ToolDiffView[] = [];
  for (const change of Array.isArray(diff.changes) ? diff.changes : []) {
    const path = (change as { path?: unknown }).path;
    if (typeof path !== 'string') continue;
    const oldPath = (change as { oldPath?: unknown }).oldPath;
    const hunks = files?.get(path) ?? (typeof oldPath === 'string' ? files?.get(oldPath) : undefined) ?? NO_HUNKS;
    const view: ToolDiffView = {
      type: 'diff',
      path,
      revision: 0,
      diff: hunks,
      created: change.operation === 'add' || change.operation === 'copy',
      change: { operation: change.operation },
    };
    if (change.operation === 'delete') view.deleted = true;
    if (typeof oldPath === 'string') view.change!.oldPath = oldPath;
    if (typeof change.fileType === 'string') view.change!.fileType = change.fileType;
    views.push(view);
  }
  return views;
}

/** v2 config options as v1's (`configId` → `id`, `groupId` → `group`); types v1 does not know are left out. */
export function configOptionsV1(options: readonly acp2.SessionConfigOption[]): acp.SessionConfigOption[] {
  const out: acp.SessionConfigOption[] = [];
  for (const option of options) {
    if (option.type !== 'select' && option.type !== 'boolean') continue;
    const { configId, ...rest } = option as acp2.SessionConfigOption & { options?: unknown };
    const v1 = { ...rest, id: configId } as Record<string, unknown>;
    if (Array.isArray(v1.options))
      v1.options = (v1.options as Record<string, unknown>[]).map((entry) => {
        if (typeof entry.groupId !== 'string') return entry;
        const { groupId, ...group } = entry;
        return { ...group, group: groupId };
      });
    out.push(v1 as unknown as acp.SessionConfigOption);
  }
  return out;
}

/**
 * v2 commands as v1's: the SDK's schema tags each command `type: "command"` (the tag goes; a command of another
 * type is left out), a `text` input loses its tag, an input of another type is not offered (the command is).
 */
export function commandsV1(commands: readonly acp2.AvailableCommand[]): acp.AvailableCommand[] {
  const out: acp.AvailableCommand[] = [];
  for (const command of commands) {
    const tag = (command as { type?: unknown }).type;
    if (tag !== undefined && tag !== 'command') continue;
    const { input, type: _tag, ...rest } = command as acp2.Command & { type?: string };
    void _tag;
    if (input == null || (input as { type?: unknown }).type !== 'text') {
      out.push(rest as acp.AvailableCommand);
      continue;
    }
    const { hint, _meta } = input as acp2.TextCommandInput;
    out.push({ ...rest, input: _meta == null ? { hint } : { hint, _meta } } as acp.AvailableCommand);
  }
  return out;
}
