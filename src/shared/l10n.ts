// Localisation of the strings a user reads, wherever they are made. `t('English text', ...args)` looks the
// English text up in the display language's strings (VS Code's `vscode.l10n.bundle`; none for English) and
// fills `{0}`, `{1}`... as `vscode.l10n.t` does; with no translations the English text is the answer.
// `l10n/bundle.l10n.json` lists every message for translators; a unit test keeps it equal to the messages
// the code passes to `t` and names any user-visible literal that does not go through it
// (test/unit/architecture/l10nStrings.test.ts).
//
// Pure code (failure cards, notices, settings errors, capability sentences) runs both in the extension host
// and in the webview, so the translations are installed once per process rather than passed to every
// function: by the extension at activation (src/extension.ts) and by the webview from its page
// (webview/l10n.ts). The display language cannot change without a reload of either, as with vscode.l10n.

/** Where the chat webview's strings travel: the host puts the bundle as JSON in this `<meta>` of the page. */
export const L10N_META = 'switchboard-l10n';

let translations: Readonly<Record<string, string>> = {};

/** The display language's strings (English: none). */
export function setTranslations(bundle: Readonly<Record<string, string>> | undefined): void {
  translations = bundle ?? {};
}

/** The localised `message` with `{n}` replaced by `args[n]` (a missing argument leaves `{n}` as it is). */
export function t(message: string, ...args: Array<string | number>): string {
  const text = Object.prototype.hasOwnProperty.call(translations, message) ? translations[message]! : message;
  if (args.length === 0) return text;
  return text.replace(/\{(\d+)\}/g, (match, index: string) => {
    const arg = args[Number(index)];
    return arg === undefined ? match : String(arg);
  });
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
