// Chats in their own worktree, in the window: "New Chat in Worktree" (a worktree of the workspace's folders as they
// are now, unsaved text included, then a chat confined to it: src/vscode/worktrees/worktreeThread.ts), "Bring back"
// (what the chat changed, listed, then merged into the workspace as pending review: bringBack.ts), "Discard" (asked
// in a modal; the worktree is removed and the chat closed) and the question when such a chat is closed.
import * as vscode from 'vscode';
import type { ThreadController } from '../../session/api';
import type { ChatWorktree } from '../../shared/thread';
import type { Worktree, WorktreeChange, WorktreeFileTexts, WorktreeFolder } from '../../worktrees/worktreeTypes';
import type { FileTexts } from '../../review/fileTexts';
import { readCurrentTextAsync } from '../review/documentText';
import type { ReviewFeature } from '../review/reviewFeature';
import { workspaceFolderPaths } from '../fs/fsHandlers';
import { shownPath, writeBroughtBack } from './bringBack';
import { chatWorktree, findWorktree, type WorktreeService } from './worktreeService';

export interface WorktreeChatsDeps {
  service: WorktreeService;
  review: ReviewFeature;
  texts: FileTexts;
  /** Creates and shows a chat of the agent (undefined: the default) in the worktree; the caller starts it. */
  create(agentId: string | undefined, worktree: ChatWorktree): ThreadController;
  /** Closes the chat without asking (its agent stopped). */
  close(threadId: string): Promise<void>;
  log: (line: string) => void;
}

export class WorktreeChats {
  constructor(private readonly deps: WorktreeChatsDeps) {}

  /** A worktree of the workspace now, and a chat of the agent in it (made, not started). */
  async create(agentId: string | undefined): Promise<ThreadController> {
    const folders = workspaceFolderPaths();
    if (folders.length === 0) throw new Error(vscode.l10n.t('Open a folder first: a worktree copies the workspace'));
    const worktree = await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('Making a worktree of the workspace…') },
      () => this.deps.service.create(folders, unsavedTexts()),
    );
    return this.deps.create(agentId, chatWorktree(worktree));
  }

  /**
   * "Bring back": lists what the chat changed, then merges what the user keeps checked into the workspace.
   * `choose`: the quick pick (in-host tests pass their choice).
   */
  async bringBack(thread: ThreadController, choose = pickChanges): Promise<void> {
    const worktree = await this.worktreeOf(thread);
    if (!worktree) return;
    const changes = await this.deps.service.changes(worktree);
    if (changes.length === 0) {
      void vscode.window.showInformationMessage(vscode.l10n.t('The chat changed nothing in its worktree yet.'));
      return;
    }
    const chosen = await choose(changes);
    if (!chosen || chosen.size === 0) return;
    const merged = (await this.deps.service.bringBack(worktree, workspaceText)).filter((file) =>
      chosen.has(file.target),
    );
    const done = await writeBroughtBack(merged, {
      threadId: thread.threadId,
      agentName: thread.agent.displayName,
      log: this.deps.log,
      review: this.deps.review,
      texts: this.deps.texts,
    });
    await this.deps.service
      .markTaken(worktree, done.written)
      .catch((error: unknown) => this.deps.log(`bring back: what was taken is not recorded: ${String(error)}`));
    const conflicts = done.conflicts.map((file) => ({ path: shownPath(file.path), count: file.count }));
    thread.note({ kind: 'broughtBack', files: done.written.length, pending: true, conflicts });
    for (const failed of done.failed) this.deps.log(`bring back: ${failed.path}: ${failed.error}`);
    if (done.failed.length > 0) {
      void vscode.window.showErrorMessage(
        vscode.l10n.t(
          'Switchboard could not bring back {0} of the files: {1}',
          done.failed.length,
          done.failed.map((failed) => `${shownPath(failed.path)} (${failed.error})`).join(', '),
        ),
      );
    } else if (conflicts.length > 0) {
      void vscode.window.showWarningMessage(
        vscode.l10n.t(
          "Brought back with conflicts in {0}: the markers show your text and the chat's.",
          conflicts.map((file) => file.path).join(', '),
        ),
      );
    }
  }

  /**
   * "Discard": asks (a modal; `confirm` for in-host tests), then stops and closes the chat and removes its
   * worktree. True once removed.
   */
  async discard(thread: ThreadController, confirm = confirmDiscard): Promise<boolean> {
    const worktree = await this.worktreeOf(thread, false);
    const chat = thread.snapshot().state.worktree;
    if (!chat) return false;
    const count = worktree ? (await this.deps.service.changes(worktree)).length : 0;
    if (!(await confirm(count, chat.folders[0] ?? ''))) return false;
    await this.deps.close(thread.threadId);
    if (worktree) await this.deps.service.discard(worktree);
    return true;
  }

  /**
   * Before a chat in its own worktree is closed: bring back (now), discard (once the chat is closed: `after`) or keep
   * the worktree; a modal, and dismissing it keeps the chat open (`close` false).
   */
  async beforeClose(
    thread: ThreadController,
    choose = askAtClose,
  ): Promise<{ close: boolean; after?: () => Promise<void> }> {
    const chat = thread.snapshot().state.worktree;
    if (!chat) return { close: true };
    const worktree = await findWorktree(this.deps.service, chat);
    if (!worktree) return { close: true };
    const answer = await choose(chat.folders[0] ?? '');
    if (answer === undefined) return { close: false };
    if (answer === 'bringBack') await this.bringBack(thread);
    // Removed only once the chat closed: its close may still be declined (a working chat asks too).
    return answer === 'discard' ? { close: true, after: () => this.deps.service.discard(worktree) } : { close: true };
  }

  /** What the chat changed in its worktree, with the texts (a comparison's diffs); undefined when it has none. */
  async changedTexts(thread: ThreadController): Promise<readonly WorktreeFileTexts[] | undefined> {
    const worktree = await this.worktreeOf(thread, false);
    return worktree && this.deps.service.changedTexts(worktree);
  }

  /** The chat's worktree folders (each with the workspace folder it copies); undefined when it has none. */
  async folders(thread: ThreadController): Promise<readonly WorktreeFolder[] | undefined> {
    return (await this.worktreeOf(thread, false))?.folders;
  }

  /** The store's worktree of the chat; undefined (and a message, when `say`) when it is not one or it is gone. */
  private async worktreeOf(thread: ThreadController, say = true): Promise<Worktree | undefined> {
    const chat = thread.snapshot().state.worktree;
    if (!chat) {
      if (say) void vscode.window.showInformationMessage(vscode.l10n.t('This chat works in the workspace itself.'));
      return undefined;
    }
    const found = await findWorktree(this.deps.service, chat);
    if (!found && say) {
      void vscode.window.showErrorMessage(
        vscode.l10n.t(
          'The worktree of this chat is gone ({0}); there is nothing to bring back.',
          chat.folders[0] ?? '',
        ),
      );
    }
    return found;
  }
}

/** The modal when a chat in its own worktree is closed: what becomes of the worktree; undefined keeps the chat. */
async function askAtClose(folder: string): Promise<'bringBack' | 'discard' | 'keep' | undefined> {
  const bring = vscode.l10n.t('Bring Back and Close');
  const discard = vscode.l10n.t('Discard and Close');
  const keep = vscode.l10n.t('Keep Worktree and Close');
  const answer = await vscode.window.showWarningMessage(
    vscode.l10n.t('This chat works in its own worktree. What should happen to its changes?'),
    {
      modal: true,
      detail: vscode.l10n.t('The worktree is {0}. A kept worktree comes back with the chat from Chat History.', folder),
    },
    bring,
    discard,
    keep,
  );
  return answer === bring ? 'bringBack' : answer === discard ? 'discard' : answer === keep ? 'keep' : undefined;
}

/** The modal before Discard: true when the user confirmed. */
async function confirmDiscard(changed: number, folder: string): Promise<boolean> {
  const discard = vscode.l10n.t('Discard');
  const answer = await vscode.window.showWarningMessage(
    vscode.l10n.t('Discard the worktree of this chat?'),
    {
      modal: true,
      detail: vscode.l10n.t(
        'Its {0} changed files not brought back are deleted with the worktree ({1}) and the chat is closed; its transcript stays in Chat History. Your workspace is not touched.',
        changed,
        folder,
      ),
    },
    discard,
  );
  return answer === discard;
}

/** The workspace's unsaved editor texts, by absolute path: the worktree starts from what the user sees. */
function unsavedTexts(): Map<string, string> {
  const texts = new Map<string, string>();
  for (const document of vscode.workspace.textDocuments) {
    if (document.isDirty && document.uri.scheme === 'file') texts.set(document.uri.fsPath, document.getText());
  }
  return texts;
}

const KIND_LABEL: Record<WorktreeChange['kind'], string> = {
  added: vscode.l10n.t('added'),
  modified: vscode.l10n.t('modified'),
  deleted: vscode.l10n.t('deleted'),
};

/** Bring back's choice without asking: every change ("Take this one" of a comparison). */
export async function everyChange(changes: readonly WorktreeChange[]): Promise<Set<string>> {
  return new Set(changes.map(changeTarget));
}

/** The workspace file a change is brought back into. */
function changeTarget(change: WorktreeChange): string {
  return vscode.Uri.joinPath(vscode.Uri.file(change.source), ...change.relPath.split('/')).fsPath;
}

/** The changes as a quick pick, every one checked: the targets the user kept checked, undefined when dismissed. */
async function pickChanges(changes: readonly WorktreeChange[]): Promise<Set<string> | undefined> {
  const items = changes.map((change) => {
    const target = changeTarget(change);
    return {
      label: change.relPath,
      description: change.binary ? `${KIND_LABEL[change.kind]} · ${vscode.l10n.t('binary')}` : KIND_LABEL[change.kind],
      picked: true,
      target,
    };
  });
  const picked = await vscode.window.showQuickPick(items, {
    canPickMany: true,
    title: vscode.l10n.t('Bring back {0} changed files into the workspace', items.length),
    placeHolder: vscode.l10n.t('Uncheck what should stay in the worktree; Enter brings back the rest for review'),
  });
  return picked && new Set(picked.map((item) => item.target));
}

/**
 * A workspace file as the user has it, for the three-way merge. A file that is no longer text (binary now, a folder)
 * stops Bring back with its name: merging text into it would overwrite what the user has there.
 */
async function workspaceText(target: string): Promise<string | null> {
  const text = await readCurrentTextAsync(target);
  if (text === undefined)
    throw new Error(
      vscode.l10n.t(
        '{0} is not a text file in the workspace any more: bring it back by hand from the worktree.',
        target,
      ),
    );
  return text;
}
