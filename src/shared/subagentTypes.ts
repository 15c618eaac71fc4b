// Subagent sessions (ACP, stable 2026-11-20) as the thread holds them: a child session the agent
// started under the chat's session (or under another child), with its own messages, tool calls,
// plan and permission requests. The child's transcript is a ThreadState of its own, reduced by
// the same reducer from `subagent` actions; the parent shows a card where the child was announced.
// Runtime-neutral types only: the rules are in ./subagents.ts.
import type * as unstable from '@agentclientprotocol/sdk/unstable';

/**
 * The session/update variants of subagent sessions (the SDK has them in its unstable types only):
 * `subagent_update` announces or patches a child, `session_message` / `session_message_chunk` are a
 * message between sessions. A ThreadAction carries them as the gate passed them.
 */
export type SubagentSessionUpdate = Extract<
  unstable.SessionUpdate,
  { sessionUpdate: 'subagent_update' | 'session_message' | 'session_message_chunk' }
>;

/**
 * The child's foreground work as the agent last reported it (`subagent_update.state`):
 * `unset`: never reported (or cleared with null); `unknown`: the agent cannot tell, or the chat was
 * restored or the agent went away before it said the work ended. An idle child can be sent more
 * work by its parent: idle is not the end of the session. A state this client does not know is
 * kept as sent in `other`.
 */
export type SubagentWork =
  | { state: 'unset' }
  | { state: 'running' }
  | { state: 'requires_action' }
  | { state: 'unknown' }
  /** `stopReason` as sent (null: not reported); `error`: the failure's message when it ended in one. */
  | { state: 'idle'; stopReason: string | null; error: string | null }
  | { state: 'other'; name: string };

/** What the parent's card shows of the child's transcript at a glance (kept by the reducer). */
export interface SubagentActivity {
  /** Messages and tool calls in the child's transcript. */
  messages: number;
  toolCalls: number;
  /** Permission requests and forms of the child waiting for the user. */
  waiting: number;
  /** The newest thing it did, one line, bounded (a tool call's title, the start of a message). */
  latest: string;
}

/**
 * The card in the parent's transcript where the child was announced: its display metadata and
 * state, patched in place by later `subagent_update`s (omitted = unchanged, null = cleared).
 */
export interface SubagentCard {
  kind: 'subagent';
  id: string;
  /** The child's session id: its transcript is `ThreadState.subagents[sessionId]`. */
  sessionId: string;
  title: string | null;
  description: string | null;
  work: SubagentWork;
  /** The agent lets the client cancel this child's work (`capabilities.cancel`). */
  cancellable: boolean;
  /** Where the agent placed the child, when it said (null: the parent's). */
  cwd: string | null;
  activity: SubagentActivity;
}

/** Tool-call content that links to a session (a subagent's), by id. */
export interface SessionLinkContent {
  type: 'session';
  sessionId: string;
}

/** The `subagent_update` variant: announces a child session or patches what is known of it. */
export type SubagentUpdate = Extract<SubagentSessionUpdate, { sessionUpdate: 'subagent_update' }>;
