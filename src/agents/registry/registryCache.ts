// The registry index with a copy on disk: asked for with the cached copy's ETag (a 304 costs no body), written
// atomically when it changes, and shown from the copy with its age when the network fails, so Browse Agents
// works offline and a flaky network never leaves the user staring at a spinner.
import { t } from '../../shared/l10n';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fetchText, type HttpLimits } from './download';
import { parseRegistryIndex, type RegistryIndex } from './registryIndex';

export interface LoadedIndex extends RegistryIndex {
  /** When the copy shown was fetched (ms since the epoch). */
  fetchedAt: number;
  /** Set when the network failed and the cached copy is shown: why. */
  offline?: string;
}

interface CacheFile {
  url: string;
  etag?: string;
  fetchedAt: number;
  text: string;
}

export const INDEX_LIMITS: HttpLimits = { timeoutMs: 15_000, idleMs: 15_000, maxBytes: 16 * 1024 ** 2 };

export class RegistryCache {
  constructor(
    private readonly dir: string,
    private readonly limits: HttpLimits = INDEX_LIMITS,
    private readonly now: () => number = Date.now,
  ) {}

  async load(url: string): Promise<LoadedIndex> {
    const cached = await this.read(url);
    let fetched;
    try {
      fetched = await fetchText(url, cached?.etag, this.limits);
    } catch (error) {
      if (!cached) throw new Error(`The ACP Registry could not be loaded: ${message(error)}`, { cause: error });
      return { ...parseRegistryIndex(JSON.parse(cached.text)), fetchedAt: cached.fetchedAt, offline: message(error) };
    }
    if (fetched.status === 304 && cached) {
      await this.write({ ...cached, fetchedAt: this.now() });
      return { ...parseRegistryIndex(JSON.parse(cached.text)), fetchedAt: this.now() };
    }
    const text = fetched.text ?? '';
    let index: RegistryIndex;
    try {
      index = parseRegistryIndex(JSON.parse(text));
    } catch (error) {
      throw new Error(`The ACP Registry at ${url} sent an index Switchboard cannot read: ${message(error)}`, {
        cause: error,
      });
    }
    const fetchedAt = this.now();
    await this.write({ url, etag: fetched.etag, fetchedAt, text });
    return { ...index, fetchedAt };
  }

  /** The copy on disk of `url`'s index, without the network; undefined when there is none or it is unreadable. */
  async cached(url: string): Promise<LoadedIndex | undefined> {
    const cached = await this.read(url);
    if (!cached) return undefined;
    try {
      return { ...parseRegistryIndex(JSON.parse(cached.text)), fetchedAt: cached.fetchedAt };
    } catch {
      return undefined;
    }
  }

  private file(): string {
    return path.join(this.dir, 'registry-index.json');
  }

  private async read(url: string): Promise<CacheFile | undefined> {
    try {
      const parsed = JSON.parse(await fs.promises.readFile(this.file(), 'utf8')) as CacheFile;
      return parsed.url === url && typeof parsed.text === 'string' ? parsed : undefined;
    } catch {
      return undefined;
    }
  }

  private async write(cache: CacheFile): Promise<void> {
    await fs.promises.mkdir(this.dir, { recursive: true });
    const temp = `${this.file()}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
    await fs.promises.writeFile(temp, JSON.stringify(cache));
    await fs.promises.rename(temp, this.file());
  }
}

/** "3 minutes", "2 days": how old a cached copy is. */
export function describeAge(ms: number): string {
  const minutes = Math.floor(ms / 60_000);
  if (minutes < 1) return t('less than a minute');
  if (minutes < 60) return minutes === 1 ? t('1 minute') : t('{0} minutes', minutes);
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return hours === 1 ? t('1 hour') : t('{0} hours', hours);
  return t('{0} days', Math.floor(hours / 24));
}

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
