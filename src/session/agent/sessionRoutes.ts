// The routing of one agent process's per-session traffic (session/update, request_permission, fs/*,
// terminal/*, elicitation) by sessionId to each session's sink, so one process can host several
// sessions. Updates for a session not attached yet are held (earlyUpdates.ts) until it attaches.
import type * as acp from '@agentclientprotocol/sdk';
import type * as acp2 from '@agentclientprotocol/sdk/experimental/v2';
import { CLAUDE_AUTH_STATUS_METHOD, describeClaudeAuthStatus } from '../../agents/quirks/claudeAgentAcp';
import type { AcpConnection } from '../../protocol/connection';
import { ClientMethod, ErrorCodes, type ClientRequests } from '../../protocol/methods';
import type { CheckedMethod } from '../../protocol/schema';
import { EarlyUpdates } from './earlyUpdates';
import { checkedHandler } from './checkedRequests';
import { RequestFailure, type CancelSignal, type TerminalRequests } from '../api';
import type { Disposable } from '../../shared/disposableStore';

/** What a session (one thread) handles for the agent. */
export interface SessionSink {
  update(notification: acp.SessionNotification): void;
  requestPermission(params: acp.RequestPermissionRequest, signal: CancelSignal): Promise<acp.RequestPermissionResponse>;
  /** ACP v2's permission request (its own title, description and subject); absent: -32601. */
  requestPermissionV2?(
    params: acp2.RequestPermissionRequest,
    signal: CancelSignal,
  ): Promise<acp.RequestPermissionResponse>;
  readTextFile(params: acp.ReadTextFileRequest, signal: CancelSignal): Promise<acp.ReadTextFileResponse>;
  writeTextFile(params: acp.WriteTextFileRequest, signal: CancelSignal): Promise<acp.WriteTextFileResponse>;
  /** terminal/* for this session (src/terminals); absent: the methods answer "not supported". */
  terminals?: TerminalRequests;
  /** elicitation/create (only reached when switchboard.elicitation is on). */
  elicit?(params: acp.CreateElicitationRequest, signal: CancelSignal): Promise<acp.CreateElicitationResponse>;
  /** elicitation/complete, which names no session: each session is asked; true when it knew the id. */
  elicitationComplete?(elicitationId: string): boolean;
}

/**
 * Updates that arrive before session/new answered are kept until the session attaches: at most
 * this many bytes (as JSON) in all, oldest dropped first, for at most MAX_EARLY_SESSIONS session
 * ids (an agent may send updates for sessions that never attach: junk must not pile up).
 */
export const MAX_EARLY_BYTES = 16 * 1024 * 1024;
export const MAX_EARLY_SESSIONS = 16;

export interface SessionRoutesOptions {
  /** The connection was answered with v2 in `initialize` (read at each request). */
  isV2(): boolean;
  /** The elicitation modes advertised to this process; null: elicitation/create is refused. */
  elicitation: acp.ElicitationCapabilities | null;
  /** A line of the agent's log. */
  log(line: string): void;
}

export class SessionRoutes {
  private readonly sessions = new Map<string, SessionSink>();
  /** The attached ids that are subagent sessions of a chat, not chats. */
  private readonly subagentSessions = new Set<string>();
  private readonly early: EarlyUpdates;

  constructor(
    rpc: AcpConnection,
    private readonly options: SessionRoutesOptions,
  ) {
    this.early = new EarlyUpdates(MAX_EARLY_BYTES, MAX_EARLY_SESSIONS, options.log);
    this.registerHandlers(rpc);
  }

  /** Routes this session's traffic to `sink`, replaying updates that arrived before (see AgentConnection.attach). */
  attach(sessionId: string, sink: SessionSink, subagent: boolean): Disposable {
    this.sessions.set(sessionId, sink);
    if (subagent) this.subagentSessions.add(sessionId);
    else this.subagentSessions.delete(sessionId);
    for (const notification of this.early.take(sessionId)) sink.update(notification);
    return {
      dispose: () => {
        if (this.sessions.get(sessionId) !== sink) return;
        this.sessions.delete(sessionId);
        this.subagentSessions.delete(sessionId);
      },
    };
  }

  isAttached(sessionId: string): boolean {
    return this.sessions.has(sessionId);
  }

  private sinkFor(sessionId: unknown): SessionSink {
    const sink = typeof sessionId === 'string' ? this.sessions.get(sessionId) : undefined;
    if (!sink) throw new RequestFailure(ErrorCodes.invalidParams, `Unknown session: ${String(sessionId)}`);
    return sink;
  }

  private terminalsFor(sessionId: unknown): TerminalRequests {
    const terminals = this.sinkFor(sessionId).terminals;
    if (!terminals) throw new RequestFailure(ErrorCodes.methodNotFound, 'This session does not support terminals');
    return terminals;
  }

  private registerHandlers(rpc: AcpConnection): void {
    const { log, isV2 } = this.options;
    rpc.onNotification(ClientMethod.sessionUpdate, (notification) => {
      // Without a session id it belongs to no thread: the traffic log has it, the agent log says why.
      const sessionId: unknown = (notification as Partial<acp.SessionNotification> | null)?.sessionId;
      if (typeof sessionId !== 'string') {
        log(
          `[switchboard] ignored a session/update whose sessionId is ${typeof sessionId === 'object' ? JSON.stringify(sessionId)?.slice(0, 80) : String(sessionId).slice(0, 80)}`,
        );
        return;
      }
      const sink = this.sessions.get(sessionId);
      if (sink) return sink.update(notification);
      this.early.hold(sessionId, notification);
    });
    /** Registers `handler` for `method`, behind the params check and the answer on cancel (checkedRequests.ts). */
    // Typed by the method table, so each handler is checked against the SDK's params and result types.
    const handle = <M extends CheckedMethod & keyof ClientRequests>(
      method: M,
      handler: (
        params: ClientRequests[M]['params'],
        signal: CancelSignal,
      ) => ClientRequests[M]['result'] | Promise<ClientRequests[M]['result']>,
    ) => rpc.onRequest(method, checkedHandler(method, handler, isV2));
    handle(ClientMethod.sessionRequestPermission, (params: acp.RequestPermissionRequest, signal) => {
      const sink = this.sinkFor(params.sessionId);
      if (!isV2()) return sink.requestPermission(params, signal);
      if (!sink.requestPermissionV2)
        throw new RequestFailure(ErrorCodes.methodNotFound, 'This session does not take ACP v2 permission requests');
      return sink.requestPermissionV2(params as unknown as acp2.RequestPermissionRequest, signal);
    });
    handle(ClientMethod.fsReadTextFile, (params: acp.ReadTextFileRequest, signal) =>
      this.sinkFor(params.sessionId).readTextFile(params, signal),
    );
    handle(ClientMethod.fsWriteTextFile, (params: acp.WriteTextFileRequest, signal) =>
      this.sinkFor(params.sessionId).writeTextFile(params, signal),
    );
    handle(ClientMethod.terminalCreate, (params: acp.CreateTerminalRequest) =>
      this.terminalsFor(params.sessionId).create(params),
    );
    handle(ClientMethod.terminalOutput, (params: acp.TerminalOutputRequest) =>
      this.terminalsFor(params.sessionId).output(params),
    );
    handle(ClientMethod.terminalWaitForExit, (params: acp.WaitForTerminalExitRequest, signal) =>
      this.terminalsFor(params.sessionId).waitForExit(params, signal),
    );
    handle(ClientMethod.terminalKill, (params: acp.KillTerminalRequest) =>
      this.terminalsFor(params.sessionId).kill(params),
    );
    handle(ClientMethod.terminalRelease, (params: acp.ReleaseTerminalRequest) =>
      this.terminalsFor(params.sessionId).release(params),
    );
    handle(ClientMethod.elicitationCreate, (params: acp.CreateElicitationRequest, signal) => {
      // Not advertised when the user turned it off: then the agent should not have asked.
      if (!this.options.elicitation)
        throw new RequestFailure(ErrorCodes.methodNotFound, 'This client does not support elicitation');
      // A request-scoped one (no session) goes to the chat of this process when there is exactly one.
      const chats = [...this.sessions.keys()].filter((id) => !this.subagentSessions.has(id));
      const sessionId = 'sessionId' in params ? params.sessionId : chats.length === 1 ? chats[0] : undefined;
      const sink = this.sinkFor(sessionId);
      if (!sink.elicit) throw new RequestFailure(ErrorCodes.methodNotFound, 'This session does not take elicitations');
      return sink.elicit(params, signal);
    });
    // claude-agent-acp's own sign-in report (agents/quirks/claudeAgentAcp.ts): known, so logged as what it says.
    rpc.onNotification(CLAUDE_AUTH_STATUS_METHOD, (params) => {
      const status = describeClaudeAuthStatus(params);
      log(
        status === null
          ? `[switchboard] ignored a ${CLAUDE_AUTH_STATUS_METHOD} of an unknown shape`
          : `[switchboard] the agent reports its sign-in: ${status}`,
      );
    });
    rpc.onNotification(ClientMethod.elicitationComplete, (params) => {
      const elicitationId: unknown = params?.elicitationId;
      let known = false;
      if (typeof elicitationId === 'string')
        for (const sink of [...this.sessions.values()])
          known = sink.elicitationComplete?.(elicitationId) === true || known;
      // ACP: unknown or already completed ids are ignored; the log says it came.
      if (!known) log(`[switchboard] elicitation/complete for an unknown id ${String(elicitationId).slice(0, 80)}`);
    });
  }
}
