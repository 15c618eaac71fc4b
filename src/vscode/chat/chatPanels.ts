// Chats as editor tabs: each tab is a WebviewPanel holding a ChatSurface, the same webview app and
// the same host state as the side bar (a mirror of one thread of the ThreadRegistry), so a chat
// can be in the side bar and in a tab at once, and several tabs sit side by side. A tab is only a
// view: closing it leaves the chat running; closing the chat closes its tabs. After a window
// reload VS Code hands the tabs back to the serializer with the state the webview saved (the
// thread id, see webview/main.ts), once the journaled chats are back.
import * as vscode from 'vscode';
import { DisposableStore } from '../../shared/disposableStore';
import { ChatSurface, type ChatViewDeps } from './chatSurface';
import type { ThreadController } from '../../session/api';
import type { ThreadRegistry } from '../../session/threadRegistry';

export const CHAT_PANEL_TYPE = 'switchboard.chatPanel';

interface Panel {
  panel: vscode.WebviewPanel;
  surface: ChatSurface;
}

export class ChatPanels implements vscode.Disposable, vscode.WebviewPanelSerializer {
  private readonly panels = new Set<Panel>();
  /** The list and serializer listeners, and every open tab (closing a tab takes it out). */
  private readonly disposables = new DisposableStore();

  constructor(
    private readonly extensionUri: vscode.Uri,
    private readonly threads: ThreadRegistry,
    private readonly deps: ChatViewDeps,
    /** Resolves once the chats of the last window are back (the serializer waits for them). */
    private readonly restored: () => Promise<unknown>,
    /** A tab was opened, closed, shown or hidden (what the chat list counts as read changes). */
    private readonly onDidChangeShown: () => void = () => {},
  ) {
    // A closed chat takes its tabs with it.
    this.disposables.add(threads.onDidChangeList(() => this.dropClosed()));
    this.disposables.add(vscode.window.registerWebviewPanelSerializer(CHAT_PANEL_TYPE, this));
  }

  /**
   * Opens `thread` in an editor tab, or reveals the tab that shows it already. From a chat tab, the
   * next one opens beside it (two chats side by side); otherwise in the active editor group.
   */
  open(thread: ThreadController): vscode.WebviewPanel {
    const existing = [...this.panels].find((entry) => entry.surface.shownThread === thread);
    if (existing) {
      existing.panel.reveal(existing.panel.viewColumn);
      return existing.panel;
    }
    const fromChatTab = [...this.panels].some((entry) => entry.panel.active);
    const column = fromChatTab ? vscode.ViewColumn.Beside : vscode.ViewColumn.Active;
    const panel = vscode.window.createWebviewPanel(CHAT_PANEL_TYPE, this.titleOf(thread), column, {
      enableScripts: true,
      enableFindWidget: true,
    });
    this.adopt(panel, thread);
    return panel;
  }

  /** The threads some visible tab shows (they are being read: never unread). */
  visibleThreadIds(): string[] {
    const ids: string[] = [];
    for (const { panel, surface } of this.panels) {
      if (panel.visible && surface.shownThread) ids.push(surface.shownThread.threadId);
    }
    return ids;
  }

  /** For tests: the thread each open tab shows, and whether its webview said `ready`. */
  state(): Array<{ threadId: string | undefined; ready: boolean; title: string }> {
    return [...this.panels].map(({ panel, surface }) => ({
      threadId: surface.shownThread?.threadId,
      ready: surface.isReady,
      title: panel.title,
    }));
  }

  /** The chat list changed: every tab posts it and takes the chat's current title. */
  chatsChanged(): void {
    for (const { panel, surface } of this.panels) {
      surface.chatsChanged();
      const thread = surface.shownThread;
      if (thread) panel.title = this.titleOf(thread);
    }
  }

  async deserializeWebviewPanel(panel: vscode.WebviewPanel, state: unknown): Promise<void> {
    await this.restored().catch(() => undefined);
    const threadId = (state as { threadId?: unknown } | undefined)?.threadId;
    const thread = typeof threadId === 'string' ? this.threads.get(undefined, threadId) : undefined;
    if (!thread) {
      // The chat was closed (or never written: it had no message) before the window went away.
      panel.dispose();
      return;
    }
    this.adopt(panel, thread);
  }

  dispose(): void {
    this.disposables.dispose();
  }

  private adopt(panel: vscode.WebviewPanel, thread: ThreadController): void {
    // The surface and the panel's listeners, ended when the tab closes.
    const scope = new DisposableStore();
    const entry: Panel = {
      panel,
      surface: new ChatSurface(this.extensionUri, {
        ...this.deps,
        // The tab's own chat list switches what the tab shows.
        showChat: (threadId) => {
          const next = this.threads.get(undefined, threadId);
          if (!next) return;
          entry.surface.setThread(next);
          panel.title = this.titleOf(next);
          this.onDidChangeShown();
        },
      }),
    };
    panel.iconPath = vscode.Uri.joinPath(this.extensionUri, 'media', 'switchboard.svg');
    scope.add(entry.surface);
    entry.surface.setThread(thread);
    entry.surface.attach(panel.webview);
    this.panels.add(entry);
    this.disposables.add(panel);
    scope.add(
      panel.onDidChangeViewState(() => {
        // Hidden: the webview document is destroyed; it posts `ready` again when shown.
        if (!panel.visible) entry.surface.pause();
        this.onDidChangeShown();
      }),
    );
    scope.add(
      panel.onDidDispose(() => {
        this.disposables.deleteAndLeak(panel);
        this.panels.delete(entry);
        scope.dispose();
        this.onDidChangeShown();
      }),
    );
    this.onDidChangeShown();
  }

  private dropClosed(): void {
    for (const entry of [...this.panels]) {
      const thread = entry.surface.shownThread;
      if (thread && this.threads.get(undefined, thread.threadId) !== thread) entry.panel.dispose();
    }
  }

  private titleOf(thread: ThreadController): string {
    const summary = this.deps.chatList?.().find((chat) => chat.threadId === thread.threadId);
    const title = (summary?.title ?? thread.agent.displayName).replace(/\s+/g, ' ').trim();
    return title.length > 40 ? `${title.slice(0, 39)}…` : title;
  }
}
