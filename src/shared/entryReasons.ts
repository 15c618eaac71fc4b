// What the client itself says in a thread entry, as data: a kind and its parameters. The entry is
// journaled and outlives the display language, so it holds no sentence of ours; the view words it
// when it shows it (shared/entryWords.ts). `said` holds words already made: the agent's or the
// operating system's own (data already), or a sentence an older version journaled (shown as it is).
// Runtime-neutral types only.

/** Words already made, shown as they are. */
export interface Said {
  kind: 'said';
  text: string;
}

/** Why a protocolError entry was added: the agent sent something the client could not use as it was. */
export type ProtocolProblem =
  /** The agent created more entries than a chat holds (shared/threadEntries.ts MAX_AGENT_ENTRIES). */
  | { kind: 'chatFull'; limit: number }
  /** The agent started more subagent sessions than a chat shows, or nested them deeper. */
  | { kind: 'subagentLimit'; bound: 'children' | 'depth'; limit: number }
  /** A session/update that fails the ACP schema, dropped whole; `problem` is the check's own words. */
  | { kind: 'invalidUpdate'; variant: string; problem: string }
  /** A session/update shown without the fields that failed the schema (`dropped`: the check's words). */
  | { kind: 'partialUpdate'; variant: string; dropped: string[] }
  /** More invalid messages than the thread shows: the rest are only logged. */
  | { kind: 'keepsFailing'; shown: number }
  /** A permission request without options (`problem`: what the agent was told, in the protocol's words). */
  | { kind: 'noPermissionOptions'; problem: string }
  /** An older journal's title and detail. */
  | { kind: 'said'; title: string; detail: string };

/** What a notice entry says about the session in passing. */
export type SessionNote =
  /** A chat opened from the agent's saved sessions, not yet continued. */
  | { kind: 'listed'; agent: string }
  /** Workspace folders the agent cannot take (it does not advertise additionalDirectories). */
  | { kind: 'outsideWorkspace'; agent: string; cwd: string; outside: string[] }
  /** The user's MCP servers could not be built (`error`: the error's own message). */
  | { kind: 'mcpNotPassed'; error: string }
  /** Lines of the chat's journal that could not be read back (`notes`: one per problem, made when it was read). */
  | { kind: 'partlyRead'; notes: string[] }
  /** The editor's tools Switchboard's MCP server `server` gives the agent in this session. */
  | { kind: 'editorTools'; agent: string; server: string; tools: string[] }
  /** Switchboard's MCP server could not be offered (`error`: the error's own message). */
  | { kind: 'editorToolsNotOffered'; error: string }
  /**
   * The chat's worktree changes were brought back into the workspace (`files` of them; `pending`: as review's
   * pending changes, else written directly); `conflicts`: the files left with conflict markers, and how many each.
   */
  | { kind: 'broughtBack'; files: number; pending: boolean; conflicts: Array<{ path: string; count: number }> }
  | Said;

/** Why a form cannot be accepted as sent: the user can only decline or cancel. */
export type FormProblem =
  | { kind: 'tooManyFields'; count: number; max: number }
  /** Required fields of a type this client does not know (their names, joined and bounded). */
  | { kind: 'unknownRequired'; names: string }
  | Said;

/**
 * A tool card the client made, not the agent: `write` for an fs write no tool call announced, `applied`
 * for a code block the user applied.
 */
export type ToolOrigin = 'write' | 'applied';

/**
 * Why an agent process is not usable: the error card's title and hint (shared/thread.ts AgentFailure; the
 * exit code, signal, command line and stderr tail are the failure's own fields).
 */
export type FailureReason =
  /** The program was not found (ENOENT). */
  | { kind: 'commandNotFound'; command: string }
  /** The program could not be run (EACCES). */
  | { kind: 'permissionDenied'; command: string }
  /** Another spawn error; `error`: the operating system's words. */
  | { kind: 'spawnError'; command: string; error: string }
  /** The working folder is gone: nothing was spawned. */
  | { kind: 'missingCwd'; cwd: string }
  /** The process ended (its exit code or signal are the failure's). */
  | { kind: 'exited' }
  /** The agent closed its output and was stopped. */
  | { kind: 'outputClosed' }
  | { kind: 'initializeTimeout'; ms: number }
  /**
   * The agent answered initialize with a protocol version this client does not speak (as it wrote it); `v2On`: v2
   * was asked for (switchboard.acpV2), so the client spoke 1 and 2.
   */
  | { kind: 'protocolVersion'; version: string; v2On?: boolean }
  /** The agent speaks only ACP v2, and switchboard.acpV2 is off. */
  | { kind: 'needsV2' }
  /** session/new said auth_required, and initialize offered no method. */
  | { kind: 'noAuthMethod' }
  /** initialize or session/new (`step`) answered an error; `error`: the agent's message. */
  | { kind: 'startup'; step: string; error: string }
  /** Restricted Mode: only the built-in Demo agent runs. */
  | { kind: 'restrictedMode' }
  /** A restored chat's agent is no longer in switchboard.agents. */
  | { kind: 'missingAgent'; agentId: string; displayName: string }
  /** A chat in its own worktree whose folder is gone (deleted outside Switchboard, or its storage cleared). */
  | { kind: 'worktreeGone'; path: string }
  /** The start itself threw (a bug); `error`: its message. */
  | { kind: 'notStarted'; error: string }
  /** An older journal's title and hint. */
  | { kind: 'said'; title: string; hint?: string };

/** An agent `env` value that looks like a mistake (agents/env.ts); `setting`: where it is set. */
export type EnvWarning =
  /** PATH lacks the system folders (`variables`: it names $PATH or %PATH%, which are not expanded). */
  | { kind: 'pathWithoutSystem'; setting: string; folders: string; variables: boolean }
  /** HOME is not an existing folder (`value` as JSON). */
  | { kind: 'homeMissing'; setting: string; value: string };

/** Why a link card's address cannot be opened. */
export type LinkProblem =
  | { kind: 'tooLong'; length: number; max: number }
  | { kind: 'notWeb' }
  /** Not http or https (`scheme` with its colon). */
  | { kind: 'scheme'; scheme: string }
  | Said;

/** Why a link card's address deserves a second look. */
export type LinkWarning =
  /** A user name before "@" that reads like a site. */
  | { kind: 'userName'; user: string; host: string }
  /** A Punycode host name, and how it reads. */
  | { kind: 'lookAlike'; unicode: string }
  | { kind: 'loopback'; host: string }
  | { kind: 'ipAddress' }
  | { kind: 'unencrypted' }
  | Said;

/** Why an edit went on in a new session rather than in a fork of the old one. */
export type NoForkReason =
  /** switchboard.experimental.fork is off. */
  | { kind: 'forkOff' }
  /** The agent does not advertise sessionCapabilities.fork. */
  | { kind: 'notOffered'; agent: string }
  /** session/fork answered an error; `error`: the agent's message (bounded). */
  | { kind: 'forkFailed'; error: string }
  | Said;
