// The open fenced code block at the end of a streaming message, extended without lexing it again.
// While an agent streams a long file inside a fence, the fence is the whole open tail: lexing it
// on every frame costs O(block) each time (marked runs its fence expression over all of it), so a
// long block streamed in small chunks cost O(n^2). Text that contains no backtick and no tilde
// cannot close a fence or change its info string once the opening line is complete, so the token
// marked would produce is the old one with the text appended; this computes it the way marked's
// fences rule does (checked against marked's lexer in test/unit/webview/openFence.test.ts).
import type { Tokens } from 'marked';

/** The token marked gives for `token.raw + added`, or null when that needs a real lex. */
export function extendOpenFence(token: Tokens.Code, added: string): Tokens.Code | null {
  if (token.codeBlockStyle === 'indented') return null;
  const first = token.raw.charAt(0);
  // An indented fence has its content's indentation removed line by line: lex it properly.
  if (first !== '`' && first !== '~') return null;
  const openingEnd = token.raw.indexOf('\n');
  if (openingEnd === -1) return null; // the info string (language) may still be growing
  if (added.includes('`') || added.includes('~') || added.includes('\r')) return null;
  const raw = token.raw + added;
  return { ...token, raw, text: openFenceText(raw.slice(openingEnd + 1)) };
}

/**
 * marked's text for an unclosed fence whose content (after the opening line) is `body`: the
 * content without its final newline, with one added back when what is left is empty or itself
 * ends with a newline (its fences rule: a lazy capture up to a newline or the end, then "\n").
 */
export function openFenceText(body: string): string {
  if (body === '') return '';
  const captured = body.endsWith('\n') ? body.slice(0, -1) : body;
  return captured === '' || captured.endsWith('\n') ? `${captured}\n` : captured;
}
