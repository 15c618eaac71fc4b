// The comparison view: an editor tab with the compare page of the webview bundle (webview/compare/), under the chat's
// strict CSP. It shows a LiveComparison's view and passes what the user asks (Take this one, Run tests, a follow-up,
// Stop, Open chat, Open diff) to the comparisons feature; messages from the page are checked before they act.
import * as vscode from 'vscode';
import { buildChatHtml, createNonce } from '../../chat/html';
import { checkedCompareMessage } from '../../chat/compare/compareMessages';
import type { CompareToWebview } from '../../shared/compare';
import { DisposableStore } from '../../shared/disposableStore';
import type { LiveComparison } from './liveComparison';

export const COMPARE_PANEL_TYPE = 'switchboard.compare';

/** What the page's buttons do (src/vscode/compare/comparisons.ts). */
export interface CompareActions {
  take(live: LiveComparison, threadId: string): Promise<unknown>;
  runTests(live: LiveComparison, threadId: string | undefined): Promise<unknown>;
  followUp(live: LiveComparison, text: string, threadId: string | undefined): Promise<unknown>;
  openChat(threadId: string): Promise<unknown>;
  stop(threadId: string): Promise<unknown>;
  openDiff(live: LiveComparison, threadId: string, path: string): Promise<unknown>;
  showTestOutput(live: LiveComparison, threadId: string): Promise<unknown>;
  openPath(threadId: string, path: string, line: number | null, column: number | null): Promise<unknown>;
  copy(text: string): Promise<unknown>;
  reportError(message: string): void;
}

export class ComparePanel {
  private readonly scope = new DisposableStore();

  constructor(
    readonly panel: vscode.WebviewPanel,
    readonly live: LiveComparison,
    private readonly actions: CompareActions,
    extensionUri: vscode.Uri,
    onClosed: () => void,
  ) {
    const webview = panel.webview;
    webview.options = {
      enableScripts: true,
      localResourceRoots: [vscode.Uri.joinPath(extensionUri, 'dist'), vscode.Uri.joinPath(extensionUri, 'media')],
    };
    const uri = (...parts: string[]) => webview.asWebviewUri(vscode.Uri.joinPath(extensionUri, ...parts)).toString();
    webview.html = buildChatHtml({
      cspSource: webview.cspSource,
      nonce: createNonce(),
      scriptUri: uri('dist', 'webview.js'),
      styleUri: uri('media', 'chat.css'),
      extraStyleUris: [uri('dist', 'webview.css'), uri('media', 'compare.css')],
      l10n: vscode.l10n.bundle,
      language: vscode.env.language,
      page: 'compare',
    });
    this.scope.add(webview.onDidReceiveMessage((raw: unknown) => void this.receive(raw)));
    this.scope.add(live.onDidChange(() => this.post()));
    this.scope.add(
      panel.onDidDispose(() => {
        this.scope.dispose();
        onClosed();
      }),
    );
  }

  post(): void {
    const message: CompareToWebview = { type: 'compareView', view: this.live.view() };
    void this.panel.webview.postMessage(message);
  }

  private async receive(raw: unknown): Promise<void> {
    const message = checkedCompareMessage(raw);
    if (!message) return;
    const live = this.live;
    try {
      switch (message.type) {
        case 'compareReady':
          return this.post();
        case 'compareTake':
          return void (await this.actions.take(live, message.threadId));
        case 'compareRunTests':
          return void (await this.actions.runTests(live, message.threadId));
        case 'compareFollowUp':
          return void (await this.actions.followUp(live, message.text, message.threadId));
        case 'compareOpenChat':
          return void (await this.actions.openChat(message.threadId));
        case 'compareStop':
          return void (await this.actions.stop(message.threadId));
        case 'compareOpenDiff':
          return void (await this.actions.openDiff(live, message.threadId, message.path));
        case 'compareShowTestOutput':
          return void (await this.actions.showTestOutput(live, message.threadId));
        case 'compareOpenPath':
          return void (await this.actions.openPath(
            message.threadId,
            message.path,
            message.line ?? null,
            message.column ?? null,
          ));
        case 'compareCopy':
          return void (await this.actions.copy(message.text));
      }
    } catch (error) {
      this.actions.reportError(error instanceof Error ? error.message : String(error));
    }
  }
}
