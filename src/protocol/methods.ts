// The one table of ACP method names and error codes. The names are checked at compile time against
// the SDK's own tables (type-only import: no SDK code is bundled), so a typo cannot slip through.
import type * as acp from '@agentclientprotocol/sdk';
import type { AGENT_METHODS, CLIENT_METHODS, PROTOCOL_METHODS, ErrorCode } from '@agentclientprotocol/sdk';
import type * as unstable from '@agentclientprotocol/sdk/unstable';
import type { AGENT_METHODS as AGENT_METHODS_V2 } from '@agentclientprotocol/sdk/experimental/v2';

/** The stable methods, plus the one draft method used behind a setting (session/fork). */
type SdkAgentMethod =
  (typeof AGENT_METHODS)[keyof typeof AGENT_METHODS] | (typeof unstable.AGENT_METHODS)['session_fork'];
type SdkClientMethod = (typeof CLIENT_METHODS)[keyof typeof CLIENT_METHODS];
type SdkProtocolMethod = (typeof PROTOCOL_METHODS)[keyof typeof PROTOCOL_METHODS];

/** Methods the client calls on the agent (requests, plus the `session/cancel` notification). */
export const AgentMethod = {
  initialize: 'initialize',
  authenticate: 'authenticate',
  logout: 'logout',
  sessionNew: 'session/new',
  sessionLoad: 'session/load',
  sessionResume: 'session/resume',
  sessionClose: 'session/close',
  sessionList: 'session/list',
  sessionDelete: 'session/delete',
  /** DRAFT (sessionCapabilities.fork): used only with switchboard.experimental.fork on. */
  sessionFork: 'session/fork',
  sessionSetMode: 'session/set_mode',
  sessionSetConfigOption: 'session/set_config_option',
  sessionPrompt: 'session/prompt',
  /** A notification, not a request. */
  sessionCancel: 'session/cancel',
} as const satisfies Record<string, SdkAgentMethod>;

/**
 * ACP v2's names for the v1 methods it renamed or replaced (a v2 connection's requests are adapted by
 * protocol/v2/wireAdapter.ts): sign-in and sign-out, and session/load (session/resume with `replayFrom`).
 */
export const AgentMethodV2 = {
  authenticate: 'auth/login',
  logout: 'auth/logout',
  sessionLoad: 'session/resume',
} as const satisfies Record<string, (typeof AGENT_METHODS_V2)[keyof typeof AGENT_METHODS_V2]>;

/** Methods the agent calls on the client (requests, plus the `session/update` notification). */
export const ClientMethod = {
  sessionRequestPermission: 'session/request_permission',
  /** A notification, not a request. */
  sessionUpdate: 'session/update',
  fsReadTextFile: 'fs/read_text_file',
  fsWriteTextFile: 'fs/write_text_file',
  terminalCreate: 'terminal/create',
  terminalOutput: 'terminal/output',
  terminalWaitForExit: 'terminal/wait_for_exit',
  terminalKill: 'terminal/kill',
  terminalRelease: 'terminal/release',
  /** Stable (2026-07); advertised unless switchboard.elicitation is off. */
  elicitationCreate: 'elicitation/create',
  /** A notification: a URL-mode interaction finished (no session named: every session is asked). */
  elicitationComplete: 'elicitation/complete',
} as const satisfies Record<string, SdkClientMethod>;

/** Protocol-level notifications, sent both ways. */
export const ProtocolMethod = {
  /** ACP's cancellation (`{requestId}`); not vscode-jsonrpc's `$/cancelRequest` (`{id}`). */
  cancelRequest: '$/cancel_request',
} as const satisfies Record<string, SdkProtocolMethod>;

/**
 * Extension methods the client calls on the agent: not in ACP or its SDK (so their types are written here),
 * sent only where the agent advertised them (src/shared/capabilities.ts).
 */
export const AgentExtensionMethod = {
  /**
   * Adds a message to the turn that is running (codex-acp 2.6, claude-agent-acp 0.101; advertised by
   * `_meta.steering.supported` in the initialize response).
   */
  sessionSteering: '_session/steering',
} as const;

export type AgentMethodName = (typeof AgentMethod)[keyof typeof AgentMethod];
export type ClientMethodName = (typeof ClientMethod)[keyof typeof ClientMethod];

export const ErrorCodes = {
  parseError: -32700,
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602,
  internalError: -32603,
  requestCancelled: -32800,
  /** `auth_required`: run the auth flow, then retry (e.g. session/new). */
  authRequired: -32000,
  /** A resource such as a file was not found (fs/read_text_file on a missing file). */
  resourceNotFound: -32002,
} as const satisfies Record<string, ErrorCode>;

/** The protocol version this client speaks (sent in `initialize`). */
export const CLIENT_PROTOCOL_VERSION = 1;

/** Params and result of each request the client sends, for the typed overload of `request`. */
export interface AgentRequests {
  initialize: { params: acp.InitializeRequest; result: acp.InitializeResponse };
  authenticate: { params: acp.AuthenticateRequest; result: acp.AuthenticateResponse };
  logout: { params: acp.LogoutRequest; result: acp.LogoutResponse };
  'session/new': { params: acp.NewSessionRequest; result: acp.NewSessionResponse };
  'session/load': { params: acp.LoadSessionRequest; result: acp.LoadSessionResponse | null };
  'session/resume': { params: acp.ResumeSessionRequest; result: acp.ResumeSessionResponse };
  'session/close': { params: acp.CloseSessionRequest; result: acp.CloseSessionResponse };
  'session/list': { params: acp.ListSessionsRequest; result: acp.ListSessionsResponse };
  'session/delete': { params: acp.DeleteSessionRequest; result: acp.DeleteSessionResponse };
  'session/fork': { params: unstable.ForkSessionRequest; result: unstable.ForkSessionResponse };
  'session/set_mode': { params: acp.SetSessionModeRequest; result: acp.SetSessionModeResponse };
  'session/set_config_option': {
    params: acp.SetSessionConfigOptionRequest;
    result: acp.SetSessionConfigOptionResponse;
  };
  'session/prompt': { params: acp.PromptRequest; result: acp.PromptResponse };
  '_session/steering': { params: SteeringRequest; result: unknown };
}

/**
 * `_session/steering` params, as codex-acp 2.6 and claude-agent-acp 0.101 read them. With
 * `idleBehavior: "promptRequired"` an agent whose turn already ended does nothing and answers
 * `promptRequired` (without it, it would start a turn of its own that the client never asked for).
 */
export interface SteeringRequest {
  sessionId: string;
  prompt: acp.ContentBlock[];
  _meta: { steering: { idleBehavior: 'promptRequired' } };
}

/**
 * What `_session/steering` answers: the message joined the running turn, or no turn runs (send a
 * session/prompt instead). The result is typed `unknown` above: it is checked (session/turn/steering.ts).
 * codex-acp also answers `failed`, and without the opt-in `startedNewTurn`.
 */
export type SteeringOutcome = 'injected' | 'promptRequired';

/** Params and result of each request the agent may send, for the typed overload of `onRequest`. */
export interface ClientRequests {
  'session/request_permission': {
    params: acp.RequestPermissionRequest;
    result: acp.RequestPermissionResponse;
  };
  'fs/read_text_file': { params: acp.ReadTextFileRequest; result: acp.ReadTextFileResponse };
  'fs/write_text_file': { params: acp.WriteTextFileRequest; result: acp.WriteTextFileResponse };
  'terminal/create': { params: acp.CreateTerminalRequest; result: acp.CreateTerminalResponse };
  'terminal/output': { params: acp.TerminalOutputRequest; result: acp.TerminalOutputResponse };
  'terminal/wait_for_exit': {
    params: acp.WaitForTerminalExitRequest;
    result: acp.WaitForTerminalExitResponse;
  };
  'terminal/kill': { params: acp.KillTerminalRequest; result: acp.KillTerminalResponse };
  'terminal/release': { params: acp.ReleaseTerminalRequest; result: acp.ReleaseTerminalResponse };
  'elicitation/create': { params: acp.CreateElicitationRequest; result: acp.CreateElicitationResponse };
}

/** Notifications each way, for the typed overloads of `notify` and `onNotification`. */
export interface ClientNotifications {
  'session/update': acp.SessionNotification;
  'elicitation/complete': acp.CompleteElicitationNotification;
}
export interface AgentNotifications {
  'session/cancel': acp.CancelNotification;
}
