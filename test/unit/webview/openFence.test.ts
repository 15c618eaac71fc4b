import { describe, expect, it } from 'vitest';
import { Lexer, type Tokens } from 'marked';
import { extendOpenFence, openFenceText } from '../../../webview/render/markdown/openFence';

function lexOne(src: string): Tokens.Code {
  const tokens = new Lexer().lex(src);
  expect(tokens).toHaveLength(1);
  return tokens[0] as Tokens.Code;
}

/** A small deterministic PRNG (mulberry32), so a failure can be replayed. */
function random(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('extendOpenFence', () => {
  it('gives the token marked gives for the longer text, for random fences and appends', () => {
    const next = random(42);
    const alphabet = ['a', 'b', ' ', '  ', '\t', '\n', '\n\n', 'x = 1;', '#', '-', '*', '<div>', '|', '>', '1.'];
    const pick = () => alphabet[Math.floor(next() * alphabet.length)];
    let checked = 0;
    for (let round = 0; round < 600; round++) {
      const fence = next() < 0.5 ? '```' : '~~~~';
      const info = next() < 0.7 ? 'ts' : '';
      let src = `${fence}${info}\n`;
      let token = lexOne(src);
      for (let step = 0; step < 12; step++) {
        let added = '';
        const pieces = 1 + Math.floor(next() * 4);
        for (let i = 0; i < pieces; i++) added += pick();
        const extended = extendOpenFence(token, added);
        src += added;
        const expected = lexOne(src);
        expect(extended).not.toBeNull();
        expect({ raw: extended!.raw, text: extended!.text, lang: extended!.lang }).toEqual({
          raw: expected.raw,
          text: expected.text,
          lang: expected.lang,
        });
        token = expected;
        checked++;
      }
    }
    expect(checked).toBe(7200);
  });

  it('asks for a real lex when the text could close the fence, change its language or its indentation matters', () => {
    const open = lexOne('```ts\nconst a = 1;\n');
    expect(extendOpenFence(open, '```\n')).toBeNull();
    expect(extendOpenFence(open, 'a ~~~ b')).toBeNull();
    expect(extendOpenFence(lexOne('```t'), 's\nx')).toBeNull();
    expect(extendOpenFence(lexOne('  ```ts\n  a\n'), '  b\n')).toBeNull();
    expect(extendOpenFence(lexOne('    indented code\n'), 'more\n')).toBeNull();
  });

  it('matches marked on the edge cases of its fences rule', () => {
    for (const body of ['', '\n', 'a', 'a\n', 'a\n\n', '\n\n\n', 'a\n\nb', '  x\n\t y\n']) {
      expect(openFenceText(body)).toBe(lexOne('```ts\n' + body).text);
    }
  });
});
