// What "Restore Checkpoint..." shows: one readable line per stored prompt checkpoint, newest
// first. After a window reload the chats are gone, so this list (when, what prompt came next, how
// many files) is the only way left to name a checkpoint.
import { t } from '../shared/l10n';
import type { CheckpointManifest } from './checkpointStore';
import { stateAt } from './restore';

/** The prompt text kept in a manifest: enough to recognise it, never a whole pasted file. */
export const MAX_STORED_PROMPT_CHARS = 200;
/** The prompt text shown in the pick. */
export const MAX_SHOWN_PROMPT_CHARS = 80;

export interface CheckpointPick {
  checkpointId: string;
  /** When it was taken: "5 min ago · 14:32". */
  label: string;
  /** How many files restoring it would consider: "3 files". */
  description: string;
  /** The prompt it preceded, trimmed (or the checkpoint's own label when it has no prompt text). */
  detail: string;
}

/** Collapses whitespace and cuts at max characters with an ellipsis; '' for blank text. */
export function trimPrompt(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  return `${flat.slice(0, max - 1).trimEnd()}…`;
}

/** "just now", "5 min ago", "3 h ago", "yesterday", "4 days ago" (a clock set back reads as "just now"). */
export function relativeTime(then: number, now: number): string {
  const seconds = Math.max(0, Math.round((now - then) / 1000));
  if (seconds < 45) return t('just now');
  const minutes = Math.max(1, Math.round(seconds / 60));
  if (minutes < 60) return t('{0} min ago', minutes);
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return t('{0} h ago', hours);
  const days = Math.floor(hours / 24);
  return days === 1 ? t('yesterday') : t('{0} days ago', days);
}

const twoDigits = (value: number): string => String(value).padStart(2, '0');

/** Local "14:32" the same day as now, "2026-11-21 14:32" otherwise. */
export function clockTime(then: number, now: number): string {
  const date = new Date(then);
  const time = `${twoDigits(date.getHours())}:${twoDigits(date.getMinutes())}`;
  if (date.toDateString() === new Date(now).toDateString()) return time;
  return `${date.getFullYear()}-${twoDigits(date.getMonth() + 1)}-${twoDigits(date.getDate())} ${time}`;
}

/** The prompt checkpoints as pick items, newest first ('restore' ones are undo data, not listed). */
export function checkpointPicks(manifests: readonly CheckpointManifest[], now: number): CheckpointPick[] {
  return manifests
    .filter((manifest) => manifest.kind === 'prompt')
    .sort((a, b) => b.seq - a.seq)
    .map((manifest) => {
      const fileCount = Object.keys(stateAt(manifests, manifest.seq)).length;
      const prompt = manifest.prompt === undefined ? '' : trimPrompt(manifest.prompt, MAX_SHOWN_PROMPT_CHARS);
      return {
        checkpointId: manifest.id,
        label: `${relativeTime(manifest.createdAt, now)} · ${clockTime(manifest.createdAt, now)}`,
        description: fileCount === 1 ? t('1 file') : t('{0} files', fileCount),
        detail: prompt === '' ? manifest.label : `“${prompt}”`,
      };
    });
}
