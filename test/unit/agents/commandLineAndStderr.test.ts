import { describe, expect, it } from 'vitest';
import { formatCommandLine, shellQuote } from '../../../src/agents/commandLine';
import { StderrTail } from '../../../src/agents/stderrTail';

describe('formatCommandLine', () => {
  it('leaves plain words alone and quotes the rest like a shell would show them', () => {
    expect(formatCommandLine('gemini', ['--experimental-acp'])).toBe('gemini --experimental-acp');
    expect(formatCommandLine('/opt/My Agent/bin', ['a b', '', "it's", '$HOME'])).toBe(
      `'/opt/My Agent/bin' 'a b' '' 'it'\\''s' '$HOME'`,
    );
    expect(shellQuote('key=value,x:y@z')).toBe('key=value,x:y@z');
  });
});

describe('StderrTail', () => {
  const collect = () => {
    const seen: string[] = [];
    return { seen, onLog: (text: string) => seen.push(...text.split('\n')) };
  };

  it('splits lines across chunks, logs each line (batched) and keeps a bounded tail', () => {
    const { seen, onLog } = collect();
    const tail = new StderrTail(onLog, 3);
    tail.push(Buffer.from('one\ntw'));
    tail.push(Buffer.from('o\r\nthree\nfour\nfi'));
    expect(seen).toEqual([]); // batched: nothing logged until the interval ends or a flush
    tail.flush();
    expect(seen).toEqual(['one', 'two', 'three', 'four']);
    expect(tail.tail()).toEqual(['three', 'four', 'fi']);
    tail.push('ve');
    tail.end();
    expect(seen.at(-1)).toBe('five');
    expect(tail.tail()).toEqual(['three', 'four', 'five']);
  });

  it('logs a batch once per interval by itself', async () => {
    const calls: string[] = [];
    const tail = new StderrTail((text) => calls.push(text), 50, {
      intervalMs: 20,
      maxLinesPerInterval: 100,
      maxBytesPerInterval: 1024,
    });
    tail.push('a\nb\n');
    tail.push('c\n');
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(calls).toEqual(['a\nb\nc']);
  });

  it('decodes a UTF-8 character split across chunks', () => {
    const { seen, onLog } = collect();
    const tail = new StderrTail(onLog);
    const bytes = Buffer.from('héllo\n');
    tail.push(bytes.subarray(0, 2));
    tail.push(bytes.subarray(2));
    tail.flush();
    expect(seen).toEqual(['héllo']);
  });

  it('drops what exceeds the interval budget with a counted note, and the tail stays exact', () => {
    const calls: string[] = [];
    const tail = new StderrTail((text) => calls.push(text), 5, {
      intervalMs: 10_000,
      maxLinesPerInterval: 10,
      maxBytesPerInterval: 1024,
    });
    const lines = Array.from({ length: 100_000 }, (_, i) => `line ${i}`);
    const all = Buffer.from(lines.join('\n') + '\n');
    for (let at = 0; at < all.length; at += 65_536) tail.push(all.subarray(at, at + 65_536));
    tail.flush();
    const logged = calls.join('\n').split('\n');
    expect(logged.slice(0, 10)).toEqual(lines.slice(0, 10));
    expect(logged[10]).toMatch(/^… 99990 lines dropped \(the agent wrote more than 10 lines or 1 KiB in 10000 ms/);
    expect(logged).toHaveLength(11);
    expect(tail.tail()).toEqual(lines.slice(-5));
  });

  it('takes 64 MiB of empty lines in well under a second of CPU', () => {
    const calls: string[] = [];
    const tail = new StderrTail((text) => calls.push(text));
    const chunk = Buffer.alloc(65_536, 0x0a);
    const cpu = process.cpuUsage();
    for (let i = 0; i < 1024; i++) tail.push(chunk);
    tail.end();
    const used = process.cpuUsage(cpu);
    expect((used.user + used.system) / 1000).toBeLessThan(1000);
    expect(calls.join('\n')).toMatch(/… \d+ lines dropped/);
    expect(tail.tail()).toHaveLength(50);
  });
});
