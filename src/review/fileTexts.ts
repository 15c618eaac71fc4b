// The one keeper of the texts of agent-written files. Each fs/write_text_file is one revision: the
// file's text before and after that write, kept here and nowhere else. Everything else refers to a
// write by {path, revision}: the thread's tool entries carry the bounded hunks the host computed
// from it, "Open diff" in the chat sends the ids back, and the diff editor's documents read the
// texts from here. An agent chooses the sizes, so the keeper is bounded: past its limits the oldest
// revisions go first (a card keeps its hunks; only "Open diff" of a forgotten write has no texts).
import { cardHunks } from '../shared/diffHunks';
import type { FileWriteView } from '../shared/thread';

/** A write, as everything outside the keeper names it. */
export interface WriteRef {
  path: string;
  revision: number;
}

export interface WriteTexts {
  /** null: the file did not exist before the write. */
  before: string | null;
  after: string;
}

/** What the fs handler hands the session for one write: its revision and the card's view of it. */
export interface WriteOutcome {
  /** The path as the keeper holds it (absolute, resolved by the fs handler): the thread names the write by it. */
  path: string;
  revision: number;
  /**
   * The card's view from revision `fromRevision` to this write; when `fromRevision` is no longer
   * kept (or names another file), the view of this write alone.
   */
  view(fromRevision: number): FileWriteView;
}

export { CARD_CONTEXT_LINES, MAX_CARD_DIFF_LINES } from '../shared/diffHunks';
/** Characters of text kept over all revisions (UTF-16: twice that in bytes), and revisions kept. */
export const MAX_KEPT_CHARS = 32 * 1024 * 1024;
export const MAX_KEPT_REVISIONS = 1000;

interface Revision extends WriteTexts {
  path: string;
}

function size(texts: WriteTexts): number {
  return (texts.before?.length ?? 0) + texts.after.length;
}

export class FileTexts {
  /** By revision number (one counter for every file, so a revision names one write), oldest first. */
  private readonly revisions = new Map<number, Revision>();
  private chars = 0;
  private next = 1;

  constructor(
    private readonly maxChars = MAX_KEPT_CHARS,
    private readonly maxRevisions = MAX_KEPT_REVISIONS,
  ) {}

  /** Records one write and returns what the session needs of it. */
  record(path: string, before: string | null, after: string): WriteOutcome {
    const revision = this.next++;
    this.revisions.set(revision, { path, before, after });
    this.chars += size({ before, after });
    this.evict(revision);
    return { path, revision, view: (fromRevision) => this.view({ path, revision }, fromRevision) };
  }

  /** The texts of a write; undefined when it was never recorded, is forgotten, or is not of that path. */
  texts(ref: WriteRef): WriteTexts | undefined {
    const kept = this.revisions.get(ref.revision);
    return kept && kept.path === ref.path ? { before: kept.before, after: kept.after } : undefined;
  }

  /** The path a kept revision is of (undefined when forgotten). */
  pathOf(revision: number): string | undefined {
    return this.revisions.get(revision)?.path;
  }

  /**
   * The texts from before the write `fromRevision` to after the write `revision` (both of `path`):
   * what a card that showed both writes covers. undefined when either is not kept.
   */
  span(path: string, fromRevision: number, revision: number): WriteTexts | undefined {
    const from = this.texts({ path, revision: fromRevision });
    const to = this.texts({ path, revision });
    return from && to && fromRevision <= revision ? { before: from.before, after: to.after } : undefined;
  }

  private view(ref: WriteRef, fromRevision: number): FileWriteView {
    const spanned = this.span(ref.path, fromRevision, ref.revision);
    const start = spanned ? fromRevision : ref.revision;
    // The write itself was just recorded; a keeper so small that it is gone shows an empty change.
    const texts = spanned ?? this.texts(ref) ?? { before: null, after: '' };
    return {
      path: ref.path,
      fromRevision: start,
      revision: ref.revision,
      diff: cardHunks(texts.before, texts.after),
      created: texts.before === null,
    };
  }

  /** Drops the oldest revisions past the limits; the newest (`keep`) stays whatever its size. */
  private evict(keep: number): void {
    for (const [revision, texts] of this.revisions) {
      if (this.chars <= this.maxChars && this.revisions.size <= this.maxRevisions) return;
      if (revision === keep) return;
      this.revisions.delete(revision);
      this.chars -= size(texts);
    }
  }
}
