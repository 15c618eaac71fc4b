// One control of the chat webview as the host sees it: the message it posts (the contract, WebviewToHost in
// shared/messages.ts), how that message is checked, what the user was doing (the error's wording when it fails),
// what helps then, the text it gives back to the composer, and what it does. controlTable.ts holds one entry
// per message type; the router (messageRouter.ts) reads only that table.
import type { ThreadController } from '../../session/api';
import type { WebviewToHost } from '../../shared/messages';
import type { Field } from './fields';

export type MessageType = WebviewToHost['type'];
export type MessageOf<K extends MessageType> = Extract<WebviewToHost, { type: K }>;

/**
 * A check for every field of the message but `type`, and but `threadId` where it is the optional one every
 * message may carry (checked for all of them); the chat list's messages require it, and their shapes check it.
 */
export type Shape<M> = { [F in Exclude<keyof M, 'type' | OptionalThreadId<M>>]-?: Field<M[F]> };
type OptionalThreadId<M> = M extends { threadId: string } ? never : 'threadId';

/**
 * What helps when the control's work failed, besides the error's own advice (AdvisedError): the agent's log
 * and a restart for what went through the agent; the log only for a restart; nothing when absent.
 */
export type Helps = 'agentLogOrRestart' | 'agentLog';

export interface Control<M extends WebviewToHost, Host> {
  shape: Shape<M>;
  /** What the user was doing, for "Switchboard could not {doing}: {why}." (called when it failed: l10n is loaded). */
  doing: () => string;
  helps?: Helps;
  /** The text the composer had let go of when the message failed: it goes back, nothing typed is lost. */
  unsent?: (message: M, error: unknown) => string | undefined;
  /** `thread`: the chat the webview showed when the user acted (undefined: none, or closed since). */
  handle: (message: M, thread: ThreadController | undefined, host: Host) => Promise<void> | void;
}

/** The controls of some message types, whose handlers use only `Host` (the ports of chatHost.ts they name). */
export type Controls<K extends MessageType, Host> = { [T in K]: Control<MessageOf<T>, Host> };
