// The thread model: everything the chat shows for one session, as plain serialisable data.
// Both the extension host and the webview hold a ThreadState and apply the same ThreadActions
// to it with the pure reducer in ./reduce.ts, so the host never has to post the transcript twice.
// Runtime-neutral: no `vscode`, no Node built-ins, no DOM.
import type * as acp from '@agentclientprotocol/sdk';
import type { ElicitationAction, ElicitationForm, ElicitationLink } from './elicitation';
// PromptResponse.usage is DRAFT: only the unstable entry point has its type (checklist §7.4).
import type { Usage } from '@agentclientprotocol/sdk/unstable';
import type { DiffResult } from './diffHunks';
import type { ToolIndex } from './toolIndex';
import type { SessionLinkContent, SubagentCard, SubagentSessionUpdate } from './subagentTypes';
import type { EnvWarning, FailureReason, NoForkReason, ProtocolProblem, SessionNote, ToolOrigin } from './entryReasons';

/** Identifies a thread across agents: one agent process may host several sessions. */
export interface ThreadKey {
  agentId: string;
  /** Local id assigned by the host before the agent hands out a sessionId. */
  threadId: string;
}

export interface AgentDescriptor {
  id: string;
  displayName: string;
  /** True for the built-in offline Demo agent; the UI labels it as a demo. */
  isDemo: boolean;
  /** The user named the agent in its settings entry: shown as is, before the agent's own title. */
  namedByUser?: boolean;
}

/** Why an agent process is not usable, with everything the error card shows. */
export interface AgentFailure {
  /** What went wrong, as data: the card's title and hint are worded where shown (shared/failureWords.ts). */
  reason: FailureReason;
  /** The command line that was run, as the user would type it. */
  commandLine: string;
  exitCode?: number | null;
  signal?: string | null;
  /** The last lines the agent wrote to stderr (bounded). */
  stderrTail: string[];
  /** Agent `env` values that look like a mistake (agents/env.ts), named after the hint: the likely cause. */
  envWarnings?: EnvWarning[];
}

export type ConnectionState =
  | { kind: 'starting' } // spawning the process, initialize, session/new
  | { kind: 'authRequired'; methods: acp.AuthMethod[] } // session/new said auth_required
  | { kind: 'authenticating'; methodId: string }
  | { kind: 'ready' }
  | { kind: 'failed'; failure: AgentFailure } // spawn failed, exited, timed out, bad version
  | { kind: 'stopped' }; // the user or the host shut it down on purpose

export type TurnState = { kind: 'idle' } | { kind: 'prompting' } | { kind: 'cancelling' }; // session/cancel sent, still accepting updates until the response

/** A run of content in a message. Consecutive text chunks coalesce into one text part. */
export type MessagePart = { kind: 'text'; text: string } | { kind: 'block'; block: acp.ContentBlock }; // image, audio, resource, resource_link

/**
 * Tool call status as the UI sees it: the four wire values plus two client-side states.
 * `cancelled`: the user cancelled the turn while it was unfinished.
 * `unfinished`: the turn ended and the agent never closed this tool call.
 */
export type ToolStatus = acp.ToolCallStatus | 'cancelled' | 'unfinished';

export type PermissionState =
  | { kind: 'pending' }
  /** `automatic`: answered by the client itself, and why ("Allowed by rule …"), shown on the card. */
  | { kind: 'selected'; optionId: string; automatic?: string }
  | { kind: 'cancelled' }; // turn cancelled, agent gone, panel disposed, or dismissed

export interface PermissionRequestView {
  /** Host-local id of this request (several may be made for one tool call over time). */
  permissionId: string;
  options: acp.PermissionOption[];
  state: PermissionState;
  /** What the agent asks, in its own words (ACP v2's `title` and `description`); absent on v1. */
  prompt?: PermissionPrompt;
}

export interface PermissionPrompt {
  title: string;
  description?: string;
}

/**
 * The fs writes of one file a tool card shows: from before the write `fromRevision` (its first
 * write of the file) to after the write `revision`. The texts stay on the host, in the keeper of
 * file texts (src/review/fileTexts.ts); the card gets the bounded hunks the host computed.
 */
export interface FileWriteView {
  path: string;
  /** Both 0: not kept (a chat restored after a reload: the keeper was the closed window's). */
  fromRevision: number;
  revision: number;
  /** Unified hunks with context, at most a card's worth of lines (the counts cover everything). */
  diff: DiffResult;
  /** The file did not exist before the first write. */
  created: boolean;
}

/**
 * An agent's own `diff` tool-call content as the thread holds it. The agent sent both texts; the
 * host keeps them once, in the keeper of file texts under `revision` (src/session/updates/toolDiffs.ts),
 * and the card gets the bounded hunks the host computed, like an fs write's.
 */
export interface ToolDiffView {
  type: 'diff';
  path: string;
  /**
   * The keeper's id of the texts: "Open diff" sends it back (`openDiff` from and to this revision).
   * 0: not kept (a chat restored after a reload: the keeper was the closed window's).
   */
  revision: number;
  /** Unified hunks with context, at most a card's worth of lines (the counts cover everything). */
  diff: DiffResult;
  /** The agent sent no old text: a new file. */
  created: boolean;
  /** The agent deleted the file (the DRAFT `deleted: true` beside newText "", checklist §7.13), rather than emptying it. */
  deleted?: true;
  /**
   * ACP v2's structured change (`operation` add, delete, modify, move, copy or a newer one; a move's or
   * copy's `oldPath`; `fileType` text, binary, directory, symlink); absent for v1 diffs.
   */
  change?: { operation: string; oldPath?: string; fileType?: string };
  /** ACP v2: the agent sent no patch and nothing Switchboard holds knows the file before: no diff to show. */
  beforeUnknown?: true;
}

/** Tool-call content as the thread holds it: the agent's items, with `diff` ones as ToolDiffView. */
export type ToolContentView = Exclude<acp.ToolCallContent, { type: 'diff' }> | ToolDiffView | SessionLinkContent;

/** An ACP tool call (or its update) as the thread takes it: its `content` made ToolContentView by the host. */
export type WithContentView<T extends { content?: unknown }> = Omit<T, 'content'> & {
  content?: ToolContentView[] | null;
};

type ToolCallUpdateVariant = Extract<acp.SessionUpdate, { sessionUpdate: 'tool_call' | 'tool_call_update' }>;

/** A session/update as a ThreadAction carries it: verbatim, except tool-call content (WithContentView). */
export type SessionUpdateView =
  | Exclude<acp.SessionUpdate, ToolCallUpdateVariant>
  | WithContentView<Extract<acp.SessionUpdate, { sessionUpdate: 'tool_call' }>>
  | WithContentView<Extract<acp.SessionUpdate, { sessionUpdate: 'tool_call_update' }>>
  | SubagentSessionUpdate;

/** A permission request's tool call as a ThreadAction carries it. */
export type ToolCallUpdateView = WithContentView<acp.ToolCallUpdate>;

export interface ToolCallView {
  toolCallId: string;
  /** The agent's title; absent when it gave none (worded where shown: shared/entryWords.ts `toolTitle`). */
  title?: string;
  /** Why the client made the card (shared/entryReasons.ts); absent for the agent's tool calls. */
  origin?: ToolOrigin;
  kind: acp.ToolKind;
  status: ToolStatus;
  content: ToolContentView[];
  locations: acp.ToolCallLocation[];
  rawInput?: unknown;
  rawOutput?: unknown;
  /** The agent's `_meta` of the tool call (latest one sent; bounded like rawInput at the gate). */
  meta?: AgentMeta;
  permission: PermissionRequestView | null;
  writes: FileWriteView[];
  /** Terminals the agent runs itself and reports in this tool call (shared/agentTerminals.ts); absent until one. */
  agentTerminals?: AgentTerminalView[];
}

/**
 * A command the agent runs itself and reports in its tool call's `_meta` (codex-acp: terminal_info,
 * terminal_output(_delta), terminal_exit), or terminal content whose id no terminal/create made.
 * Switchboard started nothing: its card shows the output and the exit, and offers no Stop.
 */
export interface AgentTerminalView {
  terminalId: string;
  /** The command line (ACP v2 `terminal_update`); absent when the agent did not say (v1 agents never do). */
  command?: string;
  /** The cwd terminal_info named; null when the agent did not say. */
  cwd: string | null;
  /** The newest output as the agent sent it (escape sequences included), bounded: what the card replays. */
  output: string;
  /** Characters received in all: more than `output.length` once the oldest were dropped. */
  received: number;
  /** `unknown`: the turn ended (or the chat was restored) before the agent reported an exit. */
  status: 'running' | 'exited' | 'unknown';
  exitStatus: acp.TerminalExitStatus | null;
}

/** A terminal the agent runs on the client (terminal/create). Its output is not thread state. */
export interface TerminalView {
  terminalId: string;
  /** The command as the user would type it. */
  commandLine: string;
  cwd: string;
  /** `pty`: a real terminal; `pipes`: node-pty could not load; `none`: the command never started. */
  mode: 'pty' | 'pipes' | 'none';
  status: 'running' | 'exited';
  exitStatus: acp.TerminalExitStatus | null;
  /** Who asked for it to be killed, if anyone: the card says "stopped by you" or "by the agent". */
  stoppedBy: 'agent' | 'user' | null;
  released: boolean;
}

/**
 * `closed` (agent and thought messages): the agent updated its plan after the message's last chunk (a
 * TodoWrite-like tool between two texts), so the next chunk starts a new message instead of being glued
 * to this one's last word.
 * `truncated` (messages from the agent): the message reached its cap (src/shared/messageCap.ts);
 * the rest the agent sent of it was dropped, and the chat says so.
 * `steered` (user messages): sent while the agent worked and added to its running turn
 * (`_session/steering`), not a prompt of its own.
 */
export type Entry =
  | { kind: 'user'; id: string; messageId: string | null; parts: MessagePart[]; truncated?: true; steered?: true }
  | { kind: 'agent'; id: string; messageId: string | null; parts: MessagePart[]; closed?: true; truncated?: true }
  | { kind: 'thought'; id: string; messageId: string | null; parts: MessagePart[]; closed?: true; truncated?: true }
  | { kind: 'tool'; id: string; tool: ToolCallView }
  | {
      kind: 'turnEnd';
      id: string;
      /** `error` when session/prompt failed with a JSON-RPC error. */
      stopReason: acp.StopReason | 'error';
      /** The agent's error message, as it sent it. */
      message?: string;
      /** The agent asked the user to sign in; the message is sent again after (worded where shown). */
      needsSignIn?: true;
      /** PromptResponse._meta, bounded. */
      meta?: AgentMeta;
    }
  | { kind: 'failure'; id: string; failure: AgentFailure }
  /**
   * The agent sent something the client could not use as it was (an update that fails the ACP
   * schema, a permission request nobody could answer): shown, not silently dropped. `raw` is
   * the agent's JSON, bounded and truncated.
   */
  | { kind: 'protocolError'; id: string; problem: ProtocolProblem; raw?: string }
  /** Something the client says about the session in passing (which folder the agent works in). */
  | { kind: 'notice'; id: string; note: SessionNote }
  /**
   * A `notice` the agent sent (ACP session notices, stable 2026-10-09): advice about the session
   * (an MCP server that did not start, a fallback), never part of its answer. Plain text; the
   * severity is a hint, kept as sent (an unknown one gets the generic look).
   */
  | { kind: 'agentNotice'; id: string; severity: acp.NoticeSeverity; title: string; description: string | null }
  /**
   * A context compaction (ACP session compaction, stable 2026-10-09): one marker per `compactionId`
   * where the agent first reported it, patched in place by later updates; the summary it retained
   * streams into `summary`. Nothing above it is dropped.
   */
  | {
      kind: 'compaction';
      id: string;
      compactionId: string;
      status: CompactionState;
      summary: MessagePart[];
      error: string | null;
    }
  /**
   * The agent asks the user to fill in a form (elicitation/create, form mode). `answer`
   * is null while it waits; what the user typed is not kept in the thread.
   */
  | {
      kind: 'elicitation';
      id: string;
      elicitationId: string;
      form: ElicitationForm;
      answer: ElicitationAction | null;
    }
  /**
   * The agent asks the user to open an address (elicitation/create, URL mode). `answer` is null while
   * it waits (`accept`: the user let VS Code open it); `completed` once the agent said the interaction
   * finished (elicitation/complete).
   */
  | {
      kind: 'elicitationUrl';
      id: string;
      elicitationId: string;
      link: ElicitationLink;
      answer: ElicitationAction | null;
      completed: boolean;
    }
  /**
   * The chat went on with the agent after a reload or a restart: `resumed` and `loaded` kept the
   * agent's context (session/resume, session/load); `new` did not: the agent starts fresh from
   * here and knows nothing of what is above. After "Edit" on a previous message (`edit` set):
   * `forked` went on in a fork of the session (session/fork), `seeded` in a new session given the
   * conversation up to that message as text.
   */
  | { kind: 'continued'; id: string; how: ContinueHow; edit?: EditedFrom }
  /** Where the agent started a subagent session (see shared/subagentTypes.ts). */
  | SubagentCard
  /** A message between two sessions (a parent and its subagent). */
  | SessionMessageEntry;

/**
 * A compaction's status as the UI sees it: the agent's (an unknown one kept as sent) or
 * `unfinished`: the agent went away (or the window closed) before it said how it ended.
 */
export type CompactionState = acp.CompactionStatus | 'unfinished';

/** How a chat went on with its agent (see the `continued` entry). */
export type ContinueHow = 'resumed' | 'loaded' | 'new' | 'forked' | 'seeded';

/** Where an edit went back to, for the `continued` entry that says so. */
export interface EditedFrom {
  /** The start of the message the user went back to (bounded by the host). */
  excerpt: string;
  /** How many files the checkpoint restore put back. */
  restoredFiles: number;
  /** Why the edit did not fork (seeded), as data (worded by shared/entryWords.ts noForkWords). */
  reason?: NoForkReason;
}

/** An agent's `_meta` object: opaque, kept for whoever reads it (the spec: make no assumptions). */
export type AgentMeta = Record<string, unknown>;

export interface UsageView {
  used: number;
  size: number;
  cost: acp.Cost | null;
  /** usage_update's `_meta`. */
  meta?: AgentMeta;
}

/** PromptResponse.usage (DRAFT): token counts the agent reported when the last turn ended. */
export type TurnUsage = Usage;

/** Which session setting a change was for: the legacy mode selector (and the mode asked for) or a config option. */
export type SettingTarget = { kind: 'mode'; modeId: string } | { kind: 'config'; configId: string };

/** The agent refused a mode or config change the user made; shown beside that selector (worded by entryWords). */
export interface SettingError {
  target: SettingTarget;
  /** The agent's (or the connection's) error message, bounded. */
  error: string;
}

/**
 * The user message of the live turn, so an agent that echoes it back as user_message_chunk does
 * not show it twice: `at` is the index of its user entry, `matched` how much of its text the
 * echo has repeated so far.
 */
export interface PromptEcho {
  at: number;
  matched: number;
}

/**
 * A message on its way into the running turn (`_session/steering` sent, not answered yet): an agent may
 * echo it before it answers, when the message has no entry yet; `matched` is how much of `text` the echo
 * has repeated so far. On `injected` the entry is added and the echo goes on as its PromptEcho.
 */
export interface SteerEcho {
  text: string;
  matched: number;
}

/** A message typed while the agent worked; sent when the turn ends (src/session/turn/promptQueue.ts). */
export interface QueuedPrompt {
  id: string;
  text: string;
  /** How many context items go with it (files, images...); absent when none. */
  attachments?: number;
}

export interface ThreadState {
  key: ThreadKey;
  agent: AgentDescriptor;
  /** From initialize: agentInfo (name, title, version). */
  agentInfo: acp.Implementation | null;
  agentCapabilities: acp.AgentCapabilities | null;
  /**
   * The initialize response's own `_meta` (bounded), where extensions beside agentCapabilities are
   * advertised (steering: src/shared/capabilities.ts `agentSteers`); absent when it had none.
   */
  initializeMeta?: AgentMeta;
  sessionId: string | null;
  connection: ConnectionState;
  turn: TurnState;
  entries: Entry[];
  /** Counter used to mint entry ids; the reducer stays deterministic (no clock, no random). */
  nextEntryId: number;
  plan: acp.PlanEntry[] | null;
  commands: acp.AvailableCommand[];
  modes: acp.SessionModeState | null;
  configOptions: acp.SessionConfigOption[] | null;
  title: string | null;
  /** session_info_update.updatedAt: ISO 8601 time of the session's last activity, as the agent sent it. */
  updatedAt: string | null;
  /** session_info_update._meta (agent-specific, e.g. a message count). */
  sessionMeta: AgentMeta | null;
  usage: UsageView | null;
  /** PromptResponse.usage of the last turn that reported one. */
  turnUsage: TurnUsage | null;
  /** The last mode / config change the agent rejected; cleared by the next one that succeeds. */
  settingError: SettingError | null;
  /** Set while a turn the user prompted runs (see PromptEcho); absent otherwise. */
  promptEcho?: PromptEcho;
  /** Set while a message sent to join the running turn waits for the agent's answer (see SteerEcho). */
  steerEcho?: SteerEcho;
  /**
   * Optional cache kept by the reducer: toolCallId -> index in `entries` of its tool entry, a
   * persistent trie (toolIndex.ts) so a new tool call does not copy it whole. It lets tool-call
   * updates stay O(1) in long threads. Entries are only ever appended, so the indexes never move.
   * Absent in a fresh state (or if a sender strips it): the reducer rebuilds it from `entries`
   * on the next tool action.
   */
  toolIndex?: ToolIndex;
  /** Optional cache: compactionId -> index in `entries` of its compaction entry (compactions are few). */
  compactionIndex?: Record<string, number>;
  /** Terminals by terminalId; absent until the first terminal/create. */
  terminals?: Record<string, TerminalView>;
  /** Messages waiting for the running turn to end, first sent first; absent until one is queued. */
  queue?: QueuedPrompt[];
  /**
   * The review state of the files this chat shows (review is per window: the host folds the part
   * this chat shows into its state, see src/chat/reviewSync.ts); absent until the host sent one.
   */
  review?: ReviewView;
  /**
   * Subagent sessions by their session id, every level flat here in the chat's own state (a child's
   * `parentSessionId` says who announced it); absent until the first `subagent_update`.
   */
  subagents?: Record<string, SubagentThread>;
  /**
   * The bounds on subagent sessions this chat's agent went past (shared/subagents.ts): each is said once,
   * in a protocolError entry; absent until one was.
   */
  subagentLimits?: { children?: true; depth?: true };
  /** Optional cache: messageId -> index in `entries` of its sessionMessage entry (see toolIndex). */
  sessionMessageIndex?: ToolIndex;
  /**
   * The worktree this chat works in (New Chat in Worktree): set when the chat is made, kept in its journal, so a
   * reload brings it back in the same folders; absent (or null, from a journal) for a chat in the workspace.
   */
  worktree?: ChatWorktree | null;
}

/**
 * Where a chat in its own worktree works: the worktree's id in the extension's store (src/worktrees/) and its
 * folders, one per workspace folder, the first the agent's cwd. Its fs/*, terminal/* and MCP requests are
 * confined to these folders (src/session/chatRoots.ts).
 */
export interface ChatWorktree {
  id: string;
  folders: string[];
}

/**
 * The review of one file shown in the chat: what the file's diff cards show beside Keep / Undo.
 * `path` is the path exactly as the chat shows it.
 */
export interface ReviewFileState {
  path: string;
  /** unknown: the agent changed it on disk and its earlier content was never seen (nothing to undo). */
  status: 'pending' | 'kept' | 'undone' | 'unknown';
  added: number;
  removed: number;
  /** Pending hunks. */
  hunks: number;
  /** Overlaps with the user's unsaved edits, shown as conflicts. */
  conflicts: number;
  /** Not text: kept or undone whole (no hunks). */
  binary?: true;
}

export interface ReviewView {
  /** The files the chat shows that have a review (a file missing here has none: nothing written yet). */
  files: ReviewFileState[];
  /** Files the chat's turns changed that still have pending changes (Keep All / Undo All). */
  sessionPending: number;
}

export function createThreadState(key: ThreadKey, agent: AgentDescriptor): ThreadState {
  return {
    key,
    agent,
    agentInfo: null,
    agentCapabilities: null,
    sessionId: null,
    connection: { kind: 'starting' },
    turn: { kind: 'idle' },
    entries: [],
    nextEntryId: 1,
    plan: null,
    commands: [],
    modes: null,
    configOptions: null,
    title: null,
    updatedAt: null,
    sessionMeta: null,
    usage: null,
    turnUsage: null,
    settingError: null,
  };
}

/**
 * A message one session sent another (`session_message` upserts by messageId in the enclosing
 * session's transcript, `session_message_chunk` appends to its content).
 */
export interface SessionMessageEntry {
  kind: 'sessionMessage';
  id: string;
  messageId: string;
  senderSessionId: string | null;
  recipientSessionId: string | null;
  parts: MessagePart[];
  /** The message reached the cap of a chat message (shared/messageCap.ts); the rest was dropped. */
  truncated?: true;
}

/** A child session's own transcript and who announced it. */
export interface SubagentThread {
  /** The session that announced it: null for the chat's own session, else another child's id. */
  parentSessionId: string | null;
  /** Its transcript, plan and terminals, reduced like a chat's from `subagent` actions. */
  state: ThreadState;
  /**
   * Optional cache kept by the reducer: where the child's card sits in its parent's entries (entries
   * are only appended, so it never moves). Absent or stale (a journal line skipped): found again.
   */
  cardAt?: number;
}
