// The chat webview's HTML: a root element, the stylesheet and the script, under a strict CSP.
// A fresh nonce per render means only our own <script>/<style> elements run: no inline handlers,
// no 'unsafe-inline', no eval. Pure (no vscode) so the policy is unit-tested.
import { randomBytes } from 'node:crypto';
import { L10N_META } from '../shared/l10n';

export interface ChatHtmlInput {
  /** webview.cspSource: the origin VS Code serves local resources from. */
  cspSource: string;
  nonce: string;
  /** webview.asWebviewUri(...) of dist/webview.js and media/chat.css, as strings. */
  scriptUri: string;
  styleUri: string;
  /** More stylesheets served from cspSource (dist/webview.css: the terminal cards' xterm styles). */
  extraStyleUris?: string[];
  /** `vscode.l10n.bundle`: the display language's strings (none for English); the webview's t() reads them. */
  l10n?: Readonly<Record<string, string>>;
  /** `vscode.env.language`, for the page's lang (screen readers pick their voice by it). */
  language?: string;
  /** Which page the bundle boots (webview/main.ts): the chat, or the comparison view of "Compare Agents". */
  page?: 'compare';
}

export function createNonce(): string {
  return randomBytes(18).toString('base64');
}

/**
 * Nothing the agent writes may make the webview send a request: a prompt-injected agent could
 * put what it read into an image URL, fetched the moment the message renders. So images come
 * only from the extension (cspSource: our icons) and from data: URLs (bytes the agent already
 * sent, ACP image blocks; no request leaves), never from https:. The rest is listed even where
 * `default-src 'none'` already covers it, so the policy says what it means and tests check it;
 * form-action and base-uri are not covered by default-src at all. Remote images in agent
 * markdown are placeholders the user can open in the browser (webview/render/markdown/agentImages.ts).
 */
export function contentSecurityPolicy(cspSource: string, nonce: string): string {
  return (
    [
      `default-src 'none'`,
      `style-src ${cspSource} 'nonce-${nonce}'`,
      `script-src 'nonce-${nonce}'`,
      `img-src ${cspSource} data:`,
      `font-src ${cspSource}`,
      `media-src 'none'`,
      `connect-src 'none'`,
      `frame-src 'none'`,
      `child-src 'none'`,
      `worker-src 'none'`,
      `object-src 'none'`,
      `manifest-src 'none'`,
      `form-action 'none'`,
      `base-uri 'none'`,
    ].join('; ') + ';'
  );
}

export function buildChatHtml(input: ChatHtmlInput): string {
  const nonce = escapeAttribute(input.nonce);
  return `<!DOCTYPE html>
<html lang="${escapeAttribute(/^[A-Za-z]{2,8}(-[A-Za-z0-9]{1,8})*$/.test(input.language ?? '') ? input.language! : 'en')}">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${escapeAttribute(contentSecurityPolicy(input.cspSource, input.nonce))}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<meta name="${L10N_META}" content="${escapeAttribute(JSON.stringify(input.l10n ?? {}))}">
<link rel="stylesheet" nonce="${nonce}" href="${escapeAttribute(input.styleUri)}">
${(input.extraStyleUris ?? []).map((uri) => `<link rel="stylesheet" nonce="${nonce}" href="${escapeAttribute(uri)}">`).join('\n')}
<title>Switchboard</title>
</head>
<body${input.page === 'compare' ? ' data-page="compare"' : ''}>
<div id="root"></div>
<script nonce="${nonce}" src="${escapeAttribute(input.scriptUri)}"></script>
</body>
</html>`;
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
