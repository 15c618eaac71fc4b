import { describe, expect, it } from 'vitest';
import { TrafficLog, formatTrafficRecord } from '../../../src/protocol/trafficLog';

const at = (ms: number) => () => new Date(2026, 0, 1, 12, 0, 1, ms);

describe('TrafficLog', () => {
  it('formats records as readable lines with the local time and an arrow', () => {
    const log = new TrafficLog({ now: at(123) });
    log.record('send', { jsonrpc: '2.0', id: 1, method: 'initialize' });
    log.record('recv', { jsonrpc: '2.0', id: 1, result: {} });
    expect(log.format()).toBe(
      '12:00:01.123 -> {"jsonrpc":"2.0","id":1,"method":"initialize"}\n' +
        '12:00:01.123 <- {"jsonrpc":"2.0","id":1,"result":{}}',
    );
    expect(log.records()[0]!.time).toBe(new Date(2026, 0, 1, 12, 0, 1, 123).toISOString());
  });

  it('drops the oldest records once the byte cap is passed', () => {
    const log = new TrafficLog({ maxBytes: 1000, maxRecordBytes: 500 });
    for (let i = 0; i < 50; i++) log.record('recv', { i, pad: 'p'.repeat(80) });
    const kept = log.records();
    expect(log.size).toBeLessThanOrEqual(1000);
    expect(kept.length).toBeGreaterThan(5);
    expect(kept.length).toBeLessThan(50);
    expect(JSON.parse(kept[kept.length - 1]!.text).i).toBe(49);
    const indices = kept.map((r) => JSON.parse(r.text).i as number);
    expect(indices).toEqual(indices.map((_, k) => 50 - kept.length + k));
  });

  it('keeps every record, in order and with its direction, across batches (with multi-byte text)', () => {
    const log = new TrafficLog({ maxBytes: 200_000, now: at(7) });
    for (let i = 0; i < 1000; i++)
      log.recordText(i % 3 === 0 ? 'send' : 'recv', JSON.stringify({ i, text: i % 7 === 0 ? 'naïve €' : 'plain' }));
    const kept = log.records();
    expect(kept).toHaveLength(1000);
    expect(kept.map((r) => JSON.parse(r.text).i)).toEqual(Array.from({ length: 1000 }, (_, i) => i));
    expect(kept.map((r) => r.direction)).toEqual(
      Array.from({ length: 1000 }, (_, i) => (i % 3 === 0 ? 'send' : 'recv')),
    );
    expect(kept[7]!.bytes).toBe(Buffer.byteLength(kept[7]!.text));
    expect(JSON.parse(kept[7]!.text).text).toBe('naïve €');
    expect(log.size).toBe(kept.reduce((n, r) => n + r.bytes, 0));
  });

  it('keeps a huge message truncated, with a note of its full size', () => {
    const log = new TrafficLog({ maxBytes: 10_000 });
    log.record('recv', { text: 'x'.repeat(1024 * 1024) });
    const [record] = log.records();
    expect(record!.truncated).toBe(true);
    expect(record!.bytes).toBe(1024 * 1024 + 11);
    expect(record!.text).toMatch(/… \[truncated: the full message is 1\.0 MiB\]$/);
    expect(log.size).toBeLessThanOrEqual(10_000);
  });

  it('streams each new record to listeners until disposed', () => {
    const log = new TrafficLog({ now: at(5) });
    const lines: string[] = [];
    const subscription = log.onRecord((_record, line) => lines.push(line));
    log.record('send', { a: 1 });
    subscription.dispose();
    log.record('send', { a: 2 });
    expect(lines).toEqual(['12:00:01.005 -> {"a":1}']);
  });

  it('survives values JSON cannot serialise', () => {
    const log = new TrafficLog();
    const circular: Record<string, unknown> = {};
    circular.self = circular;
    log.record('recv', circular);
    expect(log.records()[0]!.text).toBe('[object Object]');
    expect(formatTrafficRecord(log.records()[0]!)).toMatch(/<- \[object Object\]$/);
  });

  it("keeps a read's lines as the records they are, in order with what was sent between reads", () => {
    const log = new TrafficLog({ now: at(9) });
    log.recordLines('recv', '{"a":1}\r\n\n{"b":"naïve €"}');
    log.record('send', { c: 3 });
    log.recordLines('recv', '{"d":4}');
    const records = log.records();
    expect(records.map((r) => `${r.direction} ${r.text}`)).toEqual([
      'recv {"a":1}',
      'recv {"b":"naïve €"}',
      'send {"c":3}',
      'recv {"d":4}',
    ]);
    expect(records[1]!.bytes).toBe(Buffer.byteLength('{"b":"naïve €"}'));
    expect(records.every((r) => !r.truncated)).toBe(true);
    expect(log.format()).toBe(
      '12:00:01.009 <- {"a":1}\n12:00:01.009 <- {"b":"naïve €"}\n12:00:01.009 -> {"c":3}\n12:00:01.009 <- {"d":4}',
    );
  });

  it("truncates a huge line among a read's lines, and streams each line to a listener", () => {
    const log = new TrafficLog({ maxBytes: 10_000, now: at(1) });
    const huge = JSON.stringify({ text: 'x'.repeat(100_000) });
    log.recordLines('recv', `{"a":1}\n${huge}\n{"b":2}`);
    const records = log.records();
    expect(records.map((r) => r.truncated)).toEqual([false, true, false]);
    expect(records[1]!.bytes).toBe(huge.length);
    expect(log.size).toBeLessThanOrEqual(10_000);
    const streamed: string[] = [];
    log.onRecord((_record, line) => streamed.push(line));
    log.recordLines('recv', '{"c":3}\n{"d":4}');
    expect(streamed).toEqual(['12:00:01.001 <- {"c":3}', '12:00:01.001 <- {"d":4}']);
  });

  it('drops the oldest reads once the byte cap is passed', () => {
    const log = new TrafficLog({ maxBytes: 1000, maxRecordBytes: 500 });
    for (let i = 0; i < 50; i++)
      log.recordLines('recv', `{"i":${i},"pad":"${'p'.repeat(40)}"}\n{"i":${i},"second":true}`);
    const kept = log.records();
    expect(log.size).toBeLessThanOrEqual(1000);
    expect(kept.length).toBeLessThan(100);
    expect(kept.at(-1)!.text).toBe('{"i":49,"second":true}');
    // Whole reads leave together: the oldest kept record is the first line of its read.
    expect(JSON.parse(kept[0]!.text).pad).toBeDefined();
  });
});
