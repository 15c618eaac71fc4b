// The Switchboard chat view (a WebviewView in the side bar): a ChatSurface that shows the
// registry's active chat. The host owns the thread state, so the webview need not be kept alive
// while hidden: when shown again it posts `ready` and gets a fresh snapshot from the mirror.
import * as vscode from 'vscode';
import { DisposableStore } from '../../shared/disposableStore';
import { ChatSurface, type ChatViewDeps } from './chatSurface';

export type { ChatViewDeps } from './chatSurface';
export const CHAT_VIEW_ID = 'switchboard.chat';

export class ChatViewProvider extends ChatSurface implements vscode.WebviewViewProvider {
  private view: vscode.WebviewView | undefined;
  /** What listens to the resolved view; a new one per view VS Code resolves. */
  private viewScope = new DisposableStore();

  constructor(extensionUri: vscode.Uri, deps: ChatViewDeps) {
    super(extensionUri, deps);
  }

  /** For tests: the view was resolved, and its webview has said `ready`. */
  state(): { resolved: boolean; ready: boolean; visible: boolean } {
    return { resolved: this.view !== undefined, ready: this.isReady, visible: this.view?.visible ?? false };
  }

  /** Whether the side bar shows the chat right now (a chat shown there is being read). */
  get visible(): boolean {
    return this.view?.visible ?? false;
  }

  /** The number on the view's icon: chats that need the user. */
  setBadge(count: number, tooltip: string): void {
    if (this.view) this.view.badge = count > 0 ? { value: count, tooltip } : undefined;
  }

  resolveWebviewView(view: vscode.WebviewView): void {
    this.disposeView();
    this.view = view;
    this.attach(view.webview);
    this.viewScope = new DisposableStore();
    // Hidden: the webview document is destroyed; it posts `ready` again when shown.
    this.viewScope.add(
      view.onDidChangeVisibility(() => {
        if (!view.visible) this.pause();
        this.onDidChangeVisibility?.();
      }),
    );
    this.viewScope.add(
      view.onDidDispose(() => {
        if (this.view === view) this.disposeView();
      }),
    );
  }

  /** Called when the view is shown or hidden. */
  onDidChangeVisibility: (() => void) | undefined;

  /** Opens the side bar holding the view and focuses it (resolving it if it never was). */
  async reveal(): Promise<void> {
    await vscode.commands.executeCommand(`${CHAT_VIEW_ID}.focus`);
  }

  override dispose(): void {
    this.disposeView();
    super.dispose();
  }

  private disposeView(): void {
    this.detach();
    this.viewScope.dispose();
    this.view = undefined;
  }
}
