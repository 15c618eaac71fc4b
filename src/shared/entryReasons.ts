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
