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
  it('splits lines across chunks, forwards each line and keeps a bounded tail', () => {
    const seen: string[] = [];
    const tail = new StderrTail((line) => seen.push(line), 3);
    tail.push(Buffer.from('one\ntw'));
    tail.push(Buffer.from('o\r\nthree\nfour\nfi'));
    expect(seen).toEqual(['one', 'two', 'three', 'four']);
    expect(tail.tail()).toEqual(['three', 'four', 'fi']);
    tail.push('ve');
    tail.end();
    expect(seen.at(-1)).toBe('five');
    expect(tail.tail()).toEqual(['three', 'four', 'five']);
  });

  it('decodes a UTF-8 character split across chunks', () => {
    const seen: string[] = [];
    const tail = new StderrTail((line) => seen.push(line));
    const bytes = Buffer.from('héllo\n');
    tail.push(bytes.subarray(0, 2));
    tail.push(bytes.subarray(2));
    expect(seen).toEqual(['héllo']);
  });
});
