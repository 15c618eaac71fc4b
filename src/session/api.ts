// The seam between the VS Code-free core (agents/, session/, chat/) and the VS Code glue (vscode/,
// extension.ts). The core is built and unit-tested without `vscode`; the glue
// implements ClientHandlers and HostEnvironment with the real API and drives a ThreadController.
import type * as acp from '@agentclientprotocol/sdk';
import type { ThreadAction } from '../shared/actions';
import type { ReviewView, ThreadState, ToolCallView } from '../shared/thread';
import type { CancelSignal, TrafficSink } from '../protocol/types';
import type { TerminalHandle } from './requests/terminalManager';
import type { FileTexts, WriteOutcome } from '../review/fileTexts';
import type { ReportedChange, ReviewedReport } from '../review/reportedChanges';

// Defined by the agents layer; re-exported for the layers above.
import type { AgentConfig } from '../agents/config';
import type { AgentLogSink } from '../agents/agentProcess';
import type { SignInOutcome, SignInPlan } from '../agents/authMethods';
import type { LiveProcessGroups } from '../terminals/liveProcessGroups';
import type { AgentChoices, ChoiceStep } from './lifecycle/sessionChoices';
import type { Disposable } from '../shared/disposableStore';
import type { SessionNote } from '../shared/entryReasons';
import type { AcpMcpServer } from './agent/mcpOverAcp';
export type { AgentConfig } from '../agents/config';

// Defined by the transport layer (it answers JSON-RPC with them); re-exported for the glue.
export { RequestFailure } from '../protocol/types';
export type { CancelSignal, TrafficSink } from '../protocol/types';

// A write is recorded once, in the keeper of file texts; the session gets its revision and view.
export type { WriteOutcome } from '../review/fileTexts';

/** The client side of ACP's fs/* methods, implemented against VS Code in client/. */
export interface ClientHandlers {
  readTextFile(params: acp.ReadTextFileRequest, signal: CancelSignal): Promise<acp.ReadTextFileResponse>;
  writeTextFile(params: acp.WriteTextFileRequest, signal: CancelSignal): Promise<WriteOutcome>;
}

/** What the core needs from the editor besides fs. */
export interface HostEnvironment {
  /** Absolute cwd for session/new: the first workspace folder (or the home dir with none). */
  workspaceCwd(): string;
  /**
   * Every file workspace folder, the first one first (multi-root workspaces); absent: just
   * workspaceCwd(). The others are sent as additionalDirectories where the agent takes them
   * (src/shared/workspaceRoots.ts).
   */
  workspaceFolders?(): readonly string[];
  /**
   * A chat confined to folders of its own (a chat in its own worktree, src/session/chatRoots.ts): a terminal's cwd
   * must be inside one of them (real paths, symlinks followed). Absent: any folder, as the agent asks.
   */
  confinedTo?(): readonly string[];
  /** The environment agents inherit (process.env of the extension host). */
  baseEnv(): NodeJS.ProcessEnv;
  /** The host's live terminal process groups, for its last-resort exit hook. */
  liveProcessGroups: LiveProcessGroups;
  /** The window's keeper of file texts: a tool call's own `diff` texts are kept here (toolDiffs.ts). */
  fileTexts: FileTexts;
  /**
   * A tool call's diff reports a change the agent made (or proposes) on disk itself (src/review/reportedChanges.ts):
   * review learns from it what the file held before, where the disk watcher saw nothing. Resolves to the change's
   * texts where the disk and the report (or review's own record) say them (then kept for "Open diff"), or says that
   * nothing knows the text before (the card says so). Absent: no review in this host.
   */
  reportFileChange?(change: ReportedChange): Promise<ReviewedReport | undefined>;
  /** Per-agent stderr sink (a LogOutputChannel in VS Code); its `redact` also cleans the failure card's tail. */
  agentLog(agentId: string): AgentLogSink;
  /** Every JSON-RPC message both ways. */
  traffic(agentId: string): TrafficSink;
  /** Settings read at each agent start. */
  settings(): {
    maxMessageBytes: number;
    initializeTimeoutMs: number;
    experimental?: ExperimentalFeatures;
    /** elicitation/create and elicitation/complete (switchboard.elicitation): false turns them off; absent: on. */
    elicitation?: boolean;
    /** Subagent sessions (switchboard.subagents): false leaves them unadvertised; absent: on. */
    subagents?: boolean;
    /** Ask for ACP v2 in `initialize` (switchboard.acpV2, a draft): absent or false asks for v1. */
    acpV2?: boolean;
    /** Sentences for the agent's log at its start (a renamed setting still read under its old name). */
    notes?: string[];
  };
  /**
   * Opens an address outside VS Code, which may ask the user first; true once opened. Absent: URL-mode
   * elicitation is not advertised.
   */
  openExternal?(url: string): Promise<boolean>;
  clientInfo(): acp.Implementation;
  /**
   * The MCP servers for this agent's sessions (session/new, load, resume), decided by its capabilities
   * (src/agents/mcpServers.ts); none when absent. `leftOut`: one sentence (in the user's language) per
   * configured server not sent, shown in the chat.
   */
  mcpServers?(
    agent: AgentConfig,
    capabilities: acp.McpCapabilities | null | undefined,
  ): Promise<{ servers: acp.McpServer[]; leftOut: string[] }>;
  /**
   * Switchboard's own MCP server of the editor's tools for the chat's session on one agent process
   * (src/chat/mcp/, served by src/vscode/mcp/): the entry for `mcpServers` and the tools it offers, or the
   * undefined where it is not offered (the setting is off, the agent's entry gives it no tools: the agent's log says
   * why). The offer ends with the generation (`close`). Absent: no editor tools.
   */
  editorTools?(request: EditorToolsRequest): Promise<EditorToolsOffer | undefined>;
  /**
   * The mode and options a new chat of an agent starts with: the user's last picks, remembered per agent, under
   * what the switchboard.agentDefaults setting pins (src/vscode/chat/sessionChoiceStore.ts). Absent: the agent's own.
   */
  sessionChoices?: SessionChoices;
  /**
   * The permission policy of one chat; absent: every request is asked. `folders`: where its rules for files apply (a
   * chat confined to folders of its own passes them); absent: the workspace's.
   */
  permissionPolicy?(agentId: string, threadId: string, folders?: readonly string[]): PermissionPolicy;
  /** The sign-in steps the client runs itself (src/vscode/agents/signInFeature.ts); absent: agent methods only. */
  signIn?: HostSignIn;
}

/**
 * The chat's session as the editor's MCP tools reach it: the same handlers as the agent's ACP requests (the
 * session's SessionSink, src/session/agent/agentConnection.ts, is one; named here so this seam imports no part).
 */
export interface EditorSessionRequests {
  update(notification: acp.SessionNotification): void;
  requestPermission(params: acp.RequestPermissionRequest, signal: CancelSignal): Promise<acp.RequestPermissionResponse>;
  readTextFile(params: acp.ReadTextFileRequest, signal: CancelSignal): Promise<acp.ReadTextFileResponse>;
  writeTextFile(params: acp.WriteTextFileRequest, signal: CancelSignal): Promise<acp.WriteTextFileResponse>;
  terminals?: TerminalRequests;
}

/** The client side of ACP's terminal/* methods for one session. */
export interface TerminalRequests {
  create(params: acp.CreateTerminalRequest): Promise<acp.CreateTerminalResponse>;
  output(params: acp.TerminalOutputRequest): acp.TerminalOutputResponse;
  /** Answers -32800 as soon as `signal` fires: the agent cancelled the wait. */
  waitForExit(params: acp.WaitForTerminalExitRequest, signal: CancelSignal): Promise<acp.WaitForTerminalExitResponse>;
  kill(params: acp.KillTerminalRequest): acp.KillTerminalResponse;
  release(params: acp.ReleaseTerminalRequest): acp.ReleaseTerminalResponse;
}

/** The chat's session open on a live agent process, or null (none open yet, or the process ended). */
export interface OpenEditorSession {
  sessionId: string;
  cwd: string;
  requests: EditorSessionRequests;
}

export interface EditorToolsRequest {
  agent: AgentConfig;
  capabilities: acp.McpCapabilities | null | undefined;
  /** Asked at each tool call: the session the call acts in (null refuses the call). */
  session(): OpenEditorSession | null;
  /**
   * A chat confined to folders of its own (a chat in its own worktree): the editor's language features, which see
   * the user's workspace, refuse and say why (src/chat/mcp/languageTools.ts languageElsewhere).
   */
  confinedTo?: readonly string[];
}

/** UNSTABLE ACP (rfds/mcp-over-acp.mdx): an MCP server reached over the ACP connection; not in the SDK's types yet. */
export interface AcpMcpServerEntry {
  type: 'acp';
  name: string;
  serverId: string;
}

export interface EditorToolsOffer {
  server: acp.McpServer | AcpMcpServerEntry;
  /** With an `acp` server: what each `mcp/connect` of the agent reaches (src/session/agent/mcpOverAcp.ts). */
  acp?: AcpMcpServer;
  tools: readonly string[];
  /** The chat's note of which tools the agent was given. */
  note: SessionNote;
  /** The route stops answering (its secret is forgotten). */
  close(): void;
}

/**
 * The client's own answers to session/request_permission (the rules "Always allow" / "Always
 * reject" made, the chat's auto-approve mode): src/vscode/chat/permissionPolicy.ts.
 */
export interface PermissionPolicy {
  /**
   * An answer given without asking, with the words the card shows; undefined asks the user. It may take a moment
   * (the paths a request names are placed on disk): the card is shown meanwhile, and the user's click wins.
   */
  answer(
    tool: ToolCallView,
    options: readonly acp.PermissionOption[],
  ): PolicyAnswer | undefined | Promise<PolicyAnswer | undefined>;
  /** The user chose an option (an "always" one becomes a rule). */
  chosen(tool: ToolCallView, option: acp.PermissionOption): void;
}

export interface PolicyAnswer {
  optionId: string;
  note: string;
}

/** The mode and options chosen per agent (src/session/lifecycle/sessionChoices.ts decides what a new session gets). */
export interface SessionChoices {
  /** What a new session of the agent starts with (pinned over remembered); null: nothing chosen. */
  wanted(agentId: string): AgentChoices | null;
  /** The user changed the mode or an option in a chat of the agent, and the agent took it. */
  remember(agentId: string, step: ChoiceStep): void;
}

/** Terminal and env-var sign-in on the host, and the keys it keeps (SecretStorage; never settings or logs). */
export interface HostSignIn {
  /** The environment the agent's process gets on top of its own: the keys kept at sign-in. */
  agentEnv(agentId: string): Promise<Record<string, string>>;
  /** Runs a terminal method (exit code 0 signs in) or asks for an env-var method's keys and keeps them. */
  run(agent: AgentConfig, plan: SignInPlan): Promise<SignInOutcome>;
  /** Forgets the agent's kept keys; true when there were some. */
  forget(agentId: string): Promise<boolean>;
}

/** Draft ACP features behind `switchboard.experimental.*` (off by default; advertised only when on). */
export interface ExperimentalFeatures {
  /** `session/fork` (draft): "Edit" on a previous message continues in a fork where the agent offers it. */
  fork?: boolean;
}

/** One numbered action for one thread, as forwarded to the webview. */
export interface ThreadEvent {
  threadId: string;
  seq: number;
  action: ThreadAction;
}

/** Drives one chat thread: one ACP session on one agent process. */
export interface ThreadController {
  readonly threadId: string;
  readonly agent: AgentConfig;
  /** The current state (the reducer's latest output) and the seq of the last applied action. */
  snapshot(): { state: ThreadState; seq: number };
  /** Fires for every action applied to this thread, in order. */
  onEvent(listener: (event: ThreadEvent) => void): Disposable;
  /** Spawn (or reuse) the agent process, initialize, session/new. Never throws: failures become state. */
  start(): Promise<void>;
  /** context: the content blocks of the attached context, sent after the text. */
  prompt(text: string, context?: acp.ContentBlock[]): Promise<void>;
  /** Sends at once when the agent is idle, else queues the message for the end of the turn. */
  queuePrompt(text: string, context?: acp.ContentBlock[]): Promise<void>;
  editQueued(id: string, text: string): void;
  removeQueued(id: string): void;
  /**
   * Sends the queued message (or the new text) now: into the running turn where the agent advertised
   * steering, else it cancels the running turn and sends it right after. With no turn running it sends at
   * once; when that fails (the agent is not ready, or did not take it into its turn) it rejects, saying why,
   * and the message stays first in the queue.
   */
  sendNow(target: { id: string } | { text: string; context?: acp.ContentBlock[] }): Promise<void>;
  cancel(): Promise<void>;
  /**
   * Cancels a subagent session's current work (session/cancel with its id) where its card says the agent
   * permits it (`cancellable`); rejects with the reason otherwise. The session itself goes on.
   */
  cancelSubagent(sessionId: string): Promise<void>;
  resolvePermission(permissionId: string, optionId: string | null): void;
  /**
   * The user's answer to an elicitation form or link. An `accept` whose values do not fit the form
   * is not sent: the problems by field name come back (null when answered or unknown); a link's
   * `accept` opens it (answered once VS Code opened it).
   */
  resolveElicitation(
    elicitationId: string,
    action: 'accept' | 'decline' | 'cancel',
    values?: Record<string, unknown>,
  ): Record<string, string> | null;
  /**
   * Stops a running turn and waits (bounded) until it ended; resolves at once when idle. Before
   * "Edit" restores files, so the agent is not writing them meanwhile.
   */
  stopTurn(): Promise<void>;
  /**
   * "Edit" on a previous user message, after its checkpoint was restored: continues from there
   * with `text` (session/fork where offered and switched on, else a new seeded session; the
   * transcript says which). Rejects, changing nothing, when the chat cannot (no session, not idle,
   * no such message).
   */
  editFrom(entryId: string, text: string, context: acp.ContentBlock[], restoredFiles: number): Promise<void>;
  /** A refusal by the agent becomes state (settingFailed), not a rejection. */
  setMode(modeId: string): Promise<void>;
  /** A string for a select option, a boolean for a boolean one; a refusal becomes state too. */
  setConfigOption(configId: string, value: string | boolean): Promise<void>;
  /** A method of the sign-in card: `authenticate`, or a terminal / keys on the host, then the request again. */
  authenticate(methodId: string): Promise<void>;
  /** Sign Out: `logout` where advertised and the kept keys forgotten; the agent starts again signed out. */
  signOut(): Promise<'loggedOut' | 'forgotten' | 'nothing'>;
  /** Kill the agent process group and start again with a fresh session. */
  restart(): Promise<void>;
  /** Cancel pending permissions, stop the turn, kill the process group. */
  dispose(): Promise<void>;
  /** The user closed the chat: session/close where the agent advertises it (before dispose). */
  closeSession(): Promise<void>;
  /** Raw output of the thread's terminals as it arrives (not thread state: it streams separately). */
  onTerminalOutput(listener: (terminalId: string, data: string) => void): Disposable;
  /** The retained raw output of a terminal (also after release), to replay into a new view. */
  terminalReplay(terminalId: string): string | undefined;
  /** The user's Stop button: kills the terminal's process group. */
  stopTerminal(terminalId: string): void;
  /**
   * "Apply" on a code block of an answer: writes `content` to the absolute `path` as the agent's
   * fs/write_text_file would (the same checks; review records it as this chat's write, pending) and
   * shows it as its own entry. Rejects with the reason when the write is refused.
   */
  applyCode(path: string, content: string): Promise<void>;
  /** A live terminal for "Open in Terminal"; undefined once released. */
  terminalHandle(terminalId: string): TerminalHandle | undefined;
  /** Folds the review state of the files the chat shows into its state (src/chat/reviewSync.ts). */
  showReview(review: ReviewView): void;
  /** A notice of the client's in the transcript (e.g. what "Bring back" did with the chat's worktree). */
  note(note: SessionNote): void;
}
