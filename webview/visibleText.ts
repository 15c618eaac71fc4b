// The webview's way to src/shared/visibleText.ts (the host shows agent strings the same way).
export { asText, visibleText, type VisibleTextOptions } from '../src/shared/visibleText';
