// What Bring back took of each file, kept beside the worktree's record: from then on that file is compared against
// what was taken, not against the start point, so a second Bring back offers only what the chat changed since (a
// hunk the user undid in review stays undone, a file already taken is not offered again unchanged).
//   <id>/taken.json     {"files": [{"source", "relPath", "sha256"}]} (sha256 null: the chat had deleted the file)
//   <id>/taken/<sha256> the bytes taken
// The agent's copy is elsewhere (<id>/<n>/...): it cannot write here. A record that does not read back whole is
// taken as none (every file compared against the start point again: offered again, never lost).
import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import * as path from 'node:path';

export interface TakenFile {
  /** The workspace folder (WorktreeFolder.source). */
  source: string;
  /** Relative to it, `/`-separated. */
  relPath: string;
  /** What was taken; null: the chat had deleted the file. */
  bytes: Buffer | null;
}

/** By takenKey: where the bytes taken are kept (null: taken as deleted). */
export type TakenFiles = ReadonlyMap<string, string | null>;

interface TakenRecord {
  source: string;
  relPath: string;
  sha256: string | null;
}

const SHA256 = /^[0-9a-f]{64}$/;

export function takenKey(source: string, relPath: string): string {
  return `${source}\0${relPath}`;
}

export async function readTaken(dir: string): Promise<TakenFiles> {
  const taken = new Map<string, string | null>();
  for (const file of await readRecords(dir)) {
    taken.set(takenKey(file.source, file.relPath), file.sha256 && path.join(dir, 'taken', file.sha256));
  }
  return taken;
}

/** Adds (or replaces) these files in the record: the record is written aside, then renamed into place. */
export async function addTaken(dir: string, files: readonly TakenFile[]): Promise<void> {
  if (files.length === 0) return;
  const records = new Map((await readRecords(dir)).map((file) => [takenKey(file.source, file.relPath), file]));
  await mkdir(path.join(dir, 'taken'), { recursive: true });
  for (const file of files) {
    const sha256 = file.bytes && createHash('sha256').update(file.bytes).digest('hex');
    if (file.bytes && sha256) await writeFile(path.join(dir, 'taken', sha256), file.bytes);
    records.set(takenKey(file.source, file.relPath), { source: file.source, relPath: file.relPath, sha256 });
  }
  const next = path.join(dir, `taken.json.${process.pid}`);
  await writeFile(next, JSON.stringify({ files: [...records.values()] }));
  await rename(next, path.join(dir, 'taken.json'));
}

async function readRecords(dir: string): Promise<TakenRecord[]> {
  try {
    const parsed: unknown = JSON.parse(await readFile(path.join(dir, 'taken.json'), 'utf8'));
    const files = (parsed as { files?: unknown }).files;
    if (!Array.isArray(files)) return [];
    return files.filter(
      (file: unknown): file is TakenRecord =>
        typeof file === 'object' &&
        file !== null &&
        typeof (file as TakenRecord).source === 'string' &&
        typeof (file as TakenRecord).relPath === 'string' &&
        ((file as TakenRecord).sha256 === null || SHA256.test(String((file as TakenRecord).sha256))),
    );
  } catch {
    return [];
  }
}
