// Restoring a checkpoint: what the files were at that point, which ones change now, which of
// those the user edited since (the confirmation says so), and an undo: before writing, the
// texts being replaced are stored as a `restore` checkpoint, so restoring that one undoes it.
import { t } from '../shared/l10n';
import { hashText, type BlobRef, type CheckpointManifest, type CheckpointStore } from './checkpointStore';
import { errorMessage } from '../shared/errorMessage';

/**
 * Every file's content at checkpoint `seq`: a prompt checkpoint holds the files touched before
 * it; a file first touched later was added to the checkpoint of that later turn with its content
 * from before the change, which is also its content at `seq`. So: the earliest prompt
 * checkpoint at or after `seq` that names the file.
 */
export function stateAt(manifests: readonly CheckpointManifest[], seq: number): Record<string, BlobRef> {
  const state: Record<string, BlobRef> = {};
  const later = manifests
    .filter((manifest) => manifest.kind === 'prompt' && manifest.seq >= seq)
    .sort((a, b) => a.seq - b.seq);
  for (const manifest of later) {
    for (const [file, ref] of Object.entries(manifest.files)) {
      if (!(file in state)) state[file] = ref;
    }
  }
  return state;
}

export interface RestoreChange {
  path: string;
  /** Content to put back (null: the file did not exist then, it is deleted). */
  target: BlobRef;
  /** Content now (null: the file does not exist now). */
  current: BlobRef;
  /** The user edited this file after the checkpoint: restoring loses those edits (until undone). */
  userEditedSince: boolean;
}

export interface RestorePlan {
  checkpointId: string;
  changes: RestoreChange[];
}

/** current: each file's text now (null: missing); userEditedSince: paths the user edited after the checkpoint. */
export function planRestore(
  checkpoint: CheckpointManifest,
  target: Record<string, BlobRef>,
  current: Record<string, string | null>,
  userEditedSince: ReadonlySet<string>,
): RestorePlan {
  const changes: RestoreChange[] = [];
  for (const [file, ref] of Object.entries(target)) {
    const now = current[file] ?? null;
    const nowRef = now === null ? null : hashText(now);
    if (nowRef === ref) continue;
    changes.push({ path: file, target: ref, current: nowRef, userEditedSince: userEditedSince.has(file) });
  }
  changes.sort((a, b) => a.path.localeCompare(b.path));
  return { checkpointId: checkpoint.id, changes };
}

export interface FileAccess {
  read(path: string): Promise<string | null>;
  /** null deletes the file. */
  write(path: string, text: string | null): Promise<void>;
}

export interface RestoreResult {
  /** Restore this checkpoint to undo the restore. */
  undoCheckpoint: CheckpointManifest;
  restored: string[];
  failed: { path: string; reason: string }[];
}

/**
 * Applies a plan (only the paths the user chose): first stores what is being replaced, then writes.
 * A file that fails to write is reported and the others still restore.
 */
export async function executeRestore(
  store: CheckpointStore,
  plan: RestorePlan,
  paths: readonly string[],
  files: FileAccess,
  createdAt: number,
): Promise<RestoreResult> {
  const chosen = plan.changes.filter((change) => paths.includes(change.path));
  const before: Record<string, string | null> = {};
  for (const change of chosen) before[change.path] = await files.read(change.path);
  const undoCheckpoint = await store.create({
    kind: 'restore',
    label: t('Before restoring {0}', plan.checkpointId),
    createdAt,
    files: before,
  });
  const restored: string[] = [];
  const failed: { path: string; reason: string }[] = [];
  for (const change of chosen) {
    try {
      await files.write(change.path, await store.readBlob(change.target));
      restored.push(change.path);
    } catch (error) {
      failed.push({ path: change.path, reason: errorMessage(error) });
    }
  }
  return { undoCheckpoint, restored, failed };
}

/** Undo of a restore: put back what the `restore` checkpoint stored. */
export async function undoRestore(
  store: CheckpointStore,
  undoCheckpoint: CheckpointManifest,
  files: FileAccess,
): Promise<string[]> {
  const restored: string[] = [];
  for (const [file, ref] of Object.entries(undoCheckpoint.files)) {
    await files.write(file, await store.readBlob(ref));
    restored.push(file);
  }
  await store.remove(undoCheckpoint.id);
  return restored;
}
