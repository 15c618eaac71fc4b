// One webview showing one chat: the side bar view, or an editor tab. The same webview app and the
// same host state behind both: a mirror of the shown thread (snapshot + numbered actions), its
// review state, and the chat list. The webview document may come and go (a hidden view, a reload);
// the surface outlives it and gives the next one a fresh snapshot when it posts `ready`.
import * as vscode from 'vscode';
import { DisposableStore } from '../../shared/disposableStore';
import type { ChatSummary, HostToWebview, WebviewToHost } from '../../shared/messages';
import type { ContextRef } from '../../shared/promptContext';
import { buildChatHtml, createNonce } from '../../chat/html';
import type { ChatHost } from '../../chat/controls/chatHost';
import { routeWebviewMessage } from '../../chat/messageRouter';
import type { ThreadController } from '../../session/api';
import { ReviewSync, type ReviewSource } from '../../chat/reviewSync';
import { timerSchedule } from '../../chat/schedule';
import { WebviewMirror, type AgentList } from '../../chat/webviewMirror';
import { FirstSnapshotGate } from '../../chat/firstSnapshot';

/** Everything a surface needs from the rest of the extension (the mirror supplies sendSnapshot).
 * Plain functions (arrow functions): they are called detached from this object. */
export type ChatViewDeps = Omit<
  ChatHost,
  'sendSnapshot' | 'actionsTaken' | 'sendContext' | 'returnDraft' | 'activeThread'
> & {
  agentList(): AgentList;
  reviewSource?: ReviewSource;
  /** The chat list as the webview shows it. */
  chatList?(): ChatSummary[];
  /** The restore of the last window's chats, while it runs: a new webview's snapshot waits for it. */
  whenRestored?(): Promise<unknown>;
  /** A post to the webview that failed (the Switchboard log). */
  log(line: string): void;
};

/** Chat list changes come in bursts (every streamed chunk of a background chat): one post per interval. */
const CHATS_INTERVAL_MS = 100;

export class ChatSurface implements vscode.Disposable {
  readonly mirror: WebviewMirror;
  readonly review: ReviewSync | undefined;
  private webview: vscode.Webview | undefined;
  /** What listens to the attached webview; a new one per webview. */
  private webviewScope = new DisposableStore();
  private readonly host: ChatHost;
  private thread: ThreadController | undefined;
  private cancelChats: (() => void) | undefined;
  private lastChats: string | undefined;
  private readonly pendingContext: ContextRef[] = [];
  private readonly folderSubscription: vscode.Disposable;
  private readonly snapshotGate: FirstSnapshotGate;

  constructor(
    private readonly extensionUri: vscode.Uri,
    private readonly deps: ChatViewDeps,
  ) {
    this.snapshotGate = new FirstSnapshotGate(deps.whenRestored, timerSchedule);
    this.mirror = new WebviewMirror(
      (message) => this.post(message),
      () => deps.agentList(),
      timerSchedule,
      (line) => deps.log(line),
    );
    this.host = {
      ...deps,
      activeThread: () => this.thread,
      // `ready` (a new webview document) or `resync`: the chat list follows the snapshot.
      sendSnapshot: () =>
        this.snapshotGate.send(() => {
          // The folders first: the snapshot's cards label their paths by them.
          this.sendWorkspaceFolders();
          this.mirror.sendSnapshot();
          this.lastChats = undefined;
          this.sendChats();
          // Context added while the webview loaded goes after the snapshot.
          this.flushContext();
        }),
      actionsTaken: (seq) => this.mirror.taken(seq),
      sendContext: (items) => this.addContext(items),
      returnDraft: (text, context) => this.post({ type: 'draftReturned', text, ...(context ? { context } : {}) }),
    };
    // Folds the review into the shown thread's state: it reaches the webview through the mirror.
    this.review = deps.reviewSource && new ReviewSync(deps.reviewSource, timerSchedule);
    this.folderSubscription = vscode.workspace.onDidChangeWorkspaceFolders(() => {
      if (this.mirror.isReady) this.sendWorkspaceFolders();
    });
  }

  get shownThread(): ThreadController | undefined {
    return this.thread;
  }

  get isReady(): boolean {
    return this.mirror.isReady;
  }

  /** Shows another thread (or none): its review is known before its snapshot goes out. */
  setThread(thread: ThreadController | undefined): void {
    this.thread = thread;
    this.review?.setThread(thread);
    this.mirror.setThread(thread);
  }

  /** Acts as if the webview had posted this (editor commands that send a message or add context). */
  submit(message: WebviewToHost): Promise<void> {
    return routeWebviewMessage(message, this.host);
  }

  /** Attaches context to the composer's message (the "@" picker, "Add File to Chat" and the like). */
  addContext(items: ContextRef[]): void {
    if (items.length === 0) return;
    // A view just revealed is still loading: the items wait for its first snapshot.
    this.pendingContext.push(...items);
    if (this.mirror.isReady) this.flushContext();
  }

  /** The chat list changed: post it (coalesced) when the webview is there. */
  chatsChanged(): void {
    if (!this.deps.chatList || this.cancelChats) return;
    this.cancelChats = timerSchedule(() => {
      this.cancelChats = undefined;
      this.sendChats();
    }, CHATS_INTERVAL_MS);
  }

  /** Puts the chat app into `webview` and routes its messages; the previous webview is let go. */
  attach(webview: vscode.Webview): void {
    this.detach();
    this.webview = webview;
    const uri = (...path: string[]) => webview.asWebviewUri(vscode.Uri.joinPath(this.extensionUri, ...path)).toString();
    webview.options = {
      enableScripts: true,
      localResourceRoots: [
        vscode.Uri.joinPath(this.extensionUri, 'dist'),
        vscode.Uri.joinPath(this.extensionUri, 'media'),
      ],
    };
    webview.html = buildChatHtml({
      cspSource: webview.cspSource,
      nonce: createNonce(),
      scriptUri: uri('dist', 'webview.js'),
      styleUri: uri('media', 'chat.css'),
      extraStyleUris: [uri('dist', 'webview.css')],
      // The display language's strings (l10n/bundle.l10n.<lang>.json), for the webview's t() (webview/l10n.ts).
      l10n: vscode.l10n.bundle,
      language: vscode.env.language,
    });
    this.webviewScope = new DisposableStore();
    this.webviewScope.add(webview.onDidReceiveMessage((raw: unknown) => void routeWebviewMessage(raw, this.host)));
  }

  /** The webview went away (hidden or disposed): it posts `ready` again if it comes back. */
  pause(): void {
    this.snapshotGate.cancel();
    this.mirror.pause();
    this.mirror.dropFocusRequest();
  }

  detach(): void {
    this.snapshotGate.cancel();
    this.mirror.pause();
    this.webviewScope.dispose();
    this.webview = undefined;
  }

  dispose(): void {
    this.detach();
    this.cancelChats?.();
    this.folderSubscription.dispose();
    this.mirror.dispose();
    this.review?.dispose();
  }

  private flushContext(): void {
    const items = this.pendingContext.splice(0);
    if (items.length > 0) this.post({ type: 'contextPicked', items });
  }

  private sendChats(): void {
    if (!this.deps.chatList || !this.mirror.isReady) return;
    const chats = this.deps.chatList();
    const json = JSON.stringify(chats);
    if (json === this.lastChats) return;
    this.lastChats = json;
    this.post({ type: 'chats', chats });
  }

  private sendWorkspaceFolders(): void {
    const folders = (vscode.workspace.workspaceFolders ?? []).map((folder) => ({
      name: folder.name,
      path: folder.uri.fsPath,
    }));
    this.post({ type: 'workspaceFolders', folders });
  }

  private post(message: HostToWebview): void {
    // A post lost because the webview just went away (false) is harmless: it posts `ready` when it
    // comes back. A rejected one (the message could not be serialised) is logged and resynced.
    this.webview?.postMessage(message).then(undefined, (error: unknown) => this.mirror.postFailed(error, message));
  }
}
