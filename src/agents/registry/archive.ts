// Unpacks a downloaded agent archive into an empty folder, refusing any entry that would land outside it.
// The archive comes from a URL in the registry index, so it is hostile: absolute names, `..` segments, drive
// letters, backslash tricks, links leading out (alone or through each other) and entries written through links
// are all refused (the whole install fails; nothing is kept), and the total size and entry count are bounded so
// a decompression bomb fills neither the disk nor memory. Parsing is left to well-kept libraries (tar-stream for
// tar, yauzl for zip); where each entry may go is decided in one place, archiveLayout.ts, for both formats.
import * as fs from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import * as tar from 'tar-stream';
import * as yauzl from 'yauzl';
import { ArchiveLayout, type ArchiveLimits } from './archiveLayout';

export type ArchiveKind = 'tar.gz' | 'zip' | 'raw';

export const DEFAULT_ARCHIVE_LIMITS: ArchiveLimits = { maxBytes: 2 * 1024 ** 3, maxEntries: 100_000 };

/** The archive format from its URL's file name; undefined for formats Switchboard cannot unpack. */
export function archiveKind(url: string): ArchiveKind | undefined {
  const name = new URL(url).pathname.toLowerCase();
  if (name.endsWith('.tar.gz') || name.endsWith('.tgz')) return 'tar.gz';
  if (name.endsWith('.zip')) return 'zip';
  if (/\.(tar\.bz2|tbz2|tar\.xz|txz|tar|dmg|pkg|deb|rpm|msi|appimage)$/.test(name)) return undefined;
  return 'raw';
}

/** Unpacks `file` into `root` (a raw download becomes the one file `rawName`); throws on the first refusal. */
export async function extractArchive(
  file: string,
  kind: ArchiveKind,
  root: string,
  rawName: string,
  limits: ArchiveLimits = DEFAULT_ARCHIVE_LIMITS,
): Promise<void> {
  await fs.promises.mkdir(root, { recursive: true });
  const layout = new ArchiveLayout(root, limits);
  if (kind === 'raw')
    await layout.file(
      rawName,
      lazily(() => fs.createReadStream(file)),
      0o755,
    );
  else if (kind === 'tar.gz') await readTarGz(file, layout);
  else await readZip(file, layout);
  await layout.finish();
}

async function readTarGz(file: string, layout: ArchiveLayout): Promise<void> {
  const extract = tar.extract();
  const consume = (async () => {
    for await (const entry of extract) {
      const { header } = entry;
      switch (header.type) {
        case 'directory':
          await layout.directory(header.name);
          break;
        case 'file':
        case 'contiguous-file':
        case undefined:
        case null:
          await layout.file(header.name, entry as AsyncIterable<Buffer>, header.mode);
          break;
        case 'symlink':
          await layout.symlink(header.name, header.linkname ?? '');
          break;
        case 'link':
          await layout.hardLink(header.name, header.linkname ?? '');
          break;
        default:
          // Devices and fifos have no place in an agent's files.
          throw new Error(`the archive entry ${JSON.stringify(header.name)} is a ${header.type}, which is refused`);
      }
      // Whatever data a folder or link entry carries is skipped, not read as the next header.
      entry.resume();
    }
  })();
  // A refused entry leaves the loop, which destroys the reader (so the pipeline ends too); its error is the one
  // to tell, not the pipeline's "premature close" that follows from it.
  const [read, consumed] = await Promise.allSettled([
    pipeline(fs.createReadStream(file), createGunzip(), extract),
    consume,
  ]);
  if (consumed.status === 'rejected') throw consumed.reason;
  if (read.status === 'rejected') throw read.reason;
}

const S_IFMT = 0o170000;
const S_IFLNK = 0o120000;

async function readZip(file: string, layout: ArchiveLayout): Promise<void> {
  // Names are decoded here rather than by yauzl, which would refuse unsafe ones before we see them in words of
  // its own: the layout decides for both formats. A backslash is read as a separator (old Windows zip tools).
  const zip = await yauzl.openPromise(file, { decodeStrings: false }); // openPromise reads entries on demand
  try {
    for (let entry = await nextEntry(zip); entry; entry = await nextEntry(zip)) {
      const name = yauzl.getFileNameLowLevel(entry.generalPurposeBitFlag, entry.fileNameRaw, entry.extraFields, false);
      // A zip made on Unix keeps the file's mode (and whether it is a link) in the external attributes' high half.
      const mode = entry.externalFileAttributes >>> 16;
      if (name.endsWith('/')) await layout.directory(name);
      else if ((mode & S_IFMT) === S_IFLNK) {
        // The link's target is its content, read whole (after its declared size is checked: yauzl holds it to it).
        layout.checkLinkLength(name, entry.uncompressedSize);
        const chunks: Buffer[] = [];
        for await (const chunk of await zip.openReadStreamPromise(entry)) chunks.push(chunk as Buffer);
        await layout.symlink(name, Buffer.concat(chunks).toString('utf8'));
      } else
        await layout.file(
          name,
          lazily(() => zip.openReadStreamPromise(entry)),
          mode & 0o777,
        );
    }
  } finally {
    zip.close();
  }
}

/** A stream opened only when read: an entry refused by its name leaves nothing open (a zip's file included). */
async function* lazily(open: () => AsyncIterable<Buffer> | Promise<AsyncIterable<Buffer>>): AsyncIterable<Buffer> {
  yield* await open();
}

function nextEntry(zip: yauzl.ZipFile): Promise<yauzl.Entry | undefined> {
  return new Promise((resolve, reject) => {
    const onEntry = (entry: yauzl.Entry) => done(undefined, entry);
    const onEnd = () => done(undefined, undefined);
    const onError = (error: Error) => done(error, undefined);
    const done = (error: Error | undefined, value: yauzl.Entry | undefined) => {
      zip.off('entry', onEntry).off('end', onEnd).off('error', onError);
      if (error) reject(error);
      else resolve(value);
    };
    zip.on('entry', onEntry).on('end', onEnd).on('error', onError);
    zip.readEntry();
  });
}
