// Unpacks a downloaded agent archive into an empty folder, refusing any entry that would land outside it.
// The archive comes from a URL in the registry index, so it is hostile: absolute names, `..` segments, drive
// letters, backslash tricks and links pointing out are all refused (the whole install fails; nothing is kept),
// and the total size and entry count are bounded so a decompression bomb fills neither the disk nor memory.
// Parsing is left to well-kept libraries (tar-stream for tar, yauzl for zip); deciding where each entry goes is
// done here, in one function, so it can be read and tested on its own.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import * as tar from 'tar-stream';
import * as yauzl from 'yauzl';

export type ArchiveKind = 'tar.gz' | 'zip' | 'raw';

export interface ArchiveLimits {
  maxBytes: number;
  maxEntries: number;
}

export const DEFAULT_ARCHIVE_LIMITS: ArchiveLimits = { maxBytes: 2 * 1024 ** 3, maxEntries: 100_000 };

/** The archive format from its URL's file name; undefined for formats Switchboard cannot unpack. */
export function archiveKind(url: string): ArchiveKind | undefined {
  const name = new URL(url).pathname.toLowerCase();
  if (name.endsWith('.tar.gz') || name.endsWith('.tgz')) return 'tar.gz';
  if (name.endsWith('.zip')) return 'zip';
  if (/\.(tar\.bz2|tbz2|tar\.xz|txz|tar|dmg|pkg|deb|rpm|msi|appimage)$/.test(name)) return undefined;
  return 'raw';
}

/**
 * Where an archive entry goes inside `root`, or an Error saying why it may not. Names are relative, with `/` or
 * `\` separators; no absolute path, drive letter, UNC prefix or `..` segment, and the result stays under root.
 */
export function containedPath(root: string, entryName: string): string | Error {
  const name = entryName.replace(/\\/g, '/');
  if (name.includes('\0')) return new Error(`the archive entry ${JSON.stringify(entryName)} has a NUL in its name`);
  if (name.startsWith('/') || /^[A-Za-z]:/.test(name) || name.split('/').includes('..')) {
    return new Error(`the archive entry ${JSON.stringify(entryName)} would land outside the install folder`);
  }
  const target = path.resolve(root, name);
  if (target !== root && !target.startsWith(root + path.sep)) {
    return new Error(`the archive entry ${JSON.stringify(entryName)} would land outside the install folder`);
  }
  return target;
}

/** Whether `target` (an absolute path already resolved) is `root` or inside it. */
export function isInside(root: string, target: string): boolean {
  const relative = path.relative(root, target);
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
}

export async function extractArchive(
  file: string,
  kind: ArchiveKind,
  root: string,
  rawName: string,
  limits: ArchiveLimits = DEFAULT_ARCHIVE_LIMITS,
): Promise<void> {
  await fs.promises.mkdir(root, { recursive: true });
  const budget = new Budget(limits);
  if (kind === 'raw') {
    const target = containedPath(root, rawName);
    if (target instanceof Error) throw target;
    await fs.promises.mkdir(path.dirname(target), { recursive: true });
    await fs.promises.copyFile(file, target);
    await fs.promises.chmod(target, 0o755);
    return;
  }
  if (kind === 'tar.gz') await extractTarGz(file, root, budget);
  else await extractZip(file, root, budget);
}

class Budget {
  private bytes = 0;
  private entries = 0;
  constructor(private readonly limits: ArchiveLimits) {}
  entry(): void {
    if (++this.entries > this.limits.maxEntries) {
      throw new Error(`the archive has more than ${this.limits.maxEntries} entries`);
    }
  }
  add(bytes: number): void {
    this.bytes += bytes;
    if (this.bytes > this.limits.maxBytes) {
      throw new Error(`the archive unpacks to more than ${Math.round(this.limits.maxBytes / 1024 ** 2)} MiB`);
    }
  }
}

async function extractTarGz(file: string, root: string, budget: Budget): Promise<void> {
  const extract = tar.extract();
  const consume = (async () => {
    for await (const entry of extract) {
      budget.entry();
      const { header } = entry;
      const target = containedPath(root, header.name);
      if (target instanceof Error) throw target;
      switch (header.type) {
        case 'directory':
          await fs.promises.mkdir(target, { recursive: true });
          entry.resume();
          break;
        case 'file':
        case 'contiguous-file':
        case undefined:
        case null:
          await writeEntry(entry as AsyncIterable<Buffer>, target, header.mode, budget);
          break;
        case 'symlink': {
          const link = header.linkname ?? '';
          if (path.isAbsolute(link) || !isInside(root, path.resolve(path.dirname(target), link))) {
            throw new Error(`the archive's link ${JSON.stringify(header.name)} points outside the install folder`);
          }
          await fs.promises.mkdir(path.dirname(target), { recursive: true });
          await fs.promises.symlink(link, target);
          entry.resume();
          break;
        }
        default:
          // Hard links, devices and fifos have no place in an agent's files.
          throw new Error(`the archive entry ${JSON.stringify(header.name)} is a ${header.type}, which is refused`);
      }
    }
  })();
  // A refused entry ends the reading too, so neither side waits for the other.
  const guarded = consume.catch((error: unknown) => {
    extract.destroy(error as Error);
    throw error;
  });
  await Promise.all([pipeline(fs.createReadStream(file), createGunzip(), extract), guarded]);
}

async function extractZip(file: string, root: string, budget: Budget): Promise<void> {
  const zip = await yauzl.openPromise(file, { lazyEntries: true, decodeStrings: true });
  try {
    for (;;) {
      const entry = await new Promise<yauzl.Entry | undefined>((resolve, reject) => {
        const onEntry = (e: yauzl.Entry) => done(undefined, e);
        const onEnd = () => done(undefined, undefined);
        const onError = (error: Error) => done(error, undefined);
        const done = (error: Error | undefined, value: yauzl.Entry | undefined) => {
          zip.off('entry', onEntry).off('end', onEnd).off('error', onError);
          if (error) reject(refusal(error));
          else resolve(value);
        };
        zip.on('entry', onEntry).on('end', onEnd).on('error', onError);
        zip.readEntry();
      });
      if (!entry) return;
      budget.entry();
      const target = containedPath(root, entry.fileName);
      if (target instanceof Error) throw target;
      const mode = (entry.externalFileAttributes >>> 16) & 0o177777;
      if ((mode & 0o170000) === 0o120000) {
        throw new Error(`the archive entry ${JSON.stringify(entry.fileName)} is a link, which is refused in zips`);
      }
      if (entry.fileName.endsWith('/')) {
        await fs.promises.mkdir(target, { recursive: true });
        continue;
      }
      const stream = await zip.openReadStreamPromise(entry);
      await writeEntry(stream, target, mode & 0o777, budget);
    }
  } finally {
    zip.close();
  }
}

/** yauzl refuses unsafe names itself (before we see the entry); say it in the same words as our own check. */
function refusal(error: Error): Error {
  return /invalid relative path|absolute path/i.test(error.message)
    ? new Error(`an archive entry would land outside the install folder (${error.message})`)
    : error;
}

async function writeEntry(
  source: AsyncIterable<Buffer | string>,
  target: string,
  mode: number | undefined,
  budget: Budget,
): Promise<void> {
  await fs.promises.mkdir(path.dirname(target), { recursive: true });
  // A link written by an earlier entry must not be followed: refuse to write through anything that exists.
  const out = fs.createWriteStream(target, { flags: 'wx', mode: mode && mode & 0o111 ? 0o755 : 0o644 });
  await pipeline(
    source,
    async function* (chunks: AsyncIterable<Buffer | string>) {
      for await (const chunk of chunks) {
        budget.add(chunk.length);
        yield chunk;
      }
    },
    out,
  );
}
