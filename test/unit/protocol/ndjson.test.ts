import { PassThrough, Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { Message } from 'vscode-jsonrpc/node';
import { NdjsonMessageReader, NdjsonMessageWriter, type NdjsonReaderOptions } from '../../../src/protocol/ndjson';

function setup(options: NdjsonReaderOptions = {}) {
  const input = new PassThrough();
  const messages: unknown[] = [];
  const invalid: Array<{ line: string; error: Error }> = [];
  const oversized: number[] = [];
  let closed = false;
  const reader = new NdjsonMessageReader(input, {
    ...options,
    onInvalidLine: (line, error) => invalid.push({ line, error }),
    onOversized: (bytes) => oversized.push(bytes),
  });
  reader.onClose(() => (closed = true));
  reader.listen((message) => messages.push(message));
  return { input, reader, messages, invalid, oversized, isClosed: () => closed };
}

const msg = (id: number | string, extra: Record<string, unknown> = {}) => ({ jsonrpc: '2.0', id, result: extra });
const line = (value: unknown) => JSON.stringify(value) + '\n';

describe('NdjsonMessageReader', () => {
  it('delivers many messages from one chunk, in order', () => {
    const { input, messages } = setup();
    input.write(line(msg(1)) + line(msg(2)) + line(msg(3)));
    expect(messages).toEqual([msg(1), msg(2), msg(3)]);
  });

  it('joins a line split across several chunks', () => {
    const { input, messages } = setup();
    const text = line(msg(7, { text: 'hello world' }));
    input.write(text.slice(0, 5));
    input.write(text.slice(5, 20));
    expect(messages).toEqual([]);
    input.write(text.slice(20));
    expect(messages).toEqual([msg(7, { text: 'hello world' })]);
  });

  it('decodes multi-byte characters split at every byte position between chunks', () => {
    const payload = { text: 'naïve € 😀 日本' };
    const bytes = Buffer.from(line(msg(1, payload)), 'utf8');
    for (let cut = 1; cut < bytes.length; cut++) {
      const { input, messages, invalid } = setup();
      input.write(bytes.subarray(0, cut));
      input.write(bytes.subarray(cut));
      expect(invalid).toEqual([]);
      expect(messages).toEqual([msg(1, payload)]);
    }
  });

  it('tolerates CRLF and ignores empty and blank lines', () => {
    const { input, messages, invalid } = setup();
    input.write('\r\n\n' + JSON.stringify(msg(1)) + '\r\n   \n\n' + JSON.stringify(msg(2)) + '\r\n');
    expect(messages).toEqual([msg(1), msg(2)]);
    expect(invalid).toEqual([]);
  });

  it('reports a garbage line and still delivers the next message', () => {
    const { input, messages, invalid } = setup();
    input.write('this is not json {oops\n' + line(msg(2)));
    expect(invalid).toHaveLength(1);
    expect(invalid[0]!.line).toBe('this is not json {oops');
    expect(messages).toEqual([msg(2)]);
  });

  it('reports JSON that is not an object (number, array, string, null)', () => {
    const { input, messages, invalid } = setup();
    input.write('42\n[1,2]\n"text"\nnull\n' + line(msg(9)));
    expect(invalid.map((entry) => entry.line)).toEqual(['42', '[1,2]', '"text"', 'null']);
    expect(invalid[0]!.error.message).toMatch(/not an object/);
    expect(messages).toEqual([msg(9)]);
  });

  it('drops an oversized line that arrives in one chunk and delivers the next', () => {
    const { input, messages, oversized } = setup({ maxMessageBytes: 100 });
    const big = line(msg(1, { text: 'x'.repeat(500) }));
    input.write(big + line(msg(2)));
    expect(oversized).toEqual([Buffer.byteLength(big) - 1]);
    expect(messages).toEqual([msg(2)]);
  });

  it('discards an oversized line streamed in small chunks without buffering it', () => {
    const { input, reader, messages, oversized } = setup({ maxMessageBytes: 100 });
    const big = line(msg(1, { text: 'y'.repeat(5000) }));
    let maxBuffered = 0;
    for (let start = 0; start < big.length; start += 7) {
      input.write(big.slice(start, start + 7));
      maxBuffered = Math.max(maxBuffered, reader.bufferedBytes);
    }
    input.write(line(msg(2)));
    expect(maxBuffered).toBeLessThanOrEqual(100);
    expect(oversized).toEqual([big.length - 1]);
    expect(messages).toEqual([msg(2)]);
  });

  it('keeps a line of exactly maxMessageBytes', () => {
    const text = JSON.stringify(msg(1, { t: 'z'.repeat(50) }));
    const { input, messages, oversized } = setup({ maxMessageBytes: Buffer.byteLength(text) });
    input.write(text.slice(0, 10));
    input.write(text.slice(10) + '\n');
    expect(oversized).toEqual([]);
    expect(messages).toHaveLength(1);
  });

  it('keeps string and number ids as they are', () => {
    const { input, messages } = setup();
    input.write(line({ jsonrpc: '2.0', id: 'abc', method: 'x' }) + line({ jsonrpc: '2.0', id: 0, method: 'y' }));
    expect(messages.map((m) => (m as { id: unknown }).id)).toEqual(['abc', 0]);
  });

  it('accepts string chunks (a stream with setEncoding) and a last line without newline', async () => {
    const { input, messages, isClosed } = setup();
    input.write(JSON.stringify(msg(1)).slice(0, 4));
    input.end(JSON.stringify(msg(1)).slice(4));
    await new Promise((resolve) => setImmediate(resolve));
    expect(messages).toEqual([msg(1)]);
    expect(isClosed()).toBe(true);
  });
});

/** A slow sink with a tiny buffer, so backpressure kicks in after the first message. */
function slowSink() {
  const received: string[] = [];
  let writesWhileFull = 0;
  const sink = new Writable({
    highWaterMark: 16,
    write(chunk, _encoding, callback) {
      received.push(chunk.toString());
      setTimeout(callback, 1);
    },
  });
  const originalWrite = sink.write.bind(sink);
  sink.write = ((...args: Parameters<Writable['write']>) => {
    if (sink.writableNeedDrain) writesWhileFull++;
    return originalWrite(...args);
  }) as Writable['write'];
  return { sink, received, writesWhileFull: () => writesWhileFull };
}

describe('NdjsonMessageWriter', () => {
  it('writes compact JSON lines with escaped newlines', async () => {
    const output = new PassThrough();
    const chunks: string[] = [];
    output.on('data', (chunk) => chunks.push(chunk.toString()));
    const writer = new NdjsonMessageWriter(output);
    await writer.write({ jsonrpc: '2.0', id: 1, result: { text: 'a\nb' } } as Message);
    expect(chunks.join('')).toBe('{"jsonrpc":"2.0","id":1,"result":{"text":"a\\nb"}}\n');
  });

  it('keeps order and waits for drain under backpressure', async () => {
    const { sink, received, writesWhileFull } = slowSink();
    const writer = new NdjsonMessageWriter(sink);
    const writes = Array.from({ length: 30 }, (_, i) =>
      writer.write({ jsonrpc: '2.0', id: i, result: null } as Message),
    );
    await Promise.all(writes);
    expect(received.map((text) => JSON.parse(text).id)).toEqual(Array.from({ length: 30 }, (_, i) => i));
    expect(writesWhileFull()).toBe(0);
  });

  it('rejects writes after the stream failed, without an uncaught error', async () => {
    const sink = new Writable({
      write(_chunk, _encoding, callback) {
        callback(Object.assign(new Error('write EPIPE'), { code: 'EPIPE' }));
      },
    });
    const writer = new NdjsonMessageWriter(sink);
    let closed = false;
    writer.onClose(() => (closed = true));
    await expect(writer.write({ jsonrpc: '2.0', id: 1, result: null } as Message)).rejects.toThrow(/EPIPE/);
    await new Promise((resolve) => setImmediate(resolve));
    expect(closed).toBe(true);
    await expect(writer.write({ jsonrpc: '2.0', id: 2, result: null } as Message)).rejects.toThrow(/closed/);
  });
});
