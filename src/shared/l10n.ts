// Where the chat webview's strings travel: the host puts `vscode.l10n.bundle` (the display language's strings,
// none for English) as JSON in this `<meta>` of the page (src/chat/html.ts); webview/l10n.ts reads it.
export const L10N_META = 'switchboard-l10n';
