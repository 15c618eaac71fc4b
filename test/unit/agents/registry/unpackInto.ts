// Unpacks a real archive (test/fixtures/archives.ts) into a fresh folder `<outer>/root` with extractArchive, and
// lists what exists in `<outer>` besides it: the hostile archives of the tests aim there.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterAll, expect } from 'vitest';
import { extractArchive, type ArchiveKind } from '../../../../src/agents/registry/archive';
import type { ArchiveLimits } from '../../../../src/agents/registry/archiveLayout';
import { tarGz, zip, type FileSpec } from '../../../fixtures/archives';
import { errorOf } from './errorOf';

const made: string[] = [];
afterAll(() => {
  for (const dir of made.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

export function freshDir(prefix = 'sb-unpack-'): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  made.push(dir);
  return dir;
}

export interface Unpacked {
  /** The archive file unpacked. */
  archive: string;
  root: string;
  outer: string;
  /** What the unpacking left beside the root: empty unless something escaped. */
  outside(): string[];
  /** Resolves, or rejects with extractArchive's error. */
  done: Promise<void>;
}

export interface UnpackOptions {
  limits?: ArchiveLimits;
  rawName?: string;
  /** The root made (empty) before, as the installer does; extractArchive makes it otherwise. */
  rootExists?: boolean;
}

export async function unpack(
  kind: Exclude<ArchiveKind, 'raw'>,
  files: FileSpec[],
  limits?: ArchiveLimits,
  options: UnpackOptions = {},
): Promise<Unpacked> {
  return unpackBytes(kind, kind === 'zip' ? zip(files) : await tarGz(files), { limits, ...options });
}

export function unpackBytes(kind: ArchiveKind, bytes: Buffer, options: UnpackOptions = {}): Unpacked {
  const { limits, rawName = 'agent', rootExists = false } = options;
  const archive = path.join(freshDir('sb-archive-'), `archive.${kind}`);
  fs.writeFileSync(archive, bytes);
  const outer = freshDir();
  const root = path.join(outer, 'root');
  if (rootExists) fs.mkdirSync(root);
  const done = extractArchive(archive, kind, root, rawName, limits);
  // Not recursive: a listing would follow the links left in root (one may lead to `/`).
  const outside = () => fs.readdirSync(outer).filter((name) => name !== 'root');
  return { archive, root, outer, outside, done };
}

/** Unpacks `files` expecting a refusal whose message matches `reason`, with nothing written beside the root. */
export async function refused(kind: Exclude<ArchiveKind, 'raw'>, files: FileSpec[], reason: RegExp): Promise<Unpacked> {
  const unpacked = await unpack(kind, files);
  expect((await errorOf(unpacked.done)).message).toMatch(reason);
  expect(unpacked.outside()).toEqual([]);
  return unpacked;
}
