// Settings that only the user decides: the limits that bound what an agent can make Switchboard
// hold or wait for (memory, disk, time), the draft ACP features, and switchboard.fs.* (fs/consent.ts).
// A workspace's .vscode/settings.json comes with any cloned repository, and could raise
// maxMessageSizeMiB to a million MiB or switch a draft feature on. package.json scopes
// them "machine": VS Code then leaves a workspace's value out of the configuration (it never reaches
// an extension, so there is nothing for us to log) and marks it in that settings.json as not applied.
// They are read from the user's own settings (inspect().globalValue) as well, so this holds where
// the scope would not.
import * as vscode from 'vscode';
import { DEFAULT_TURN_LIMITS, type TurnLimits } from '../review/budget';

export const SETTINGS_SECTION = 'switchboard';
const MIB = 1024 * 1024;
const DEFAULT_CHECKPOINT_MIB = 100;

/** The user's own value of `section.key`, or undefined: a workspace's value never counts. */
export function userSetting<T>(key: string, section = SETTINGS_SECTION): T | undefined {
  return vscode.workspace.getConfiguration(section).inspect<T>(key)?.globalValue;
}

/** A positive number from the user's settings, else `fallback` (the documented default). */
export function userLimit(key: string, fallback: number, section = SETTINGS_SECTION): number {
  const value = userSetting<unknown>(key, section);
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : fallback;
}

/** A draft feature: on only when the user's own settings say exactly `true`. */
export function userSwitch(key: string): boolean {
  return userSetting<unknown>(key) === true;
}

/** Review's limits: what one agent turn may have tracked, and the disk checkpoints may use. */
export function reviewLimits(): { turn: TurnLimits; maxCheckpointBytes: () => number } {
  return {
    turn: {
      maxFiles: userLimit('review.maxFilesPerTurn', DEFAULT_TURN_LIMITS.maxFiles),
      maxBytes: userLimit('review.maxMiBPerTurn', DEFAULT_TURN_LIMITS.maxBytes / MIB) * MIB,
      maxFileBytes: DEFAULT_TURN_LIMITS.maxFileBytes,
    },
    // Read at each checkpoint: a change in the user's settings applies from the next one.
    maxCheckpointBytes: () => userLimit('checkpoints.maxDiskMiB', DEFAULT_CHECKPOINT_MIB) * MIB,
  };
}
