// The one place agent strings become UI text (tool titles, permission option names, paths,
// plan entries, commands, mode/model/config names, terminal command lines, the agent's name, diff
// rows, elicitation forms), in the webview and in the host's messages that quote an agent.
// Text direction overrides and isolates (U+202A-202E, U+2066-2069), zero-width and other
// invisible format characters, line/paragraph separators, Unicode tag characters (invisible
// ASCII look-alikes used to smuggle text) and control characters are shown as ⟨U+202E⟩, so
// a title cannot render reversed ("txt.exe" shown as "exe.txt") or hide words the user never
// sees. Anything not a string (agent data is not trusted to match its type) becomes text too.

/* eslint-disable no-control-regex, no-misleading-character-class -- these patterns exist to find control,
   invisible and combining characters (variation selectors included), so they must name them */
/** Characters that change how the text around them looks, or do not show at all. */
const INVISIBLE =
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u00AD\u061C\u115F\u1160\u180E\u200B-\u200F\u2028-\u202E\u2060-\u206F\u3164\uFE00-\uFE0E\uFEFF\uFFA0\uFFF9-\uFFFB\u{1D173}-\u{1D17A}\u{E0000}-\u{E007F}\u{E0100}-\u{E01EF}]/u;
const INVISIBLE_ALL = new RegExp(INVISIBLE.source, 'gu');
/** The same, plus line breaks and tabs: for one-line labels. */
const INVISIBLE_OR_BREAK = new RegExp(`${INVISIBLE.source.slice(0, -1)}\\t\\n\\r]`, 'gu');
/* eslint-enable no-control-regex, no-misleading-character-class */

export interface VisibleTextOptions {
  /** Keep "\n", "\r" and "\t" as they are (stderr, error messages). Default: a one-line label, "\n" shown as ⏎. */
  multiline?: boolean;
  /** Longer text is cut with "…" (labels can be megabytes of agent text). Default 10,000. */
  maxLength?: number;
}

/** `value` as text the user can read exactly: see the header. */
export function visibleText(value: unknown, options: VisibleTextOptions = {}): string {
  let text = asText(value);
  const limit = options.maxLength ?? 10_000;
  if (text.length > limit) text = `${text.slice(0, limit)}…`;
  const pattern = options.multiline ? INVISIBLE_ALL : INVISIBLE_OR_BREAK;
  pattern.lastIndex = 0;
  // Most labels are plain: test once, and copy only when something must be shown.
  if (!pattern.test(text)) return text;
  pattern.lastIndex = 0;
  return text.replace(pattern, codePointLabel);
}

/** A string as is; a number or boolean as written; anything else (objects, null) as empty. */
export function asText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  return '';
}

function codePointLabel(char: string): string {
  if (char === '\n') return '⏎';
  if (char === '\t') return ' ';
  return `⟨U+${(char.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}⟩`;
}
