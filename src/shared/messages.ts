// The messages exchanged between the extension host (panel/) and the chat webview (webview/).
// The host owns the state. On `ready` (and whenever the webview sees a sequence gap and asks
// for `resync`) the host sends one `snapshot`; after that only numbered `actions` batches.
import type { ThreadAction } from './actions';
import type { AgentDescriptor, ThreadState } from './thread';

export interface AgentChoice extends AgentDescriptor {
  /** The command line, shown in the picker so users can tell configured agents apart. */
  commandLine: string;
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
      /**
       * Present when the host merged consecutive text chunks of one message (coalesceChunks): the
       * batch then covers firstSeq..lastSeq with fewer actions than numbers, and applies whole or not at all.
       */
      lastSeq?: number;
      actions: ThreadAction[];
    }
  | { type: 'agents'; agents: AgentChoice[]; defaultAgentId: string }
  /** Move keyboard focus to the composer (after "New Chat"). */
  | { type: 'focusComposer' }
  /**
   * Raw terminal output (escape sequences included) for the terminal cards, coalesced per frame.
   * Not thread state. `replace`: discard what the card shows and write `data` (the retained tail):
   * sent after a snapshot, and when the webview fell behind and the live bytes were dropped.
   */
  | { type: 'terminalOutput'; terminalId: string; data: string; replace: boolean };

export type WebviewToHost =
  | { type: 'ready' }
  /** The webview saw a gap in action sequence numbers; the host answers with a snapshot. */
  | { type: 'resync' }
  /** agentId: the agent picked in the empty state; used only when there is no chat yet. */
  | { type: 'prompt'; text: string; agentId?: string }
  | { type: 'cancel' }
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
   * Open VS Code's diff editor for the fs writes a tool-call card shows: from before the write
   * `fromRevision` to after the write `revision` (the texts stay on the host, src/review/fileTexts.ts).
   */
  | { type: 'openDiff'; path: string; fromRevision: number; revision: number }
  /** Open VS Code's diff editor for the agent's own diff of `path` in the tool call's content. */
  | { type: 'openToolDiff'; toolCallId: string; path: string }
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
  /** Put the files back as they were before this user message (the host asks first; undoable). */
  | { type: 'restoreCheckpoint'; entryId: string };
