// What the controls need from the VS Code side, one port per feature, so a control's handler names only the
// ports it uses (its group's type in controlTable.ts says which). ChatHost, all of them, is what a chat surface
// (src/vscode/chat/chatSurface.ts) gives the router; tests fake only the ports a control uses.
import type * as acp from '@agentclientprotocol/sdk';
import type { ThreadController } from '../../session/api';
import type { ContextRef, ResolvedContext } from '../../shared/promptContext';

/** The chats: the one shown, any by id, the chat list's actions, starting one. */
export interface ChatsPort {
  /** The chat this view shows (the side bar's active chat, or an editor tab's own chat). */
  activeThread(): ThreadController | undefined;
  /** Any chat by id (messages name the chat the webview showed); undefined once it was closed. */
  findThread(threadId: string): ThreadController | undefined;
  /** The chat list: show a chat in this view, close one (asking first when it works), open one in a tab. */
  showChat(threadId: string): void;
  closeChat(threadId: string): Promise<void>;
  openChatInEditor(threadId: string): Promise<void>;
  /** Starts a chat (the default agent when agentId is undefined) and resolves once it started. */
  startChat(agentId: string | undefined): Promise<ThreadController>;
  /** Asks the user to pick an agent; undefined when they dismissed the picker. */
  pickAgent(): Promise<string | undefined>;
}

/** The webview's mirror of the shown chat. */
export interface MirrorPort {
  sendSnapshot(): void;
  /** The webview applied the actions up to `seq` (flow control of the mirror's batches). */
  actionsTaken(seq: number): void;
}

/** The composer: the context attached to a message, and what goes back into it. */
export interface ComposerPort {
  /** Reads what the attached context needs (file and range texts, Problems) for the content blocks. */
  resolveContext(refs: ContextRef[]): Promise<ResolvedContext[]>;
  /** The host's context picker ("@"): what the user picked, nothing when dismissed. */
  pickContext(): Promise<ContextRef[]>;
  /** Adds context to the composer's message (the webview shows it as chips). */
  sendContext(items: ContextRef[]): void;
  /** Puts a message that could not be sent back into the composer, with its context. */
  returnDraft(text: string, context: ContextRef[] | undefined): void;
}

/** The editor and the window: files, diffs, the clipboard, logs, settings, terminals. */
export interface NavigationPort {
  openLocation(path: string, line: number | null): Promise<void>;
  /** The diff editor over texts in the keeper of file texts, by {path, revision} (fs writes, tool calls' own diffs). */
  openWriteDiff(path: string, fromRevision: number, revision: number): Promise<void>;
  copy(text: string): Promise<void>;
  /** The workspace folders' paths: where a path named in agent text may be opened. */
  workspaceFolders(): readonly string[];
  /**
   * Opens the first of `candidates` (absolute, inside a workspace folder) that exists, at the
   * 1-based line and column; when none exists (or there is none) tells the user that `written`
   * is not a file in the workspace, and opens nothing.
   */
  openWorkspacePath(candidates: string[], line: number | null, column: number | null, written: string): Promise<void>;
  /** Where "Apply" writes: the first of `candidates` that is an existing file, else the first; undefined when none. */
  applyTarget(candidates: string[]): Promise<string | undefined>;
  showLog(agentId: string | undefined): void;
  /** Opens where agents are configured (the switchboard.agents setting). */
  configureAgents(): Promise<void>;
  /** Shows a terminal of the thread as a VS Code terminal. */
  openTerminal(thread: ThreadController, terminalId: string): void;
}

/** Review: Keep / Undo, checkpoints, "Edit" on a sent message. */
export interface ReviewPort {
  /** Review: Keep / Undo a file's pending changes. */
  reviewFile(path: string, action: 'keep' | 'undo'): Promise<void>;
  /** Review: Keep All / Undo All of the changes the thread's turns made. */
  reviewSession(thread: ThreadController, action: 'keep' | 'undo'): Promise<void>;
  /** Restores the checkpoint taken before a user message of the thread (asks first). */
  restoreCheckpoint(thread: ThreadController, entryId: string): Promise<void>;
  /**
   * "Edit" on a previous message: restores that message's checkpoint (asks first; a cancel ends
   * the edit), then continues the thread from there with the new prompt.
   */
  editMessage(thread: ThreadController, entryId: string, text: string, context: acp.ContentBlock[]): Promise<void>;
}

/** What the user and the log are told. */
export interface ReportPort {
  /** Shows an error to the user (an error notification in VS Code). */
  reportError(message: string): void;
  /** A malformed message: a bug in the webview, worth a log line, not a notification. */
  reportInvalid(raw: unknown): void;
}

/** A chat in its own worktree: Bring back, Discard. */
export interface WorktreePort {
  /** "Bring back" lists the chat's changes and merges them into the workspace; "Discard" asks, then removes it. */
  worktreeAction(thread: ThreadController, action: 'bringBack' | 'discard'): Promise<unknown>;
  /**
   * "Compare Agents" with the composer's message: the agents are picked, then each gets it in its own worktree.
   * False when no comparison started (the pick dismissed): the message goes back to the composer.
   */
  compare(text: string, context: ContextRef[]): Promise<boolean>;
}

export type ChatHost = ChatsPort & MirrorPort & ComposerPort & NavigationPort & ReviewPort & ReportPort & WorktreePort;
