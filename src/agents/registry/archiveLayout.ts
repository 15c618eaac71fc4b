// Where the entries of an unpacked archive go, and the rules that keep them inside the install folder (the
// archive is hostile: see archive.ts, which reads the formats and hands each entry here). Names are checked
// alone first (containedPath). Then what is on disk decides:
//
// - No symbolic link exists under the root until every file, folder and hard link is written: links are made
//   last. So no entry is ever written through a link, whichever entry made it, even one pointing inside; an
//   archive that puts an entry under one of its own links fails when that link is made, its name being taken.
//   (Checking every parent with lstat as entries come would do the same with one system call per component
//   per entry, and a window between the check and the write; making links last needs neither.)
// - No entry replaces another: a file is created with O_EXCL (which also never follows a link), a folder where a
//   file is or the reverse fails, and so does a second entry of one name, where tar would let the last one win.
// - Once all links are made, each must lead, as the system resolves it (through other links, `..` after a link,
//   names that differ only in case on a case-insensitive disk), to something inside the root's real path. Its
//   text alone proves nothing: in the chain `p/q/r/up -> ../../..`, then a link made through `up`, each text
//   stays inside. A link leading nowhere is refused too: where it would lead depends on what is created later.
// - A hard link may only name a regular file written before it (a second name for it, costing no bytes).
import * as fs from 'node:fs';
import * as path from 'node:path';
import { pipeline } from 'node:stream/promises';

export interface ArchiveLimits {
  maxBytes: number;
  maxEntries: number;
}

/** The longest link target Linux accepts (PATH_MAX less its NUL). */
export const MAX_LINK_BYTES = 4095;

/**
 * Where an archive entry goes inside `root`, or an Error saying why it may not. Names are relative, with `/` or
 * `\` separators; no absolute path, drive letter, UNC prefix or `..` segment, and the result stays under root.
 */
export function containedPath(root: string, entryName: string): string | Error {
  const name = entryName.replace(/\\/g, '/');
  if (name.includes('\0')) return new Error(`the archive entry ${JSON.stringify(entryName)} has a NUL in its name`);
  // These are the only ways a relative name leads out (a UNC `\\host` became `//host`): what is left resolves inside.
  if (name.startsWith('/') || /^[A-Za-z]:/.test(name) || name.split('/').includes('..')) {
    return new Error(`the archive entry ${JSON.stringify(entryName)} would land outside the install folder`);
  }
  return path.resolve(root, name);
}

/** Whether `target` (an absolute path already resolved) is `root` or inside it (`..x` is a name inside). */
export function isInside(root: string, target: string): boolean {
  const relative = path.relative(root, target);
  return relative !== '..' && !relative.startsWith(`..${path.sep}`) && !path.isAbsolute(relative);
}

interface Link {
  name: string;
  target: string;
  text: string;
}

/** One unpacking into an empty folder: entries in archive order, then finish(). Any refusal throws. */
export class ArchiveLayout {
  private readonly links: Link[] = [];
  private entries = 0;
  private bytes = 0;

  constructor(
    private readonly root: string,
    private readonly limits: ArchiveLimits,
  ) {}

  async directory(name: string): Promise<void> {
    await fs.promises.mkdir(this.place(name), { recursive: true }).catch(collision(name));
  }

  async file(name: string, content: AsyncIterable<Buffer | string>, mode: number | undefined): Promise<void> {
    const target = await this.placeWithParent(name);
    const out = fs.createWriteStream(target, { flags: 'wx', mode: mode && mode & 0o111 ? 0o755 : 0o644 });
    const count = async function* (this: ArchiveLayout, chunks: AsyncIterable<Buffer | string>) {
      for await (const chunk of chunks) {
        this.bytes += chunk.length;
        if (this.bytes > this.limits.maxBytes) {
          throw new Error(`the archive unpacks to more than ${Math.round(this.limits.maxBytes / 1024 ** 2)} MiB`);
        }
        yield chunk;
      }
    }.bind(this);
    await pipeline(content, count, out).catch(collision(name));
  }

  /** A tar hard link: `existing` is the name of an earlier entry in the archive, not a path from the link. */
  async hardLink(name: string, existing: string): Promise<void> {
    const target = await this.placeWithParent(name);
    const source = containedPath(this.root, existing);
    const stat = source instanceof Error ? undefined : await fs.promises.lstat(source).catch(() => undefined);
    if (!stat?.isFile()) {
      throw new Error(
        `the archive's hard link ${JSON.stringify(name)} does not name a file before it (${JSON.stringify(existing)})`,
      );
    }
    await fs.promises.link(source as string, target).catch(collision(name));
  }

  /** Noted now (its folder made), made by finish(). */
  async symlink(name: string, text: string): Promise<void> {
    const target = await this.placeWithParent(name);
    this.checkLinkLength(name, Buffer.byteLength(text));
    if (text === '' || text.includes('\0')) throw nowhere(name, text);
    this.links.push({ name, target, text });
  }

  checkLinkLength(name: string, bytes: number): void {
    if (bytes > MAX_LINK_BYTES) {
      throw new Error(`the archive's link ${JSON.stringify(name)} is longer than ${MAX_LINK_BYTES} bytes`);
    }
  }

  /** Makes the links, then checks where each really leads (see the top of this file). */
  async finish(): Promise<void> {
    for (const link of this.links) await fs.promises.symlink(link.text, link.target).catch(collision(link.name));
    const root = await fs.promises.realpath(this.root);
    for (const link of this.links) {
      const real = await fs.promises.realpath(link.target).catch(() => undefined);
      if (real === undefined || !isInside(root, real)) throw nowhere(link.name, link.text);
    }
  }

  /** Counts an entry against the limit and says where it goes. */
  private place(name: string): string {
    if (++this.entries > this.limits.maxEntries) {
      throw new Error(`the archive has more than ${this.limits.maxEntries} entries`);
    }
    const target = containedPath(this.root, name);
    if (target instanceof Error) throw target;
    return target;
  }

  private async placeWithParent(name: string): Promise<string> {
    const target = this.place(name);
    await fs.promises.mkdir(path.dirname(target), { recursive: true }).catch(collision(name));
    return target;
  }
}

/** A name already taken on disk: two entries of one name, or a file where a folder goes (or the reverse). */
function collision(name: string): (error: NodeJS.ErrnoException) => never {
  return (error) => {
    if (error.code === 'EEXIST' || error.code === 'ENOTDIR') {
      throw new Error(
        `the archive entry ${JSON.stringify(name)} collides with another entry (two of one name, or a file where a folder goes)`,
      );
    }
    throw error;
  };
}

function nowhere(name: string, text: string): Error {
  return new Error(
    `the archive's link ${JSON.stringify(name)} (to ${JSON.stringify(text)}) does not lead to a file or folder inside the install folder`,
  );
}
