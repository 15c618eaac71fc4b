// The edges of src/terminals/outputLimit.ts that mutation testing found unchecked: UTF-8 lengths at every
// encoding boundary (against Node's own encoder), and when RawTail compacts, where it cuts, and shrink.
import { describe, expect, it } from 'vitest';
import { BoundedText, RawTail, utf8Length } from '../../../src/terminals/outputLimit';

describe('utf8Length', () => {
  it("agrees with Node's encoder at every boundary, lone surrogates (U+FFFD, 3 bytes) included", () => {
    const units = [0x0, 0x7f, 0x80, 0x7ff, 0x800, 0xd7ff, 0xd800, 0xdbff, 0xdc00, 0xdfff, 0xe000, 0xffff, 0x41];
    for (const a of units) {
      const one = String.fromCharCode(a);
      expect(utf8Length(one), a.toString(16)).toBe(Buffer.byteLength(one, 'utf8'));
      for (const b of units) {
        const two = String.fromCharCode(a, b);
        expect(utf8Length(two), `${a.toString(16)} ${b.toString(16)}`).toBe(Buffer.byteLength(two, 'utf8'));
      }
    }
  });
});

describe('BoundedText', () => {
  it('a chunk that is exactly the excess is dropped whole; empty appends change nothing', () => {
    const text = new BoundedText(4);
    text.append('ab');
    text.append('');
    text.append('cdef');
    expect(text.text()).toBe('cdef');
    expect(text.retainedBytes).toBe(4);
    expect(text.truncated).toBe(true);
  });
});

describe('RawTail', () => {
  it('holds nothing before any output', () => {
    const tail = new RawTail(10);
    expect(tail.retainedChars).toBe(0);
    expect(tail.text()).toBe('');
    tail.append('');
    expect(tail.text()).toBe('');
  });

  it('compacts only past 1.25 x maxChars, to the newest maxChars', () => {
    const tail = new RawTail(100);
    tail.append('a'.repeat(90));
    expect(tail.retainedChars).toBe(90);
    tail.append('b'.repeat(35));
    expect(tail.retainedChars).toBe(125);
    tail.append('c');
    expect(tail.retainedChars).toBe(100);
    expect(tail.text()).toBe('a'.repeat(64) + 'b'.repeat(35) + 'c');
  });

  it('keeps memory bounded over many appends', () => {
    const tail = new RawTail(100);
    for (let i = 0; i < 1000; i++) {
      tail.append('0123456789');
      expect(tail.retainedChars).toBeLessThanOrEqual(125);
    }
  });

  it('keeps a text of exactly maxChars whole, even with a newline near its start', () => {
    const tail = new RawTail(5);
    tail.append('ab\ncd');
    expect(tail.text()).toBe('ab\ncd');
  });

  it('without a newline, cuts at exactly maxChars from the end', () => {
    const tail = new RawTail(10);
    tail.append('0123456789abcdefghij');
    expect(tail.text()).toBe('abcdefghij');
  });

  it('moves the cut to the next line start only when it is under 4096 characters away', () => {
    const max = 10_000;
    const near = new RawTail(max);
    near.append('x'.repeat(max + 100) + '\n' + 'y'.repeat(max - 2000));
    // The cut lands 2000 characters before the newline: the kept text starts after it.
    expect(near.text()).toBe('y'.repeat(max - 2000));

    const far = new RawTail(max);
    // The newline is exactly 4096 characters after where the cut would be: not near enough.
    const text = 'x'.repeat(5000) + 'z'.repeat(4096) + '\n' + 'y'.repeat(max - 4097);
    far.append(text);
    expect(far.text()).toBe(text.slice(-max));
  });

  it('never starts with half of a surrogate pair', () => {
    const whole = new RawTail(3);
    whole.append('ab😀c');
    expect(whole.text()).toBe('😀c');
    const half = new RawTail(2); // the cut would land on the pair's low half
    half.append('ab😀c');
    expect(half.text()).toBe('c');
  });

  it('shrink keeps only the newest maxChars from then on', () => {
    const tail = new RawTail(100);
    tail.append('0123456789'.repeat(5));
    tail.shrink(10);
    expect(tail.retainedChars).toBe(10);
    expect(tail.text()).toBe('0123456789');
    tail.append('abcdefghijklm');
    expect(tail.text()).toBe('defghijklm');
  });
});
