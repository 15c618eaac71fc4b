// The agents' icons in "Browse Agents": each icon the registry names is fetched once into Switchboard's storage
// (the workbench then shows a local file and never fetches anything itself), bounded in size and time, and kept
// only when it is an image (PNG, or an SVG document). The picker waits a moment for missing ones; an icon that is
// slow or broken is simply left out.
import { createHash, randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { downloadToFile, type HttpLimits } from './download';

const LIMITS: HttpLimits = { timeoutMs: 3_000, idleMs: 3_000, maxBytes: 256 * 1024 };
/** Icons fetched at once. */
const CONCURRENCY = 4;
/** More than any registry lists; each is one request at most once. */
const MAX_ICONS = 200;

export class RegistryIcons {
  constructor(
    private readonly folder: string,
    private readonly limits: HttpLimits = LIMITS,
  ) {}

  /** The cached file of an icon URL, when it was fetched and is an image. */
  cached(url: string): string | undefined {
    for (const ext of ['.svg', '.png']) {
      const file = this.file(url, ext);
      if (fs.existsSync(file)) return file;
    }
    return undefined;
  }

  /** Fetches the icons not cached yet; resolves when all are done or after `waitMs`, whichever comes first. */
  async fetchMissing(urls: readonly string[], waitMs: number): Promise<void> {
    const missing = [...new Set(urls)].filter((url) => !this.cached(url)).slice(0, MAX_ICONS);
    if (missing.length === 0) return;
    await fs.promises.mkdir(this.folder, { recursive: true });
    let next = 0;
    const worker = async (): Promise<void> => {
      while (next < missing.length) await this.fetchOne(missing[next++]!);
    };
    const all = Promise.all(Array.from({ length: Math.min(CONCURRENCY, missing.length) }, worker));
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<void>((resolve) => (timer = setTimeout(resolve, waitMs)));
    await Promise.race([all, deadline]);
    clearTimeout(timer);
  }

  private async fetchOne(url: string): Promise<void> {
    const temp = path.join(this.folder, `${randomBytes(6).toString('hex')}.tmp`);
    try {
      await downloadToFile(url, temp, this.limits);
      const ext = imageExtension(await fs.promises.readFile(temp));
      if (ext) await fs.promises.rename(temp, this.file(url, ext));
    } catch {
      // A slow, missing or oversized icon: the agent is listed without one.
    } finally {
      await fs.promises.rm(temp, { force: true });
    }
  }

  private file(url: string, ext: string): string {
    return path.join(this.folder, createHash('sha256').update(url).digest('hex').slice(0, 32) + ext);
  }
}

/** `.png` or `.svg` when the bytes are one (a PNG signature, or an SVG document); undefined for anything else. */
export function imageExtension(bytes: Buffer): '.png' | '.svg' | undefined {
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return '.png';
  const head = bytes
    .subarray(0, 1024)
    .toString('utf8')
    .replace(/^\uFEFF/, '');
  return /^\s*(<\?xml[^>]*>\s*)?(<!--[^]*?-->\s*)*(<!DOCTYPE svg[^>]*>\s*)?<svg[\s>]/i.test(head) ? '.svg' : undefined;
}
