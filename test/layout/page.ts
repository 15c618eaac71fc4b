// Runs inside chromium (bundled by test/layout/chatPage.ts): the real chat app (webview/app.ts) on
// the real animation frames, with what it posts kept for the test to read.
import type { HostToWebview, WebviewToHost } from '../../src/shared/messages';
import { createChatApp } from '../../webview/app';

const posted: WebviewToHost[] = [];
const root = document.getElementById('root')!;
const app = createChatApp(root, (msg) => posted.push(msg));

(globalThis as { switchboardLayout?: unknown }).switchboardLayout = {
  receive: (msg: HostToWebview) => app.receive(msg),
  posted: () => posted,
};
