// Copies of binary files' bytes, so review can undo an agent's change of a file that is not text exactly
// (its bytes before), where no text keeper can. A copy is taken when Switchboard first sees a binary file
// (the disk watcher sees it change: its bytes then are the "before" of its next change) or when a tool call
// names it before it runs. Copies are content-addressed (sha256 of the bytes: review's baseline and current
// of a binary file are these ids), in a folder of the workspace storage, so Undo still works after a reload.
// Bounded: each copy at most the size cap it is given (switchboard.review.maxBinaryMiB; a larger file is not
// copied, and so not reviewed), the last bytes seen of at most MAX_SEEN_FILES files, and every other copy
// no review names is deleted when a new one is taken.
import { createHash } from 'node:crypto';
import * as fs from 'node:fs/promises';
import * as path from 'node:path';

/** Files whose last seen bytes are remembered (each is the "before" of the file's next change). */
export const MAX_SEEN_FILES = 64;

/** A copy's id: the sha256 of its bytes (hex). */
export function bytesId(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

const ID = /^[0-9a-f]{64}$/;

export class BinaryCopies {
  /** The last bytes seen per file (its copy's id; null: no file), least recently seen first. */
  private readonly seen = new Map<string, string | null>();
  /** Puts and prunes one after the other: a copy is never deleted while it is being taken. */
  private queue: Promise<unknown> = Promise.resolve();

  /** `root`: the folder (created when needed); `named`: the ids review names now (kept whatever happens). */
  constructor(
    readonly root: string,
    private readonly named: () => Iterable<string>,
  ) {}

  /** Keeps a copy of `bytes` and returns its id; copies nothing names any more go. */
  put(bytes: Uint8Array): Promise<string> {
    const id = bytesId(bytes);
    return this.enqueue(async () => {
      const target = path.join(this.root, id);
      if (!(await exists(target))) {
        await fs.mkdir(this.root, { recursive: true });
        // Written then renamed: a crash never leaves a truncated copy under a valid id.
        const temporary = `${target}.${process.pid}.tmp`;
        await fs.writeFile(temporary, bytes);
        await fs.rename(temporary, target);
      }
      await this.prune(id);
      return id;
    });
  }

  /** The bytes of copy `id`; undefined when it is not kept (pruned, or the storage was cleared). */
  async read(id: string): Promise<Buffer | undefined> {
    if (!ID.test(id)) return undefined;
    return fs.readFile(path.join(this.root, id)).catch(() => undefined);
  }

  /** The file's bytes now are copy `id` (null: it is gone): the "before" of its next change. */
  see(filePath: string, id: string | null): void {
    this.seen.delete(filePath);
    this.seen.set(filePath, id);
    if (this.seen.size > MAX_SEEN_FILES) this.seen.delete(this.seen.keys().next().value!);
  }

  /** The copy of the file's bytes last seen (null: it was not there); undefined: never seen. */
  lastSeen(filePath: string): string | null | undefined {
    return this.seen.get(filePath);
  }

  private async prune(keep: string): Promise<void> {
    const kept = new Set<string | null>([keep, ...this.named(), ...this.seen.values()]);
    let names: string[];
    try {
      names = await fs.readdir(this.root);
    } catch {
      return;
    }
    for (const name of names)
      if (ID.test(name) && !kept.has(name)) await fs.rm(path.join(this.root, name), { force: true });
  }

  private enqueue<T>(work: () => Promise<T>): Promise<T> {
    const run = this.queue.then(work, work);
    this.queue = run.catch(() => undefined);
    return run;
  }
}

async function exists(file: string): Promise<boolean> {
  return fs.stat(file).then(
    () => true,
    () => false,
  );
}
