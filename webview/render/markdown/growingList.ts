// A list at the end of a streaming message grows by its last items, but it stays the open tail until a block
// follows it, and lexing the tail again on each markdown pass lexed the whole list: a long list streamed slowly
// cost O(n^2) in marked's list and inline rules (about a third of a 60 KB list's streaming time). So the list is
// lexed again from its second-to-last item on, and the items before are kept as they were lexed.
//
// What an item lexes to depends on its own text and on the list's looseness alone (marked's list rule): text after
// an item can end the item or the list, or make the list loose, but cannot change how an earlier item parses.
// Looseness is the one property of the whole list: a list the new items make loose is lexed whole (once, when it
// turns loose), and items lexed apart as tight in a list already loose are made loose as marked makes them. The
// second-to-last item is lexed again with the last, so that the blank line between them, which is what makes a list
// loose, is seen. test/unit/webview/growingList.test.ts checks every prefix of many lists against marked's lexer.
import type { Token, Tokens } from 'marked';

/** Shorter lists are lexed whole: the saving is small, and a short list often changes shape (it may turn loose). */
export const GROWING_LIST_MIN_ITEMS = 8;

/**
 * The tokens marked gives for `tail`, when `previous` (the tokens of the text `tail` extends) end with a long list:
 * the list's items but the last two kept, the rest lexed by `lex`. Null when a whole lex is needed.
 */
export function lexGrowingList(
  previous: readonly Token[],
  tail: string,
  lex: (src: string) => Token[],
): Token[] | null {
  const list = previous.at(-1);
  if (list?.type !== 'list') return null;
  const { items, ordered, loose } = list as Tokens.List;
  if (items.length < GROWING_LIST_MIN_ITEMS) return null;
  let listStart = 0;
  for (let i = 0; i < previous.length - 1; i++) listStart += previous[i]!.raw.length;
  const keep = items.length - 2;
  let subStart = listStart;
  for (let i = 0; i < keep; i++) subStart += items[i]!.raw.length;
  // `tail` extends the text `previous` was lexed from (not compared: that would copy a long list's text each pass).
  if (subStart > tail.length) return null;
  const fresh = lex(tail.slice(subStart));
  const first = fresh[0] as Tokens.List | undefined;
  if (first?.type !== 'list' || first.ordered !== ordered || (first.loose && !loose)) return null;
  if (loose && !first.loose) for (const item of first.items) makeLoose(item);
  const merged: Tokens.List = {
    ...(list as Tokens.List),
    raw: tail.slice(listStart, subStart) + first.raw,
    items: [...items.slice(0, keep), ...first.items],
  };
  return [...previous.slice(0, -1), merged, ...fresh.slice(1)];
}

/** What marked's list rule does to the items of a loose list: paragraphs, and a task's checkbox inside the first. */
function makeLoose(item: Tokens.ListItem): void {
  item.loose = true;
  const box = item.task && item.tokens[0]?.type === 'checkbox' ? (item.tokens.shift() as Tokens.Checkbox) : null;
  if (box) {
    const head = item.tokens[0];
    if (head && (head.type === 'paragraph' || head.type === 'text') && 'tokens' in head && head.tokens) {
      head.raw = box.raw + head.raw;
      head.text = box.raw + (head.text as string);
      head.tokens.unshift(box);
    } else item.tokens.unshift({ type: 'paragraph', raw: box.raw, text: box.raw, tokens: [box] });
  }
  for (const token of item.tokens) if (token.type === 'text') token.type = 'paragraph';
}
