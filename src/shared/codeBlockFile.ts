// "Apply to file" on a code block of an agent's answer: which file a fenced block names, and finding
// that block again on the host. The webview shows the button and sends the entry id, the path and a
// key of the content it showed; the host takes the content from its own copy of the entry (a message
// from the webview never carries the text to write) and writes it only if the key matches.
import { Lexer, type Tokens } from 'marked';
import { fnv1a } from './hash';

/** Longer paths are not file names an agent would write in a fence. */
const MAX_PATH = 512;
/** The host lexes at most this much of an entry's text to find the block again (bounds a click on a huge answer). */
export const MAX_APPLY_SCAN_CHARS = 2 * 1024 * 1024;

/**
 * The file a fence's info string names, or null for a language only. The forms agents write:
 * "ts src/a.ts", "ts:src/a.ts", "src/a.ts", "src/a.ts#L3-9" (Zed), "ts title=\"src/a.ts\"",
 * "python filename=a.py" (also path= / file=). A name is a path with a folder or an extension; URLs,
 * `~`, control characters and anything with quotes or spaces left in it are not.
 */
export function fileNamedByFence(info: string | undefined): string | null {
  const text = (info ?? '').trim();
  if (text.length === 0 || text.length > MAX_PATH + 64) return null;
  const attribute = /(?:^|\s)(?:title|filename|file|path)=(?:"([^"]*)"|'([^']*)'|(\S+))/.exec(text);
  if (attribute) return plainPath(attribute[1] ?? attribute[2] ?? attribute[3] ?? '');
  const words = text.split(/\s+/);
  const first = words[0] ?? '';
  const colon = /^[A-Za-z0-9_+#-]+:(.+)$/.exec(first);
  if (colon && !/^[A-Za-z]:[\\/]/.test(first)) return plainPath(colon[1] ?? '');
  if (words.length === 1) return plainPath(first);
  return words.length === 2 ? plainPath(words[1] ?? '') : null;
}

function plainPath(candidate: string): string | null {
  const path = candidate.replace(/#L\d+(?:-L?\d+)?$/, '');
  if (path.length === 0 || path.length > MAX_PATH) return null;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (/[\s"'`<>|*?{}\u0000-\u001f\u007f]/.test(path)) return null;
  if (/^[A-Za-z][A-Za-z0-9+.-]+:/.test(path) || path.startsWith('~')) return null; // a URL or a home path
  const base = path.split(/[\\/]/).pop() ?? '';
  const hasFolder = /[\\/]/.test(path) && base.length > 0;
  const hasExtension = /^[^.].*\.[A-Za-z0-9]{1,10}$/.test(base);
  return hasFolder || hasExtension ? path : null;
}

/** A short key of a block's content (FNV-1a over the UTF-16 units, with the length): equal text, equal key. */
export function codeKey(content: string): string {
  return `${content.length.toString(36)}-${fnv1a(content).toString(36)}`;
}

/** The file a top-level token names: a closed fenced code block only (a streaming one is not offered). */
export function namedFence(token: {
  type: string;
  raw: string;
  lang?: string;
  codeBlockStyle?: string;
}): string | null {
  if (token.type !== 'code' || token.codeBlockStyle === 'indented' || isOpenFence(token)) return null;
  return fileNamedByFence(token.lang);
}

/**
 * Whether a top-level token is a fenced code block whose closing fence has not arrived yet. Looks at
 * its first and last lines only: it runs on every frame of a streaming block, however long.
 */
export function isOpenFence(token: { type: string; raw: string; codeBlockStyle?: string }): boolean {
  if (token.type !== 'code' || token.codeBlockStyle === 'indented') return false;
  const raw = token.raw.trimEnd();
  const firstEnd = raw.indexOf('\n');
  const opening = /^ {0,3}(`{3,}|~{3,})/.exec(firstEnd === -1 ? raw : raw.slice(0, firstEnd))?.[1];
  if (!opening) return false;
  const closing =
    firstEnd === -1 ? undefined : /^ {0,3}(`{3,}|~{3,})\s*$/.exec(raw.slice(raw.lastIndexOf('\n') + 1))?.[1];
  return !(closing && closing[0] === opening[0] && closing.length >= opening.length);
}

/**
 * The content of the top-level fenced block in `texts` (a message's text parts) that names `path`
 * and whose content has `key`; null when there is none (the answer changed, or the message came from
 * elsewhere).
 */
export function findNamedCodeBlock(texts: readonly string[], path: string, key: string): string | null {
  let budget = MAX_APPLY_SCAN_CHARS;
  for (const text of texts) {
    if (text.length > budget) return null;
    budget -= text.length;
    for (const token of new Lexer().lex(text)) {
      if (token.type !== 'code') continue;
      const code = token as Tokens.Code;
      if (namedFence(code) === path && codeKey(code.text) === key) return code.text;
    }
  }
  return null;
}
