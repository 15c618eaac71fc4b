// One agent process and its ACP connection. Owns the process lifetime and `initialize` (the ACP
// version settled there, protocol/v2/negotiation.ts); the client-side request handlers and the
// routing of per-session traffic (session/update, request_permission, fs/*) by sessionId, so one
// process can host several sessions, are in sessionRoutes.ts; MCP over ACP in mcpOverAcp.ts.
// Reports the process going away exactly once, unless stop() asked for it.
import type * as acp from '@agentclientprotocol/sdk';
import type { AgentProcess, SpawnAgentProcess } from '../../agents/agentProcess';
import {
  initializeTimeoutFailure,
  needsV2Failure,
  protocolVersionFailure,
  startupFailure,
  type FailureContext,
} from '../../agents/failure';
import { createAcpConnection, type AcpConnection } from '../../protocol/connection';
import { AcpRpcError, AcpTimeoutError } from '../../protocol/errors';
import { AgentMethod } from '../../protocol/methods';
import {
  ACP_V1,
  ACP_V2,
  negotiatedVersion,
  requestedVersion,
  v2InitializeRequest,
  type AcpVersion,
} from '../../protocol/v2/negotiation';
import { adaptRequests, v1InitializeResponse } from '../../protocol/v2/wireAdapter';
import { warmUpSchemas } from '../../protocol/schema';
import { guardRequests } from './capabilityGuard';
import { McpOverAcpRoutes } from './mcpOverAcp';
import { clientCapabilities, elicitationModes } from './clientCapabilities';
import { SessionRoutes, type SessionSink } from './sessionRoutes';

export type { SessionSink } from './sessionRoutes';
import type { AgentFailure } from '../../shared/thread';
import type { AgentConfig, ExperimentalFeatures, HostEnvironment } from '../api';
import { Listeners } from '../../shared/listeners';
import type { Disposable } from '../../shared/disposableStore';

export interface AgentConnectionOptions {
  agent: AgentConfig;
  env: HostEnvironment;
  spawn: SpawnAgentProcess;
  stopGraceMs?: number;
}

export type InitializeOutcome = { ok: true; response: acp.InitializeResponse } | { ok: false; failure: AgentFailure };

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
  /** Each session's traffic, routed by sessionId. */
  private readonly sessions: SessionRoutes;
  private readonly lostListeners = new Listeners<[AgentFailure]>();
  private stopping = false;
  /** We stopped the process because it closed its output while still running. */
  private outputClosed = false;

  constructor(options: AgentConnectionOptions) {
    const { agent, env } = options;
    const log = env.agentLog(agent.id);
    this.experimental = env.settings().experimental;
    this.elicitation = elicitationModes(env);
    this.subagents = env.settings().subagents !== false;
    this.v2Asked = env.settings().acpV2 === true;
    for (const note of env.settings().notes ?? []) log.append(`[switchboard] ${note}`);
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
    this.sessions = new SessionRoutes(this.rpc, {
      isV2: () => this.version === ACP_V2,
      elicitation: this.elicitation,
      log: (line) => log.append(line),
    });
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
    return this.sessions.attach(sessionId, sink, subagent);
  }

  /** Whether this session's traffic is routed to a sink (a chat's session, or a subagent session of one). */
  isAttached(sessionId: string): boolean {
    return this.sessions.isAttached(sessionId);
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
}
