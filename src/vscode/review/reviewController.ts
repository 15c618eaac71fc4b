// The VS Code side of review for one window: records agent writes and user edits into the
// ReviewStore, and performs Keep / Undo (per hunk, per file, for the session). Undo goes through
// a WorkspaceEdit, so it is on the editor's undo stack like any edit.
import * as vscode from 'vscode';
import { DisposableStore } from '../../shared/disposableStore';
import { attributeChange } from '../../review/attribution';
import {
  changedByThread,
  findFile,
  keepAll,
  keepFile,
  learnBaseline,
  keepHunk,
  recordAgentChange,
  recordDiskChange,
  recordUserChange,
  setCurrent,
  undoAll,
  undoFile,
  undoHunk,
  pendingFiles,
  type FileReview,
  type ReviewState,
  type Resolution,
} from '../../review/reviewModel';
import type { MergeConflict } from '../../review/merge';
import { AgentBases, type ReviewWriteHooks } from '../../review/agentWrites';
import type { FileTexts } from '../../review/fileTexts';
import { writeBytes, writeThroughEditor, type EditorWriteResult } from './documentText';
import type { BinaryCopies } from '../../review/binaryCopies';
import { ReloadOrEdit } from '../../review/reloadOrEdit';
import { timerSchedule } from '../../chat/schedule';
import { OwnEdits } from '../../review/ownEdits';
import type { ReviewStore } from './reviewStore';

export interface UndoneFile {
  path: string;
  result: EditorWriteResult;
}

export class ReviewController implements vscode.Disposable {
  readonly bases = new AgentBases();
  readonly ownEdits = new OwnEdits();
  /** Last text seen per open document, to turn change events into before/after pairs. */
  private readonly lastText = new Map<string, string>();
  /** Clean changes that may be the user's first edit after a save (see reloadOrEdit.ts). */
  private readonly reloadOrEdit = new ReloadOrEdit(
    (change) => this.recordUser(change.filePath, change.before, change.after),
    (key) => vscode.workspace.textDocuments.some((document) => document.uri.toString() === key && document.isDirty),
    timerSchedule,
  );
  private readonly disposables = new DisposableStore();
  /** Called when the agent changes a file for the first time in a turn (checkpoints hook in here). */
  onFirstAgentTouch: ((filePath: string, before: string | null | undefined) => void) | undefined;
  /** Called when a file the agent created is gone again (a temporary file): it left review. */
  onForgotten: ((filePath: string) => void) | undefined;
  /** Called after an Undo with what became of each file (saved, only in the editor, refused). */
  onUndone: ((files: UndoneFile[]) => void) | undefined;

  /** texts: the window's one keeper of file texts (the agent's writes by {path, revision}). */
  /** copies: the bytes of binary files under review (their baseline and current are ids of copies). */
  constructor(
    readonly store: ReviewStore,
    readonly texts: FileTexts,
    readonly copies?: BinaryCopies,
  ) {
    for (const document of vscode.workspace.textDocuments) this.remember(document);
    this.disposables.add(vscode.workspace.onDidOpenTextDocument((document) => this.remember(document)));
    this.disposables.add(
      vscode.workspace.onDidCloseTextDocument((document) => {
        this.lastText.delete(document.uri.toString());
        this.reloadOrEdit.forget(document.uri.toString());
      }),
    );
    this.disposables.add(vscode.workspace.onDidChangeTextDocument((event) => this.onDocumentChanged(event)));
  }

  /** Hooks for src/vscode/fs/fsHandlers.ts; `threadId`: the chat whose agent writes through them. */
  fsHooks(threadId?: string): ReviewWriteHooks {
    return {
      agentRead: (filePath, text) => (text === null ? this.bases.forget(filePath) : this.bases.set(filePath, text)),
      mergeWrite: (filePath, live, content) => this.bases.merge(filePath, live, content),
      ownEdit: (filePath, work) => this.ownEdits.run(filePath, work),
      agentWrote: (write) => {
        // The agent now believes the file holds what it wrote: its next write is a diff against that.
        this.bases.set(write.path, write.content);
        this.ownEdits.noteWritten(write.path, write.after);
        this.recordAgent(write.path, write.before, write.after, write.conflicts, threadId);
        return this.texts.record(write.path, write.before, write.after);
      },
    };
  }

  /** An agent change through fs/write_text_file; `threadId`: the writing chat's (its turn), where known. */
  recordAgent(
    filePath: string,
    before: string | null,
    after: string | null,
    conflicts: MergeConflict[] = [],
    threadId?: string,
  ): void {
    if (before === after) return;
    const turn = threadId === undefined ? this.store.lastTurnNumber() : this.store.writerTurn(threadId);
    this.commitAgent(
      filePath,
      before,
      recordAgentChange(this.store.state, { path: filePath, before, after, turn, conflicts }),
      turn,
    );
  }

  /**
   * An on-disk change the watcher attributed to the agent (before: undefined when never seen). `binary`: a file
   * that is not text, whose before and after are ids of copies of its bytes.
   */
  recordDisk(
    filePath: string,
    before: string | null | undefined,
    after: string | null,
    createdNow: boolean,
    binary = false,
  ): void {
    const turn = this.store.lastTurnNumber();
    this.commitAgent(
      filePath,
      // Checkpoints keep texts: a binary file's copy id is not its text before.
      binary ? undefined : before,
      recordDiskChange(this.store.state, { path: filePath, before, after, createdNow, turn, binary }),
      turn,
    );
  }

  /** The agent's report of a change it made on disk says what a file listed without a baseline held before. */
  learnBaseline(filePath: string, baseline: string | null): void {
    const next = learnBaseline(this.store.state, filePath, baseline);
    if (next === this.store.state) return;
    // Checkpoints learn the text before too (they had none: it was never seen).
    this.onFirstAgentTouch?.(filePath, baseline);
    this.store.update(next);
  }

  private commitAgent(filePath: string, before: string | null | undefined, next: ReviewState, turn: number): void {
    const known = findFile(this.store.state, filePath);
    const now = findFile(next, filePath);
    // Checkpoints learn the text a file had before this turn first changed it: its text at the
    // checkpoint taken before the prompt (which may still be being read).
    const firstThisTurn = !known || known.resolution !== null || !known.agentTurns.includes(turn);
    if (now && firstThisTurn)
      this.onFirstAgentTouch?.(
        filePath,
        now.baselineUnknown ? undefined : (before ?? (known ? undefined : now.baseline)),
      );
    this.store.update(next);
    // A file that existed only during the turn (an atomic save's temporary file) left review.
    if (known && !now && known.baseline === null) this.onForgotten?.(filePath);
  }

  /** A user change of a file that may be under review (the watcher's or the editor's). */
  recordUser(filePath: string, before: string | null, after: string | null): void {
    this.store.update(recordUserChange(this.store.state, { path: filePath, before, after }));
  }

  keepHunk(filePath: string, hunkIndex: number): void {
    this.store.update(keepHunk(this.store.state, filePath, hunkIndex));
  }

  async undoHunk(filePath: string, hunkIndex: number): Promise<boolean> {
    return this.applyUndo(filePath, undoHunk(this.store.state, filePath, hunkIndex));
  }

  keepFile(filePath: string): void {
    this.store.update(keepFile(this.store.state, filePath));
  }

  async undoFile(filePath: string): Promise<boolean> {
    return this.applyUndo(filePath, undoFile(this.store.state, filePath));
  }

  /** Keep All: every pending file, or only those a turn of session `threadId` changed. */
  keepAll(threadId?: string): void {
    this.store.update(keepAll(this.store.state, this.sessionFilter(threadId)));
  }

  /** Undo All: every pending file, or only those a turn of session `threadId` changed. */
  async undoAll(threadId?: string): Promise<boolean> {
    const { state, writes } = undoAll(this.store.state, this.sessionFilter(threadId));
    const results: UndoneFile[] = [];
    for (const write of writes)
      results.push({ path: write.path, result: await this.writeResolved(write.path, write.text) });
    this.store.update(state);
    this.onUndone?.(results);
    return results.every((undone) => undone.result !== 'refused');
  }

  /** Files with pending changes, window-wide or of one session. */
  pendingCount(threadId?: string): number {
    const only = this.sessionFilter(threadId);
    return pendingFiles(this.store.state).filter(only).length;
  }

  private sessionFilter(threadId: string | undefined): (file: FileReview) => boolean {
    const state = this.store.state;
    return threadId === undefined ? () => true : (file) => changedByThread(state, file, threadId);
  }

  /**
   * Writes text as Switchboard's own edit (not attributed). Saved when the document had no unsaved changes:
   * the agent's change was on disk, so Undo takes it off the disk too; the user's unsaved typing is never saved.
   */
  async writeOwn(filePath: string, text: string | null): Promise<EditorWriteResult> {
    return this.ownEdits.run(filePath, async () => {
      // What lands on disk (a save, a deletion) is ours: its watcher event must not count as a change.
      this.ownEdits.noteWritten(filePath, text);
      return writeThroughEditor(filePath, text, { save: 'ifClean' });
    });
  }

  /** Undo's write: a text file's text, or for a binary file the bytes of copy `value` (null deletes it). */
  private async writeResolved(filePath: string, value: string | null): Promise<EditorWriteResult> {
    if (!findFile(this.store.state, filePath)?.binary) return this.writeOwn(filePath, value);
    const bytes = value === null ? null : await this.copies?.read(value);
    // The copy is gone (the workspace storage was cleared): nothing is written, the change stays pending.
    if (bytes === undefined) return 'refused';
    return this.ownEdits.run(filePath, async () => {
      this.ownEdits.noteWritten(filePath, value);
      return writeBytes(filePath, bytes);
    });
  }

  private async applyUndo(filePath: string, resolution: Resolution): Promise<boolean> {
    if (resolution.text === undefined) return false;
    const result = await this.writeResolved(filePath, resolution.text);
    // The state follows what the document really holds (a refused edit leaves the hunk pending).
    this.store.update(
      result !== 'refused'
        ? resolution.state
        : setCurrent(this.store.state, filePath, findFile(this.store.state, filePath)?.current ?? null),
    );
    this.onUndone?.([{ path: filePath, result }]);
    return result !== 'refused';
  }

  private remember(document: vscode.TextDocument): void {
    if (document.uri.scheme === 'file') this.lastText.set(document.uri.toString(), document.getText());
  }

  private onDocumentChanged(event: vscode.TextDocumentChangeEvent): void {
    const document = event.document;
    if (document.uri.scheme !== 'file') return;
    const key = document.uri.toString();
    // Any event of the document (the dirty-state change comes as one with no content changes) decides a held one.
    this.reloadOrEdit.settle(key);
    if (event.contentChanges.length === 0) return;
    const before = this.lastText.get(key) ?? null;
    const after = document.getText();
    this.lastText.set(key, after);
    const filePath = document.uri.fsPath;
    const file = findFile(this.store.state, filePath);
    if (!file) return;
    const ownEdit = this.ownEdits.isBusy(filePath);
    if (!ownEdit && !document.isDirty && !this.isUndoRedo(event)) {
      // A reload from disk, or the user's first edit after a save (its dirty flag follows the event).
      this.reloadOrEdit.hold(key, { filePath, before, after });
      return;
    }
    const who = attributeChange({ kind: 'editor', ownEdit, reloadedFromDisk: false }, this.store.turn !== null);
    // Switchboard's own edits (an agent write, Keep/Undo, a restore) are not recorded here: each is
    // recorded once, with its final text, by the code that made it (agentWrote, applyResolution, ...).
    if (who !== 'user') return;
    // Undo/redo of our own Keep/Undo edits lands here too: the text simply moves; it is the user's.
    if (this.isUndoRedo(event)) this.store.update(setCurrent(this.store.state, filePath, after));
    else this.recordUser(filePath, before, after);
  }

  private isUndoRedo(event: vscode.TextDocumentChangeEvent): boolean {
    return (
      event.reason === vscode.TextDocumentChangeReason.Undo || event.reason === vscode.TextDocumentChangeReason.Redo
    );
  }

  dispose(): void {
    this.reloadOrEdit.dispose();
    this.disposables.dispose();
  }
}
