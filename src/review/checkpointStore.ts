// Switchboard's own checkpoint store (never the user's git): content-addressed blobs (sha256 of
// the text) plus one JSON manifest per checkpoint, under a folder the caller gives (the
// workspace storage). Disk use is bounded: the oldest checkpoints go first, then blobs no
// manifest references.
import { createHash } from 'node:crypto';
import * as fs from 'node:fs/promises';
import * as path from 'node:path';

/** sha256 of the text, or null when the file did not exist at that point. */
export type BlobRef = string | null;

export interface CheckpointManifest {
  id: string;
  /** Increases with every checkpoint of the store; orders them without trusting clocks. */
  seq: number;
  /** 'prompt': taken before a user prompt; 'restore': what a restore replaced (its undo). */
  kind: 'prompt' | 'restore';
  label: string;
  createdAt: number;
  /** The user's prompt a 'prompt' checkpoint was taken before (trimmed); absent in older manifests. */
  prompt?: string;
  /** Absolute path -> content at this checkpoint. */
  files: Record<string, BlobRef>;
}

export function hashText(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

export class CheckpointStore {
  private readonly blobDir: string;
  private readonly manifestDir: string;

  constructor(readonly root: string) {
    this.blobDir = path.join(root, 'blobs');
    this.manifestDir = path.join(root, 'checkpoints');
  }

  /** Stores the texts and a manifest naming them; returns the manifest. */
  async create(input: {
    kind: CheckpointManifest['kind'];
    label: string;
    createdAt: number;
    prompt?: string;
    files: Record<string, string | null>;
  }): Promise<CheckpointManifest> {
    const existing = await this.list();
    const last = existing.at(-1);
    const seq = last === undefined ? 1 : last.seq + 1;
    const manifest: CheckpointManifest = {
      id: `cp-${seq}`,
      seq,
      kind: input.kind,
      label: input.label,
      createdAt: input.createdAt,
      ...(input.prompt === undefined ? {} : { prompt: input.prompt }),
      files: await this.putAll(input.files),
    };
    await this.writeManifest(manifest);
    return manifest;
  }

  /**
   * Adds files a checkpoint did not know yet (a file first touched during the turn that
   * followed it: its content then is its content at the checkpoint). Known paths are kept.
   */
  async addFiles(id: string, files: Record<string, string | null>): Promise<CheckpointManifest | undefined> {
    const manifest = await this.get(id);
    if (!manifest) return undefined;
    const fresh = Object.fromEntries(Object.entries(files).filter(([file]) => !(file in manifest.files)));
    if (Object.keys(fresh).length === 0) return manifest;
    const next = { ...manifest, files: { ...manifest.files, ...(await this.putAll(fresh)) } };
    await this.writeManifest(next);
    return next;
  }

  async get(id: string): Promise<CheckpointManifest | undefined> {
    return (await this.list()).find((manifest) => manifest.id === id);
  }

  /** Every readable manifest, oldest first. */
  async list(): Promise<CheckpointManifest[]> {
    let names: string[];
    try {
      names = await fs.readdir(this.manifestDir);
    } catch {
      return [];
    }
    const manifests: CheckpointManifest[] = [];
    for (const name of names.filter((candidate) => candidate.endsWith('.json'))) {
      try {
        const parsed = JSON.parse(await fs.readFile(path.join(this.manifestDir, name), 'utf8')) as CheckpointManifest;
        if (typeof parsed.seq === 'number' && typeof parsed.files === 'object' && parsed.files !== null)
          manifests.push(parsed);
      } catch {
        // A half-written or corrupt manifest is skipped, not fatal.
      }
    }
    return manifests.sort((a, b) => a.seq - b.seq);
  }

  async readBlob(ref: BlobRef): Promise<string | null> {
    if (ref === null) return null;
    return fs.readFile(this.blobPath(ref), 'utf8');
  }

  async remove(id: string): Promise<void> {
    const manifest = await this.get(id);
    if (manifest) await fs.rm(this.manifestPath(manifest), { force: true });
  }

  /** Bytes used by the blobs (manifests are small and not counted). */
  async diskUse(): Promise<number> {
    let total = 0;
    for (const file of await this.blobFiles()) total += (await fs.stat(file)).size;
    return total;
  }

  /**
   * Drops the oldest checkpoints until the referenced blobs fit in maxBytes (the newest one is
   * always kept), then deletes unreferenced blobs. Returns the ids dropped.
   */
  async prune(maxBytes: number): Promise<string[]> {
    const manifests = await this.list();
    const sizes = new Map<string, number>();
    for (const manifest of manifests) {
      for (const ref of Object.values(manifest.files)) {
        if (ref !== null && !sizes.has(ref)) sizes.set(ref, await this.blobSize(ref));
      }
    }
    const referencedBytes = (kept: CheckpointManifest[]): number => {
      const refs = new Set(
        kept.flatMap((manifest) => Object.values(manifest.files).filter((ref): ref is string => ref !== null)),
      );
      let total = 0;
      for (const ref of refs) total += sizes.get(ref) ?? 0;
      return total;
    };
    const dropped: string[] = [];
    let kept = manifests;
    while (kept.length > 1 && referencedBytes(kept) > maxBytes) {
      const [oldest, ...rest] = kept as [CheckpointManifest, ...CheckpointManifest[]]; // length > 1
      await fs.rm(this.manifestPath(oldest), { force: true });
      dropped.push(oldest.id);
      kept = rest;
    }
    await this.collectGarbage(kept);
    return dropped;
  }

  private async collectGarbage(kept: CheckpointManifest[]): Promise<void> {
    const live = new Set(kept.flatMap((manifest) => Object.values(manifest.files)));
    for (const file of await this.blobFiles()) {
      if (!live.has(path.basename(file))) await fs.rm(file, { force: true });
    }
  }

  private async putAll(files: Record<string, string | null>): Promise<Record<string, BlobRef>> {
    const refs: Record<string, BlobRef> = {};
    for (const [file, text] of Object.entries(files)) refs[file] = text === null ? null : await this.putBlob(text);
    return refs;
  }

  private async putBlob(text: string): Promise<string> {
    const ref = hashText(text);
    const target = this.blobPath(ref);
    try {
      await fs.access(target);
      return ref; // same content, stored once
    } catch {
      // not there yet
    }
    await fs.mkdir(path.dirname(target), { recursive: true });
    // Write then rename, so a crash never leaves a truncated blob under a valid hash.
    const temporary = `${target}.${process.pid}.tmp`;
    await fs.writeFile(temporary, text, 'utf8');
    await fs.rename(temporary, target);
    return ref;
  }

  private async writeManifest(manifest: CheckpointManifest): Promise<void> {
    await fs.mkdir(this.manifestDir, { recursive: true });
    const target = this.manifestPath(manifest);
    const temporary = `${target}.tmp`;
    await fs.writeFile(temporary, JSON.stringify(manifest), 'utf8');
    await fs.rename(temporary, target);
  }

  private async blobSize(ref: string): Promise<number> {
    try {
      return (await fs.stat(this.blobPath(ref))).size;
    } catch {
      return 0;
    }
  }

  private async blobFiles(): Promise<string[]> {
    const files: string[] = [];
    let prefixes: string[];
    try {
      prefixes = await fs.readdir(this.blobDir);
    } catch {
      return files;
    }
    for (const prefix of prefixes) {
      for (const name of await fs.readdir(path.join(this.blobDir, prefix))) {
        if (!name.endsWith('.tmp')) files.push(path.join(this.blobDir, prefix, name));
      }
    }
    return files;
  }

  private blobPath(ref: string): string {
    return path.join(this.blobDir, ref.slice(0, 2), ref);
  }

  private manifestPath(manifest: CheckpointManifest): string {
    return path.join(this.manifestDir, `${String(manifest.seq).padStart(8, '0')}.json`);
  }
}
