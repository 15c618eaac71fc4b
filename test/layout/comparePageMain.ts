// Runs inside chromium (bundled by test/layout/comparePage.ts): the real comparison view (webview/compare/app.ts)
// with what it posts kept for the test to read, and a clock the test can read (the page's own).
import type { CompareFromWebview, CompareToWebview } from '../../src/shared/compare';
import { createCompareApp } from '../../webview/compare/app';

const posted: CompareFromWebview[] = [];
const app = createCompareApp(document.getElementById('root')!, (msg) => posted.push(msg));

(globalThis as { switchboardCompare?: unknown }).switchboardCompare = {
  receive: (msg: CompareToWebview) => app.receive(msg),
  posted: () => posted,
  ticking: () => app.ticking,
};
