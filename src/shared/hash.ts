// FNV-1a, 32 bits, over the UTF-16 units of a string: a fast, deterministic hash for keys and
// indexes (not for anything an adversary must not collide: it is not keyed).
export function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}
