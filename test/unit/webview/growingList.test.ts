// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Lexer, type Token } from 'marked';
import { GROWING_LIST_MIN_ITEMS, lexGrowingList } from '../../../webview/render/markdown/growingList';
import { IncrementalMarkdown } from '../../../webview/render/markdown/markdown';

const lex = (src: string): Token[] => new Lexer().lex(src);

/**
 * Streams `text` `step` characters at a time as the incremental markdown does (each pass given the tokens of the one
 * before) and checks that every pass the growing list lexes gives exactly marked's tokens. Returns how many did.
 */
function checkEveryPrefix(text: string, step: number): number {
  let previous: Token[] = [];
  let taken = 0;
  for (let end = step; end < text.length + step; end += step) {
    const tail = text.slice(0, end);
    const whole = lex(tail);
    const grown = lexGrowingList(previous, tail, lex);
    if (grown) {
      taken++;
      expect(JSON.stringify(grown), `at ${end}: ${JSON.stringify(tail.slice(-40))}`).toBe(JSON.stringify(whole));
    }
    previous = whole;
  }
  return taken;
}

const items = (count: number, make: (i: number) => string): string =>
  Array.from({ length: count }, (_, i) => make(i)).join('');

/** A small seeded generator, so a failure names its seed. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) & 0x7fffffff;
    return state / 0x7fffffff;
  };
}

const PIECES = [
  (i: number) => `- item ${i} with *emphasis* and [a link](https://example.invalid/${i})\n`,
  (i: number) => `- [${i % 2 ? 'x' : ' '}] task ${i}\n`,
  (i: number) => `${i + 1}. ordered ${i}\n`,
  (i: number) => `${i + 1}) paren ${i}\n`,
  (i: number) => `* star ${i}\n`,
  (i: number) => `+ plus ${i}\n`,
  () => '\n',
  (i: number) => `  continued line ${i}\n`,
  (i: number) => `lazy continuation ${i}\n`,
  (i: number) => `  - nested ${i}\n`,
  () => '  ```ts\n  const x = 1;\n  ```\n',
  () => '---\n',
  (i: number) => `Paragraph ${i} after.\n\n`,
  (i: number) => `  - [ ] nested task ${i}\n`,
  (i: number) => `   - indented item ${i}\n`,
  () => '> quote\n',
  () => '| a | b |\n| - | - |\n| 1 | 2 |\n',
];

describe('a growing list is lexed from its last items, exactly as marked lexes it whole', () => {
  afterEach(() => vi.restoreAllMocks());

  it('streamed in a message, no markdown pass lexes more than its last items (a long list is not quadratic)', () => {
    const lexed: number[] = [];
    const lexOnce = Lexer.prototype.lex;
    vi.spyOn(Lexer.prototype, 'lex').mockImplementation(function (this: Lexer, src: string) {
      lexed.push(src.length);
      return lexOnce.call(this, src);
    });
    const text = items(200, (i) => `- step ${i} reads \`src/a${i}.ts\` and [its docs](https://example.invalid/${i})\n`);
    const md = new IncrementalMarkdown();
    for (let end = 7; end < text.length + 7; end += 7) md.update(text.slice(0, end));
    expect(md.el.querySelectorAll('li')).toHaveLength(200);
    // Passes after the first few lists' items lex two items and what follows, never the list (16 KB).
    expect(lexed.length).toBeGreaterThan(2000);
    expect(Math.max(...lexed.slice(200))).toBeLessThan(250);
  });

  it('a long tight list, then a paragraph after it', () => {
    const text = items(40, (i) => `- step ${i} reads \`src/a${i}.ts\`\n`) + '\nDone.\n';
    expect(checkEveryPrefix(text, 1)).toBeGreaterThan(500);
  });

  it('a loose list (a blank line between sections), its later items lexed apart as tight and made loose', () => {
    const text = items(12, (s) => items(5, (i) => `- section ${s} item ${i} [l](https://x.invalid/${i})\n`) + '\n');
    expect(checkEveryPrefix(text, 3)).toBeGreaterThan(300);
  });

  it('a loose task list: the checkbox moves into the paragraph as marked puts it', () => {
    const text = items(20, (i) => `- [${i % 3 ? ' ' : 'x'}] task ${i}\n${i % 4 === 0 ? '\n' : ''}`);
    expect(checkEveryPrefix(text, 1)).toBeGreaterThan(100);
  });

  it('an ordered list that turns loose late is lexed whole once it does, and matches', () => {
    const text = items(15, (i) => `${i + 1}. entry ${i}\n`) + '\n16. last\n17. after\n';
    expect(checkEveryPrefix(text, 1)).toBeGreaterThan(50);
  });

  it(`a list shorter than ${GROWING_LIST_MIN_ITEMS} items is lexed whole`, () => {
    const text = items(GROWING_LIST_MIN_ITEMS - 1, (i) => `- ${i}\n`);
    expect(checkEveryPrefix(text, 1)).toBe(0);
  });

  it('random lists of items, tasks, nesting, continuations, code, rules and blocks after them', () => {
    let taken = 0;
    for (let seed = 1; seed <= 30; seed++) {
      const next = random(seed);
      let text = '';
      // Mostly items of one list (bullets and tasks), with anything else between them now and then.
      for (let i = 0; i < 40; i++) text += PIECES[Math.floor(next() * (next() < 0.8 ? 2 : PIECES.length))]!(i);
      taken += checkEveryPrefix(text, 1 + Math.floor(next() * 7));
    }
    expect(taken).toBeGreaterThan(5000);
  });
});
