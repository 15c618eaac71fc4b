// Where the incremental markdown (markdown.ts) may freeze the blocks before a point. A boundary is
// "safe" when no later text can change how the blocks before it parse:
//   - it lies between two top-level tokens of marked's lexer (not after the last token, which
//     may still grow: an open paragraph, list, table or unclosed code fence);
//   - the text before it ends with a blank line (lists, block quotes and tables can continue
//     on the very next line; after a blank line only indented text continues a list);
//   - the text after it starts with a non-blank character (so it is not an indented
//     continuation of the previous list item or an indented code block).
// An unclosed code fence runs to the end of the text, so it is always the last token.
import type { Token } from 'marked';

/** The number of leading tokens (and their characters) that can be frozen safely. */
export function safeBoundary(src: string, tokens: Token[]): { count: number; chars: number } {
  let offset = 0;
  let best = { count: 0, chars: 0 };
  for (let i = 0; i < tokens.length - 1; i++) {
    offset += tokens[i]!.raw.length;
    const blankLineBefore = src.charCodeAt(offset - 1) === 10 && src.charCodeAt(offset - 2) === 10;
    const next = src.charAt(offset);
    if (blankLineBefore && next !== '' && !/\s/.test(next)) best = { count: i + 1, chars: offset };
  }
  // If the tokens do not tile the source exactly, we cannot map them back to offsets: freeze nothing.
  if (best.count > 0) {
    let total = 0;
    for (const token of tokens) total += token.raw.length;
    if (
      total !== src.length ||
      src.slice(0, best.chars) !==
        tokens
          .slice(0, best.count)
          .map((t) => t.raw)
          .join('')
    ) {
      return { count: 0, chars: 0 };
    }
  }
  return best;
}
