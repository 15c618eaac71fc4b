import { describe, expect, it } from 'vitest';
import { BoundedText, keepNewestBytes, RawTail, utf8Length } from '../../../src/terminals/outputLimit';

describe('keepNewestBytes', () => {
  it('keeps everything under the limit', () => {
    expect(keepNewestBytes('héllo', 6)).toEqual({ text: 'héllo', truncated: false });
  });

  it('cuts from the front at a character boundary, even if that keeps fewer bytes', () => {
    // "€" is 3 bytes, "😀" 4 bytes (a surrogate pair in JS).
    const text = 'a€b😀c';
    expect(utf8Length(text)).toBe(10);
    expect(keepNewestBytes(text, 6)).toEqual({ text: 'b😀c', truncated: true });
    expect(keepNewestBytes(text, 5)).toEqual({ text: '😀c', truncated: true });
    expect(keepNewestBytes(text, 4)).toEqual({ text: 'c', truncated: true }); // 1 byte: never half of 😀
    expect(keepNewestBytes(text, 7)).toEqual({ text: 'b😀c', truncated: true });
    expect(keepNewestBytes(text, 0)).toEqual({ text: '', truncated: true });
  });

  it('never produces a replacement character for any limit over multi-byte text', () => {
    const text = 'ü€😀'.repeat(50);
    for (let limit = 0; limit <= utf8Length(text); limit++) {
      const kept = keepNewestBytes(text, limit).text;
      expect(kept).not.toContain('\uFFFD');
      expect(text.endsWith(kept)).toBe(true);
      expect(utf8Length(kept)).toBeLessThanOrEqual(limit);
      expect(utf8Length(kept)).toBeGreaterThan(limit - 4);
    }
  });
});

describe('BoundedText', () => {
  it('keeps the newest bytes across many appends and says it dropped some', () => {
    const text = new BoundedText(10);
    text.append('0123456789');
    expect(text.truncated).toBe(false);
    text.append('€€');
    expect(text.text()).toBe('6789€€'.slice(-6 + 0)); // 4 + 6 bytes
    expect(text.retainedBytes).toBe(10);
    expect(text.truncated).toBe(true);
    text.append('😀😀😀');
    expect(text.text()).toBe('😀😀');
    expect(text.retainedBytes).toBe(8);
  });
});

describe('RawTail', () => {
  it('keeps about maxChars of the newest output, starting at a line when one is near', () => {
    const tail = new RawTail(100);
    for (let i = 0; i < 100; i++) tail.append(`line ${i}\n`);
    const text = tail.text();
    expect(text.length).toBeLessThanOrEqual(100);
    expect(text.startsWith('line ')).toBe(true);
    expect(text.endsWith('line 99\n')).toBe(true);
  });
});
