// the files review reads for an agent (a tool call's `locations`, the disk
// watcher's reads, checkpoints: all src/review/diskText.ts) are opened the way fs/read_text_file
// opens them (src/fs/regularFile.ts). A FIFO opened for reading blocks open(2) until a writer
// appears, parking one of libuv's four pool threads each: six of them named in locations used to
// stall every other file read of the extension host. Real FIFOs (mkfifo), real reads.
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readDiskText, readTextOrEmpty } from '../../../src/review/diskText';
import { readLocationTexts } from '../../../src/review/locationReads';

let dir: string;
const fifos: string[] = [];
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'switchboard-fifo-'));
  fs.writeFileSync(path.join(dir, 'plain.txt'), 'plain text\n');
  fs.writeFileSync(path.join(dir, 'unrelated.txt'), 'unrelated\n');
  for (let i = 0; i < 6; i++) {
    const fifo = path.join(dir, `pipe-${i}`);
    execFileSync('mkfifo', [fifo]);
    fifos.push(fifo);
  }
  fs.symlinkSync(fifos[0]!, path.join(dir, 'link-to-pipe'));
});
afterAll(() => {
  releaseParkedOpens();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** If an open did get parked on a FIFO (the protection is gone), a writer releases it so the run can end. */
function releaseParkedOpens(): void {
  for (const fifo of fifos) {
    try {
      fs.closeSync(fs.openSync(fifo, fs.constants.O_WRONLY | fs.constants.O_NONBLOCK));
    } catch {
      // ENXIO: nobody is waiting on that FIFO, as it should be.
    }
  }
}

/** The promise's value, or 'stuck' after `ms` (a parked open never answers at all). */
function within<T>(promise: Promise<T>, ms: number): Promise<T | 'stuck'> {
  return Promise.race([promise, new Promise<'stuck'>((resolve) => setTimeout(() => resolve('stuck'), ms))]);
}

describe('reads of files an agent names never open a FIFO for reading', () => {
  it('a tool call naming six FIFOs does not delay an unrelated read, and the FIFOs are skipped', async () => {
    const texts: Record<string, string> = {};
    const locations = readLocationTexts(
      [...fifos, path.join(dir, 'plain.txt')],
      () => undefined,
      (filePath, text) => void (texts[filePath] = text),
    );
    try {
      const started = performance.now();
      const unrelated = await within(fs.promises.readFile(path.join(dir, 'unrelated.txt'), 'utf8'), 3_000);
      const elapsed = performance.now() - started;
      expect(unrelated, 'an unrelated read waited behind opens parked on FIFOs').toBe('unrelated\n');
      expect(elapsed).toBeLessThan(200);
      const result = await within(locations, 3_000);
      expect(result, 'the location reads of FIFOs never answered').not.toBe('stuck');
      expect(result).toEqual({ read: 1, skipped: 6 });
      expect(texts).toEqual({ [path.join(dir, 'plain.txt')]: 'plain text\n' });
    } finally {
      releaseParkedOpens();
    }
  });

  it('readDiskText refuses a FIFO, a link to one and a device at once; readTextOrEmpty gives ""', async () => {
    try {
      expect(await within(readDiskText(fifos[1]!, 1024), 3_000)).toBeUndefined();
      expect(await within(readDiskText(path.join(dir, 'link-to-pipe'), 1024), 3_000)).toBeUndefined();
      expect(await within(readDiskText('/dev/zero', 1024), 3_000)).toBeUndefined();
      // The disk watcher reads each folder's .gitignore: an agent can make it a FIFO.
      expect(await within(readTextOrEmpty(fifos[2]!), 3_000)).toBe('');
      expect(await readTextOrEmpty(path.join(dir, 'plain.txt'))).toBe('plain text\n');
    } finally {
      releaseParkedOpens();
    }
  });
});
