// Marks the files Switchboard itself is changing (agent writes it applies, Keep/Undo, restores),
// so the document and file-system events those changes cause are not taken for the user's or
// the agent's own changes.
import * as path from 'node:path';

const MAX_NOTES_PER_FILE = 5;

export class OwnEdits {
  private readonly busy = new Map<string, number>();
  /** Texts we recently wrote to disk: the watcher's events for them are ours (they may arrive late). */
  private readonly written = new Map<string, (string | null)[]>();

  async run<T>(filePath: string, work: () => Promise<T>): Promise<T> {
    const key = path.resolve(filePath);
    this.busy.set(key, (this.busy.get(key) ?? 0) + 1);
    try {
      return await work();
    } finally {
      const count = (this.busy.get(key) ?? 1) - 1;
      if (count <= 0) this.busy.delete(key);
      else this.busy.set(key, count);
    }
  }

  isBusy(filePath: string): boolean {
    return this.busy.has(path.resolve(filePath));
  }

  noteWritten(filePath: string, text: string | null): void {
    const key = path.resolve(filePath);
    // A few per file: several writes can land before the watcher reports the first.
    const texts = [...(this.written.get(key) ?? []), text].slice(-MAX_NOTES_PER_FILE);
    this.written.set(key, texts);
  }

  /** Whether the disk now holds something we wrote there (consumes that note). */
  isOwnDiskText(filePath: string, text: string | null): boolean {
    const key = path.resolve(filePath);
    const texts = this.written.get(key);
    const index = texts?.indexOf(text) ?? -1;
    if (!texts || index < 0) return false;
    texts.splice(index, 1);
    if (texts.length === 0) this.written.delete(key);
    return true;
  }
}
