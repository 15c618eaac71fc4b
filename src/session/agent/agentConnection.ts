// One agent process and its ACP connection. Owns the process lifetime, the client-side request
// handlers and the routing of per-session traffic (session/update, request_permission, fs/*) by
// sessionId, so one process can host several sessions. Reports the process going away exactly
// once, unless stop() asked for it.
import type * as acp from '@agentclientprotocol/sdk';
import type * as unstable from '@agentclientprotocol/sdk/unstable';
import type * as acp2 from '@agentclientprotocol/sdk/experimental/v2';
import type { AgentProcess, SpawnAgentProcess } from '../../agents/agentProcess';
import { CLAUDE_AUTH_STATUS_METHOD, describeClaudeAuthStatus } from '../../agents/quirks/claudeAgentAcp';
import {
  initializeTimeoutFailure,
  needsV2Failure,
  protocolVersionFailure,
  startupFailure,
  type FailureContext,
} from '../../agents/failure';
import { createAcpConnection, type AcpConnection } from '../../protocol/connection';
import { AcpRpcError, AcpTimeoutError } from '../../protocol/errors';
import { AgentMethod, ClientMethod, ErrorCodes, type ClientRequests } from '../../protocol/methods';
import {
  ACP_V1,
  ACP_V2,
  negotiatedVersion,
  requestedVersion,
  v2InitializeRequest,
  type AcpVersion,
} from '../../protocol/v2/negotiation';
import { adaptRequests, v1InitializeResponse } from '../../protocol/v2/wireAdapter';
import { checkV2PermissionRequest } from '../../protocol/v2/schema';
import { answerOnCancel } from '../../protocol/cancelAnswer';
import {
  checkParams,
  describeProblem,
  warmUpSchemas,
  type CheckedMethod,
  type SchemaProblem,
} from '../../protocol/schema';
import { EarlyUpdates } from './earlyUpdates';
import { guardRequests } from './capabilityGuard';
import { McpOverAcpRoutes } from './mcpOverAcp';
import type { AgentFailure } from '../../shared/thread';
import {
  RequestFailure,
  type AgentConfig,
  type CancelSignal,
  type ExperimentalFeatures,
  type HostEnvironment,
  type TerminalRequests,
} from '../api';
import { Listeners } from '../../shared/listeners';
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

export interface AgentConnectionOptions {
  agent: AgentConfig;
  env: HostEnvironment;
  spawn: SpawnAgentProcess;
  stopGraceMs?: number;
}

export type InitializeOutcome = { ok: true; response: acp.InitializeResponse } | { ok: false; failure: AgentFailure };

/**
 * The client capabilities we implement (terminal/*: src/terminals, one manager per session;
 * boolean config options: a toggle in the composer, set with `type: "boolean"`; session notices and
 * compaction: entries of their own, src/shared/sessionAsides.ts; terminal sign-in:
 * src/vscode/agents/signInTerminal.ts, also in the older `_meta["terminal-auth"]` form some agents still read).
 */
export const CLIENT_CAPABILITIES: acp.ClientCapabilities = {
  fs: { readTextFile: true, writeTextFile: true },
  terminal: true,
  session: { configOptions: { boolean: {} }, notices: {}, compaction: {} },
  auth: { terminal: true },
  _meta: { 'terminal-auth': true },
};

/**
 * CLIENT_CAPABILITIES plus the elicitation modes on for this process (none when switchboard.elicitation is off)
 * and subagent sessions (shared/subagents.ts, session/subagentSessions.ts) unless switchboard.subagents is off.
 * `subagents` is in the SDK's unstable types only (stable ACP since 2026-11-20).
 */
export function clientCapabilities(
  elicitation: acp.ElicitationCapabilities | null,
  subagents: boolean,
): acp.ClientCapabilities {
  const capabilities = elicitation ? { ...CLIENT_CAPABILITIES, elicitation } : CLIENT_CAPABILITIES;
  if (!subagents) return capabilities;
  const withSubagents: unstable.ClientCapabilities = { ...capabilities, subagents: {} };
  return withSubagents;
}

/** Form mode whenever elicitation is on; URL mode only where the host can open an address (after the user's click). */
export function elicitationModes(env: HostEnvironment): acp.ElicitationCapabilities | null {
  if (env.settings().elicitation === false) return null;
  return env.openExternal ? { form: {}, url: {} } : { form: {} };
}

/**
 * Updates that arrive before session/new answered are kept until the session attaches: at most
 * this many bytes (as JSON) in all, oldest dropped first, for at most MAX_EARLY_SESSIONS session
 * ids (an agent may send updates for sessions that never attach: junk must not pile up).
 */
export const MAX_EARLY_BYTES = 16 * 1024 * 1024;
export const MAX_EARLY_SESSIONS = 16;
/** The client methods ACP v2 removed: answered -32601 on a v2 connection. */
const V1_ONLY_METHODS: ReadonlySet<string> = new Set([
  ClientMethod.fsReadTextFile,
  ClientMethod.fsWriteTextFile,
  ClientMethod.terminalCreate,
  ClientMethod.terminalOutput,
  ClientMethod.terminalWaitForExit,
  ClientMethod.terminalKill,
  ClientMethod.terminalRelease,
]);

/** A v2 request's params checked against v2's schema where it differs from v1's (a permission request). */
function v2ParamsProblem(method: CheckedMethod, params: unknown): SchemaProblem | undefined {
  if (method !== ClientMethod.sessionRequestPermission) return checkParams(method, params);
  const checked = checkV2PermissionRequest(params);
  return checked.kind === 'invalid' ? checked.problem : undefined;
}

/** After the agent closed stdout, how long it may linger before we stop it. */
const CLOSED_OUTPUT_GRACE_MS = 1000;

export class AgentConnection {
  readonly process: AgentProcess;
  /** Every request goes through the capability guard (capabilityGuard.ts). */
  readonly rpc: AcpConnection;
  /** MCP servers the client provides over this connection (`mcp/connect`, `mcp/message`, `mcp/disconnect`). */
  readonly mcpOverAcp: McpOverAcpRoutes;
  /** What the agent advertised in `initialize`; null before it answered. */
  private agentCapabilities: acp.AgentCapabilities | null = null;
  /** The initialize response's own `_meta`, where steering is advertised (src/shared/capabilities.ts). */
  private initializeMeta: unknown = null;
  private readonly sessions = new Map<string, SessionSink>();
  /** The attached ids that are subagent sessions of a chat, not chats. */
  private readonly subagentSessions = new Set<string>();
  private readonly early: EarlyUpdates;
  private readonly lostListeners = new Listeners<[AgentFailure]>();
  private stopping = false;
  /** We stopped the process because it closed its output while still running. */
  private outputClosed = false;

  constructor(private readonly options: AgentConnectionOptions) {
    const { agent, env } = options;
    const log = env.agentLog(agent.id);
    this.experimental = env.settings().experimental;
    this.elicitation = elicitationModes(env);
    this.subagents = env.settings().subagents !== false;
    this.v2Asked = env.settings().acpV2 === true;
    for (const note of env.settings().notes ?? []) log.append(`[switchboard] ${note}`);
    this.early = new EarlyUpdates(MAX_EARLY_BYTES, MAX_EARLY_SESSIONS, (line) => log.append(line));
    this.process = options.spawn(agent, {
      cwd: env.workspaceCwd(),
      baseEnv: env.baseEnv(),
      log,
      stopGraceMs: options.stopGraceMs,
    });
    const rpc = createAcpConnection(this.process.stdout, this.process.stdin, {
      maxMessageBytes: env.settings().maxMessageBytes,
      traffic: env.traffic(agent.id),
      log: (level, message) => log.append(`[acp ${level}] ${message}`),
    });
    this.rpc = guardRequests(
      adaptRequests(rpc, () => this.version === ACP_V2),
      () => ({ agentCapabilities: this.agentCapabilities, initializeMeta: this.initializeMeta }),
      (line) => log.append(line),
    );
    this.registerHandlers();
    this.mcpOverAcp = new McpOverAcpRoutes(this.rpc);
    // The agent takes far longer to start than the schema to compile: do it now, not on its first message.
    setImmediate(warmUpSchemas);

    void this.process.exited.then((exit) => {
      this.mcpOverAcp.disposeAll();
      this.rpc.dispose();
      if (this.stopping) return;
      this.reportLost(this.outputClosed ? { ...exit.failure, reason: { kind: 'outputClosed' } } : exit.failure);
    });
    this.rpc.onClose((reason) => {
      if (this.stopping || reason.kind === 'disposed') return;
      // The agent closed its output but may still be running: it can no longer talk to us.
      const timer = setTimeout(() => {
        this.outputClosed = true;
        void this.process.stop();
      }, CLOSED_OUTPUT_GRACE_MS);
      void this.process.exited.then(() => clearTimeout(timer));
    });
  }

  /** What the agent advertised in `initialize` (null before): ask src/shared/capabilities.ts about it. */
  get capabilities(): acp.AgentCapabilities | null {
    return this.agentCapabilities;
  }

  /** The draft features on for this process (read once: a change applies to the next start). */
  readonly experimental: ExperimentalFeatures | undefined;
  /** The elicitation modes advertised to this process (read once, like the draft features). */
  private readonly elicitation: acp.ElicitationCapabilities | null;
  /** Subagent sessions are advertised to this process (read once): their traffic is routed to the chats. */
  readonly subagents: boolean;
  /** switchboard.acpV2 was on at this start: `initialize` asks for v2 (read once). */
  private readonly v2Asked: boolean;
  /**
   * The ACP version `initialize` settled (v1 before it answered). On v2 the session code still speaks v1's
   * terms: requests are adapted (protocol/v2/wireAdapter.ts), updates mapped by each session's intake.
   */
  version: AcpVersion = ACP_V1;

  failureContext(): FailureContext {
    return this.process.failureContext();
  }

  /** `initialize` with a timeout; a timeout, an error or a version we don't speak stops the process. */
  async initialize(clientInfo: acp.Implementation, timeoutMs: number): Promise<InitializeOutcome> {
    const v1: acp.InitializeRequest = {
      protocolVersion: ACP_V1,
      clientCapabilities: clientCapabilities(this.elicitation, this.subagents),
      clientInfo,
    };
    const params = requestedVersion(this.v2Asked) === ACP_V2 ? v2InitializeRequest(v1) : v1;
    try {
      const answer = (await this.rpc.request(AgentMethod.initialize, params, {
        timeoutMs,
      })) as unknown as acp.InitializeResponse;
      const negotiated = negotiatedVersion(answer.protocolVersion, this.v2Asked);
      if (!negotiated.ok)
        return this.giveUp(
          negotiated.reason === 'needsV2'
            ? needsV2Failure(this.failureContext())
            : protocolVersionFailure(this.failureContext(), negotiated.answered, this.v2Asked),
        );
      this.version = negotiated.version;
      // A v2 answer as v1's (its capabilities as v1's view): the rest of the code asks the same questions.
      const response = negotiated.version === ACP_V2 ? v1InitializeResponse(answer as never) : answer;
      this.agentCapabilities = response.agentCapabilities ?? {};
      this.initializeMeta = response._meta ?? null;
      return { ok: true, response };
    } catch (error) {
      if (error instanceof AcpTimeoutError)
        return this.giveUp(initializeTimeoutFailure(this.failureContext(), timeoutMs));
      if (error instanceof AcpRpcError)
        return this.giveUp(startupFailure(this.failureContext(), 'initialize', error.message));
      // The connection closed: the process exited (or is about to); its exit says why.
      const exit = await this.process.exited;
      return { ok: false, failure: exit.failure };
    }
  }

  /**
   * Routes this session's traffic to `sink`, replaying updates that arrived before. `subagent`: a subagent
   * session of a chat (session/subagentSessions.ts), routed like a chat's but not one of the process's chats.
   */
  attach(sessionId: string, sink: SessionSink, subagent = false): Disposable {
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

  /** Whether this session's traffic is routed to a sink (a chat's session, or a subagent session of one). */
  isAttached(sessionId: string): boolean {
    return this.sessions.has(sessionId);
  }

  /** Fires once if the agent goes away without stop() (exit, crash, closed output). */
  onLost(listener: (failure: AgentFailure) => void): Disposable {
    return this.lostListeners.add(listener);
  }

  get isStopping(): boolean {
    return this.stopping;
  }

  /** Close the connection and stop the whole process group; resolves when it exited. */
  async stop(): Promise<void> {
    this.stopping = true;
    this.rpc.dispose();
    await this.process.stop();
  }

  private async giveUp(failure: AgentFailure): Promise<InitializeOutcome> {
    await this.stop();
    return { ok: false, failure };
  }

  private reportLost(failure: AgentFailure): void {
    this.lostListeners.fire(failure);
    this.lostListeners.clear();
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

  private registerHandlers(): void {
    const log = this.options.env.agentLog(this.options.agent.id);
    this.rpc.onNotification(ClientMethod.sessionUpdate, (notification) => {
      // Without a session id it belongs to no thread: the traffic log has it, the agent log says why.
      const sessionId: unknown = (notification as Partial<acp.SessionNotification> | null)?.sessionId;
      if (typeof sessionId !== 'string') {
        log.append(
          `[switchboard] ignored a session/update whose sessionId is ${typeof sessionId === 'object' ? JSON.stringify(sessionId)?.slice(0, 80) : String(sessionId).slice(0, 80)}`,
        );
        return;
      }
      const sink = this.sessions.get(sessionId);
      if (sink) return sink.update(notification);
      this.early.hold(sessionId, notification);
    });
    // Every request's params are checked against the ACP schema first: -32602 names what is wrong.
    // A request the agent cancels is answered at once (answerOnCancel), except a write: once its
    // edit started it finishes, and the agent learns the real outcome (its consent wait, the long
    // part, answers -32800 itself: src/vscode/fs/fsHandlers.ts).
    const checked =
      <P, R>(method: CheckedMethod, handler: (params: P, signal: CancelSignal) => R | Promise<R>) =>
      (params: P, signal: CancelSignal): R | Promise<R> => {
        // ACP v2 removed the client's fs/* and terminal/* (not advertised in its initialize either).
        if (this.version === ACP_V2 && V1_ONLY_METHODS.has(method))
          throw new RequestFailure(ErrorCodes.methodNotFound, `${method} is not part of ACP v2`);
        const problem = this.version === ACP_V2 ? v2ParamsProblem(method, params) : checkParams(method, params);
        if (problem)
          throw new RequestFailure(
            ErrorCodes.invalidParams,
            `Invalid params for ${method}: ${describeProblem(problem)}`,
            { path: problem.path },
          );
        const result = handler(params, signal);
        return method === ClientMethod.fsWriteTextFile ? result : answerOnCancel(result, signal);
      };
    /** Registers `handler` for `method`, behind the params check and the answer on cancel. */
    // Typed by the method table, so each handler is checked against the SDK's params and result types.
    const handle = <M extends CheckedMethod & keyof ClientRequests>(
      method: M,
      handler: (
        params: ClientRequests[M]['params'],
        signal: CancelSignal,
      ) => ClientRequests[M]['result'] | Promise<ClientRequests[M]['result']>,
    ) => this.rpc.onRequest(method, checked(method, handler));
    handle(ClientMethod.sessionRequestPermission, (params: acp.RequestPermissionRequest, signal) => {
      const sink = this.sinkFor(params.sessionId);
      if (this.version !== ACP_V2) return sink.requestPermission(params, signal);
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
      if (!this.elicitation)
        throw new RequestFailure(ErrorCodes.methodNotFound, 'This client does not support elicitation');
      // A request-scoped one (no session) goes to the chat of this process when there is exactly one.
      const chats = [...this.sessions.keys()].filter((id) => !this.subagentSessions.has(id));
      const sessionId = 'sessionId' in params ? params.sessionId : chats.length === 1 ? chats[0] : undefined;
      const sink = this.sinkFor(sessionId);
      if (!sink.elicit) throw new RequestFailure(ErrorCodes.methodNotFound, 'This session does not take elicitations');
      return sink.elicit(params, signal);
    });
    // claude-agent-acp's own sign-in report (agents/quirks/claudeAgentAcp.ts): known, so logged as what it says.
    this.rpc.onNotification(CLAUDE_AUTH_STATUS_METHOD, (params) => {
      const status = describeClaudeAuthStatus(params);
      log.append(
        status === null
          ? `[switchboard] ignored a ${CLAUDE_AUTH_STATUS_METHOD} of an unknown shape`
          : `[switchboard] the agent reports its sign-in: ${status}`,
      );
    });
    this.rpc.onNotification(ClientMethod.elicitationComplete, (params) => {
      const elicitationId: unknown = params?.elicitationId;
      let known = false;
      if (typeof elicitationId === 'string')
        for (const sink of [...this.sessions.values()])
          known = sink.elicitationComplete?.(elicitationId) === true || known;
      // ACP: unknown or already completed ids are ignored; the log says it came.
      if (!known)
        log.append(`[switchboard] elicitation/complete for an unknown id ${String(elicitationId).slice(0, 80)}`);
    });
  }
}
