// Markdown marked cannot render in reasonable time, or at all. marked's parsers recurse once per
// level of nesting: 3 KB of ">" overflows the stack, and 2,000 nested emphasis spans take about
// two seconds before they do (the cost grows with the square of the depth). Agent text that
// nests deeper than any real answer does is shown as plain text instead (markdown.ts), which is
// found by one pass over the text before it is lexed:
//   - container depth: ">" and list markers opening one line (legitimate answers nest a few);
//   - list indentation: a list item indented more than MAX_LIST_INDENT columns;
//   - emphasis depth: `*` / `_` runs that open more spans than close, within one paragraph,
//     outside code fences (C code in a fence is full of `*p`);
//   - HTML depth: tags opened and not closed within one paragraph (the DOM parser and morph.ts
//     walk nesting too; a browser flattens past 512 levels, jsdom takes seconds at 3,000).

import type { Token } from 'marked';

export const MAX_CONTAINER_DEPTH = 32;
export const MAX_LIST_INDENT = 128;
export const MAX_EMPHASIS_DEPTH = 64;
export const MAX_HTML_DEPTH = 100;

/** Elements without a closing tag: they do not nest. */
const VOID_TAG = /^(?:area|base|br|col|embed|hr|img|input|link|meta|param|source|track|wbr)$/i;

const SPACE = 32;
const TAB = 9;
const NEWLINE = 10;

/** True when `src` nests deeper than the limits above (see the header). O(length), no allocation. */
export function nestsTooDeep(src: string): boolean {
  const length = src.length;
  let emphasis = 0;
  let html = 0;
  /** The open code fence's character and length (0: none). */
  let fenceChar = 0;
  let fenceLength = 0;
  let i = 0;
  while (i < length) {
    // Line start: indentation, then containers (">" and list markers), then a fence or a blank line.
    let column = 0;
    while (i < length && (src.charCodeAt(i) === SPACE || src.charCodeAt(i) === TAB))
      column += src.charCodeAt(i++) === TAB ? 4 : 1;
    if (i >= length) break;
    if (src.charCodeAt(i) === NEWLINE) {
      emphasis = 0; // a blank line ends the paragraph (and an HTML block, or the inline HTML in it)
      html = 0;
      i++;
      continue;
    }
    const fence = fenceAt(src, i);
    if (fence && (fenceChar === 0 ? column < 4 : fence.char === fenceChar && fence.length >= fenceLength)) {
      [fenceChar, fenceLength] = fenceChar === 0 ? [fence.char, fence.length] : [0, 0];
      i = lineEnd(src, i) + 1;
      continue;
    }
    if (fenceChar !== 0) {
      i = lineEnd(src, i) + 1;
      continue;
    }
    let containers = 0;
    for (;;) {
      const marker = containerMarker(src, i);
      if (marker === 0) break;
      if (src.charCodeAt(i) !== 62 /* > */ && column > MAX_LIST_INDENT) return true;
      if (++containers > MAX_CONTAINER_DEPTH) return true;
      i += marker;
      while (i < length && (src.charCodeAt(i) === SPACE || src.charCodeAt(i) === TAB)) i++;
    }
    // The rest of the line: emphasis runs.
    const end = lineEnd(src, i);
    for (; i < end; i++) {
      const code = src.charCodeAt(i);
      if (code === 60 /* < */) {
        const tag = tagAt(src, i + 1);
        if (tag === 'close') html = Math.max(0, html - 1);
        else if (tag !== null && !VOID_TAG.test(tag) && ++html > MAX_HTML_DEPTH) return true;
        continue;
      }
      if (code !== 42 /* * */ && code !== 95 /* _ */) continue;
      const before = i === 0 ? NEWLINE : src.charCodeAt(i - 1);
      while (i + 1 < end && src.charCodeAt(i + 1) === code) i++;
      const after = i + 1 < length ? src.charCodeAt(i + 1) : NEWLINE;
      const opens = !isSpace(after) && (isSpace(before) || isPunctuation(before));
      const closes = !isSpace(before) && (isSpace(after) || isPunctuation(after));
      if (opens && !closes && ++emphasis > MAX_EMPHASIS_DEPTH) return true;
      if (closes && !opens && emphasis > 0) emphasis--;
    }
    i = end + 1;
  }
  return false;
}

/** At `i` (after a "<"): the name of an opening tag, 'close' for a closing one, or null. */
function tagAt(src: string, i: number): string | null {
  if (src.charCodeAt(i) === 47 /* / */) return isLetter(src.charCodeAt(i + 1)) ? 'close' : null;
  let j = i;
  while (j < i + 16 && (isLetter(src.charCodeAt(j)) || (j > i && src.charCodeAt(j) >= 48 && src.charCodeAt(j) <= 57)))
    j++;
  return j > i ? src.slice(i, j) : null;
}

function isLetter(code: number): boolean {
  return (code >= 65 && code <= 90) || (code >= 97 && code <= 122);
}

function lineEnd(src: string, from: number): number {
  const end = src.indexOf('\n', from);
  return end === -1 ? src.length : end;
}

/** The length of a container marker at `i` (">" or a list marker and the space after it), or 0. */
function containerMarker(src: string, i: number): number {
  const code = src.charCodeAt(i);
  if (code === 62) return 1;
  const next = src.charCodeAt(i + 1);
  if ((code === 45 || code === 43 || code === 42) && (next === SPACE || next === TAB)) return 1; // - + *
  let j = i;
  while (j < i + 9 && src.charCodeAt(j) >= 48 && src.charCodeAt(j) <= 57) j++;
  if (
    j > i &&
    (src.charCodeAt(j) === 46 || src.charCodeAt(j) === 41) &&
    (src.charCodeAt(j + 1) === SPACE || src.charCodeAt(j + 1) === TAB)
  )
    return j - i + 1;
  return 0;
}

function fenceAt(src: string, i: number): { char: number; length: number } | null {
  const char = src.charCodeAt(i);
  if (char !== 96 && char !== 126) return null; // ` ~
  let j = i;
  while (src.charCodeAt(j) === char) j++;
  return j - i >= 3 ? { char, length: j - i } : null;
}

function isSpace(code: number): boolean {
  return code === SPACE || code === TAB || code === NEWLINE || code === 13 || Number.isNaN(code);
}

function isPunctuation(code: number): boolean {
  return (
    (code >= 33 && code <= 47) ||
    (code >= 58 && code <= 64) ||
    (code >= 91 && code <= 96) ||
    (code >= 123 && code <= 126)
  );
}

/** The type of the token standing for text shown as is (never one of marked's). */
export const PLAIN = 'switchboard-plain';

export function plainToken(raw: string): Token {
  return { type: PLAIN, raw } as unknown as Token;
}

/** Markdown shown as the text it is (our element, built after sanitising: text stays text). */
export function plainBlock(raw: string): HTMLElement {
  const el = document.createElement('p');
  el.className = 'markdown-plain';
  el.textContent = raw;
  return el;
}
