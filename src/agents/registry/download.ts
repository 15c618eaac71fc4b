// HTTP for the registry: the index (with its ETag) and agent archives. Never a hang: every request has a
// connect-and-first-byte timeout and an idle timeout between chunks; never unbounded: the body is capped and
// counted as it arrives. Archives are hashed while they stream to disk, so the sha256 check costs no second read.
import { t } from '../../shared/l10n';
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import { once } from 'node:events';

export interface HttpLimits {
  /** Until the response headers arrive. */
  timeoutMs: number;
  /** The longest pause between two body chunks. */
  idleMs: number;
  maxBytes: number;
}

export class HttpError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

export interface FetchedText {
  status: 200 | 304;
  text?: string;
  etag?: string;
}

/** GET with If-None-Match; 304 when the cached copy is current. */
export async function fetchText(url: string, etag: string | undefined, limits: HttpLimits): Promise<FetchedText> {
  return withResponse(url, etag ? { 'if-none-match': etag } : {}, limits, async (response, next) => {
    if (response.status === 304) return { status: 304, etag };
    const chunks: Buffer[] = [];
    for await (const chunk of next()) chunks.push(chunk);
    return {
      status: 200,
      text: Buffer.concat(chunks).toString('utf8'),
      etag: response.headers.get('etag') ?? undefined,
    };
  });
}

/** Streams `url` into `file`; resolves with the body's sha256 (lower-case hex). */
export async function downloadToFile(url: string, file: string, limits: HttpLimits): Promise<string> {
  return withResponse(url, {}, limits, async (_response, next) => {
    const hash = createHash('sha256');
    const out = fs.createWriteStream(file, { flags: 'wx' });
    try {
      for await (const chunk of next()) {
        hash.update(chunk);
        if (!out.write(chunk)) await once(out, 'drain');
      }
    } finally {
      out.end();
      await once(out, 'close');
    }
    return hash.digest('hex');
  });
}

async function withResponse<T>(
  url: string,
  headers: Record<string, string>,
  limits: HttpLimits,
  use: (response: Response, body: () => AsyncIterable<Buffer>) => Promise<T>,
): Promise<T> {
  const controller = new AbortController();
  let reason = '';
  let timer = setTimeout(() => abort(t('no answer within {0}', seconds(limits.timeoutMs))), limits.timeoutMs);
  function abort(why: string): void {
    reason = why;
    controller.abort();
  }
  try {
    const response = await fetch(url, { headers, signal: controller.signal, redirect: 'follow' });
    if (response.status !== 200 && response.status !== 304) {
      throw new HttpError(t('{0} answered HTTP {1}', url, response.status), response.status);
    }
    const declared = Number(response.headers.get('content-length') ?? NaN);
    if (declared > limits.maxBytes) throw new HttpError(t('{0} is larger than {1}', url, mib(limits.maxBytes)));
    async function* body(): AsyncIterable<Buffer> {
      if (!response.body) return;
      let total = 0;
      const reader = response.body.getReader();
      for (;;) {
        clearTimeout(timer);
        timer = setTimeout(() => abort(t('the download stalled for {0}', seconds(limits.idleMs))), limits.idleMs);
        const { done, value } = await reader.read();
        if (done) return;
        total += value.byteLength;
        if (total > limits.maxBytes) {
          await reader.cancel();
          throw new HttpError(t('{0} is larger than {1}', url, mib(limits.maxBytes)));
        }
        yield Buffer.from(value.buffer, value.byteOffset, value.byteLength);
      }
    }
    return await use(response, body);
  } catch (error) {
    if (reason) throw new HttpError(`${url}: ${reason}`);
    if (error instanceof HttpError) throw error;
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    throw new HttpError(t('{0} could not be reached ({1})', url, cause?.code ?? cause?.message ?? String(error)));
  } finally {
    clearTimeout(timer);
  }
}

function seconds(ms: number): string {
  return t('{0} s', Math.round(ms / 100) / 10);
}

function mib(bytes: number): string {
  return t('{0} MiB', Math.round(bytes / 1024 ** 2));
}
