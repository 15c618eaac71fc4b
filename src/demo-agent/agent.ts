// The Demo agent's request handling, independent of the transport: main.ts plugs these
// methods into an ACP connection. Holds every session of the process and its running turn.
import type * as acp from '@agentclientprotocol/sdk';
import type * as unstable from '@agentclientprotocol/sdk/unstable';
import { ClientMethod, ErrorCodes } from '../protocol/methods';
import { RequestFailure, type CancelSignal } from '../protocol/types';
import { DEMO_COMMANDS, parsePrompt, promptText } from './commands';
import { describeAttachments } from './attachments';
import {
  applyConfigChange,
  DEFAULT_CONFIG_VALUES,
  DEFAULT_MODE_ID,
  demoConfigOptions,
  demoModeState,
  isDemoMode,
} from './config';
import { DEMO_SCRIPTS, type ScriptSession } from './script';
import { DemoTurn, TurnCancelled, type DemoPeer } from './turn';

interface DemoSession extends ScriptSession {
  sessionId: string;
  cwd: string;
  turnCount: number;
  activeTurn: AbortController | null;
  /** The running turn, which takes the messages added to it (`_session/steering`). */
  turn: DemoTurn | null;
}

type SteeringAnswer = { outcome: 'injected' } | { outcome: 'promptRequired'; reason: 'noRunningTurn' };

export interface DemoAgentOptions {
  version: string;
  /** Pause between streamed chunks; the default shows streaming, tests may shorten it. */
  chunkDelayMs: number;
  log(message: string): void;
}

export class DemoAgent {
  private readonly sessions = new Map<string, DemoSession>();
  private nextSessionNumber = 1;
  private canEditFiles = false;
  private canRunTerminals = false;
  private canShowSubagents = false;

  constructor(
    private readonly peer: DemoPeer,
    private readonly options: DemoAgentOptions,
  ) {}

  initialize(params: acp.InitializeRequest): acp.InitializeResponse {
    const fs = params.clientCapabilities?.fs;
    this.canEditFiles = fs?.readTextFile === true && fs?.writeTextFile === true;
    this.canRunTerminals = params.clientCapabilities?.terminal === true;
    // Subagent sessions are in the unstable schema: the demo uses them when the client can show them.
    this.canShowSubagents = (params.clientCapabilities as unstable.ClientCapabilities | undefined)?.subagents != null;
    this.options.log(
      `initialize: client protocol ${params.protocolVersion}, fs edits ${this.canEditFiles ? 'on' : 'off'}`,
    );
    return {
      protocolVersion: 1,
      agentInfo: { name: 'switchboard-demo', title: 'Demo agent', version: this.options.version },
      agentCapabilities: {
        loadSession: false,
        promptCapabilities: { image: true, audio: false, embeddedContext: true },
      },
      authMethods: [],
      // A message may join the running turn (`_session/steering`), advertised where codex-acp and claude-agent-acp do.
      _meta: { steering: { supported: true } },
    };
  }

  newSession(params: acp.NewSessionRequest): acp.NewSessionResponse {
    if (typeof params.cwd !== 'string' || !/^(\/|[a-zA-Z]:[\\/]|\\\\)/.test(params.cwd)) {
      throw new RequestFailure(ErrorCodes.invalidParams, 'session/new needs an absolute cwd');
    }
    const sessionId = `demo-session-${this.nextSessionNumber++}`;
    const session: DemoSession = {
      sessionId,
      cwd: params.cwd,
      modeId: DEFAULT_MODE_ID,
      config: { ...DEFAULT_CONFIG_VALUES },
      memory: { alwaysAllowEdits: false },
      subagents: new Map(),
      turnCount: 0,
      activeTurn: null,
      turn: null,
    };
    this.sessions.set(sessionId, session);
    // Deferred so the client has the session/new response (and the sessionId) before the update.
    setTimeout(
      () =>
        this.sendUpdate(sessionId, { sessionUpdate: 'available_commands_update', availableCommands: DEMO_COMMANDS }),
      10,
    );
    return {
      sessionId,
      modes: demoModeState(session.modeId),
      configOptions: demoConfigOptions(session.config),
    };
  }

  setMode(params: acp.SetSessionModeRequest): acp.SetSessionModeResponse {
    const session = this.session(params.sessionId);
    if (!isDemoMode(params.modeId)) {
      throw new RequestFailure(ErrorCodes.invalidParams, `Unknown mode: ${String(params.modeId)}`);
    }
    session.modeId = params.modeId;
    this.sendUpdate(session.sessionId, { sessionUpdate: 'current_mode_update', currentModeId: session.modeId });
    return {};
  }

  setConfigOption(params: acp.SetSessionConfigOptionRequest): acp.SetSessionConfigOptionResponse {
    const session = this.session(params.sessionId);
    const change = applyConfigChange(session.config, params.configId, params.value);
    if (!change.ok) throw new RequestFailure(ErrorCodes.invalidParams, change.message);
    session.config = change.values;
    return { configOptions: demoConfigOptions(session.config) };
  }

  /** `requestCancel` fires when the client cancels the request itself ($/cancel_request): same as session/cancel. */
  async prompt(params: acp.PromptRequest, requestCancel?: CancelSignal): Promise<acp.PromptResponse> {
    const session = this.session(params.sessionId);
    if (session.activeTurn !== null) {
      throw new RequestFailure(ErrorCodes.invalidRequest, 'A turn is already running in this demo session');
    }
    if (!Array.isArray(params.prompt)) {
      throw new RequestFailure(ErrorCodes.invalidParams, 'session/prompt needs a prompt array');
    }
    const parsed = parsePrompt(params.prompt);
    const controller = new AbortController();
    session.activeTurn = controller;
    session.turnCount++;
    const cancelListener = requestCancel?.onCancellationRequested(() => controller.abort());
    const turn = new DemoTurn(
      this.peer,
      {
        sessionId: session.sessionId,
        cwd: session.cwd,
        turnNumber: session.turnCount,
        canEditFiles: this.canEditFiles,
        canRunTerminals: this.canRunTerminals,
        canShowSubagents: this.canShowSubagents,
        chunkDelayMs: this.options.chunkDelayMs,
      },
      controller.signal,
    );
    this.options.log(`turn ${session.turnCount}: ${parsed.command ?? 'showcase'}`);
    session.turn = turn;
    try {
      const attached = describeAttachments(params.prompt);
      if (attached !== null) await turn.stream('agent_message_chunk', `attached-${session.turnCount}`, attached);
      const stopReason = await DEMO_SCRIPTS[parsed.command ?? 'showcase'](turn, session, parsed.text);
      // A cancel that arrived after the last step still ends the turn as cancelled.
      return { stopReason: turn.cancelled ? 'cancelled' : stopReason };
    } catch (error) {
      if (!(error instanceof TurnCancelled) && !turn.cancelled) throw error;
      turn.failInFlightToolCall('Cancelled: the demo agent stopped this tool call.');
      return { stopReason: 'cancelled' };
    } finally {
      cancelListener?.dispose();
      session.activeTurn = null;
      session.turn = null;
    }
  }

  /**
   * `_session/steering`: a message added to the running turn, which takes it in at its next chunk. With no
   * turn running (or one being cancelled) the demo starts none of its own: the client sends a prompt.
   */
  steer(params: unknown): SteeringAnswer {
    const { sessionId, prompt, _meta } = (params ?? {}) as { sessionId?: unknown; prompt?: unknown; _meta?: unknown };
    const session = this.session(sessionId);
    if (!Array.isArray(prompt) || prompt.length === 0) {
      throw new RequestFailure(ErrorCodes.invalidParams, '_session/steering needs a non-empty prompt array');
    }
    const turn = session.turn;
    if (turn && !turn.cancelled) {
      turn.steer(promptText(prompt as acp.ContentBlock[]));
      this.options.log(`turn ${session.turnCount}: a message was added to it`);
      return { outcome: 'injected' };
    }
    const idleBehavior = (_meta as { steering?: { idleBehavior?: unknown } } | undefined)?.steering?.idleBehavior;
    if (idleBehavior === 'promptRequired') return { outcome: 'promptRequired', reason: 'noRunningTurn' };
    throw new RequestFailure(
      ErrorCodes.invalidParams,
      'No turn is running, and the demo agent starts none of its own: send idleBehavior "promptRequired"',
    );
  }

  /** session/cancel: a notification, so unknown sessions are ignored rather than answered. A subagent's id
   * stops that subagent only, if it advertised the cancel capability (the others are not in `subagents`).
   */
  cancel(params: acp.CancelNotification): void {
    const session = this.sessions.get(params?.sessionId);
    if (session) session.activeTurn?.abort();
    else for (const other of this.sessions.values()) other.subagents.get(params?.sessionId)?.abort();
  }

  /** Stops every running turn, e.g. when the client goes away. */
  cancelAll(): void {
    for (const session of this.sessions.values()) session.activeTurn?.abort();
  }

  private session(sessionId: unknown): DemoSession {
    const session = typeof sessionId === 'string' ? this.sessions.get(sessionId) : undefined;
    if (!session) throw new RequestFailure(ErrorCodes.invalidParams, `Unknown session: ${String(sessionId)}`);
    return session;
  }

  private sendUpdate(sessionId: string, update: acp.SessionUpdate): void {
    const notification: acp.SessionNotification = { sessionId, update };
    this.peer.notify(ClientMethod.sessionUpdate, notification);
  }
}
