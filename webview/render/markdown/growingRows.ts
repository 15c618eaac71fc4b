// A streaming table or list grows at its end: its rows (items) before the last one no longer change.
// Rendering the whole block again on each markdown pass made a long one quadratic (streamed one chunk
// a frame, a 400-row table took 41x its one-shot render, a 400-item list 52x). So a pass renders only
// the rows from the first one that changed and puts them in place of the old ones.
//
// The DOM is the same as a whole render's: marked renders each table row from its cells and the
// header's alignment, and each list item from its own source and the list's looseness; those are
// the key, and a block whose key changed (or that lost rows) is rendered whole again.
import type { Token, Tokens } from 'marked';

export interface GrowingRows {
  /** What every row's rendering depends on besides its own source. */
  key: string;
  /** Each row's (item's) source, in order. */
  rows: string[];
  /** The rendered table or list element. */
  el: Element;
}

/** The rows of a table or list token, and what their rendering depends on; null for other tokens. */
export function describeRows(token: Token): { key: string; rows: string[] } | null {
  if (token.type === 'table') {
    const table = token as Tokens.Table;
    return {
      key: JSON.stringify([table.align, table.header.map((cell) => cell.text)]),
      rows: table.rows.map((row) => JSON.stringify(row.map((cell) => cell.text))),
    };
  }
  if (token.type === 'list') {
    const list = token as Tokens.List;
    return {
      key: JSON.stringify([list.ordered, list.start, list.loose]),
      rows: list.items.map((item) => `${item.loose ? 'loose' : 'tight'} ${item.raw}`),
    };
  }
  return null;
}

/** The same table or list with only its rows from `from` on (what a pass renders). */
export function rowsFrom(token: Token, from: number): Token {
  // A table's cells carry their own alignment: the header is not rendered again (its row is not taken).
  if (token.type === 'table')
    return { ...token, header: [], rows: (token as Tokens.Table).rows.slice(from) } as Tokens.Table;
  return { ...token, items: (token as Tokens.List).items.slice(from) } as Tokens.List;
}

/** The element rows sit in: a table's tbody (null while it has none), a list itself. */
function rowContainer(el: Element): Element | null {
  if (el.tagName !== 'TABLE') return el;
  for (const child of Array.from(el.children)) if (child.tagName === 'TBODY') return child;
  return null;
}

/**
 * Puts the rows rendered in `fresh` (a table or list element holding the rows from `from` on) in
 * place of `rows.el`'s rows from `from` on. False (nothing changed) when the shapes do not match.
 */
export function replaceRowsFrom(rows: GrowingRows, fresh: Element, from: number): boolean {
  if (fresh.tagName !== rows.el.tagName) return false;
  const incoming = rowContainer(fresh);
  const container = rowContainer(rows.el);
  if (!incoming) return false;
  if (!container) {
    // The table had no rows yet: its tbody comes whole, where a whole render puts it (last).
    if (from !== 0) return false;
    rows.el.appendChild(incoming);
    return true;
  }
  const existing = container.children;
  if (from > existing.length) return false;
  for (let node: ChildNode | null = existing[from] ?? null; node;) {
    const next: ChildNode | null = node.nextSibling;
    node.remove();
    node = next;
  }
  const nodes = Array.from(incoming.childNodes);
  // A list starts with a newline text node before its first item (one is already there).
  if (container === rows.el && nodes[0]?.nodeType === Node.TEXT_NODE) nodes.shift();
  container.append(...nodes);
  return true;
}
