// The "Restore Checkpoint..." labels (src/review/checkpointPicks.ts) at their boundaries
// (mutation testing): when "just now" becomes minutes, minutes hours, hours days, and how a prompt
// is cut. Times are local dates built here, so the time zone the tests run in does not matter.
import { describe, expect, it } from 'vitest';
import { checkpointPicks, clockTime, relativeTime, trimPrompt } from '../../../src/review/checkpointPicks';
import type { CheckpointManifest } from '../../../src/review/checkpointStore';

const now = new Date(2026, 10, 22, 14, 32, 10).getTime();
const ago = (seconds: number) => now - seconds * 1000;

describe('relativeTime boundaries', () => {
  it('"just now" below 45 s, then at least "1 min ago"', () => {
    expect(relativeTime(ago(0), now)).toBe('just now');
    expect(relativeTime(ago(44), now)).toBe('just now');
    expect(relativeTime(ago(45), now)).toBe('1 min ago');
    expect(relativeTime(ago(89), now)).toBe('1 min ago');
    expect(relativeTime(ago(91), now)).toBe('2 min ago');
  });

  it('minutes below an hour (rounded), hours below a day, then days', () => {
    expect(relativeTime(ago(59 * 60 + 29), now)).toBe('59 min ago');
    expect(relativeTime(ago(59 * 60 + 31), now)).toBe('1 h ago');
    expect(relativeTime(ago(119 * 60), now)).toBe('1 h ago');
    expect(relativeTime(ago(120 * 60), now)).toBe('2 h ago');
    expect(relativeTime(ago(23 * 3600 + 59 * 60), now)).toBe('23 h ago');
    expect(relativeTime(ago(24 * 3600), now)).toBe('yesterday');
    expect(relativeTime(ago(47 * 3600 + 59 * 60), now)).toBe('yesterday');
    expect(relativeTime(ago(48 * 3600), now)).toBe('2 days ago');
  });
});

describe('clockTime', () => {
  it('pads hours, minutes, months and days to two digits', () => {
    expect(clockTime(new Date(2026, 10, 22, 7, 3).getTime(), now)).toBe('07:03');
    expect(clockTime(new Date(2026, 0, 5, 7, 3).getTime(), now)).toBe('2026-01-05 07:03');
    expect(clockTime(new Date(2026, 10, 23, 0, 0).getTime(), now)).toBe('2026-11-23 00:00');
  });
});

describe('trimPrompt', () => {
  it('keeps a text of exactly max characters; cuts one longer to max with the ellipsis', () => {
    expect(trimPrompt('abcde', 5)).toBe('abcde');
    expect(trimPrompt('abcdef', 5)).toBe('abcd…');
    expect(trimPrompt('abcdef', 5)).toHaveLength(5);
    expect(trimPrompt('a\tb\r\nc', 10)).toBe('a b c');
  });
});

describe('checkpointPicks', () => {
  const manifest = (seq: number, fields: Partial<CheckpointManifest> = {}): CheckpointManifest => ({
    id: `cp-${seq}`,
    seq,
    kind: 'prompt',
    label: `label ${seq}`,
    createdAt: now,
    files: {},
    ...fields,
  });

  it('orders by sequence, not by the order given or the clock', () => {
    const picks = checkpointPicks(
      [manifest(2, { createdAt: now - 10_000_000 }), manifest(10), manifest(1, { createdAt: now })],
      now,
    );
    expect(picks.map((pick) => pick.checkpointId)).toEqual(['cp-10', 'cp-2', 'cp-1']);
  });

  it('shows the prompt cut to 80 characters in quotes; a blank prompt shows the label', () => {
    const [long] = checkpointPicks([manifest(1, { prompt: 'x'.repeat(100) })], now);
    expect(long!.detail).toBe(`“${'x'.repeat(79)}…”`);
    const [blank] = checkpointPicks([manifest(1, { prompt: '  \n' })], now);
    expect(blank!.detail).toBe('label 1');
    const [none] = checkpointPicks([manifest(1, { files: {} })], now);
    expect(none!.description).toBe('0 files');
    expect(none!.label).toBe('just now · 14:32');
  });
});
