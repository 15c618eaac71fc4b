// The chats of the window: the sessions (chatThreads.ts), the chat list with its badge and notifications, the side
// bar's view and the editor tabs (one webview app behind both, surfaceCallbacks.ts), the context keys the command
// clauses read, diff documents and "Open in Terminal", and the last window's chats brought back. What the chat
// commands do is here too; the window's command table (src/vscode/window/commands.ts) names them.
import * as vscode from 'vscode';
import type { ThreadController } from '../../session/api';
import { ChatList } from '../../session/chatList';
import type { DisposableStore } from '../../shared/disposableStore';
import type { AgentCatalog } from '../agents/agentCatalog';
import type { AgentHost } from '../agents/agentHost';
import { pickAgent } from '../agents/agentPicker';
import type { FoundAgents } from '../agents/foundAgents';
import type { ReviewFeature } from '../review/reviewFeature';
import { AgentTerminals } from '../terminals/agentTerminals';
import type { HostLog } from '../window/hostLog';
import { closeChat, describeError, notifyAttention, pickChat } from './chatCommands';
import { ChatPanels } from './chatPanels';
import { ChatThreads } from './chatThreads';
import { CHAT_VIEW_ID, ChatViewProvider } from './chatViewProvider';
import { ChatContextKeys } from './contextKeys';
import { DiffDocuments } from './diffDocuments';
import { registerFixWithAgent, type EditorActionsTarget } from './editorActions';
import { showChatHistory } from './historyCommand';
import { surfaceCallbacks } from './surfaceCallbacks';
import { WorktreeStore } from '../../worktrees/worktreeStore';
import { WorktreeChats } from '../worktrees/worktreeChats';

export interface ChatsDeps {
  context: vscode.ExtensionContext;
  catalog: AgentCatalog;
  foundAgents: FoundAgents;
  host: AgentHost;
  review: ReviewFeature;
  log: HostLog;
}

export class ChatsFeature {
  readonly threads: ChatThreads;
  readonly chatList: ChatList;
  readonly view: ChatViewProvider;
  readonly panels: ChatPanels;
  readonly contextKeys: ChatContextKeys;
  private readonly terminals: AgentTerminals;
  /** Whether a chat is shown in a view of its own besides the chat views (a visible comparison tab shows it). */
  watchedElsewhere: (threadId: string) => boolean = () => false;
  /** Chats in their own worktree: New Chat in Worktree, Bring back, Discard. */
  readonly worktrees: WorktreeChats;
  /** Resolves once the chats of the last window are back, with how many. */
  readonly restored: Promise<number>;

  constructor(
    private readonly deps: ChatsDeps,
    store: DisposableStore,
  ) {
    const { context, catalog, review } = deps;
    this.threads = new ChatThreads(context, catalog, deps.host, review, deps.log);
    const registry = this.threads.registry;
    this.worktrees = new WorktreeChats({
      // The global storage: the uninstall hook finds the worktrees there (worktrees/uninstallRecord.ts).
      service: new WorktreeStore({
        storageDir: context.globalStorageUri.fsPath,
        onNotice: (message) => void vscode.window.showInformationMessage(message),
      }),
      review,
      texts: deps.host.fileTexts,
      create: (agentId, worktree) => this.threads.create(agentId, worktree),
      close: (threadId) => registry.close(threadId),
      log: (line) => deps.log.info(line),
    });
    const chatList = store.add(
      new ChatList(registry, (thread, why, unseen) => {
        // A finished turn the user is watching in another view (a comparison's tab) needs no notification.
        if (why === 'done' && unseen !== 'unfocused' && this.watchedElsewhere(thread.threadId)) return;
        notifyAttention(thread, why, unseen, chatList, () => void this.openChat(thread.threadId));
      }),
    );
    this.chatList = chatList;
    this.terminals = store.add(new AgentTerminals());
    const diffs = new DiffDocuments(deps.host.fileTexts);
    store.add(diffs.register());
    const surface = surfaceCallbacks(this, { ...deps, diffs });
    const view = store.add(new ChatViewProvider(context.extensionUri, surface));
    this.view = view;
    store.add(vscode.window.registerWebviewViewProvider(CHAT_VIEW_ID, view));
    const updateBadge = (): void => {
      const count = chatList.attentionCount();
      view.setBadge(
        count,
        count === 1 ? vscode.l10n.t('1 chat needs you') : vscode.l10n.t('{0} chats need you', count),
      );
    };
    // The serializer hands the editor tabs of the last window back once their chats are restored.
    const panels = store.add(
      new ChatPanels(
        context.extensionUri,
        registry,
        surface,
        () => this.restored,
        () => {
          for (const threadId of panels.visibleThreadIds()) chatList.markRead(threadId);
          updateBadge();
        },
      ),
    );
    this.panels = panels;
    // A chat is being read when a visible view shows it; others count as background chats.
    chatList.setShown(
      () =>
        new Set([
          ...(view.visible && registry.active() ? [registry.active()!.threadId] : []),
          ...panels.visibleThreadIds(),
        ]),
    );
    // A chat on screen is not seen while the window has no focus (another application is in front).
    chatList.setWindowFocused(vscode.window.state.focused);
    store.add(vscode.window.onDidChangeWindowState((state) => chatList.setWindowFocused(state.focused)));
    store.add(
      chatList.onDidChange(() => {
        view.chatsChanged();
        panels.chatsChanged();
        updateBadge();
      }),
    );
    view.onDidChangeVisibility = () => {
      const shown = registry.active();
      if (view.visible && shown) chatList.markRead(shown.threadId);
      updateBadge();
    };
    store.add(registry.onDidChangeActive((thread) => view.setThread(thread)));
    store.add(catalog.onDidChange(() => view.mirror.agentsChanged()));
    // A focus asked for the composer (Focus Chat, New Chat) and not applied yet lapses once the focus goes to
    // an editor: the user clicked or typed there, or the agent's file opened with the focus.
    review.follow.onTakesFocus = () => view.mirror.focusElsewhere();
    store.add(
      vscode.window.onDidChangeTextEditorSelection(({ kind }) => {
        if (
          kind === vscode.TextEditorSelectionChangeKind.Mouse ||
          kind === vscode.TextEditorSelectionChangeKind.Keyboard
        )
          view.mirror.focusElsewhere();
      }),
    );
    // "Fix with Switchboard" on diagnostics: a quick fix that runs EDITOR_COMMANDS.fix into this chat.
    store.add(registerFixWithAgent());
    this.contextKeys = store.add(
      new ChatContextKeys({
        activeThread: () => registry.active(),
        onDidChangeActive: (listener) => registry.onDidChangeActive(listener),
        pendingCount: (threadId) => review.controller.pendingCount(threadId),
        onDidChangeReview: (listener) => review.controller.store.onDidChange(() => listener()),
      }),
    );
    // After activation: the chats of the last window come back (read from disk, no agent started).
    this.restored = this.threads.restoreOpen(deps.foundAgents);
    void this.threads.journal.readNames().then((names) => Object.keys(names).length > 0 && chatList.setNames(names));
  }

  whenRestored(): Promise<number> {
    return this.restored;
  }

  reveal(): Promise<void> {
    return this.view.reveal();
  }

  /** Opens a chat from a notification or the chat list: the side bar shows it. */
  async openChat(threadId: string): Promise<void> {
    if (!this.threads.registry.show(threadId)) return;
    await this.view.reveal();
  }

  /**
   * "Open Chat in Editor": the chat (else the side bar's, else a new one) in an editor tab beside
   * the others; the side bar keeps showing what it showed.
   */
  async openChatInEditor(threadId: string | undefined): Promise<vscode.WebviewPanel | undefined> {
    const registry = this.threads.registry;
    let thread = threadId === undefined ? registry.active() : registry.get(undefined, threadId);
    if (threadId !== undefined && !thread) return undefined;
    if (!thread) {
      thread = this.threads.create(undefined);
      void thread.start();
    }
    return this.panels.open(thread);
  }

  /** The command, with an id from a chat list item or none: a failure is shown. */
  async openChatInEditorCommand(threadId?: unknown): Promise<void> {
    try {
      await this.openChatInEditor(typeof threadId === 'string' ? threadId : undefined);
    } catch (error) {
      void vscode.window.showErrorMessage(
        vscode.l10n.t('Switchboard could not open the chat: {0}.', describeError(error)),
      );
    }
  }

  /** "New Chat" from a command: show the view, start the chat, put the cursor in the composer. */
  async newChatFromCommand(agentId: string | undefined): Promise<void> {
    await this.view.reveal();
    try {
      const thread = this.threads.create(agentId);
      // After the new thread's snapshot, so the composer keeps the focus the re-render would take.
      this.view.mirror.focusComposer();
      await thread.start();
    } catch (error) {
      void vscode.window.showErrorMessage(
        vscode.l10n.t('Switchboard could not start a chat: {0}.', describeError(error)),
      );
    }
  }

  /** "New Chat in Worktree": the agent picked (or given), a worktree of the workspace now, the chat started in it. */
  async newChatInWorktree(agentId?: string): Promise<void> {
    const picked = agentId ?? (await pickAgent(this.deps.catalog, this.deps.foundAgents));
    if (picked === undefined) return;
    await this.view.reveal();
    try {
      const thread = await this.worktrees.create(picked);
      this.view.mirror.focusComposer();
      await thread.start();
    } catch (error) {
      void vscode.window.showErrorMessage(
        vscode.l10n.t('Switchboard could not start a chat in a worktree: {0}.', describeError(error)),
      );
    }
  }

  async newChatWithAgent(): Promise<void> {
    const agentId = await pickAgent(this.deps.catalog, this.deps.foundAgents);
    if (agentId !== undefined) await this.newChatFromCommand(agentId);
  }

  async switchChat(): Promise<void> {
    const picked = await pickChat(this.chatList);
    if (picked?.inEditor) await this.openChatInEditor(picked.threadId);
    else if (picked) await this.openChat(picked.threadId);
  }

  showHistory(): Promise<void> {
    return showChatHistory(this, this.deps.catalog, this.deps.host);
  }

  /** Closes a chat: one in its own worktree asks what becomes of the worktree first (worktreeChats.ts). */
  async closeChat(threadId: string): Promise<boolean> {
    const thread = this.threads.registry.get(undefined, threadId);
    const worktree = thread ? await this.worktrees.beforeClose(thread) : { close: true };
    if (!worktree.close) return false;
    const closed = await closeChat(this.threads.registry, this.chatList, threadId);
    if (closed) await worktree.after?.();
    return closed;
  }

  async focusComposer(): Promise<void> {
    await this.view.reveal();
    this.view.mirror.focusComposer();
  }

  /** Where "Add to Chat", "Explain" and "Fix" go: the side bar's chat. */
  readonly editorTarget: EditorActionsTarget = {
    addContext: async (items) => {
      await this.view.reveal();
      this.view.addContext(items);
    },
    // A chat is started when there is none; busy agents get it queued. Not awaited: the turn
    // may run (and wait for permissions) long after the command is done.
    send: async (text, items) => {
      await this.view.reveal();
      void this.view.submit({ type: 'queuePrompt', text, context: items });
    },
  };

  /** "Open in Terminal" for a terminal of a chat; undefined (and a note) when the agent released it. */
  openTerminal(thread: ThreadController, terminalId: string): vscode.Terminal | undefined {
    const handle = thread.terminalHandle(terminalId);
    if (!handle) {
      void vscode.window.showInformationMessage(
        vscode.l10n.t('That command was released by the agent; its last output stays in the chat.'),
      );
      return undefined;
    }
    return this.terminals.show(`${thread.threadId}/${terminalId}`, handle, thread.agent.displayName);
  }
}
