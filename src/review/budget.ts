// Bounds on what one agent turn may make Switchboard track, so an agent running `npm install`
// or a code generator cannot make VS Code read and diff thousands of files.
import { settingDefault } from '../shared/settingsTable';

const MIB = 1024 * 1024;

export interface TurnLimits {
  maxFiles: number;
  maxBytes: number;
  /** A single file larger than this is never tracked (likely generated or binary). */
  maxFileBytes: number;
}

/** The defaults of switchboard.review.maxFilesPerTurn and maxMiBPerTurn; the file cap is not a setting. */
export const DEFAULT_TURN_LIMITS: TurnLimits = {
  maxFiles: settingDefault('review.maxFilesPerTurn'),
  maxBytes: settingDefault('review.maxMiBPerTurn') * MIB,
  maxFileBytes: MIB,
};

export type Admission = 'tracked' | 'fileTooLarge' | 'tooManyFiles' | 'tooManyBytes';

export class TurnBudget {
  private readonly paths = new Set<string>();
  private bytes = 0;
  /** Changes that were not tracked because of the limits (shown to the user once per turn). */
  skipped = 0;

  constructor(private readonly limits: TurnLimits = DEFAULT_TURN_LIMITS) {}

  /** Whether a change to `path` of `size` bytes may be tracked; a path already tracked always may. */
  admit(path: string, size: number): Admission {
    if (this.paths.has(path)) return 'tracked';
    const verdict: Admission =
      size > this.limits.maxFileBytes
        ? 'fileTooLarge'
        : this.paths.size >= this.limits.maxFiles
          ? 'tooManyFiles'
          : this.bytes + size > this.limits.maxBytes
            ? 'tooManyBytes'
            : 'tracked';
    if (verdict !== 'tracked') {
      this.skipped++;
      return verdict;
    }
    this.paths.add(path);
    this.bytes += size;
    return verdict;
  }

  get trackedCount(): number {
    return this.paths.size;
  }
}

/** Text files only: a NUL byte in the first 8 KiB means binary (git's heuristic). */
export function looksBinary(bytes: Uint8Array): boolean {
  const end = Math.min(bytes.length, 8192);
  for (let i = 0; i < end; i++) if (bytes[i] === 0) return true;
  return false;
}
