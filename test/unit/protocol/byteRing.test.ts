import { describe, expect, it } from 'vitest';
import { ByteRing } from '../../../src/protocol/byteRing';

function texts(ring: ByteRing): string[] {
  const out: string[] = [];
  ring.forEach((text) => out.push(text));
  return out;
}

describe('ByteRing', () => {
  it('keeps texts and their meta in order until full, then drops the oldest', () => {
    const ring = new ByteRing(10, 1);
    ring.push('abc', [1]);
    ring.push('def', [2]);
    ring.push('ghi', [3]);
    expect(texts(ring)).toEqual(['abc', 'def', 'ghi']);
    ring.push('jkl', [4]); // does not fit after 'ghi' (9 + 3 > 10): wraps, evicting 'abc'
    expect(texts(ring)).toEqual(['def', 'ghi', 'jkl']);
    const metas: number[] = [];
    ring.forEach((_text, [meta]) => metas.push(meta!));
    expect(metas).toEqual([2, 3, 4]);
    expect(ring.size).toBe(9);
  });

  it('never holds more than its capacity, across many wraps, and stays readable', () => {
    const ring = new ByteRing(100, 1);
    for (let i = 0; i < 5000; i++) {
      ring.push(`message ${i} ${'x'.repeat(i % 17)}`, [i]);
      expect(ring.size).toBeLessThanOrEqual(100);
    }
    const kept = texts(ring);
    expect(kept.at(-1)).toBe(`message 4999 ${'x'.repeat(4999 % 17)}`);
    const ids = kept.map((t) => Number(t.split(' ')[1]));
    expect(ids).toEqual(ids.map((_, k) => 5000 - kept.length + k));
  });

  it('stores multi-byte text intact and cuts a text longer than the buffer at a character boundary', () => {
    const ring = new ByteRing(8, 0);
    ring.push('héé', []);
    expect(texts(ring)).toEqual(['héé']);
    ring.push('ééééé', []); // 10 bytes: cut to 8 bytes = 4 characters
    expect(texts(ring)).toEqual(['éééé']);
    ring.clear();
    expect(ring.count).toBe(0);
    expect(texts(ring)).toEqual([]);
  });

  it('pushAll keeps the same texts and meta as pushing one by one (ASCII and multi-byte)', () => {
    const texts = Array.from({ length: 700 }, (_, i) => (i % 5 === 0 ? `é${i}€` : `line ${i}`));
    const one = new ByteRing(4096, 2);
    for (let i = 0; i < texts.length; i++) one.push(texts[i]!, [i, i * 2]);
    const batched = new ByteRing(4096, 2);
    for (let from = 0; from < texts.length; from += 64) {
      const batch = texts.slice(from, from + 64);
      batched.pushAll(batch, [batch.map((_, k) => from + k), batch.map((_, k) => (from + k) * 2)]);
      expect(batched.size).toBeLessThanOrEqual(4096);
    }
    const rows = (ring: ByteRing) => {
      const out: string[] = [];
      ring.forEach((text, [a, b]) => out.push(`${text}|${a}|${b}`));
      return out;
    };
    const kept = rows(batched);
    expect(kept.at(-1)).toBe('line 699|699|1398');
    // Making room for a whole batch at once may evict a few more of the oldest entries, never others.
    expect(rows(one).slice(-kept.length)).toEqual(kept);
    expect(kept.length).toBeGreaterThan(rows(one).length - 64);
  });
});
