// The messages exchanged between the extension host (panel/) and the chat webview (webview/).
// The host owns the state. On `ready` (and whenever the webview sees a sequence gap and asks
// for `resync`) the host sends one `snapshot`; after that only numbered `actions` batches.
import type { ThreadAction } from './actions';
import type { ContextRef } from './promptContext';
import type { AgentDescriptor, ThreadState } from './thread';

export interface AgentChoice extends AgentDescriptor {
  /** The command line, shown in the picker so users can tell configured agents apart. */
  commandLine: string;
  /** Set for a registry agent found on PATH, not in the settings: where it was found (its own picker group). */
  foundAt?: string;
}

/** What the chat list shows of one chat (session/chatList.ts keeps it). */
export type ChatState = 'starting' | 'idle' | 'working' | 'permission' | 'done' | 'failed' | 'stopped';

export interface ChatSummary {
  threadId: string;
  agentId: string;
  agentName: string;
  /** session_info_update's title, else the first prompt (agent text: render as text only). */
  title: string;
  state: ChatState;
  /** Something happened while it was not shown. */
  unread: boolean;
  /** The chat the side bar shows. */
  active: boolean;
}

export type HostToWebview =
  | {
      type: 'snapshot';
      /** The sequence number of the last action already applied to `thread`. */
      seq: number;
      thread: ThreadState | null;
      agents: AgentChoice[];
      defaultAgentId: string;
    }
  | {
      type: 'actions';
      /** Sequence number of the first action in the batch; each next one is +1. */
      firstSeq: number;
      actions: ThreadAction[];
    }
  | { type: 'agents'; agents: AgentChoice[]; defaultAgentId: string }
  /** Context the user picked (in the host's picker, or an editor command): joins the composer's message. */
  | { type: 'contextPicked'; items: ContextRef[] }
  /** A message the host could not send (the agent failed, the chat was gone): back into the composer, nothing lost. */
  | { type: 'draftReturned'; text: string; context?: ContextRef[] }
  /** Move keyboard focus to the composer (after "New Chat"). */
  | { type: 'focusComposer' }
  /**
   * The focus went elsewhere (the user clicked or typed in an editor, or the agent's file was opened
   * with the focus): a focusComposer not applied yet (the composer waits for its agent) lapses.
   */
  | { type: 'focusElsewhere' }
  /**
   * Raw terminal output (escape sequences included) for the terminal cards, coalesced per frame.
   * Not thread state. `replace`: discard what the card shows and write `data` (the retained tail):
   * sent after a snapshot, and when the webview fell behind and the live bytes were dropped.
   */
  | { type: 'terminalOutput'; terminalId: string; data: string; replace: boolean }
  /** The chats of the window (the chat list); replaces the previous list whole. */
  | { type: 'chats'; chats: ChatSummary[] }
  /**
   * The window's workspace folders, sent before each snapshot and when they change: tool cards label
   * the paths inside them relative to them (webview/render/pathLabel.ts).
   */
  | { type: 'workspaceFolders'; folders: WorkspaceFolderRef[] };

/** A workspace folder as the webview knows it: its name and its path on the extension host's disk. */
export interface WorkspaceFolderRef {
  name: string;
  path: string;
}

/**
 * Every message names the chat the webview showed when the user acted (`threadId`), so a click
 * that crosses a switch to another chat still reaches the chat it was meant for.
 */
export type WebviewToHost = WebviewMessage & { threadId?: string };

type WebviewMessage =
  | { type: 'ready' }
  /** The webview saw a gap in action sequence numbers; the host answers with a snapshot. */
  | { type: 'resync' }
  /**
   * The webview has applied the actions up to `seq` (flow control, webviewMirror.ts: the next batch
   * is posted once the last one was taken, so batches grow instead of queuing in a slow channel).
   */
  | { type: 'taken'; seq: number }
  /**
   * agentId: the agent picked in the empty state; used only when there is no chat yet. context: what
   * the user attached (references; the host reads the texts and builds the content blocks).
   */
  | { type: 'prompt'; text: string; agentId?: string; context?: ContextRef[] }
  /** Typed while the agent works: sent when the turn ends (sent at once if the agent is idle by then). */
  | { type: 'queuePrompt'; text: string; context?: ContextRef[] }
  /** Ctrl/Cmd+Shift+Enter: the message (with its context) to several agents at once, "Compare Agents". */
  | { type: 'comparePrompt'; text: string; context?: ContextRef[] }
  | { type: 'editQueued'; id: string; text: string }
  | { type: 'removeQueued'; id: string }
  /**
   * "Send now": this queued message (id) or this new text joins the running turn where the agent steers,
   * else the turn is cancelled and it is sent next.
   */
  | { type: 'sendNow'; id?: string; text?: string; context?: ContextRef[] }
  /** "@" or "Add Context": the host shows its picker and answers with `contextPicked`. */
  | { type: 'pickContext' }
  | { type: 'cancel' }
  /**
   * Stop on a subagent card (shared/subagentTypes.ts): session/cancel of that child's work, sent only when its
   * card says `cancellable`; otherwise the host answers with an error saying why.
   */
  | { type: 'cancelSubagent'; sessionId: string }
  /** optionId null means the user dismissed the request: it resolves as `cancelled`, never allow. */
  | { type: 'permission'; permissionId: string; optionId: string | null }
  | { type: 'setMode'; modeId: string }
  /** value: a select option's value id, or the new state of a boolean option. */
  | { type: 'setConfigOption'; configId: string; value: string | boolean }
  | { type: 'authenticate'; methodId: string }
  | { type: 'restartAgent' }
  /** Start a new chat; without agentId the host asks the user to pick one. */
  | { type: 'newChat'; agentId?: string }
  | { type: 'openLocation'; path: string; line?: number | null }
  /**
   * A file path the agent's text names (pathLinks.ts), as written: the host resolves it inside a
   * workspace folder and opens it only if it exists there (src/chat/pathTarget.ts).
   */
  | { type: 'openPath'; path: string; line?: number | null; column?: number | null }
  /**
   * Open VS Code's diff editor for what a card shows: the fs writes from before the write
   * `fromRevision` to after the write `revision`, or a tool call's own diff (both the same
   * revision). The texts stay on the host, in the keeper (src/review/fileTexts.ts).
   */
  | { type: 'openDiff'; path: string; fromRevision: number; revision: number }
  | { type: 'copy'; text: string }
  | { type: 'showLog' }
  /** "Add an Agent..." in the empty chat: opens the switchboard.agents setting. */
  | { type: 'configureAgents' }
  /** The Stop button of a terminal card: kills the command (the card says the user stopped it). */
  | { type: 'stopTerminal'; terminalId: string }
  /** "Open in Terminal": the same process in a VS Code terminal. */
  | { type: 'openTerminal'; terminalId: string }
  /** Review: Keep or Undo every pending change of a file, from its tool-call card. */
  | { type: 'reviewFile'; path: string; action: 'keep' | 'undo' }
  /** Keep All / Undo All of the changes the shown chat (thread) made, from the chat header. */
  | { type: 'reviewSession'; action: 'keep' | 'undo' }
  /**
   * "Apply" on a code block of an agent's answer that names a file: the entry, the path as the fence
   * names it, and the key of the content shown (src/shared/codeBlockFile.ts). No text: the host writes
   * its own copy of the block.
   */
  | { type: 'applyCode'; entryId: string; path: string; key: string }
  /** Put the files back as they were before this user message (the host asks first; undoable). */
  | { type: 'restoreCheckpoint'; entryId: string }
  /**
   * "Edit" on a previous user message, sent: put the files back as they were before it (the host
   * asks first), then continue from there with `text` (a fork of the session, or a new seeded one).
   */
  | { type: 'editMessage'; entryId: string; text: string; context?: ContextRef[] }
  /**
   * The user's answer to an elicitation form or link card; `values` only with a form's `accept`, checked
   * again on the host against the form (src/shared/elicitation.ts). A link's `accept` is its Open.
   */
  | {
      type: 'elicitation';
      elicitationId: string;
      action: 'accept' | 'decline' | 'cancel';
      values?: Record<string, unknown>;
    }
  /** The chat list: show another chat, or close one (the host asks first when it is working). */
  | { type: 'showChat'; threadId: string }
  | { type: 'closeChat'; threadId: string }
  /** Open a chat in an editor tab. */
  | { type: 'openChatInEditor'; threadId: string }
  /**
   * The worktree bar of a chat in its own worktree: "Bring back" (what it changed, into the workspace for review)
   * or "Discard" (the host asks first; the worktree is removed and the chat closed).
   */
  | { type: 'worktree'; action: 'bringBack' | 'discard' };
