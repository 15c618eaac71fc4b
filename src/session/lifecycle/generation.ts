// One agent process generation of a chat (spawn → initialize → session → exit or restart) as a scope: it owns
// what lives with that process for the chat (its lease on the process, the chat's session on it: the route of
// the session's traffic, its terminals and its subagent sessions) and closes all of it once, in a fixed order,
// when it ends. Code that awaited the agent asks `gen.live` afterwards: an ended generation never becomes live
// again, and nothing can be opened on it any more.
import type * as acp from '@agentclientprotocol/sdk';
import { ErrorCodes } from '../../protocol/methods';
import { RequestFailure } from '../../protocol/types';
import type { AgentConnection, SessionSink } from '../agent/agentConnection';
import type { TerminalRequests } from '../api';
import type { AgentLease } from '../agent/agentPool';
import type { ReplayReconciler } from './sessionContinuation';

/** The chat's session on one generation, as its opener made it (session/requests/agentRequests.ts). */
export interface SessionScope {
  /** session/load's replay is over: the session's updates go to the thread from now on. */
  replayDone(): void;
  /** Unroutes the session and its subagent sessions, kills their terminals; returns how many requests it answered. */
  close(): number;
  /**
   * What the session handles for the editor's MCP tools, guarded by the generation: the agent's own handlers, but
   * updates in v1's terms whatever the agent speaks (UpdateIntake.ownUpdate).
   */
  readonly requests?: SessionSink;
}

/** What a generation needs of its chat. */
export interface GenerationParts {
  /** Routes the session's traffic to the chat; `replay` (session/load) takes its updates until `opened`. */
  openSession(gen: Generation, sessionId: string, cwd: string, replay: ReplayReconciler | null): SessionScope;
  /** Answers every request of the chat still waiting (`cancelled`); returns how many. */
  answerPending(): number;
  log(line: string): void;
}

/** The chat's open session on a live generation: where a prompt, a cancel or a setting goes. */
export interface LiveSession {
  gen: Generation;
  /** The thread's sessionId (the thread state is its home; the generation only knows the session is open). */
  sessionId: string;
}

/** The live session, or the error that says there is none. */
export function requireSession(session: LiveSession | null): LiveSession {
  if (!session) throw new Error('The agent has no session yet.');
  return session;
}

export class Generation {
  /** The sign-in methods the agent offered in this process's `initialize`. */
  authMethods: acp.AuthMethod[] = [];
  private ended = false;
  private session: { scope: SessionScope; opened: boolean; sessionId: string; cwd: string } | null = null;
  /** What ends with the generation besides its session (the editor's MCP route). */
  private readonly owned: Array<() => void> = [];

  constructor(
    readonly connection: AgentConnection,
    /** This chat's hold on the process (shared with the agent's other chats; src/session/agent/agentPool.ts). */
    readonly lease: AgentLease,
    private readonly parts: GenerationParts,
  ) {}

  /** Not ended: what the agent answers still belongs to the chat. */
  get live(): boolean {
    return !this.ended;
  }

  /** The chat's session is open here (session/new answered, or resume/load did): the thread's sessionId is its id. */
  get hasSession(): boolean {
    return this.session?.opened === true;
  }

  /** Routes the session `sessionId` to the chat (the previous one is left first); nothing once ended. */
  attach(sessionId: string, cwd: string, replay: ReplayReconciler | null): void {
    this.detach();
    if (this.ended) return;
    this.session = { scope: this.parts.openSession(this, sessionId, cwd, replay), opened: false, sessionId, cwd };
  }

  /** The chat's session once opened here, with the handlers of its requests; null before, and after the end. */
  openSession(): { sessionId: string; cwd: string; requests: SessionSink } | null {
    const session = this.session;
    if (this.ended || !session?.opened || !session.scope.requests) return null;
    return { sessionId: session.sessionId, cwd: session.cwd, requests: session.scope.requests };
  }

  /** `dispose` runs when the generation ends (at once when it already has). */
  own(dispose: () => void): void {
    if (this.ended) dispose();
    else this.owned.push(dispose);
  }

  /** The attached session is the chat's from now on (before `ready` is dispatched). */
  opened(): void {
    if (!this.session) return;
    this.session.opened = true;
    this.session.scope.replayDone();
  }

  /** Leaves the attached session (a refused resume or load); returns how many requests that answered. */
  detach(): number {
    const session = this.session;
    this.session = null;
    return session ? session.scope.close() : 0;
  }

  /** The chat goes on in another session on the same process (an Edit's fork or new session). */
  switchTo(sessionId: string, cwd: string): void {
    this.attach(sessionId, cwd, null);
    this.opened();
  }

  /**
   * Ends the generation, once: the session is closed, the chat's waiting requests are answered, `last` runs
   * (the thread's own ending: a failure, a turn stopped), and the lease is released, after a moment for the
   * answers to reach the agent. A later call does nothing (the first one released the lease).
   */
  async end(last?: () => void): Promise<void> {
    if (this.ended) return;
    this.ended = true;
    // In this order; each returns how many requests it answered.
    const steps: Array<() => number> = [
      () => this.detach(),
      () => this.parts.answerPending(),
      () => {
        for (const dispose of this.owned.splice(0)) {
          try {
            dispose();
          } catch (error) {
            this.parts.log(`[switchboard] ending the agent process generation: ${String(error)}`);
          }
        }
        return 0;
      },
      () => {
        last?.();
        return 0;
      },
    ];
    let answered = 0;
    for (const step of steps) {
      try {
        answered += step();
      } catch (error) {
        // One failing step must not keep the process, or the rest of what the generation holds, alive.
        this.parts.log(`[switchboard] ending the agent process generation: ${String(error)}`);
      }
    }
    if (answered > 0) await new Promise((resolve) => setImmediate(resolve));
    await this.lease.release();
  }

  /**
   * The sink as long as the generation lives. A request that reaches it after the end is answered with an
   * error (nothing is left to answer it later); an update is dropped.
   */
  guard(sink: SessionSink): SessionSink {
    const live = <A extends unknown[], R>(handle: (...args: A) => R) => {
      return (...args: A): R => {
        if (this.ended) throw new RequestFailure(ErrorCodes.invalidParams, 'This session has ended on the client');
        return handle(...args);
      };
    };
    const { terminals, elicit, elicitationComplete, requestPermissionV2 } = sink;
    return {
      update: (notification) => {
        if (!this.ended) sink.update(notification);
      },
      requestPermission: live((params, signal) => sink.requestPermission(params, signal)),
      ...(requestPermissionV2
        ? { requestPermissionV2: live((params, signal) => requestPermissionV2.call(sink, params, signal)) }
        : {}),
      readTextFile: live((params, signal) => sink.readTextFile(params, signal)),
      writeTextFile: live((params, signal) => sink.writeTextFile(params, signal)),
      ...(terminals ? { terminals: guardTerminals(terminals, live) } : {}),
      ...(elicit ? { elicit: live((params, signal) => elicit.call(sink, params, signal)) } : {}),
      ...(elicitationComplete
        ? { elicitationComplete: (id: string) => !this.ended && elicitationComplete.call(sink, id) }
        : {}),
    };
  }
}

function guardTerminals(
  terminals: TerminalRequests,
  live: <A extends unknown[], R>(handle: (...args: A) => R) => (...args: A) => R,
): TerminalRequests {
  return {
    create: live((params) => terminals.create(params)),
    output: live((params) => terminals.output(params)),
    waitForExit: live((params, signal) => terminals.waitForExit(params, signal)),
    kill: live((params) => terminals.kill(params)),
    release: live((params) => terminals.release(params)),
  };
}
