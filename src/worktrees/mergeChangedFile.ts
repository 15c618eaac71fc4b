// One changed file brought back: the start point (base), what the workspace holds now (ours) and what the
// chat left (theirs), merged three ways. Text merges line by line (threeWayMerge.ts); a file one side
// deleted while the other changed it is a conflict over the whole file, shown in place. A binary file is
// taken whole from the chat unless the workspace changed it too: then the workspace's is kept and the
// conflict reported, since bytes cannot hold markers. Pure: the store reads, the glue writes.
import { threeWayMerge, wholeFileConflict } from './threeWayMerge';
import type { MergedFile } from './worktreeTypes';

export interface TextSides {
  target: string;
  base: string | null;
  ours: string | null;
  theirs: string | null;
}

export function mergeTextFile({ target, base, ours, theirs }: TextSides): MergedFile {
  const done = (merged: string | null, conflicts = 0): MergedFile => ({
    target,
    current: ours,
    merged,
    binary: false,
    conflicts,
  });
  if (ours === base || ours === theirs) return done(theirs);
  if (theirs === base) return done(ours);
  // Deleted on one side, changed on the other: both versions in place, the deleted side empty.
  if (theirs === null) return done(wholeFileConflict(ours ?? '', ''), 1);
  if (ours === null) return done(wholeFileConflict('', theirs), 1);
  const { text, conflicts } = threeWayMerge(base ?? '', ours, theirs);
  return done(text, conflicts);
}

export interface BinarySides {
  target: string;
  base: Uint8Array | null;
  ours: Uint8Array | null;
  theirs: Uint8Array | null;
}

export function mergeBinaryFile({ target, base, ours, theirs }: BinarySides): MergedFile {
  const workspaceUnchanged = sameBytes(ours, base) || sameBytes(ours, theirs);
  return {
    target,
    current: null,
    merged: null,
    binary: true,
    bytes: workspaceUnchanged ? theirs : ours,
    conflicts: workspaceUnchanged ? 0 : 1,
  };
}

function sameBytes(a: Uint8Array | null, b: Uint8Array | null): boolean {
  if (a === null || b === null) return a === b;
  return Buffer.from(a.buffer, a.byteOffset, a.byteLength).equals(b);
}
