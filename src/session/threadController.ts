// Drives one chat thread: one ACP session on one agent process. Turns user intents (prompt,
// cancel, permission answers, mode and option changes) into ACP calls and agent traffic into
// ThreadActions. Every exit path (turn end, cancel, agent exit, restart, dispose) answers the
// agent's pending permission requests `cancelled` and leaves the thread in a readable state.
import { resolve as resolvePath } from 'node:path';
import type * as acp from '@agentclientprotocol/sdk';
import { spawnAgentProcess, type SpawnAgentProcess } from '../agents/agentProcess';
import { noAuthMethodFailure, startupFailure } from '../agents/failure';
import { AcpRpcError } from '../protocol/errors';
import { AgentMethod, ErrorCodes } from '../protocol/methods';
import type { ThreadAction } from '../shared/actions';
import {
  createThreadState,
  type AgentFailure,
  type ReviewView,
  type SettingTarget,
  type ThreadState,
  type TurnUsage,
} from '../shared/thread';
import { metaOf } from '../shared/sessionUpdates';
import { writeStartRevision } from '../shared/fileWrites';
import { agentRoots, rootsNotice, type AgentRoots } from '../shared/workspaceRoots';
import { checkContent, elicitationForm, type ElicitationAction, type ElicitationForm } from '../shared/elicitation';
import type { AgentConfig, CancelSignal, ClientHandlers, HostEnvironment, ThreadController, ThreadEvent } from './api';
import type { TerminalHandle, TerminalManager } from './terminalManager';
import { AgentConnection, type SessionSink } from './agentConnection';
import { PendingPermissions } from './permissions';
import { MAX_QUEUED, PromptQueue } from './promptQueue';
import { ThreadStore } from './threadStore';
import { ThreadTerminals, type ThreadTerminalsDeps } from './threadTerminals';
import { boundUpdate, rawPreview, STRUCTURED_BOUNDS } from './updateGate';
import { UpdateIntake } from './updateIntake';
import { ToolDiffs } from './toolDiffs';
import { boundJson, FREE_FORM_BOUNDS } from '../protocol/boundJson';
import { RequestFailure } from './api';
import { continueMethod, hasConversation, ReplayReconciler } from './sessionContinuation';
import { errorMessage } from '../shared/errorMessage';

export { MAX_PROTOCOL_ERROR_ENTRIES } from './updateIntake';
/** Permission requests waiting for the user at once; more are answered with an error. */
export const MAX_PENDING_PERMISSIONS = 32;

export interface ThreadControllerOptions {
  threadId: string;
  agent: AgentConfig;
  env: HostEnvironment;
  handlers: ClientHandlers;
  /** Defaults to spawning a real child process; tests inject fakes. */
  spawn?: SpawnAgentProcess;
  /** Grace between SIGTERM and SIGKILL when stopping the agent (default 2 s). */
  stopGraceMs?: number;
  /** The thread as it was when the window closed (session/chatJournal.ts): shown until the chat continues. */
  restored?: ThreadState;
  /** Defaults to `new ThreadTerminals(deps)`; a test passes its own to watch the terminals' memory. */
  openTerminals?: (deps: ThreadTerminalsDeps) => ThreadTerminals;
  /** How long session/set_mode and session/set_config_option may take (default SETTING_TIMEOUT_MS). */
  settingTimeoutMs?: number;
}

/**
 * An agent that never answers a mode or option change must not leave the selector showing the
 * user's choice: after this long the change counts as refused (and the agent is told to stop).
 */
export const SETTING_TIMEOUT_MS = 30_000;

export function createThreadController(options: ThreadControllerOptions): ThreadController {
  return new AcpThreadController(options);
}

interface Turn {
  cancelRequested: boolean;
}

/** One process generation: a restart makes a new one; late events of old ones are ignored. */
interface Generation {
  connection: AgentConnection;
  failed: boolean;
  authMethods: acp.AuthMethod[];
  detachSession?: { dispose(): void };
  /** The session's terminals; all of them are killed when the generation ends. */
  terminals?: TerminalManager;
}

export class AcpThreadController implements ThreadController {
  readonly threadId: string;
  readonly agent: AgentConfig;
  private readonly store: ThreadStore;
  private readonly permissions: PendingPermissions;
  /** session/update in, checked: actions and visible protocol errors out. */
  private readonly intake: UpdateIntake;
  /** While session/load replays the conversation: its updates go here, not to the thread. */
  private replay: ReplayReconciler | null = null;
  private readonly replayIntake: UpdateIntake;
  /** Tool calls' own `diff` content: texts to the keeper, hunks to the thread (toolDiffs.ts). */
  private readonly toolDiffs: ToolDiffs;
  private readonly log: { append(line: string): void };
  private generation: Generation | null = null;
  private sessionId: string | null = null;
  private turn: Turn | null = null;
  private disposed = false;
  /** Messages typed during a turn; the first is sent when the turn ends. */
  private readonly queue = new PromptQueue();
  /** "Send now" cancelled the turn: its end sends the queue's first message even though it was cancelled. */
  private sendQueuedAfterCancel = false;
  private readonly terminals: ThreadTerminals;
  /** elicitation/create requests waiting for the user, by the client's own id. */
  private readonly elicitations = new Map<
    string,
    { form: ElicitationForm; answer: (response: acp.CreateElicitationResponse) => void }
  >();
  private nextElicitation = 1;

  constructor(private readonly options: ThreadControllerOptions) {
    const { threadId, agent, env } = options;
    this.threadId = threadId;
    this.agent = agent;
    this.log = env.agentLog(agent.id);
    const initial =
      options.restored ??
      createThreadState(
        { agentId: agent.id, threadId },
        { id: agent.id, displayName: agent.displayName, isDemo: agent.isDemo },
      );
    this.store = new ThreadStore(threadId, initial, (error) =>
      this.log.append(`[switchboard] thread listener failed: ${String(error)}`),
    );
    this.permissions = new PendingPermissions('permission-');
    this.toolDiffs = new ToolDiffs(env.fileTexts);
    this.intake = new UpdateIntake(
      (action) => this.dispatch(action),
      (line) => this.log.append(line),
      this.toolDiffs,
    );
    this.replayIntake = new UpdateIntake(
      (action) => this.replay?.add(action),
      (line) => this.log.append(line),
      this.toolDiffs,
    );
    this.terminals = (options.openTerminals ?? ((deps) => new ThreadTerminals(deps)))({
      baseEnv: () => env.baseEnv(),
      liveGroups: env.liveProcessGroups,
      log: (line) => this.log.append(line),
      dispatch: (action) => this.dispatch(action),
    });
  }

  snapshot(): { state: ThreadState; seq: number } {
    return this.store.snapshot();
  }

  onEvent(listener: (event: ThreadEvent) => void): { dispose(): void } {
    return this.store.onEvent(listener);
  }

  async start(): Promise<void> {
    if (this.disposed || (this.generation && !this.generation.failed)) return;
    const { agent } = this.options;
    this.dispatch({ type: 'connection', state: { kind: 'starting' } });
    let gen: Generation | undefined;
    try {
      const connection = new AgentConnection({
        agent,
        env: this.options.env,
        spawn: this.options.spawn ?? spawnAgentProcess,
        stopGraceMs: this.options.stopGraceMs,
      });
      gen = { connection, failed: false, authMethods: [] };
      this.generation = gen;
      await this.startGeneration(gen);
    } catch (error) {
      // Only a bug gets here (e.g. a throwing spawn factory); it must still become state.
      const failure = {
        title: `Could not start the agent: ${errorMessage(error)}`,
        commandLine: agent.command,
        stderrTail: [],
      };
      if (gen) this.fail(gen, failure);
      else this.dispatch({ type: 'agentFailed', failure });
    }
  }

  private async startGeneration(gen: Generation): Promise<void> {
    const { env } = this.options;
    gen.connection.onLost((failure) => this.fail(gen, failure));

    const init = await gen.connection.initialize(env.clientInfo(), env.settings().initializeTimeoutMs);
    if (!this.isCurrent(gen)) return;
    if (!init.ok) return this.fail(gen, init.failure);
    gen.authMethods = bounded(init.response.authMethods ?? []);
    this.dispatch({
      type: 'initialized',
      agentInfo: bounded(init.response.agentInfo ?? null),
      agentCapabilities: bounded(init.response.agentCapabilities ?? null),
    });
    await this.openSession(gen);
  }

  async authenticate(methodId: string): Promise<void> {
    const gen = this.generation;
    if (!gen || !this.isCurrent(gen) || this.store.current.connection.kind !== 'authRequired') {
      throw new Error('The agent is not waiting for authentication.');
    }
    this.dispatch({ type: 'connection', state: { kind: 'authenticating', methodId } });
    try {
      await gen.connection.rpc.request(AgentMethod.authenticate, { methodId });
    } catch (error) {
      if (!this.isCurrent(gen) || !(error instanceof AcpRpcError)) return; // the agent went away: its failure shows
      this.dispatch({ type: 'connection', state: { kind: 'authRequired', methods: gen.authMethods } });
      throw new Error(`Authentication failed: ${error.message}`, { cause: error });
    }
    if (this.isCurrent(gen)) await this.openSession(gen);
  }

  /** context: content blocks of the attached context, sent after the text (promptContext.ts). */
  async prompt(text: string, context: acp.ContentBlock[] = []): Promise<void> {
    const gen = this.generation;
    const sessionId = this.sessionId;
    if (!gen || !this.isCurrent(gen) || !sessionId || this.store.current.connection.kind !== 'ready') {
      throw new Error('The agent is not ready yet; wait for it to start (or press Restart).');
    }
    if (this.turn) throw new Error('The agent is still working on the previous prompt; wait or cancel it first.');
    const turn: Turn = { cancelRequested: false };
    this.turn = turn;
    const prompt: acp.ContentBlock[] = [{ type: 'text', text }, ...context];
    this.dispatch({ type: 'promptSent', prompt });
    let action: ThreadAction | null;
    try {
      const response = await gen.connection.rpc.request(AgentMethod.sessionPrompt, { sessionId, prompt });
      action = turnEndedAction(response);
    } catch (error) {
      if (error instanceof AcpRpcError) {
        // After session/cancel an agent may answer with an error instead of stopReason `cancelled`.
        action = turn.cancelRequested
          ? { type: 'turnEnded', stopReason: 'cancelled' }
          : { type: 'turnFailed', message: capText(error.message) };
      } else {
        action = null; // the connection went away: the failure (or the restart) ends the turn
      }
    }
    if (this.turn !== turn || !action) return;
    this.turn = null;
    // A request the agent left open cannot be answered once the turn is over.
    this.cancelPendingPermissions();
    this.dispatch(action);
    this.afterTurn(action);
  }

  /**
   * Sends now when the agent is idle, else queues for the end of the turn. Rejects when the queue
   * is full (the message stays in the composer).
   */
  async queuePrompt(text: string, context: acp.ContentBlock[] = []): Promise<void> {
    if (!this.turn && this.store.current.connection.kind === 'ready') return this.prompt(text, context);
    if (!this.queue.add(text, context))
      throw new Error(`${MAX_QUEUED} messages are already waiting; send or remove one first.`);
    this.publishQueue();
  }

  editQueued(id: string, text: string): void {
    if (this.queue.edit(id, text)) this.publishQueue();
  }

  removeQueued(id: string): void {
    if (this.queue.remove(id)) this.publishQueue();
  }

  /**
   * "Send now": the queued message (or new text) goes first; a running turn is cancelled and the
   * message is sent when its cancellation ends it.
   */
  async sendNow(target: { id: string } | { text: string; context?: acp.ContentBlock[] }): Promise<void> {
    if ('id' in target) {
      if (!this.queue.moveToFront(target.id)) return;
    } else if (!this.queue.add(target.text, target.context, true)) {
      throw new Error(`${MAX_QUEUED} messages are already waiting; send or remove one first.`);
    }
    this.publishQueue();
    if (!this.turn) return this.sendNextQueued();
    this.sendQueuedAfterCancel = true;
    await this.cancel();
  }

  /** After a turn ended: the next queued message, unless the user stopped the turn (Stop keeps the queue). */
  private afterTurn(action: ThreadAction): void {
    const sendAnyway = this.sendQueuedAfterCancel;
    this.sendQueuedAfterCancel = false;
    const completed = action.type === 'turnEnded' && action.stopReason !== 'cancelled';
    if (completed || sendAnyway) void this.sendNextQueued();
  }

  private async sendNextQueued(): Promise<void> {
    const next = this.queue.shift();
    if (!next) return;
    this.publishQueue();
    try {
      await this.prompt(next.text, next.context);
    } catch (error) {
      // Not ready (the agent went away) or another turn started first: it waits again, first in line.
      this.queue.unshift(next);
      this.publishQueue();
      this.log.append(`[switchboard] a queued message was not sent: ${errorMessage(error)}`);
    }
  }

  private publishQueue(): void {
    this.dispatch({ type: 'queueChanged', queue: this.queue.view() });
  }

  async cancel(): Promise<void> {
    const turn = this.turn;
    const gen = this.generation;
    if (!turn || turn.cancelRequested || !gen || !this.sessionId) return;
    turn.cancelRequested = true;
    this.dispatch({ type: 'cancelRequested' });
    this.cancelPendingPermissions();
    this.cancelPendingElicitations();
    gen.connection.rpc.notify(AgentMethod.sessionCancel, { sessionId: this.sessionId });
  }

  resolvePermission(permissionId: string, optionId: string | null): void {
    const outcome = this.permissions.resolve(permissionId, optionId);
    if (!outcome) return;
    if (optionId !== null && outcome.kind === 'cancelled') {
      this.log.append(`[switchboard] option ${optionId} was not offered for ${permissionId}; answered cancelled`);
    }
    this.dispatch({ type: 'permissionResolved', permissionId, outcome });
  }

  async setMode(modeId: string): Promise<void> {
    const { gen, sessionId } = this.requireSession();
    try {
      await gen.connection.rpc.request(
        AgentMethod.sessionSetMode,
        { sessionId, modeId },
        { timeoutMs: this.settingTimeoutMs },
      );
    } catch (error) {
      return this.settingFailed(gen, { kind: 'mode' }, `Could not switch the mode to ${modeId}`, error);
    }
    if (this.isCurrent(gen)) this.dispatch({ type: 'modeChanged', modeId });
  }

  /** A string sets a select option; a boolean a boolean option (`type: "boolean"`, checklist §7.2). */
  async setConfigOption(configId: string, value: string | boolean): Promise<void> {
    const { gen, sessionId } = this.requireSession();
    const params: acp.SetSessionConfigOptionRequest =
      typeof value === 'boolean' ? { sessionId, configId, type: 'boolean', value } : { sessionId, configId, value };
    let response: acp.SetSessionConfigOptionResponse;
    try {
      response = await gen.connection.rpc.request(AgentMethod.sessionSetConfigOption, params, {
        timeoutMs: this.settingTimeoutMs,
      });
    } catch (error) {
      return this.settingFailed(gen, { kind: 'config', configId }, `Could not set ${configId}`, error);
    }
    if (this.isCurrent(gen))
      this.dispatch({ type: 'configOptionsReplaced', configOptions: bounded(response.configOptions) });
  }

  /**
   * The agent refused a mode or config change: the selector goes back to the agent's value and
   * says why beside it. Failure as state, not a notification: nothing changed.
   */
  private settingFailed(gen: Generation, target: SettingTarget, what: string, error: unknown): void {
    if (!this.isCurrent(gen)) return; // the agent went away: its failure shows
    this.log.append(`[switchboard] ${what}: ${errorMessage(error)}`);
    this.dispatch({ type: 'settingFailed', target, message: capText(`${what}: ${errorMessage(error)}`, 1024) });
  }

  async restart(): Promise<void> {
    if (this.disposed) return;
    await this.shutdown();
    await this.start();
  }

  /**
   * The user closed the chat for good: session/close when the agent advertises it (bounded wait;
   * a refusal changes nothing). Not on a window reload: those sessions are continued afterwards.
   */
  async closeSession(): Promise<void> {
    const gen = this.generation;
    const sessionId = this.sessionId;
    if (!gen || !this.isCurrent(gen) || !sessionId) return;
    if (!this.store.current.agentCapabilities?.sessionCapabilities?.close) return;
    try {
      await gen.connection.rpc.request(AgentMethod.sessionClose, { sessionId }, { timeoutMs: 2000 });
    } catch (error) {
      this.log.append(`[switchboard] session/close of ${sessionId} failed: ${errorMessage(error)}`);
    }
  }

  async dispose(): Promise<void> {
    if (this.disposed) return;
    this.disposed = true;
    await this.shutdown();
    this.dispatch({ type: 'connection', state: { kind: 'stopped' } });
  }

  /**
   * A chat with a conversation (restored after a reload, or restarted) goes on with the same
   * session where the agent can (session/resume, else session/load); false when it cannot (a new
   * session follows, marked in the transcript) or the agent went away meanwhile.
   */
  private async continueSession(gen: Generation, cwd: string): Promise<boolean | 'gone'> {
    const state = this.store.current;
    const method = continueMethod(state.agentCapabilities);
    const sessionId = state.sessionId;
    if (!sessionId || method === 'new') return false;
    const terminals = this.terminals.open(cwd);
    let response: acp.ResumeSessionResponse | acp.LoadSessionResponse | null;
    const replay = method === 'load' ? new ReplayReconciler(state) : null;
    this.replay = replay;
    // Attached first: session/load replays the conversation as updates before it answers.
    gen.terminals = terminals;
    gen.detachSession = gen.connection.attach(sessionId, this.sessionSink(terminals));
    try {
      response =
        method === 'resume'
          ? await gen.connection.rpc.request(AgentMethod.sessionResume, { sessionId, cwd, mcpServers: [] })
          : await gen.connection.rpc.request(AgentMethod.sessionLoad, { sessionId, cwd, mcpServers: [] });
    } catch (error) {
      this.replay = null;
      gen.detachSession.dispose();
      gen.detachSession = undefined;
      this.endTerminals(gen);
      if (!this.isCurrent(gen) || !(error instanceof AcpRpcError)) return 'gone';
      this.log.append(
        `[switchboard] session/${method} of ${sessionId} failed (${error.message}); starting a new session`,
      );
      return false;
    }
    this.replay = null;
    if (!this.isCurrent(gen)) return 'gone';
    this.sessionId = sessionId;
    this.dispatch({
      type: 'sessionStarted',
      sessionId,
      modes: bounded(response?.modes ?? null),
      configOptions: bounded(response?.configOptions ?? null),
    });
    for (const action of replay?.missing() ?? []) this.dispatch(action);
    this.dispatch({ type: 'sessionContinued', how: method === 'resume' ? 'resumed' : 'loaded' });
    this.dispatch({ type: 'connection', state: { kind: 'ready' } });
    return true;
  }

  /** The folders of this session (src/shared/workspaceRoots.ts), from the agent's capabilities. */
  private roots(gen: Generation): AgentRoots {
    const { env } = this.options;
    const folders = (env.workspaceFolders?.() ?? [env.workspaceCwd()]).map((folder) => resolvePath(folder));
    return agentRoots(gen.connection.capabilities, folders, resolvePath(env.workspaceCwd()));
  }

  private async openSession(gen: Generation): Promise<void> {
    const roots = this.roots(gen);
    const cwd = roots.cwd;
    const continuing = hasConversation(this.store.current);
    if (continuing) {
      const outcome = await this.continueSession(gen, cwd);
      if (outcome !== false) return;
    }
    const params: acp.NewSessionRequest = { cwd, mcpServers: [] };
    if (roots.additionalDirectories.length > 0) params.additionalDirectories = roots.additionalDirectories;
    let response: acp.NewSessionResponse;
    try {
      params.mcpServers = await this.mcpServers(gen);
      if (!this.isCurrent(gen)) return;
      response = await gen.connection.rpc.request(AgentMethod.sessionNew, params);
    } catch (error) {
      if (!this.isCurrent(gen) || !(error instanceof AcpRpcError)) return; // the agent went away: its failure shows
      if (error.code !== ErrorCodes.authRequired) {
        return this.fail(gen, startupFailure(gen.connection.failureContext(), 'session/new', capText(error.message)));
      }
      if (gen.authMethods.length === 0) return this.fail(gen, noAuthMethodFailure(gen.connection.failureContext()));
      this.dispatch({ type: 'connection', state: { kind: 'authRequired', methods: gen.authMethods } });
      return;
    }
    if (!this.isCurrent(gen)) return;
    this.sessionId = response.sessionId;
    // Attach first: updates the agent sent before its answer are replayed in wire order.
    gen.terminals = this.terminals.open(cwd);
    gen.detachSession = gen.connection.attach(response.sessionId, this.sessionSink(gen.terminals));
    this.dispatch({
      type: 'sessionStarted',
      sessionId: response.sessionId,
      modes: bounded(response.modes ?? null),
      configOptions: bounded(response.configOptions ?? null),
    });
    // The conversation above is not in this session: the transcript says so where it happened.
    if (continuing) this.dispatch({ type: 'sessionContinued', how: 'new' });
    const notice = rootsNotice(this.agent.displayName, roots);
    if (notice && !this.store.current.entries.some((entry) => entry.kind === 'notice' && entry.text === notice)) {
      this.dispatch({ type: 'notice', text: notice });
    }
    this.dispatch({ type: 'connection', state: { kind: 'ready' } });
  }

  /** The MCP servers for a session of this agent (session/new, load, resume): per its capabilities, or none. */
  private async mcpServers(gen: Generation): Promise<acp.McpServer[]> {
    const capabilities = gen.connection.capabilities?.mcpCapabilities;
    return (await this.options.env.mcpServers?.(this.agent, capabilities)) ?? [];
  }

  private sessionSink(terminals: TerminalManager): SessionSink {
    return {
      terminals,
      update: (notification) =>
        this.replay ? this.replayIntake.update(notification) : this.intake.update(notification),
      requestPermission: (params, signal) => this.onPermissionRequest(params, signal),
      readTextFile: (params, signal) => this.options.handlers.readTextFile(params, signal),
      writeTextFile: async (params, signal) => {
        const outcome = await this.options.handlers.writeTextFile(params, signal);
        const from = writeStartRevision(this.store.current, outcome.path, outcome.revision);
        this.dispatch({ type: 'fileWritten', write: outcome.view(from) });
        return {};
      },
      elicit: (params, signal) => this.onElicitation(params, signal),
    };
  }

  /** elicitation/create (DRAFT): an inline form in the chat until the user answers or it ends. */
  private onElicitation(
    params: acp.CreateElicitationRequest,
    signal: CancelSignal,
  ): Promise<acp.CreateElicitationResponse> {
    if (params.mode !== 'form') {
      throw new RequestFailure(
        ErrorCodes.invalidParams,
        `Elicitation mode ${String(params.mode).slice(0, 40)} is not supported; only form`,
      );
    }
    if (this.elicitations.size >= MAX_PENDING_PERMISSIONS) {
      throw new RequestFailure(
        ErrorCodes.internalError,
        'Too many elicitations waiting for the user; wait for an answer first',
      );
    }
    if (this.turn?.cancelRequested || signal.isCancellationRequested) return Promise.resolve({ action: 'cancel' });
    const form = elicitationForm(params);
    const elicitationId = `elicitation-${this.nextElicitation++}`;
    const response = new Promise<acp.CreateElicitationResponse>((answer) => {
      this.elicitations.set(elicitationId, { form, answer });
    });
    this.dispatch({ type: 'elicitationRequested', elicitationId, form });
    const subscription = signal.onCancellationRequested(() => this.resolveElicitation(elicitationId, 'cancel'));
    return response.finally(() => subscription.dispose());
  }

  /**
   * The user's answer to a form. `accept` is checked against the form first: values that do not
   * fit leave it waiting and the problems are returned (the webview shows them by the fields).
   */
  resolveElicitation(
    elicitationId: string,
    action: ElicitationAction,
    values: Record<string, unknown> = {},
  ): Record<string, string> | null {
    const pending = this.elicitations.get(elicitationId);
    if (!pending) return null;
    let response: acp.CreateElicitationResponse = { action: action === 'accept' ? 'decline' : action };
    if (action === 'accept') {
      const checked = checkContent(pending.form, values);
      if (!checked.ok) return checked.problems;
      response = { action: 'accept', content: checked.content };
    }
    this.elicitations.delete(elicitationId);
    pending.answer(response);
    this.dispatch({ type: 'elicitationResolved', elicitationId, answer: action });
    return null;
  }

  /** Answers every waiting form `cancel` (turn cancelled, agent gone, chat closed). */
  private cancelPendingElicitations(): void {
    for (const elicitationId of [...this.elicitations.keys()]) this.resolveElicitation(elicitationId, 'cancel');
  }

  showReview(review: ReviewView): void {
    this.dispatch({ type: 'reviewChanged', review });
  }

  onTerminalOutput(listener: (terminalId: string, data: string) => void): { dispose(): void } {
    return this.terminals.onOutput(listener);
  }

  terminalReplay(terminalId: string): string | undefined {
    return this.terminals.replay(terminalId);
  }

  stopTerminal(terminalId: string): void {
    this.terminals.stopByUser(terminalId);
  }

  terminalHandle(terminalId: string): TerminalHandle | undefined {
    return this.terminals.handle(terminalId);
  }

  /** Kills every terminal of the generation (no orphans) and keeps it for replays. */
  private endTerminals(gen: Generation): void {
    const manager = gen.terminals;
    gen.terminals = undefined;
    this.terminals.end(manager);
  }

  private onPermissionRequest(
    params: acp.RequestPermissionRequest,
    signal: CancelSignal,
  ): Promise<acp.RequestPermissionResponse> {
    // The schema allows an empty list, but nobody could answer it: an error now (not `cancelled`,
    // which tells the agent the user cancelled the turn) instead of a card without buttons.
    if (params.options.length === 0) {
      const message = 'session/request_permission offers no options, so the user cannot answer it';
      this.intake.reportProtocolError(
        'The agent asked for permission without any options',
        message,
        rawPreview(params),
      );
      throw new RequestFailure(ErrorCodes.invalidParams, message);
    }
    // After session/cancel the answer is always `cancelled`; no point showing the question.
    if (this.turn?.cancelRequested || signal.isCancellationRequested) {
      return Promise.resolve({ outcome: { outcome: 'cancelled' } });
    }
    if (this.permissions.size >= MAX_PENDING_PERMISSIONS) {
      throw new RequestFailure(
        ErrorCodes.internalError,
        `Too many permission requests waiting for the user (at most ${MAX_PENDING_PERMISSIONS} at once); wait for an answer first`,
        { limit: MAX_PENDING_PERMISSIONS },
      );
    }
    // Shown also outside a turn: some agents ask while preparing (or after the prompt answered);
    // the card stays until the user answers, a later turn ends, the agent exits or the chat closes.
    const toolCall = this.toolDiffs.toolCall(boundUpdate(params.toolCall));
    const options = boundJson(params.options, STRUCTURED_BOUNDS) as acp.PermissionOption[];
    const { permissionId, response } = this.permissions.open(options);
    this.dispatch({ type: 'permissionRequested', permissionId, toolCall, options });
    // `$/cancel_request` from the agent, or the connection closing.
    const subscription = signal.onCancellationRequested(() => this.resolvePermission(permissionId, null));
    return response.finally(() => subscription.dispose());
  }

  /** Answers every pending request `cancelled`; returns how many there were. */
  private cancelPendingPermissions(): number {
    const ids = this.permissions.cancelAll();
    for (const permissionId of ids) {
      this.dispatch({ type: 'permissionResolved', permissionId, outcome: { kind: 'cancelled' } });
    }
    return ids.length;
  }

  /** The agent process is unusable: show why once, end the turn, and stop what is left of it. */
  private fail(gen: Generation, failure: AgentFailure): void {
    if (!this.isCurrent(gen)) return;
    gen.failed = true;
    gen.detachSession?.dispose();
    this.endTerminals(gen);
    this.sessionId = null;
    this.turn = null;
    this.sendQueuedAfterCancel = false; // the queue waits for the user (Restart, then Send now)
    this.cancelPendingPermissions();
    this.cancelPendingElicitations();
    this.dispatch({ type: 'agentFailed', failure });
    void gen.connection.stop();
  }

  /** Ends the current generation on purpose (restart, dispose): no failure is shown. */
  private async shutdown(): Promise<void> {
    const gen = this.generation;
    this.generation = null;
    this.sessionId = null;
    gen?.detachSession?.dispose();
    if (gen) this.endTerminals(gen);
    const answered = this.cancelPendingPermissions() + this.elicitations.size;
    this.cancelPendingElicitations();
    if (this.turn) {
      const turn = this.turn;
      this.turn = null;
      if (!turn.cancelRequested) this.dispatch({ type: 'cancelRequested' });
      this.dispatch({ type: 'turnEnded', stopReason: 'cancelled' });
    }
    if (!gen) return;
    // Let the `cancelled` answers reach the agent before its connection closes.
    if (answered > 0) await new Promise((resolve) => setImmediate(resolve));
    await gen.connection.stop();
  }

  private get settingTimeoutMs(): number {
    return this.options.settingTimeoutMs ?? SETTING_TIMEOUT_MS;
  }

  private requireSession(): { gen: Generation; sessionId: string } {
    const gen = this.generation;
    if (!gen || !this.isCurrent(gen) || !this.sessionId) throw new Error('The agent has no session yet.');
    return { gen, sessionId: this.sessionId };
  }

  private isCurrent(gen: Generation): boolean {
    return this.generation === gen && !gen.failed && !this.disposed;
  }

  private dispatch(action: ThreadAction): void {
    this.store.dispatch(action);
  }
}

/**
 * Agent data from responses (initialize, session/new, set_config_option) goes into the thread state
 * and so into every snapshot: bounded like updates, so 5,000 levels of _meta cannot break posting.
 */
function bounded<T>(value: T): T {
  return boundJson(value, STRUCTURED_BOUNDS) as T;
}

/**
 * The turn's end from session/prompt's answer: its DRAFT `usage` (checklist §7.4) when it has the
 * required counts, and its `_meta`, both bounded like the agent's other free-form JSON.
 */
function turnEndedAction(response: acp.PromptResponse): Extract<ThreadAction, { type: 'turnEnded' }> {
  const action: Extract<ThreadAction, { type: 'turnEnded' }> = { type: 'turnEnded', stopReason: response.stopReason };
  const usage = (response as { usage?: unknown }).usage as Partial<TurnUsage> | null | undefined;
  if (usage && typeof usage === 'object' && [usage.totalTokens, usage.inputTokens, usage.outputTokens].every(isCount)) {
    action.usage = boundJson(usage, FREE_FORM_BOUNDS) as TurnUsage;
  }
  const meta = metaOf(response._meta);
  if (meta) action.meta = boundJson(meta, FREE_FORM_BOUNDS) as Record<string, unknown>;
  return action;
}

function isCount(value: unknown): boolean {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0;
}

/** An agent's error message is shown in the chat: the first 8 KiB of it. */
function capText(text: string, max = 8 * 1024): string {
  return typeof text === 'string' && text.length > max
    ? `${text.slice(0, max)}… [${text.length - max} more characters]`
    : String(text);
}
