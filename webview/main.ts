// Webview entry point (bundled to dist/webview.js): boots the page the host asked for (src/chat/html.ts sets
// `data-page` on the body): the comparison view of "Compare Agents" (webview/compare/), or the chat. For the chat it
// connects the chat app to VS Code's webview messaging and keeps what the webview must find again after a reload in VS Code's webview state:
// the composer draft, the chat it shows (an editor tab's serializer reads `threadId` to give
// the tab its chat back, src/vscode/chat/chatPanels.ts), where each chat was scrolled and which
// subagent cards show their work. Hiding the view and showing it again builds the webview anew: the
// state is what it finds again then too.
import type { CompareFromWebview, CompareToWebview } from '../src/shared/compare';
import type { HostToWebview, WebviewToHost } from '../src/shared/messages';
import { createChatApp } from './app';
import { createCompareApp } from './compare/app';
import { installFocusLanding } from './focusLanding';
import { readAnchors, rememberAnchor, type ScrollAnchor } from './scrollAnchors';
import { UnfoldedCards } from './unfoldedCards';
// xterm's own stylesheet; esbuild emits it as dist/webview.css, linked by src/chat/html.ts.
import '@xterm/xterm/css/xterm.css';

interface SavedState {
  /** The comparison view's comparison (its tab's serializer reads it). */
  comparisonId?: string;
  draft?: string;
  threadId?: string;
  /** Each chat's scroll position (webview/scrollAnchors.ts). */
  scroll?: Record<string, ScrollAnchor>;
  /** The subagent cards that show their work, as [threadId, sessionId] (webview/unfoldedCards.ts). */
  unfolded?: unknown;
}

interface VsCodeApi {
  postMessage(msg: WebviewToHost | CompareFromWebview): void;
  getState(): SavedState | undefined;
  setState(state: SavedState): void;
}

declare function acquireVsCodeApi(): VsCodeApi;

const vscode = acquireVsCodeApi();
let saved: SavedState = { ...vscode.getState() };
const save = (change: SavedState): void => {
  saved = { ...saved, ...change };
  vscode.setState(saved);
};
const root = document.getElementById('root') ?? document.body.appendChild(document.createElement('div'));
if (document.body.dataset.page === 'compare') bootCompare();
else bootChat();

/** The comparison view: it keeps its follow-up draft and which comparison it shows. */
function bootCompare(): void {
  const app = createCompareApp(root, (msg) => vscode.postMessage(msg), {
    initialDraft: saved.draft ?? '',
    onDraftChange: (draft) => save({ draft }),
  });
  installFocusLanding(window, () => app.focusFollowUp());
  window.addEventListener('message', (event: MessageEvent<CompareToWebview>) => {
    app.receive(event.data);
    // The tab's serializer finds its comparison again by this id after a reload (src/vscode/compare/comparisons.ts).
    const id = event.data?.type === 'compareView' ? event.data.view?.id : undefined;
    if (typeof id === 'string' && id !== saved.comparisonId) save({ comparisonId: id });
  });
  vscode.postMessage({ type: 'compareReady' });
}

function bootChat(): void {
  // Read back bounded: the saved state is whatever the last webview wrote.
  const anchors = readAnchors(saved.scroll);
  const unfolded = new UnfoldedCards(saved.unfolded, (pairs) => save({ unfolded: pairs }));
  const app = createChatApp(root, (msg) => vscode.postMessage(msg), {
    initialDraft: saved.draft ?? '',
    onDraftChange: (draft) => save({ draft }),
    scroll: {
      get: (threadId) => anchors.get(threadId),
      set: (threadId, anchor) => {
        rememberAnchor(anchors, threadId, anchor);
        save({ scroll: Object.fromEntries(anchors) });
      },
    },
    unfolded,
  });
  installFocusLanding(window, () => app.renderer.focusComposer());
  window.addEventListener('message', (event: MessageEvent<HostToWebview>) => {
    const msg = event.data;
    if (!msg || typeof msg !== 'object' || typeof msg.type !== 'string') return;
    app.receive(msg);
    // The host posts the next batch once this one is taken (flow control, src/chat/webviewMirror.ts).
    if (msg.type === 'actions' && Array.isArray(msg.actions) && Number.isSafeInteger(msg.firstSeq))
      vscode.postMessage({ type: 'taken', seq: Math.max(0, msg.firstSeq + msg.actions.length - 1) });
    const threadId = app.state.thread?.key.threadId;
    if (msg.type === 'snapshot' && threadId !== undefined && threadId !== saved.threadId) save({ threadId });
  });
  vscode.postMessage({ type: 'ready' });
}
