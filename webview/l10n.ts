// The webview's user-visible strings, localised as the extension host's are: `t('English text', ...args)`
// looks the English text up in the bundle VS Code loaded for the display language (`vscode.l10n.bundle`,
// which the host puts in the page: src/chat/html.ts) and fills `{0}`, `{1}`... like `vscode.l10n.t`. With
// no bundle (English, or the unit tests) the English text is the answer. `l10n/bundle.l10n.json` lists every
// string for translators; a unit test keeps it equal to the strings the code passes to `t` and finds any
// user-visible literal that does not go through `t` (test/unit/architecture/l10nStrings.test.ts).
//
// One table for the page's lifetime, read when this module loads (before the modules that import it build
// their labels): the display language cannot change without reloading the webview.

import { L10N_META } from '../src/shared/l10n';

let strings: Readonly<Record<string, string>> = readBundle();

function readBundle(): Record<string, string> {
  if (typeof document === 'undefined') return {};
  const content = document.querySelector(`meta[name="${L10N_META}"]`)?.getAttribute('content');
  return content ? parseBundle(content) : {};
}

/** The bundle's string entries; anything else in the JSON (or JSON that does not parse) is ignored. */
export function parseBundle(json: string): Record<string, string> {
  try {
    const value: unknown = JSON.parse(json);
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
    const out: Record<string, string> = Object.create(null) as Record<string, string>;
    for (const [key, text] of Object.entries(value)) if (typeof text === 'string') out[key] = text;
    return out;
  } catch {
    return {};
  }
}

/** For tests: the bundle a display language would bring. */
export function setL10nBundle(bundle: Record<string, string>): void {
  strings = bundle;
}

/** The localised `message` with `{n}` replaced by `args[n]` (a missing argument leaves `{n}` as it is). */
export function t(message: string, ...args: Array<string | number>): string {
  const text = Object.prototype.hasOwnProperty.call(strings, message) ? strings[message]! : message;
  if (args.length === 0) return text;
  return text.replace(/\{(\d+)\}/g, (match, index: string) => {
    const arg = args[Number(index)];
    return arg === undefined ? match : String(arg);
  });
}
