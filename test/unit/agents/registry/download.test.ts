// HTTP for the registry (src/agents/registry/download.ts) against a server on 127.0.0.1 that misbehaves on
// demand: a body larger than the cap (declared, or only counted as it streams), a server that never answers
// or stalls mid-body, an error status, a refused connection. Each fails within a second with words saying so,
// and a download is hashed as it is written.
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { downloadToFile, fetchText, HttpError, type HttpLimits } from '../../../../src/agents/registry/download';
import { errorOf } from './errorOf';
import { freshDir } from './unpackInto';

const limits: HttpLimits = { timeoutMs: 400, idleMs: 400, maxBytes: 1000 };
let base = '';
const server = http.createServer((req, res) => {
  const route = new URL(req.url ?? '/', 'http://x').pathname;
  if (route === '/ok') return void res.writeHead(200, { etag: '"v1"', 'content-length': '1000' }).end('x'.repeat(1000));
  if (route === '/slow-but-steady') {
    // Longer in all than the idle limit, but never idle that long.
    res.writeHead(200, { 'transfer-encoding': 'chunked' });
    let sent = 0;
    const timer = setInterval(() => (++sent < 6 ? res.write('x'.repeat(100)) : (clearInterval(timer), res.end())), 150);
    return;
  }
  if (route === '/cached') {
    if (req.headers['if-none-match'] === '"v1"') return void res.writeHead(304).end();
    return void res.writeHead(200).end('fresh');
  }
  if (route === '/declared-too-big') return void res.writeHead(200, { 'content-length': '1001' }).end('x'.repeat(1001));
  if (route === '/streamed-too-big') {
    // No content-length: the cap is only found by counting.
    res.writeHead(200, { 'transfer-encoding': 'chunked' });
    res.write('x'.repeat(600));
    setTimeout(() => res.end('x'.repeat(401)), 20);
    return;
  }
  if (route === '/stalls-mid-body') {
    res.writeHead(200, { 'transfer-encoding': 'chunked' });
    res.write('some');
    return; // and never more
  }
  if (route === '/never-answers') return;
  res.writeHead(404).end('not found');
});

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

async function failure(promise: Promise<unknown>): Promise<HttpError> {
  const error = await errorOf(promise);
  expect(error).toBeInstanceOf(HttpError);
  return error as HttpError;
}

describe('downloadToFile', () => {
  it('writes the body of exactly the cap and resolves with its sha256', async () => {
    const file = path.join(freshDir(), 'body');
    const sha = await downloadToFile(`${base}/ok`, file, limits);
    expect(fs.readFileSync(file, 'utf8')).toBe('x'.repeat(1000));
    expect(sha).toBe(createHash('sha256').update('x'.repeat(1000)).digest('hex'));
  });

  it('never writes over a file that is there', async () => {
    const file = path.join(freshDir(), 'body');
    fs.writeFileSync(file, 'mine');
    await expect(downloadToFile(`${base}/ok`, file, limits)).rejects.toThrow();
    expect(fs.readFileSync(file, 'utf8')).toBe('mine');
  });

  it('refuses a body declared larger than the cap before reading it: no file is made', async () => {
    const file = path.join(freshDir(), 'body');
    const error = await failure(downloadToFile(`${base}/declared-too-big`, file, limits));
    expect(error.message).toBe(`${base}/declared-too-big is larger than 0 MiB`);
    expect(fs.existsSync(file)).toBe(false);
  });

  it('takes a body that arrives slowly but steadily, longer in all than the time limits', async () => {
    const file = path.join(freshDir(), 'body');
    await downloadToFile(`${base}/slow-but-steady`, file, limits);
    expect(fs.readFileSync(file, 'utf8')).toBe('x'.repeat(500));
  });

  it('refuses a body that grows past the cap as it streams', async () => {
    const file = path.join(freshDir(), 'body');
    const error = await failure(downloadToFile(`${base}/streamed-too-big`, file, limits));
    expect(error.message).toBe(`${base}/streamed-too-big is larger than 0 MiB`);
    expect(fs.statSync(file).size).toBeLessThanOrEqual(1000);
  });

  it('gives up on a body that stalls, naming the pause', async () => {
    const started = Date.now();
    const error = await failure(downloadToFile(`${base}/stalls-mid-body`, path.join(freshDir(), 'b'), limits));
    expect(error.message).toBe(`${base}/stalls-mid-body: the download stalled for 0.4 s`);
    expect(Date.now() - started).toBeLessThan(2_000);
  });
});

describe('fetchText', () => {
  it('reads the body and its ETag, and answers 304 to the ETag it had', async () => {
    expect(await fetchText(`${base}/ok`, undefined, limits)).toEqual({
      status: 200,
      text: 'x'.repeat(1000),
      etag: '"v1"',
    });
    expect(await fetchText(`${base}/cached`, '"v1"', limits)).toEqual({ status: 304, etag: '"v1"' });
    expect(await fetchText(`${base}/cached`, '"v0"', limits)).toEqual({ status: 200, text: 'fresh', etag: undefined });
  });

  it('names the status of an answer that is not 200 or 304', async () => {
    const error = await failure(fetchText(`${base}/missing`, undefined, limits));
    expect([error.message, error.status]).toEqual([`${base}/missing answered HTTP 404`, 404]);
  });

  it('gives up on a server that never answers, naming the wait', async () => {
    const started = Date.now();
    const error = await failure(fetchText(`${base}/never-answers`, undefined, limits));
    expect(error.message).toBe(`${base}/never-answers: no answer within 0.4 s`);
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('names why a server could not be reached', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(closed.address() as AddressInfo).port}/x`;
    await new Promise((resolve) => closed.close(resolve));
    const error = await failure(fetchText(url, undefined, limits));
    expect(error.message).toBe(`${url} could not be reached (ECONNREFUSED)`);
  });
});
