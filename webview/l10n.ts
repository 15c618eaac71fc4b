// The webview's user-visible strings go through the one `t` of src/shared/l10n.ts, which pure code shown
// here (capability sentences, form checks) uses too. This module installs the display language's strings
// from the page (the host put `vscode.l10n.bundle` in a `<meta>`: src/chat/html.ts) when it loads, before
// the modules that import it build their labels: the display language cannot change without reloading the
// webview.

import { L10N_META, parseBundle, setTranslations, t } from '../src/shared/l10n';

setTranslations(readBundle());

function readBundle(): Record<string, string> {
  if (typeof document === 'undefined') return {};
  const content = document.querySelector(`meta[name="${L10N_META}"]`)?.getAttribute('content');
  return content ? parseBundle(content) : {};
}

/** For tests: the bundle a display language would bring. */
export const setL10nBundle = setTranslations;

export { parseBundle, t };
