// The Switchboard chat view (a WebviewView in the side bar). The host owns the thread state, so the
// webview need not be kept alive while hidden: when shown again it posts `ready` and gets a fresh
// snapshot from the WebviewMirror. Messages from the webview go through routeWebviewMessage.
import * as vscode from 'vscode';
import type { HostToWebview } from '../../shared/messages';
import { buildChatHtml, createNonce } from '../../chat/html';
import { routeWebviewMessage, type ChatHost } from '../../chat/messageRouter';
import type { ThreadController } from '../../session/api';
import { ReviewSync, type ReviewSource } from '../../chat/reviewSync';
import { timerSchedule } from '../../chat/schedule';
import { WebviewMirror, type AgentList } from '../../chat/webviewMirror';

export const CHAT_VIEW_ID = 'switchboard.chat';

/** Everything the view needs from the rest of the extension (the mirror supplies sendSnapshot).
 * Plain functions (arrow functions): they are called detached from this object. */
export type ChatViewDeps = Omit<ChatHost, 'sendSnapshot'> & { agentList(): AgentList; reviewSource?: ReviewSource };

export class ChatViewProvider implements vscode.WebviewViewProvider, vscode.Disposable {
  readonly mirror: WebviewMirror;
  /** Review state of the files the chat shows (when the extension has review). */
  readonly review: ReviewSync | undefined;
  private view: vscode.WebviewView | undefined;
  private viewSubscriptions: vscode.Disposable[] = [];
  private readonly host: ChatHost;

  constructor(
    private readonly extensionUri: vscode.Uri,
    deps: ChatViewDeps,
  ) {
    this.mirror = new WebviewMirror(
      (message) => this.post(message),
      () => deps.agentList(),
      timerSchedule,
      (line) => console.warn(line),
    );
    this.host = { ...deps, sendSnapshot: () => this.mirror.sendSnapshot() };
    // Folds the review into the shown thread's state: it reaches the webview through the mirror.
    this.review = deps.reviewSource && new ReviewSync(deps.reviewSource, timerSchedule);
  }

  /** Shows another thread (or none): its review is known before its snapshot goes out. */
  setThread(thread: ThreadController | undefined): void {
    this.review?.setThread(thread);
    this.mirror.setThread(thread);
  }

  /** For tests: the view was resolved, and its webview has said `ready`. */
  state(): { resolved: boolean; ready: boolean } {
    return { resolved: this.view !== undefined, ready: this.mirror.isReady };
  }

  resolveWebviewView(view: vscode.WebviewView): void {
    this.disposeView();
    this.view = view;
    const roots = [vscode.Uri.joinPath(this.extensionUri, 'dist'), vscode.Uri.joinPath(this.extensionUri, 'media')];
    view.webview.options = { enableScripts: true, localResourceRoots: roots };
    view.webview.html = buildChatHtml({
      cspSource: view.webview.cspSource,
      nonce: createNonce(),
      scriptUri: view.webview.asWebviewUri(vscode.Uri.joinPath(this.extensionUri, 'dist', 'webview.js')).toString(),
      styleUri: view.webview.asWebviewUri(vscode.Uri.joinPath(this.extensionUri, 'media', 'chat.css')).toString(),
      extraStyleUris: [
        view.webview.asWebviewUri(vscode.Uri.joinPath(this.extensionUri, 'dist', 'webview.css')).toString(),
      ],
    });
    this.viewSubscriptions = [
      view.webview.onDidReceiveMessage((raw: unknown) => void routeWebviewMessage(raw, this.host)),
      // Hidden: the webview document is destroyed; it posts `ready` again when shown.
      view.onDidChangeVisibility(() => {
        if (!view.visible) this.mirror.pause();
      }),
      view.onDidDispose(() => {
        if (this.view === view) this.disposeView();
      }),
    ];
  }

  /** Opens the side bar holding the view and focuses it (resolving it if it never was). */
  async reveal(): Promise<void> {
    await vscode.commands.executeCommand(`${CHAT_VIEW_ID}.focus`);
  }

  dispose(): void {
    this.disposeView();
    this.mirror.dispose();
    this.review?.dispose();
  }

  private post(message: HostToWebview): void {
    // A post lost because the webview just went away (false) is harmless: it posts `ready` when it
    // comes back. A rejected one (the message could not be serialised) is logged and resynced.
    this.view?.webview.postMessage(message).then(undefined, (error: unknown) => this.mirror.postFailed(error, message));
  }

  private disposeView(): void {
    this.mirror.pause();
    for (const subscription of this.viewSubscriptions) subscription.dispose();
    this.viewSubscriptions = [];
    this.view = undefined;
  }
}
