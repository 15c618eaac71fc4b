// Checkpoints in the window: before each user prompt, the text of every file the session has
// touched goes into Switchboard's own store (workspace storage, never git); files first touched
// during the turn join that checkpoint with their earlier text. "Restore checkpoint" on a user
// message puts those files back after a confirmation that lists them (and says which ones the
// user edited since); the restore itself can be undone. "Restore Checkpoint..." picks one from the
// store instead, which still works after a window reload, when the chats are gone.
import * as path from 'node:path';
import * as vscode from 'vscode';
import { DisposableStore } from '../../shared/disposableStore';
import {
  checkpointPicks,
  MAX_STORED_PROMPT_CHARS,
  trimPrompt,
  type CheckpointPick,
} from '../../review/checkpointPicks';
import { CheckpointStore, type CheckpointManifest } from '../../review/checkpointStore';
import {
  executeRestore,
  planRestore,
  stateAt,
  undoRestore,
  type FileAccess,
  type RestoreResult,
} from '../../review/restore';
import { setCurrent } from '../../review/reviewModel';
import { readCurrentTextAsync, writeThroughEditor } from './documentText';
import type { ReviewController } from './reviewController';
import type { HostLog } from '../window/hostLog';

const INDEX_KEY = 'switchboard.checkpoints';
/** Kept across reloads, so a restore picked after a reload still flags the files the user edited. */
const USER_EDITED_KEY = 'switchboard.checkpoints.userEdited';
const MAX_TRACKED_FILE_BYTES = 1024 * 1024;
const READ_CONCURRENCY = 4;

/** threadId/entryId of a user message -> the checkpoint taken right before it was sent. */
type CheckpointIndex = Record<string, string>;

/** The restore's dialogs, replaceable so in-host tests can answer them (VS Code's by default). */
export interface RestoreDialogs {
  /** The modal confirmation; resolves to the chosen button, undefined when dismissed. */
  confirm(message: string, detail: string, buttons: string[]): Thenable<string | undefined>;
  /** The notification after a restore, with an action that undoes it. */
  restored(message: string, undoAction: string): Thenable<string | undefined>;
  /** "Restore Checkpoint...": the checkpoint to restore, undefined when dismissed (VS Code's quick pick when absent). */
  pick?(items: CheckpointPick[]): Thenable<CheckpointPick | undefined>;
}

export const RESTORE_BUTTONS = {
  all: vscode.l10n.t('Restore All'),
  only: vscode.l10n.t('Restore'),
  skipEdited: vscode.l10n.t('Restore Only Files You Did Not Edit'),
  undo: vscode.l10n.t('Undo Restore'),
} as const;

const vscodeDialogs: RestoreDialogs = {
  confirm: (message, detail, buttons) => vscode.window.showWarningMessage(message, { modal: true, detail }, ...buttons),
  restored: (message, undoAction) => vscode.window.showInformationMessage(message, undoAction),
};

const vscodePick = (items: CheckpointPick[]): Thenable<CheckpointPick | undefined> =>
  vscode.window.showQuickPick(items, {
    title: vscode.l10n.t('Restore Checkpoint'),
    placeHolder: vscode.l10n.t('Put the files back as they were before this prompt'),
    matchOnDetail: true,
  });

export class CheckpointService implements vscode.Disposable {
  readonly store: CheckpointStore;
  dialogs: RestoreDialogs = vscodeDialogs;
  private index: CheckpointIndex;
  /** Files the window's sessions have touched (read or changed), in first-touch order. */
  private readonly touched = new Set<string>();
  /** The seq of the newest checkpoint when the user last edited each file. */
  private readonly userEditedAt: Map<string, number>;
  private latest: CheckpointManifest | undefined;
  /** Checkpoint writes run one after the other: a manifest is never written twice at once. */
  private queue: Promise<unknown> = Promise.resolve();
  private lastRestore: RestoreResult | undefined;
  /** While a prompt's checkpoint is read: the text before the agent's first change, per file. */
  private capturing: Map<string, string | null> | undefined;
  private readsInFlight = 0;
  private readonly readWaiters: (() => void)[] = [];
  private readonly disposables = new DisposableStore();

  constructor(
    storageDir: string,
    private readonly memento: vscode.Memento,
    private readonly review: ReviewController,
    private readonly maxBytes: () => number,
    private readonly log: Pick<HostLog, 'error'>,
  ) {
    this.store = new CheckpointStore(path.join(storageDir, 'checkpoints'));
    this.index = { ...(memento.get<CheckpointIndex>(INDEX_KEY) ?? {}) };
    this.userEditedAt = new Map(Object.entries(memento.get<Record<string, number>>(USER_EDITED_KEY) ?? {}));
    for (const file of review.store.state.files) this.touched.add(file.path);
    void this.enqueue(async () => {
      const manifests = await this.store.list();
      this.latest = manifests.filter((manifest) => manifest.kind === 'prompt').pop();
      for (const manifest of manifests) for (const file of Object.keys(manifest.files)) this.touched.add(file);
    });
    this.disposables.add(
      vscode.workspace.onDidChangeTextDocument((event) => {
        const filePath = event.document.uri.fsPath;
        if (event.document.uri.scheme !== 'file' || !event.document.isDirty || review.ownEdits.isBusy(filePath)) return;
        const key = path.resolve(filePath);
        const seq = this.latest?.seq ?? 0;
        if (!this.touched.has(key) || this.userEditedAt.get(key) === seq) return;
        // Stored once per file and checkpoint, not per keystroke.
        this.userEditedAt.set(key, seq);
        void memento.update(USER_EDITED_KEY, Object.fromEntries(this.userEditedAt));
      }),
    );
  }

  /** The agent read or changed a file: it belongs to the session from now on. */
  touch(filePath: string, before?: string | null): void {
    const key = path.resolve(filePath);
    this.touched.add(key);
    if (before === undefined) return;
    // The prompt's checkpoint is still being read: the text before the agent's first change wins
    // over a read that may come after it.
    if (this.capturing && !this.capturing.has(key)) this.capturing.set(key, before);
    if (this.latest && key in this.latest.files) return;
    // Queued behind the checkpoint of the prompt being sent, so it lands in that one.
    // Its text before this turn changed it is its text at the checkpoint taken before the prompt.
    void this.enqueue(async () => {
      if (this.latest && !(key in this.latest.files))
        this.latest = (await this.store.addFiles(this.latest.id, { [key]: before })) ?? this.latest;
    });
  }

  /** The file's text at the newest checkpoint (taken before the prompt now running); undefined: it has none. */
  async textAtLatest(filePath: string): Promise<string | null | undefined> {
    await this.queue;
    const ref = this.latest?.files[path.resolve(filePath)];
    if (ref === undefined) return undefined;
    return this.store.readBlob(ref).catch(() => undefined);
  }

  /**
   * A file the agent created is gone again within the turn (an atomic save's temporary file): later
   * checkpoints need not list it. The checkpoint that already names it keeps "did not exist", which
   * is true, so restoring it stays right.
   */
  forget(filePath: string): void {
    this.touched.delete(path.resolve(filePath));
  }

  /**
   * Called when a prompt is sent. The session's files are read asynchronously, a few at a time
   * (an agent decides how many files it touches: reading them synchronously blocked the window);
   * a file the agent changes meanwhile is stored with its text from before that change.
   */
  beforePrompt(threadId: string, entryId: string, label: string, prompt?: string): Promise<void> {
    const capturing = new Map<string, string | null>();
    this.capturing = capturing;
    const paths = [...this.touched];
    const texts = Promise.all(
      paths.map((file) => this.limitRead(() => readCurrentTextAsync(file, MAX_TRACKED_FILE_BYTES))),
    );
    return this.enqueue(async () => {
      const read = await texts;
      if (this.capturing === capturing) this.capturing = undefined;
      const files: Record<string, string | null> = {};
      paths.forEach((file, index) => {
        const text = capturing.has(file) ? capturing.get(file)! : read[index];
        if (text !== undefined) files[file] = text;
      });
      for (const [file, text] of capturing) if (!(file in files)) files[file] = text;
      const trimmed = prompt === undefined ? '' : trimPrompt(prompt, MAX_STORED_PROMPT_CHARS);
      this.latest = await this.store.create({
        kind: 'prompt',
        label,
        createdAt: Date.now(),
        ...(trimmed === '' ? {} : { prompt: trimmed }),
        files,
      });
      this.index[`${threadId}/${entryId}`] = this.latest.id;
      await this.store.prune(this.maxBytes());
      await this.memento.update(INDEX_KEY, this.index);
    });
  }

  /** Runs reads at most READ_CONCURRENCY at a time. */
  private limitRead<T>(read: () => Promise<T>): Promise<T> {
    const run = async (): Promise<T> => {
      this.readsInFlight++;
      try {
        return await read();
      } finally {
        this.readsInFlight--;
        this.readWaiters.shift()?.();
      }
    };
    if (this.readsInFlight < READ_CONCURRENCY) return run();
    return new Promise<void>((resolve) => this.readWaiters.push(resolve)).then(run);
  }

  hasCheckpoint(threadId: string, entryId: string): boolean {
    return `${threadId}/${entryId}` in this.index;
  }

  /** Asks, then restores the files of the checkpoint before that user message. Returns the files restored. */
  async restore(threadId: string, entryId: string, options: { confirm?: boolean } = {}): Promise<string[]> {
    return (await this.restoreOutcome(threadId, entryId, options)).restored;
  }

  /** As restore, and whether the user cancelled the confirmation ("Edit" then stops; nothing changed). */
  async restoreOutcome(
    threadId: string,
    entryId: string,
    options: { confirm?: boolean } = {},
  ): Promise<{ restored: string[]; cancelled: boolean }> {
    await this.queue;
    const id = this.index[`${threadId}/${entryId}`];
    const checkpoint = id ? await this.store.get(id) : undefined;
    if (!checkpoint) {
      void vscode.window.showWarningMessage(
        vscode.l10n.t(
          'Switchboard: there is no checkpoint for this message (it may have been dropped to save disk space).',
        ),
      );
      return { restored: [], cancelled: false };
    }
    let cancelled = false;
    const restored = await this.restoreCheckpoint(checkpoint, options, () => (cancelled = true));
    return { restored, cancelled };
  }

  /** "Restore Checkpoint...": picks one of the stored prompt checkpoints (newest first), then restores it as above. */
  async pickAndRestore(): Promise<string[]> {
    await this.queue;
    const picks = checkpointPicks(await this.store.list(), Date.now());
    if (picks.length === 0) {
      void vscode.window.showInformationMessage(
        vscode.l10n.t(
          'Switchboard: there are no checkpoints in this workspace yet (one is taken before every prompt).',
        ),
      );
      return [];
    }
    const picked = await (this.dialogs.pick ?? vscodePick)(picks);
    const checkpoint = picked ? await this.store.get(picked.checkpointId) : undefined;
    return checkpoint ? this.restoreCheckpoint(checkpoint, {}) : [];
  }

  private async restoreCheckpoint(
    checkpoint: CheckpointManifest,
    options: { confirm?: boolean },
    onCancel: () => void = () => undefined,
  ): Promise<string[]> {
    const target = stateAt(await this.store.list(), checkpoint.seq);
    const current: Record<string, string | null> = {};
    for (const file of Object.keys(target))
      current[file] = (await this.limitRead(() => readCurrentTextAsync(file))) ?? null;
    const edited = new Set([...this.userEditedAt].filter(([, seq]) => seq >= checkpoint.seq).map(([file]) => file));
    const plan = planRestore(checkpoint, target, current, edited);
    if (plan.changes.length === 0) {
      void vscode.window.showInformationMessage(
        vscode.l10n.t('Switchboard: the files are already as they were at this checkpoint.'),
      );
      return [];
    }
    let chosen = plan.changes.map((change) => change.path);
    if (options.confirm !== false) {
      const picked = await confirmRestore(plan.changes, this.dialogs);
      if (!picked) {
        onCancel();
        return [];
      }
      chosen = picked;
    }
    const result = await executeRestore(this.store, plan, chosen, this.fileAccess(), Date.now());
    this.lastRestore = result;
    if (result.failed.length > 0) {
      void vscode.window.showErrorMessage(
        vscode.l10n.t(
          'Switchboard could not restore {0}.',
          result.failed.map((failure) => `${path.basename(failure.path)} (${failure.reason})`).join(', '),
        ),
      );
    }
    if (options.confirm !== false) {
      void this.dialogs
        .restored(
          result.restored.length === 1
            ? vscode.l10n.t('Switchboard restored 1 file.')
            : vscode.l10n.t('Switchboard restored {0} files.', result.restored.length),
          RESTORE_BUTTONS.undo,
        )
        .then((choice) => {
          if (choice === RESTORE_BUTTONS.undo) void this.undoLastRestore();
        });
    }
    return result.restored;
  }

  /** Puts back what the last restore replaced. */
  async undoLastRestore(): Promise<string[]> {
    const last = this.lastRestore;
    if (!last) {
      void vscode.window.showInformationMessage(vscode.l10n.t('Switchboard: there is no checkpoint restore to undo.'));
      return [];
    }
    this.lastRestore = undefined;
    return undoRestore(this.store, last.undoCheckpoint, this.fileAccess());
  }

  private fileAccess(): FileAccess {
    return {
      read: async (file) => (await readCurrentTextAsync(file)) ?? null,
      write: async (file, text) => {
        const result = await this.review.ownEdits.run(file, async () => {
          this.review.ownEdits.noteWritten(file, text);
          return writeThroughEditor(file, text, { save: 'always' });
        });
        if (result === 'refused') throw new Error('VS Code refused the edit');
        this.review.store.update(setCurrent(this.review.store.state, file, text));
      },
    };
  }

  /** Resolves once every checkpoint write queued so far is done. */
  async idle(): Promise<void> {
    await this.queue;
  }

  private enqueue(work: () => Promise<void>): Promise<void> {
    const next = this.queue.then(work).catch((error: unknown) => this.log.error('checkpoint failed', error));
    this.queue = next;
    return next;
  }

  dispose(): void {
    this.disposables.dispose();
  }
}

/** The files to restore, or undefined when the user cancelled. */
async function confirmRestore(
  changes: { path: string; userEditedSince: boolean; target: string | null }[],
  dialogs: RestoreDialogs,
): Promise<string[] | undefined> {
  const lines = changes.map(
    (change) =>
      `• ${vscode.workspace.asRelativePath(change.path)}${change.target === null ? vscode.l10n.t(' (will be deleted)') : ''}${change.userEditedSince ? vscode.l10n.t(' — you edited it since') : ''}`,
  );
  const edited = changes.filter((change) => change.userEditedSince);
  const restoreAll = edited.length > 0 ? RESTORE_BUTTONS.all : RESTORE_BUTTONS.only;
  const buttons: string[] =
    edited.length > 0 && edited.length < changes.length ? [restoreAll, RESTORE_BUTTONS.skipEdited] : [restoreAll];
  const note =
    edited.length > 0
      ? vscode.l10n.t(
          '\n\nYou edited {0} of these files after this checkpoint; restoring replaces your edits too.',
          edited.length,
        )
      : '';
  const choice = await dialogs.confirm(
    changes.length === 1
      ? vscode.l10n.t('Restore 1 file to how it was before this message?')
      : vscode.l10n.t('Restore {0} files to how they were before this message?', changes.length),
    vscode.l10n.t('{0}{1}\n\nYou can undo the restore afterwards.', lines.join('\n'), note),
    buttons,
  );
  if (choice === restoreAll) return changes.map((change) => change.path);
  if (choice === RESTORE_BUTTONS.skipEdited)
    return changes.filter((change) => !change.userEditedSince).map((change) => change.path);
  return undefined;
}
