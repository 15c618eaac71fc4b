// The thread's toolCallId -> entry index map (ThreadState.toolIndex) as a persistent hash trie.
// The reducer must not change the state it was given, and copying a flat map per new tool call
// made adding one O(tool calls) (4.4 ms per call at 6,000 entries, on the host and again in the
// webview). Here adding an id copies only the nodes on its path, at most 32 slots each,
// and shares the rest with the index before: O(log32 n) per add, the old index left as it was.
// Plain JSON (objects and arrays), so a snapshot carries it and a JSON round trip keeps it whole;
// the same ids added in the same order give the same trie, so the reducer stays deterministic.
//
// A node maps a slot (5 bits of the id's hash, taken from the low bits up, one slot per level)
// to a child node or to a leaf: the [id, index] pairs of one full 32-bit hash (more than one pair
// only when hashes collide, which ids chosen to collide can force: each add to such a leaf copies
// it, so that case is linear per add, and bounded by the thread's entry cap).
import { fnv1a } from './hash';

export type ToolIndexLeaf = readonly (readonly [toolCallId: string, at: number])[];
export interface ToolIndexNode {
  readonly [slot: string]: ToolIndexNode | ToolIndexLeaf;
}
export type ToolIndex = ToolIndexNode;

const BITS = 5;
const MASK = (1 << BITS) - 1;
/** Levels the 32 bits of the hash fill (the last one has 2 bits); below them ids collide in full. */
const LEVELS = Math.ceil(32 / BITS);

export const EMPTY_TOOL_INDEX: ToolIndex = Object.freeze({});

function slotOf(hash: number, level: number): string {
  return String((hash >>> (level * BITS)) & MASK);
}

/** The entry index stored for `toolCallId`, or undefined. Anything not shaped as a trie finds nothing. */
export function toolIndexGet(index: ToolIndex, toolCallId: string): number | undefined {
  const hash = fnv1a(toolCallId);
  let node: ToolIndexNode | ToolIndexLeaf | undefined = index;
  for (let level = 0; node !== undefined && !Array.isArray(node); level++) {
    if (typeof node !== 'object' || node === null || level >= LEVELS) return undefined;
    const slot = slotOf(hash, level);
    node = Object.hasOwn(node, slot) ? (node as ToolIndexNode)[slot] : undefined;
  }
  const pair = node?.find((candidate) => Array.isArray(candidate) && candidate[0] === toolCallId);
  return typeof pair?.[1] === 'number' ? pair[1] : undefined;
}

/** A new index with `toolCallId` at `at` (replacing any earlier value); `index` is left unchanged. */
export function toolIndexSet(index: ToolIndex, toolCallId: string, at: number): ToolIndex {
  return setIn(index, fnv1a(toolCallId), 0, toolCallId, at);
}

function setIn(node: ToolIndexNode, hash: number, level: number, toolCallId: string, at: number): ToolIndexNode {
  const slot = slotOf(hash, level);
  const child = Object.hasOwn(node, slot) ? node[slot] : undefined;
  let next: ToolIndexNode | ToolIndexLeaf;
  if (child === undefined) next = [[toolCallId, at]];
  else if (!Array.isArray(child)) next = setIn(child as ToolIndexNode, hash, level + 1, toolCallId, at);
  else if (level + 1 >= LEVELS || fnv1a(child[0]![0]) === hash) next = withPair(child, toolCallId, at);
  else {
    // Another hash shares this slot: the leaf moves one level down, beside the new id.
    const pushedDown: ToolIndexNode = { [slotOf(fnv1a(child[0]![0]), level + 1)]: child };
    next = setIn(pushedDown, hash, level + 1, toolCallId, at);
  }
  return { ...node, [slot]: next };
}

function withPair(leaf: ToolIndexLeaf, toolCallId: string, at: number): ToolIndexLeaf {
  const found = leaf.findIndex((pair) => pair[0] === toolCallId);
  if (found < 0) return [...leaf, [toolCallId, at]];
  const next = leaf.slice();
  next[found] = [toolCallId, at];
  return next;
}
