// Every change to a ThreadState is one of these actions. The host dispatches them (from agent
// messages and user intents) and forwards the same actions to the webview, numbered, so the
// webview's copy of the state stays identical without ever receiving the transcript again.
import type * as acp from '@agentclientprotocol/sdk';
import type { MessageKind } from './messageChunks';
import type { DiffResult } from './diffHunks';
import type { AgentTerminalPatch } from './upsertActions';
import type { ElicitationAction, ElicitationForm, ElicitationLink } from './elicitation';
import type { ProtocolProblem, SessionNote } from './entryReasons';
import type {
  AgentFailure,
  AgentMeta,
  ConnectionState,
  QueuedPrompt,
  ContinueHow,
  EditedFrom,
  FileWriteView,
  ReviewView,
  SessionUpdateView,
  SettingTarget,
  TerminalView,
  PermissionPrompt,
  ToolCallUpdateView,
  ToolContentView,
  TurnUsage,
} from './thread';

export type ThreadAction =
  /**
   * A session/update notification from the agent, verbatim except for `diff` tool content, which
   * the host keeps and turns into hunks first (src/session/updates/toolDiffs.ts): no file text in an action.
   */
  | { type: 'sessionUpdate'; update: SessionUpdateView }
  | { type: 'connection'; state: ConnectionState }
  /** initialize answered. `initializeMeta`: the response's own `_meta` (bounded), absent when it had none. */
  | {
      type: 'initialized';
      agentInfo: acp.Implementation | null;
      agentCapabilities: acp.AgentCapabilities | null;
      initializeMeta?: AgentMeta;
    }
  /** session/new (or load/resume) answered. */
  | {
      type: 'sessionStarted';
      sessionId: string;
      modes: acp.SessionModeState | null;
      configOptions: acp.SessionConfigOption[] | null;
    }
  /** The user sent a prompt: adds the user entry and starts a turn. */
  | { type: 'promptSent'; prompt: acp.ContentBlock[] }
  /**
   * The last prompt sent again, once signed in after it failed with auth_required (signInFlow.ts): starts a turn
   * on the user entry already shown, adding none (a second promptSent showed and journaled the message twice).
   */
  | { type: 'promptResent' }
  /** A message was sent to join the running turn (`_session/steering`); its echo may come before the answer. */
  | { type: 'steerSent'; text: string }
  /** The agent added it to the running turn: its user entry, marked `steered`; the turn goes on. */
  | { type: 'steerJoined'; prompt: acp.ContentBlock[] }
  /** The agent did not add it (no turn ran, or it refused): nothing is shown; the message is queued again. */
  | { type: 'steerDropped' }
  /**
   * session/prompt answered: ends the turn; unfinished tool calls become `unfinished`. `usage` and
   * `meta` are the response's (bounded); absent when it had none.
   */
  | { type: 'turnEnded'; stopReason: acp.StopReason; usage?: TurnUsage; meta?: AgentMeta }
  /** ACP v2 (shared/upsertActions.ts): a message's content replaced whole by id (empty: cleared). */
  | { type: 'messageReplaced'; kind: MessageKind; messageId: string; content: acp.ContentBlock[] }
  /** ACP v2 `tool_call_content_chunk`: one content item appended to a tool call (created if new). */
  | { type: 'toolContentAppended'; toolCallId: string; content: ToolContentView }
  /**
   * ACP v2: the texts of a diff's change at `path` are kept (`revision`, src/session/updates/toolDiffs.ts);
   * `diff`: their hunks, for a change the agent sent without a patch (its card had none).
   */
  | { type: 'toolDiffKept'; toolCallId: string; path: string; revision: number; diff?: DiffResult }
  /** ACP v2: nothing says what the file at `path` held before the change (no patch, never seen): the card says so. */
  | { type: 'toolDiffUnknown'; toolCallId: string; path: string }
  /** ACP v2 `terminal_update` / `terminal_output_chunk` of a terminal the agent runs, shown in tool call `toolCallId`. */
  | { type: 'agentTerminalPatched'; toolCallId: string; terminalId: string; patch: AgentTerminalPatch }
  /** ACP v2 `state_update: running`: foreground work runs; a turn starts when none ran. */
  | { type: 'turnRunning' }
  /** session/prompt failed with an error (not a cancellation). */
  /** `message`: the agent's error; `needsSignIn`: the agent asked for sign-in, and the prompt is sent again after. */
  | { type: 'turnFailed'; message?: string; needsSignIn?: true }
  /** The user asked to cancel: unfinished tool calls become `cancelled`, pending permissions `cancelled`. */
  | { type: 'cancelRequested' }
  | {
      type: 'permissionRequested';
      permissionId: string;
      toolCall: ToolCallUpdateView;
      options: acp.PermissionOption[];
      /** ACP v2: the request's own title and description. */
      prompt?: PermissionPrompt;
    }
  | {
      type: 'permissionResolved';
      permissionId: string;
      outcome: { kind: 'selected'; optionId: string; automatic?: string } | { kind: 'cancelled' };
    }
  /** The complete option list from a session/set_config_option response. */
  | { type: 'configOptionsReplaced'; configOptions: acp.SessionConfigOption[] }
  /** session/set_mode succeeded. */
  | { type: 'modeChanged'; modeId: string }
  /** session/set_mode or session/set_config_option failed: the selector shows the agent's value and this message. */
  | { type: 'settingFailed'; target: SettingTarget; error: string }
  /** The agent wrote a file through fs/write_text_file. */
  /** applied: the user's "Apply" on a code block (its own entry), not the agent's write. */
  | { type: 'fileWritten'; write: FileWriteView; applied?: boolean }
  /** The review state of the files the chat shows changed (the host folds it in: src/chat/reviewSync.ts). */
  | { type: 'reviewChanged'; review: ReviewView }
  /** terminal/create started a command (its output streams to the webview separately). */
  | { type: 'terminalCreated'; terminal: Pick<TerminalView, 'terminalId' | 'commandLine' | 'cwd' | 'mode'> }
  /** terminal/kill from the agent, or the user's Stop button. */
  | { type: 'terminalKillRequested'; terminalId: string; by: 'agent' | 'user' }
  | { type: 'terminalExited'; terminalId: string; exitStatus: acp.TerminalExitStatus }
  /** terminal/release, or the session ended: the card keeps its last output. */
  | { type: 'terminalReleased'; terminalId: string }
  /** The agent sent something unusable (see the protocolError entry); shown in the thread. */
  | { type: 'protocolError'; problem: ProtocolProblem; raw?: string }
  /** elicitation/create (form mode) is waiting for the user; `elicitationId` is the client's own id. */
  | { type: 'elicitationRequested'; elicitationId: string; form: ElicitationForm }
  /** elicitation/create (URL mode) is waiting for the user to open the address or not. */
  | { type: 'elicitationUrlRequested'; elicitationId: string; link: ElicitationLink }
  /** The user answered, or the request ended (cancelled by the agent, turn over, agent gone). */
  | { type: 'elicitationResolved'; elicitationId: string; answer: ElicitationAction }
  /** elicitation/complete: the agent says the interaction behind a link card finished. */
  | { type: 'elicitationCompleted'; elicitationId: string }
  /** The messages waiting for the turn to end, whole (queued, edited, removed or sent). */
  | { type: 'queueChanged'; queue: QueuedPrompt[] }
  /** The chat went on with the agent after a reload or restart (see the `continued` entry). */
  | { type: 'sessionContinued'; how: ContinueHow; edit?: EditedFrom }
  /** A note from the client in the thread (e.g. which workspace folder the agent works in). */
  | { type: 'notice'; note: SessionNote }
  /** The agent process failed (spawn error, exit, timeout, bad protocol version). */
  | { type: 'agentFailed'; failure: AgentFailure }
  /**
   * An action of a subagent session (its session/update, permission request, form, write, terminal),
   * applied to that child's own state; a `subagent_update` inside announces a child of that child.
   */
  | { type: 'subagent'; sessionId: string; action: ThreadAction };

export type ThreadActionType = ThreadAction['type'];
