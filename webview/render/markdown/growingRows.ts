// A streaming table or list grows at its end: its rows (items) before the last one no longer change.
// Rendering the whole block again on each markdown pass made a long one quadratic (streamed one chunk
// a frame, a 400-row table took 41x its one-shot render, a 400-item list 52x). So a pass renders only
// the rows from the first one that changed and puts them in place of the old ones.
//
// The DOM is the same as a whole render's: marked renders each table row from its cells and the
// header's alignment, and each list item from its own source and the list's looseness; those are
// the key, and a block whose key changed (or that lost rows) is rendered whole again.
//
// A long list's items sit in groups (`div.md-items`) of LIST_GROUP_ITEMS: a block container's layout walks its
// children, so with hundreds of items in one list each streamed frame laid out a walk over all of them (0.7 ms a
// frame at 1,500 items, 0.08 ms grouped; a 60 KB list streamed one chunk a frame took 9-11x the browser's floor).
// The groups are plain blocks in the list: item numbers (the list-item counter and `start`), markers and margins are
// those of one list, and for assistive technology the groups are none and the list one list (see appendGrouped).
import type { Token, Tokens } from 'marked';
import { morphNodes } from './morph';
import { SEGMENT_BLOCKS } from './segments';

/** Items in one group of a long list (the same walk as a message's blocks, see segments.ts). */
export const LIST_GROUP_ITEMS = SEGMENT_BLOCKS;
const GROUP_CLASS = 'md-items';

export interface GrowingRows {
  /** What every row's rendering depends on besides its own source. */
  key: string;
  /** Each row's (item's) source, in order. */
  rows: string[];
  /** The rendered table or list element. */
  el: Element;
}

/**
 * Each list item token's key, kept: a growing list's items before its last are the same tokens pass after pass
 * (growingList.ts), and the same string then compares at once, where a new one is compared character by character.
 */
const itemKeys = new WeakMap<Tokens.ListItem, string>();

function itemKey(item: Tokens.ListItem): string {
  let key = itemKeys.get(item);
  if (key === undefined) itemKeys.set(item, (key = `${item.loose ? 'loose' : 'tight'} ${item.raw}`));
  return key;
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
    return { key: JSON.stringify([list.ordered, list.start, list.loose]), rows: list.items.map(itemKey) };
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

/** Whether `el` is a group of a long list's items. */
export function isItemGroup(el: Element): boolean {
  return el.tagName === 'DIV' && el.classList.contains(GROUP_CLASS);
}

function isItem(node: ChildNode): node is Element {
  return node.nodeType === Node.ELEMENT_NODE && (node as Element).tagName === 'LI';
}

/** A list rendered whole: over LIST_GROUP_ITEMS items, they go into groups (nothing else stays in it). */
export function groupItems(list: Element): void {
  let count = 0;
  for (const child of Array.from(list.children)) if (child.tagName === 'LI') count++;
  if (count <= LIST_GROUP_ITEMS) return;
  const items = Array.from(list.childNodes).filter(isItem);
  list.replaceChildren();
  appendGrouped(list, items);
}

/**
 * An ordered list's numbers sit in its left padding, which fits "9." but not "10.": the digits of its last number
 * choose a wider padding (`md-digits-N` in chat.css), or the numbers from 10 on were cut off at the message's edge.
 */
export function fitNumbers(el: Element, token: Token): void {
  if (el.tagName !== 'OL' || token.type !== 'list') return;
  const list = token as Tokens.List;
  const last = (typeof list.start === 'number' ? list.start : 1) + list.items.length - 1;
  const digits = Math.min(4, String(Math.max(0, last)).length);
  const name = digits > 1 ? `md-digits-${digits}` : '';
  if (el.className !== name) {
    if (name) el.className = name;
    else el.removeAttribute('class');
  }
}

/**
 * Appends `items` to the grouped list `list`, filling its last group first. The list says it is one (`role="list"`,
 * which takes it out of the HTML rule that a list hold only items) and each group that it is none: its items are
 * the list's own, for assistive technology and for axe-core's list rules.
 */
function appendGrouped(list: Element, items: Element[]): void {
  if (list.getAttribute('role') !== 'list') list.setAttribute('role', 'list');
  let group = list.lastElementChild;
  for (const item of items) {
    if (!group || group.childElementCount >= LIST_GROUP_ITEMS) {
      group = document.createElement('div');
      group.className = GROUP_CLASS;
      group.setAttribute('role', 'none');
      list.appendChild(group);
    }
    group.appendChild(item);
  }
}

/**
 * A grouped list's items from `from` on replaced by `items`, in O(the items replaced); a list still flat is grouped
 * here, once, as it grows past LIST_GROUP_ITEMS. False when the shapes do not match.
 */
function replaceGroupedItemsFrom(list: Element, items: Element[], from: number): boolean {
  const first = list.firstElementChild;
  if (!first || !isItemGroup(first)) {
    const existing = Array.from(list.children);
    if (from > existing.length) return false;
    list.replaceChildren();
    appendGrouped(list, [...existing.slice(0, from), ...items]);
    return true;
  }
  const groups = list.children;
  const groupIndex = Math.floor(from / LIST_GROUP_ITEMS);
  const kept = from - groupIndex * LIST_GROUP_ITEMS;
  const group = groups[groupIndex];
  if (group ? kept > group.childElementCount : kept > 0 || groupIndex > groups.length) return false;
  while (groups.length > groupIndex + 1) groups[groups.length - 1]!.remove();
  const grown = group?.children[kept];
  const [freshItem, ...rest] = items;
  if (group && grown && freshItem) {
    // The item that grew is patched in place, as in replaceRowsFrom.
    while (group.childElementCount > kept + 1) group.lastElementChild!.remove();
    morphNodes([grown], [freshItem]);
    appendGrouped(list, rest);
    return true;
  }
  if (group) {
    while (group.childElementCount > kept) group.lastElementChild!.remove();
    if (kept === 0) group.remove();
  }
  appendGrouped(list, items);
  return true;
}

/**
 * Puts the rows rendered in `fresh` (a table or list element holding the rows from `from` on) in
 * place of `rows.el`'s rows from `from` on. The row at `from`, the one that grew, is patched in place
 * (morph.ts): its text so far keeps its elements, style and shaping, where a new row was styled and
 * laid out whole on every pass. False (nothing changed) when the shapes do not match.
 */
export function replaceRowsFrom(rows: GrowingRows, fresh: Element, from: number): boolean {
  if (fresh.tagName !== rows.el.tagName) return false;
  if (rows.el.tagName !== 'TABLE') {
    const items = Array.from(fresh.childNodes).filter(isItem);
    const first = rows.el.firstElementChild;
    if ((first && isItemGroup(first)) || from + items.length > LIST_GROUP_ITEMS)
      return replaceGroupedItemsFrom(rows.el, items, from);
  }
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
  const grown = existing[from];
  const freshRow = incoming.firstElementChild;
  if (grown && freshRow && grown.tagName === freshRow.tagName) {
    // The rows after it go; it takes the fresh row's content; the fresh rows after that follow it.
    while (grown.nextSibling) grown.nextSibling.remove();
    const after = siblingsAfter(freshRow);
    morphNodes([grown], [freshRow]);
    container.append(...after);
    return true;
  }
  for (let node: ChildNode | null = grown ?? null; node;) {
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

/** The siblings after `node`, in order. */
function siblingsAfter(node: ChildNode): ChildNode[] {
  const after: ChildNode[] = [];
  for (let next = node.nextSibling; next; next = next.nextSibling) after.push(next);
  return after;
}
