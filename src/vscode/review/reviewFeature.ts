// Wires review into the window: the store, the controller, disk-change detection, the editor UI, the
// Changes view, checkpoints, VS Code's quick diff and "follow the agent". The window calls activateReview
// once and attach() for every thread it creates; the commands that act on review are in the window's
// command table (src/vscode/window/commands.ts).
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { DEFAULT_TURN_LIMITS, type TurnLimits } from '../../review/budget';
import { settings } from '../settings';
import { findFile, summarize, type ReviewState } from '../../review/reviewModel';
import { BinaryCopies } from '../../review/binaryCopies';
import type { ReviewSource } from '../../chat/reviewSync';
import type { ThreadController } from '../../session/api';
import type { ReviewWriteHooks } from '../../review/agentWrites';
import type { FileTexts } from '../../review/fileTexts';
import { BaselineDiff } from './baselineDiff';
import { ChangesView } from './changesView';
import { CheckpointService } from './checkpointService';
import { DiskChanges } from './diskChanges';
import { openDocumentText } from './documentText';
import { readLocationTexts } from '../../review/locationReads';
import { EditorReview } from './editorReview';
import { FollowAgent } from './followAgent';
import { showUndoNotice } from './undoNotice';
import { ReviewController } from './reviewController';
import { ReportedFileChanges } from './reportedFileChanges';
import type { ReportedChange, ReviewedReport } from '../../review/reportedChanges';
import { ReviewStore } from './reviewStore';
import { AgentQuickDiff } from './agentQuickDiff';
import type { DisposableStore } from '../../shared/disposableStore';
import type { HostLog } from '../window/hostLog';

export interface ReviewFeature {
  controller: ReviewController;
  editor: EditorReview;
  changes: ChangesView;
  checkpoints: CheckpointService;
  /** "Open Diff" of a file under review: its baseline against the file. */
  diff: BaselineDiff;
  /** VS Code's quick diff and multi-file diff editor on the agent's changes. */
  quickDiff: AgentQuickDiff;
  /** fs handler hooks for createFsHandlers({ review }), where the writing chat is not known. */
  fsHooks: ReviewWriteHooks;
  /** The same for one chat's handlers: its writes are its own turn's changes, whichever chats work meanwhile. */
  hooksFor(threadId: string): ReviewWriteHooks;
  /** Follows one thread's turns: turn bounds, checkpoints before prompts, tool-call bases, follow. */
  attach(thread: ThreadController): vscode.Disposable;
  /** "Keep" / "Undo" from a tool-call card: every pending hunk of that file. */
  resolveFile(filePath: string, action: 'keep' | 'undo'): Promise<void>;
  restoreCheckpoint(threadId: string, entryId: string): Promise<void>;
  /** "Edit": restores the checkpoint before that message (asks); how many files, or null when cancelled. */
  restoreForEdit(threadId: string, entryId: string): Promise<number | null>;
  /** Keep All / Undo All of the changes one chat session (thread) made. */
  resolveSession(threadId: string, action: 'keep' | 'undo'): Promise<void>;
  /** The review of the files the chat shows, for the webview (src/chat/reviewSync.ts). */
  source: ReviewSource;
  /** "Follow the agent": extension.ts hears from it when it opens a file with the focus. */
  follow: FollowAgent;
  /** A tool call's diff reports a change the agent made on disk itself (HostEnvironment.reportFileChange). */
  reportFileChange(change: ReportedChange): Promise<ReviewedReport | undefined>;
}

const MIB = 1024 * 1024;
/** Files of one tool call's locations whose bytes are copied before it runs, when binary. */
const MAX_ANNOUNCED_BINARY = 8;

/** What one agent turn may have tracked, from the user's own settings (a workspace cannot raise them). */
export function turnLimits(): TurnLimits {
  return {
    maxFiles: settings.get('review.maxFilesPerTurn'),
    maxBytes: settings.get('review.maxMiBPerTurn') * MIB,
    maxFileBytes: DEFAULT_TURN_LIMITS.maxFileBytes,
  };
}

/** The largest binary file review keeps a copy of (and so reviews), from the user's own settings. */
export function maxBinaryBytes(): number {
  return settings.get('review.maxBinaryMiB') * MIB;
}

/** The disk checkpoints may use, from the user's own settings; read at each checkpoint, so a change applies from the next. */
export function maxCheckpointBytes(): number {
  return settings.get('checkpoints.maxDiskMiB') * MIB;
}

/** texts: the window's keeper of file texts; what is made goes into `disposables`, failures to `log`. */
export function activateReview(
  context: vscode.ExtensionContext,
  disposables: DisposableStore,
  workspaceCwd: () => string,
  texts: FileTexts,
  log: HostLog,
): ReviewFeature {
  const store = disposables.add(new ReviewStore(context.workspaceState));
  const storageDir =
    context.storageUri?.fsPath ?? path.join(context.globalStorageUri?.fsPath ?? os.tmpdir(), 'no-workspace');
  const copies = new BinaryCopies(path.join(storageDir, 'review-binary'), () => binaryIds(store.state));
  const controller = disposables.add(new ReviewController(store, texts, copies));
  const disk = disposables.add(new DiskChanges(controller, turnLimits, copies, maxBinaryBytes));
  const editor = disposables.add(new EditorReview(store));
  const changes = disposables.add(new ChangesView(store));
  const diff = disposables.add(new BaselineDiff(store));
  const checkpoints = disposables.add(
    new CheckpointService(storageDir, context.workspaceState, controller, maxCheckpointBytes, log),
  );
  const quickDiff = disposables.add(new AgentQuickDiff(store));
  const follow = new FollowAgent();
  const reported = new ReportedFileChanges(controller, disk, turnLimits, maxBinaryBytes, (filePath) =>
    checkpoints.textAtLatest(filePath),
  );
  controller.onFirstAgentTouch = (filePath, before) => checkpoints.touch(filePath, before);
  controller.onForgotten = (filePath) => checkpoints.forget(filePath);
  controller.onUndone = showUndoNotice;

  const hooksFor = (threadId?: string): ReviewWriteHooks => {
    const baseHooks = controller.fsHooks(threadId);
    return {
      ...baseHooks,
      agentRead: (filePath, text) => {
        baseHooks.agentRead(filePath, text);
        if (text === null) return;
        disk.noteSeen(filePath, text);
        checkpoints.touch(filePath, text);
      },
    };
  };
  const fsHooks = hooksFor();

  const source: ReviewSource = {
    files: (paths) =>
      paths.flatMap((shown) => {
        const file = findFile(store.state, path.resolve(workspaceCwd(), shown));
        if (!file) return [];
        const summary = summarize(file);
        return [
          {
            path: shown,
            status: summary.status,
            added: summary.added,
            removed: summary.removed,
            hunks: summary.hunkCount,
            conflicts: summary.conflictCount,
            ...(summary.binary ? { binary: true as const } : {}),
          },
        ];
      }),
    sessionPending: (threadId) => controller.pendingCount(threadId),
    onDidChange: (listener) => store.onDidChange(() => listener()),
  };

  /** A checkpoint for the user message just added (the files as they are before the agent reads it). */
  function checkpointLastMessage(thread: ThreadController): void {
    const entries = thread.snapshot().state.entries;
    const user = [...entries].reverse().find((entry) => entry.kind === 'user');
    if (!user) return;
    const promptText = user.parts.map((part) => (part.kind === 'text' ? part.text : '')).join(' ');
    void checkpoints.beforePrompt(
      thread.threadId,
      user.id,
      vscode.l10n.t('{0}: prompt {1}', thread.agent.displayName, store.lastTurnNumber()),
      promptText,
    );
  }

  /** A tool call's first files that are binary: their bytes now, copied before it changes them (one at a time). */
  async function noteBinaryBefores(paths: readonly string[]): Promise<void> {
    for (const filePath of paths.slice(0, MAX_ANNOUNCED_BINARY))
      await disk.noteBinaryBefore(filePath).catch(() => undefined);
  }

  function attach(thread: ThreadController): vscode.Disposable {
    return thread.onEvent(({ action }) => {
      switch (action.type) {
        case 'promptSent':
        case 'promptResent':
          store.beginTurn(thread.threadId);
          disk.startTurn();
          follow.newTurn();
          // Sent again after sign-in: the message's checkpoint is the one taken when it was first sent.
          if (action.type === 'promptSent') checkpointLastMessage(thread);
          return;
        case 'steerJoined':
          // A message added to the running turn: Restore and Edit on it go back to the files as it joined.
          checkpointLastMessage(thread);
          return;
        case 'turnEnded':
        case 'turnFailed':
        case 'agentFailed':
          store.endTurn(thread.threadId);
          return;
        case 'connection':
          // A chat closed or stopped mid-turn: its turn ends with it (another chat's may still run).
          if (action.state.kind === 'stopped' || action.state.kind === 'failed') store.endTurn(thread.threadId);
          return;
        case 'sessionUpdate': {
          const update = action.update;
          if (update.sessionUpdate !== 'tool_call' && update.sessionUpdate !== 'tool_call_update') return;
          // ACP v2 has only upserts: an update that has not finished running still comes before the change.
          if (
            update.sessionUpdate === 'tool_call_update' &&
            (update.status === 'pending' || update.status === 'in_progress')
          )
            void noteBinaryBefores(
              (update.locations ?? []).map((location) => path.resolve(workspaceCwd(), location.path)),
            );
          // Only at the start: an update may arrive after the change, when the text is already the new one.
          if (update.sessionUpdate === 'tool_call' && update.locations && update.locations.length > 0) {
            const paths = update.locations.map((location) => path.resolve(workspaceCwd(), location.path));
            // Disk events seen so far: a read that finishes after the file changed is not its "before".
            const events = new Map(paths.map((filePath) => [filePath, disk.eventCount(filePath)]));
            void readLocationTexts(paths, openDocumentText, (filePath, text) => {
              // The document at the tool call's start is the base of a write the agent did not read first.
              controller.bases.setIfMissing(filePath, text);
              if (disk.eventCount(filePath) === events.get(filePath)) disk.noteSeen(filePath, text);
            });
            void noteBinaryBefores(paths);
          }
          void follow.follow(update.toolCallId, update.locations, workspaceCwd());
          return;
        }
        default:
          return;
      }
    });
  }

  return {
    controller,
    editor,
    changes,
    checkpoints,
    diff,
    quickDiff,
    fsHooks,
    hooksFor,
    attach,
    resolveFile: async (filePath, action) => {
      // A moved file is kept or undone with the deletion of its old path (Undo moves it back).
      const movedFrom = reported.movedFrom(filePath);
      if (action === 'keep') {
        controller.keepFile(filePath);
        if (movedFrom) controller.keepFile(movedFrom);
        return;
      }
      if ((await controller.undoFile(filePath)) && movedFrom) await controller.undoFile(movedFrom);
    },
    restoreCheckpoint: async (threadId, entryId) => {
      await checkpoints.restore(threadId, entryId);
    },
    restoreForEdit: async (threadId, entryId) => {
      const outcome = await checkpoints.restoreOutcome(threadId, entryId);
      return outcome.cancelled ? null : outcome.restored.length;
    },
    resolveSession: async (threadId, action) => {
      if (action === 'keep') controller.keepAll(threadId);
      else await controller.undoAll(threadId);
    },
    source,
    follow,
    reportFileChange: (change) => reported.report(change),
  };
}

/** The copies review names: a binary file's baseline and current. */
function binaryIds(state: ReviewState): string[] {
  return state.files.flatMap((file) => (file.binary ? [file.baseline, file.current] : [])).filter((id) => id !== null);
}

/** The file a review command names: a path, a Uri, a Changes view item, else the active editor's. */
export function reviewedPath(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (value instanceof vscode.Uri) return value.fsPath;
  if (typeof value === 'object' && value !== null && 'path' in value && typeof value.path === 'string')
    return value.path;
  return vscode.window.activeTextEditor?.document.uri.fsPath;
}
