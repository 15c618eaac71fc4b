// Runs inside chromium (bundled by test/layout/chatPage.ts): the real chat app (webview/app.ts) on
// the real animation frames, with what it posts kept for the test to read.
import type { HostToWebview, WebviewToHost } from '../../src/shared/messages';
import { createChatApp } from '../../webview/app';
import type { ScrollAnchor } from '../../webview/scrollAnchors';

const posted: WebviewToHost[] = [];
const root = document.getElementById('root')!;
// Where each chat was scrolled, as a reloaded webview reads it back from its saved state (tests set it first).
const anchors = new Map<string, ScrollAnchor>();
const app = createChatApp(root, (msg) => posted.push(msg), {
  scroll: { get: (threadId) => anchors.get(threadId), set: () => undefined },
});

(globalThis as { switchboardLayout?: unknown }).switchboardLayout = {
  receive: (msg: HostToWebview) => app.receive(msg),
  posted: () => posted,
  setAnchor: (threadId: string, anchor: ScrollAnchor) => anchors.set(threadId, anchor),
};
