// Webview entry point (bundled to dist/webview.js): connects the chat app to VS Code's webview
// messaging and keeps the composer draft across reloads of the view.
import type { HostToWebview, WebviewToHost } from '../src/shared/messages';
import { createChatApp } from './app';
// xterm's own stylesheet; esbuild emits it as dist/webview.css, linked by src/chat/html.ts.
import '@xterm/xterm/css/xterm.css';

interface SavedState {
  draft?: string;
}

interface VsCodeApi {
  postMessage(msg: WebviewToHost): void;
  getState(): SavedState | undefined;
  setState(state: SavedState): void;
}

declare function acquireVsCodeApi(): VsCodeApi;

const vscode = acquireVsCodeApi();
const root = document.getElementById('root') ?? document.body.appendChild(document.createElement('div'));
const app = createChatApp(root, (msg) => vscode.postMessage(msg), {
  initialDraft: vscode.getState()?.draft ?? '',
  onDraftChange: (draft) => vscode.setState({ draft }),
});
window.addEventListener('message', (event: MessageEvent<HostToWebview>) => {
  const msg = event.data;
  if (msg && typeof msg === 'object' && typeof msg.type === 'string') app.receive(msg);
});
vscode.postMessage({ type: 'ready' });
