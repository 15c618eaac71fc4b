import * as fs from 'node:fs/promises';
import * as os from 'node:os';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkpointPicks, clockTime, relativeTime, trimPrompt } from '../../../src/review/checkpointPicks';
import { CheckpointStore, type CheckpointManifest } from '../../../src/review/checkpointStore';

const MINUTE = 60_000;
/** A fixed local time, so the clock text does not depend on the time zone the tests run in. */
const now = new Date(2026, 10, 22, 14, 32, 10).getTime();

function manifest(seq: number, fields: Partial<CheckpointManifest>): CheckpointManifest {
  return { id: `cp-${seq}`, seq, kind: 'prompt', label: `Demo: prompt ${seq}`, createdAt: now, files: {}, ...fields };
}

describe('checkpoint pick labels', () => {
  it('says how long ago, in words a person reads', () => {
    expect(relativeTime(now - 10_000, now)).toBe('just now');
    expect(relativeTime(now + 5 * MINUTE, now)).toBe('just now'); // a clock set back
    expect(relativeTime(now - 5 * MINUTE, now)).toBe('5 min ago');
    expect(relativeTime(now - 59 * MINUTE, now)).toBe('59 min ago');
    expect(relativeTime(now - 3 * 60 * MINUTE, now)).toBe('3 h ago');
    expect(relativeTime(now - 30 * 60 * MINUTE, now)).toBe('yesterday');
    expect(relativeTime(now - 4 * 24 * 60 * MINUTE, now)).toBe('4 days ago');
  });

  it('gives the time of day, with the date when it was another day', () => {
    expect(clockTime(new Date(2026, 10, 22, 9, 5).getTime(), now)).toBe('09:05');
    expect(clockTime(new Date(2026, 10, 21, 23, 59).getTime(), now)).toBe('2026-11-21 23:59');
  });

  it('flattens and cuts the prompt text', () => {
    expect(trimPrompt('  fix\n\n the   bug ', 80)).toBe('fix the bug');
    expect(trimPrompt('abcdefghij', 10)).toBe('abcdefghij');
    expect(trimPrompt('abcde fghijk', 10)).toBe('abcde fgh…');
    expect(trimPrompt('abcdefgh  ijk', 10)).toBe('abcdefgh…'); // no space before the ellipsis
    expect(trimPrompt(' \n ', 10)).toBe('');
  });

  it('lists prompt checkpoints newest first with time, file count and prompt; restore checkpoints are left out', () => {
    const manifests = [
      manifest(1, { createdAt: now - 65 * MINUTE, files: { '/w/a.ts': 'h1' }, prompt: 'add a test\nfor the parser' }),
      manifest(2, { kind: 'restore', label: 'Before restoring cp-1', files: { '/w/a.ts': 'h2' } }),
      // b.ts was first touched in the turn after cp-3: restoring cp-1 puts it back too.
      manifest(3, { createdAt: now - 5 * MINUTE, files: { '/w/a.ts': 'h3', '/w/b.ts': null } }),
    ];
    expect(checkpointPicks(manifests, now)).toEqual([
      { checkpointId: 'cp-3', label: '5 min ago · 14:27', description: '2 files', detail: 'Demo: prompt 3' },
      { checkpointId: 'cp-1', label: '1 h ago · 13:27', description: '2 files', detail: '“add a test for the parser”' },
    ]);
    expect(checkpointPicks([manifest(4, { files: { '/w/a.ts': 'h' } })], now)[0]!.description).toBe('1 file');
    expect(checkpointPicks([], now)).toEqual([]);
  });

  it('the store keeps the prompt text in the manifest, and older manifests without it still read', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'switchboard-picks-'));
    try {
      const store = new CheckpointStore(dir);
      const withPrompt = await store.create({
        kind: 'prompt',
        label: 'p1',
        createdAt: now,
        prompt: 'rename it',
        files: { '/w/a.ts': 'a' },
      });
      const without = await store.create({ kind: 'prompt', label: 'p2', createdAt: now, files: {} });
      const listed = await store.list();
      expect(listed.map((entry) => entry.prompt)).toEqual(['rename it', undefined]);
      expect('prompt' in listed[1]!).toBe(false);
      expect(listed[0]!.id).toBe(withPrompt.id);
      expect(listed[1]!.id).toBe(without.id);
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });
});
