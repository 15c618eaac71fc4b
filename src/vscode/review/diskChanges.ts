// Detects changes agents make on disk by themselves (their own edit tools, shell commands): a
// FileSystemWatcher over the workspace, filtered by what the user ignores, bounded per turn, and
// attributed by the rule in src/review/attribution. The earlier content of a changed file comes
// from what was seen before (review, the agent's reads, open documents as last loaded or saved); a binary
// file's from the copy of its bytes taken when it was last seen (src/review/binaryCopies.ts).
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { DisposableStore } from '../../shared/disposableStore';
import { attributeChange } from '../../review/attribution';
import { TurnBudget, type TurnLimits } from '../../review/budget';
import { readTextOrEmpty } from '../../review/diskText';
import { readDiskContent } from '../../review/diskContent';
import type { BinaryCopies } from '../../review/binaryCopies';
import { createPathFilter, type PathFilter } from '../../review/ignoreRules';
import { RecentChanges } from '../../review/recentChanges';
import { findFile } from '../../review/reviewModel';
import { findOpenDocument } from './documentText';
import type { ReviewController } from './reviewController';
import { entriesOf, vscodeSetting, vscodeSettingChanged } from '../settings';

const SETTLE_MS = 150;
/** Agents' reports of changes kept until the watcher sees them: at most this many, and this many characters. */
const MAX_CLAIMS = 64;
const MAX_CLAIM_CHARS = 32 * 1024 * 1024;
/** Saves by the user within this window make the next disk change of that file theirs. */
const USER_SAVE_WINDOW_MS = 3000;

export class DiskChanges implements vscode.Disposable {
  private readonly disposables = new DisposableStore();
  /** Files a tool call named that were not binary when read: not read again for that until they change. */
  private readonly notBinary = new Set<string>();
  /** The last agent change recorded per file, for a report that does not say what the file held before. */
  readonly recent = new RecentChanges();
  private readonly pending = new Map<string, ReturnType<typeof setTimeout>>();
  /** Disk content last seen per file (documents as opened or saved), for the "before" of a change. */
  private readonly seenOnDisk = new Map<string, string>();
  private readonly userSaves = new Map<string, number>();
  /** Paths with a create event since they were last processed. */
  private readonly created = new Set<string>();
  /** Files being read now, and those that changed meanwhile (processed again once the read ends). */
  private readonly inFlight = new Set<string>();
  private readonly rerun = new Set<string>();
  /** Watcher events per file so far: lets a slow read know the file changed while it ran. */
  private readonly events = new Map<string, number>();
  /** Per workspace folder: its filter, or the read of its .gitignore that makes it (async: no blocking read). */
  private filters = new Map<string, PathFilter | Promise<PathFilter>>();
  /** What agents reported a file held before their change, by the text after it (see claim()). */
  private readonly claims = new Map<string, { before: string | null; after: string | null }>();
  private claimChars = 0;
  private budget: TurnBudget;
  private warnedThisTurn = false;

  /** copies: binary files' bytes; maxBinaryBytes: the largest binary file reviewed (switchboard.review.maxBinaryMiB). */
  constructor(
    private readonly review: ReviewController,
    private readonly limits: () => TurnLimits,
    private readonly copies: BinaryCopies,
    private readonly maxBinaryBytes: () => number,
  ) {
    this.budget = new TurnBudget(limits());
    for (const document of vscode.workspace.textDocuments) this.noteDocument(document);
    const watcher = vscode.workspace.createFileSystemWatcher('**/*');
    this.disposables.add(watcher);
    this.disposables.add(watcher.onDidCreate((uri) => this.schedule(uri, true)));
    this.disposables.add(watcher.onDidChange((uri) => this.schedule(uri, false)));
    this.disposables.add(watcher.onDidDelete((uri) => this.schedule(uri, false)));
    this.disposables.add(vscode.workspace.onDidOpenTextDocument((document) => this.noteDocument(document)));
    this.disposables.add(
      vscode.workspace.onDidSaveTextDocument((document) => {
        if (document.uri.scheme !== 'file') return;
        this.seenOnDisk.set(path.resolve(document.uri.fsPath), document.getText());
        if (!review.ownEdits.isBusy(document.uri.fsPath))
          this.userSaves.set(path.resolve(document.uri.fsPath), Date.now());
      }),
    );
    this.disposables.add(
      vscode.workspace.onDidChangeConfiguration((event) => {
        if (vscodeSettingChanged(event, 'files.exclude')) this.filters.clear();
      }),
    );
    this.disposables.add(vscode.workspace.onDidChangeWorkspaceFolders(() => this.filters.clear()));
  }

  /** A new agent turn: a fresh budget. */
  startTurn(): void {
    this.budget = new TurnBudget(this.limits());
    this.warnedThisTurn = false;
  }

  /** How many watcher events the file has had (compare before and after an asynchronous read). */
  eventCount(filePath: string): number {
    return this.events.get(path.resolve(filePath)) ?? 0;
  }

  /** The agent read the file: that is its content before any change it makes. */
  noteSeen(filePath: string, text: string): void {
    // A change still settling keeps the earlier text as its "before".
    if (this.pending.has(path.resolve(filePath))) return;
    this.seenOnDisk.set(path.resolve(filePath), text);
  }

  /**
   * An agent reported changing the file from `before` to `after` (src/vscode/review/reportedFileChanges.ts): when
   * the watcher sees the file change to `after` and has no text of its own from before, that is the "before".
   * Only a change the watcher saw uses it: a report alone puts nothing under review.
   */
  claim(filePath: string, before: string | null, after: string | null): void {
    const key = path.resolve(filePath);
    this.dropClaim(key);
    this.claims.set(key, { before, after });
    this.claimChars += (before?.length ?? 0) + (after?.length ?? 0);
    for (const oldest of this.claims.keys()) {
      if (this.claims.size <= MAX_CLAIMS && this.claimChars <= MAX_CLAIM_CHARS) break;
      this.dropClaim(oldest);
    }
  }

  /** The "before" an agent reported for the file's change to `after` (used once); undefined when none fits. */
  private claimedBefore(filePath: string, after: string | null): string | null | undefined {
    const claim = this.claims.get(filePath);
    if (!claim || claim.after !== after) return undefined;
    this.dropClaim(filePath);
    return claim.before;
  }

  private dropClaim(key: string): void {
    const claim = this.claims.get(key);
    if (!claim) return;
    this.claims.delete(key);
    this.claimChars -= (claim.before?.length ?? 0) + (claim.after?.length ?? 0);
  }

  private noteDocument(document: vscode.TextDocument): void {
    if (document.uri.scheme === 'file' && !document.isDirty)
      this.seenOnDisk.set(path.resolve(document.uri.fsPath), document.getText());
  }

  private schedule(uri: vscode.Uri, created: boolean): void {
    if (uri.scheme !== 'file') return;
    const filePath = path.resolve(uri.fsPath);
    const ignored = this.isIgnored(filePath);
    // The folder's .gitignore is still being read: the event waits for it (once per folder).
    if (typeof ignored !== 'boolean') {
      void ignored.then(() => this.schedule(uri, created));
      return;
    }
    if (ignored) return;
    if (created) this.created.add(filePath);
    this.notBinary.delete(filePath);
    this.events.set(filePath, (this.events.get(filePath) ?? 0) + 1);
    // Editors and tools write in several steps: act once the file settles.
    const previous = this.pending.get(filePath);
    if (previous) clearTimeout(previous);
    this.pending.set(
      filePath,
      setTimeout(() => {
        this.pending.delete(filePath);
        this.process(filePath);
      }, SETTLE_MS),
    );
  }

  private process(filePath: string): void {
    // One read at a time per file: events during a read run it again afterwards, on the newest text.
    if (this.inFlight.has(filePath)) {
      this.rerun.add(filePath);
      return;
    }
    this.inFlight.add(filePath);
    void this.processNow(filePath).finally(() => {
      this.inFlight.delete(filePath);
      if (this.rerun.delete(filePath)) this.process(filePath);
    });
  }

  private async processNow(filePath: string): Promise<void> {
    const createdNow = this.created.delete(filePath);
    if (this.review.ownEdits.isBusy(filePath)) return;
    const known = findFile(this.review.store.state, filePath);
    // A binary file review holds, or one seen before, is compared by the copies of its bytes (also once it is gone).
    const binary = known ? known.binary === true : this.copies.lastSeen(filePath) !== undefined;
    const content = await readDiskContent(
      filePath,
      binary,
      { maxTextBytes: this.limits().maxFileBytes, maxBinaryBytes: this.maxBinaryBytes() },
      this.copies,
    );
    if (content === undefined) return; // a folder, a FIFO, or too large
    const after = content.after;
    // The file changed again while it was read: the next run sees the newest text.
    if (this.pending.has(filePath)) {
      if (createdNow) this.created.add(filePath);
      return;
    }
    const tracked = findFile(this.review.store.state, filePath);
    if (this.review.ownEdits.isOwnDiskText(filePath, after)) return;
    // An editor with unsaved edits is what the user works on: VS Code itself flags the disk change
    // when they save; comparing the disk with the buffer here would misattribute one or the other.
    if (findOpenDocument(filePath)?.isDirty) return;
    if (tracked && tracked.current === after) return;
    const savedAt = this.userSaves.get(filePath);
    const userSaved = savedAt !== undefined && Date.now() - savedAt < USER_SAVE_WINDOW_MS;
    if (userSaved) this.userSaves.delete(filePath);
    const modifiedAt = after === null ? undefined : await modificationTime(filePath);
    const who = attributeChange(
      { kind: 'disk', ownWrite: false, userSaved },
      this.review.store.isAgentTime(modifiedAt),
    );
    const before = tracked ? tracked.current : this.seenBefore(filePath, content.binary, after);
    if (content.binary) this.copies.see(filePath, after);
    else if (after !== null) this.seenOnDisk.set(filePath, after);
    else this.seenOnDisk.delete(filePath);
    if (who === 'user') {
      if (tracked) this.review.recordUser(filePath, tracked.current, after);
      return;
    }
    if (who !== 'agent') return;
    // A file created and gone again before it was processed (an atomic save's temporary file) is
    // no change at all: not even the budget counts it.
    if (!tracked && after === null && createdNow) return;
    if (!tracked && this.budget.admit(filePath, content.size) !== 'tracked') {
      this.warnOverBudget();
      return;
    }
    this.review.recordDisk(filePath, before, after, createdNow, content.binary);
    this.recent.record(filePath, { before: before === undefined && createdNow ? null : before, after });
  }

  /** What the file held before, as seen (a binary file: the copy of its bytes; else its text, or an agent's claim). */
  private seenBefore(filePath: string, binary: boolean, after: string | null): string | null | undefined {
    if (binary) return this.copies.lastSeen(filePath);
    return this.seenOnDisk.get(filePath) ?? this.claimedBefore(filePath, after);
  }

  /**
   * A tool call names the file before it runs: a binary file's bytes now are copied, as the "before" of the
   * change it may make (a text file's is read by readLocationTexts). Skipped when the file changed meanwhile.
   */
  async noteBinaryBefore(filePath: string): Promise<void> {
    const key = path.resolve(filePath);
    if (this.copies.lastSeen(key) !== undefined || this.notBinary.has(key) || findFile(this.review.store.state, key))
      return;
    const events = this.eventCount(key);
    const limits = { maxTextBytes: this.limits().maxFileBytes, maxBinaryBytes: this.maxBinaryBytes() };
    const content = await readDiskContent(key, false, limits, this.copies);
    if (this.eventCount(key) !== events || this.pending.has(key)) return;
    if (content?.binary && content.after !== null) this.copies.see(key, content.after);
    // v2 agents repeat a running tool call's locations in every update: a text file is read once, not each time.
    else if (this.notBinary.add(key).size > MAX_CLAIMS) this.notBinary.delete(this.notBinary.values().next().value!);
  }

  private warnOverBudget(): void {
    if (this.warnedThisTurn) return;
    this.warnedThisTurn = true;
    void vscode.window.showWarningMessage(
      vscode.l10n.t(
        'Switchboard: the agent changed more files than review tracks in one turn; the rest are not listed in Changes (see the switchboard.review.maxFilesPerTurn setting).',
      ),
    );
  }

  /** Whether the watcher ignores the file; a promise while the folder's filter is being made. */
  private isIgnored(filePath: string): boolean | Promise<unknown> {
    const folder = vscode.workspace.getWorkspaceFolder(vscode.Uri.file(filePath));
    if (!folder || folder.uri.scheme !== 'file') return true;
    const relative = path.relative(folder.uri.fsPath, filePath).split(path.sep).join('/');
    if (relative === '.gitignore') this.filters.delete(folder.uri.toString());
    const filter = this.filterFor(folder);
    return typeof filter === 'function' ? filter(relative) : filter;
  }

  private filterFor(folder: vscode.WorkspaceFolder): PathFilter | Promise<PathFilter> {
    const key = folder.uri.toString();
    const known = this.filters.get(key);
    if (known) return known;
    const filesExclude = entriesOf(vscodeSetting('files.exclude', folder.uri));
    const made = readTextOrEmpty(path.join(folder.uri.fsPath, '.gitignore')).then((gitignore) => {
      const filter = createPathFilter({ filesExclude, gitignores: [{ dir: '', content: gitignore }] });
      // Unless a newer one replaced it meanwhile (settings or .gitignore changed).
      if (this.filters.get(key) === made) this.filters.set(key, filter);
      return filter;
    });
    this.filters.set(key, made);
    return made;
  }

  dispose(): void {
    for (const timer of this.pending.values()) clearTimeout(timer);
    this.disposables.dispose();
  }
}

/** The file's modification time, or undefined when it cannot be read (then the event's time decides). */
async function modificationTime(filePath: string): Promise<number | undefined> {
  try {
    return (await fs.promises.stat(filePath)).mtimeMs;
  } catch {
    return undefined;
  }
}
