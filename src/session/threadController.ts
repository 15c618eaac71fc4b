// Drives one chat thread: one ACP session on one agent process. Turns user intents (prompt,
// cancel, permission answers, mode and option changes) into ACP calls and agent traffic into
// ThreadActions. Every exit path (turn end, cancel, agent exit, restart, dispose) answers the
// agent's pending permission requests `cancelled` and leaves the thread in a readable state.
// The parts live beside it: opening the session (sessionOpener.ts), permission requests
// (permissionRequests.ts), elicitation forms (elicitationRequests.ts), the queue of messages
// typed during a turn (promptQueueSender.ts, steering.ts) and the bounds on agent answers (agentResponses.ts).
import { t } from '../shared/l10n';
import type * as acp from '@agentclientprotocol/sdk';
import { spawnAgentProcess, type SpawnAgentProcess } from '../agents/agentProcess';
import { AcpRpcError } from '../protocol/errors';
import { AgentMethod } from '../protocol/methods';
import type { ThreadAction } from '../shared/actions';
import { createThreadState, type AgentFailure, type ReviewView, type ThreadState } from '../shared/thread';
import { subagentCard } from '../shared/subagents';
import type { ElicitationAction } from '../shared/elicitation';
import { errorMessage } from '../shared/errorMessage';
import { agentSteers } from '../shared/capabilities';
import { metaOf } from '../shared/sessionUpdates';
import type {
  AgentConfig,
  CancelSignal,
  ClientHandlers,
  HostEnvironment,
  PermissionPolicy,
  ThreadController,
  ThreadEvent,
} from './api';
import type { TerminalHandle, TerminalManager } from './terminalManager';
import { AgentConnection, type SessionSink } from './agentConnection';
import { ownProcess, processKey, type AgentPool } from './agentPool';
import { bounded, capText, turnEndedAction } from './agentResponses';
import { ElicitationRequests } from './elicitationRequests';
import type { Generation } from './generation';
import type { ThreadPort } from './threadPort';
import { PermissionRequests } from './permissionRequests';
import { PromptQueueSender } from './promptQueueSender';
import { steerTurn } from './steering';
import { ThreadStore } from './threadStore';
import { ThreadTerminals, type ThreadTerminalsDeps } from './threadTerminals';
import { UpdateIntake } from './updateIntake';
import { ToolDiffs } from './toolDiffs';
import type { ReplayReconciler } from './sessionContinuation';
import { openSession, type SessionOpenerPort } from './sessionOpener';
import { continueFromEdit, type MessageEditPort } from './messageEdit';
import { SETTING_TIMEOUT_MS, setConfigOption, setMode, type SessionSettingsPort } from './sessionSettings';
import { SignInFlow, type SignOutResult } from './signInFlow';
import { applyStartChoices } from './startChoices';
import { sessionSink } from './sessionSink';
import { SubagentSessions, type SubagentRoute } from './subagentSessions';

export { MAX_PROTOCOL_ERROR_ENTRIES } from './updateIntake';
export { MAX_PENDING_PERMISSIONS } from './permissionRequests';

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
  /** The window's agent processes, shared by the chats of one agent; absent: this chat's own process. */
  agentPool?: AgentPool;
}

export { SETTING_TIMEOUT_MS } from './sessionSettings';

export function createThreadController(options: ThreadControllerOptions): ThreadController {
  return new AcpThreadController(options);
}

/** The user's own write ("Apply") has no agent request that could be cancelled. */
const NOT_CANCELLED: CancelSignal = {
  isCancellationRequested: false,
  onCancellationRequested: () => ({ dispose() {} }),
};

/** How long "Edit" waits for a running turn to stop before it gives up. */
const STOP_TURN_TIMEOUT_MS = 10_000;

interface Turn {
  cancelRequested: boolean;
}

export class AcpThreadController implements ThreadController {
  readonly threadId: string;
  readonly agent: AgentConfig;
  private readonly store: ThreadStore;
  /** session/update in, checked: actions and visible protocol errors out. */
  private readonly intake: UpdateIntake;
  /** While session/load replays the conversation: its updates go here, not to the thread. */
  private replay: ReplayReconciler | null = null;
  private readonly replayIntake: UpdateIntake;
  private readonly log: { append(line: string): void };
  private generation: Generation | null = null;
  private sessionId: string | null = null;
  private turn: Turn | null = null;
  private disposed = false;
  private readonly permissions: PermissionRequests;
  /** The chat's permission rules: its subagent sessions' requests pass them too. */
  private readonly permissionPolicy: PermissionPolicy | undefined;
  private readonly elicitations: ElicitationRequests;
  /** Messages typed during a turn; the first is sent when the turn ends. */
  private readonly queue: PromptQueueSender;
  private readonly terminals: ThreadTerminals;
  /** Sign-in methods, auth_required and its retry, Sign Out (signInFlow.ts). */
  private readonly signIn: SignInFlow;
  /** The subagent sessions of the chat's session, routed here (subagentSessions.ts). */
  private readonly subagents: SubagentSessions;

  constructor(private readonly options: ThreadControllerOptions) {
    const { threadId, agent, env } = options;
    this.threadId = threadId;
    this.agent = agent;
    this.log = env.agentLog(agent.id);
    const log = (line: string) => this.log.append(line);
    const dispatch = (action: ThreadAction) => this.dispatch(action);
    const turnCancelled = () => this.turn?.cancelRequested === true;
    const initial =
      options.restored ??
      createThreadState(
        { agentId: agent.id, threadId },
        { id: agent.id, displayName: agent.displayName, isDemo: agent.isDemo },
      );
    this.store = new ThreadStore(threadId, initial, (error) =>
      log(`[switchboard] thread listener failed: ${String(error)}`),
    );
    // Tool calls' own `diff` content: texts to the window's keeper, hunks to the thread.
    const toolDiffs = new ToolDiffs(env.fileTexts);
    this.permissionPolicy = env.permissionPolicy?.(agent.id, threadId);
    const subagentsOn = () => this.generation?.connection.subagents !== false;
    this.intake = new UpdateIntake(dispatch, log, toolDiffs, subagentsOn);
    this.replayIntake = new UpdateIntake((action) => this.replay?.add(action), log, toolDiffs, subagentsOn);
    this.permissions = new PermissionRequests({
      dispatch,
      log,
      toolDiffs,
      turnCancelled,
      reportProtocolError: (title, message, raw) => this.intake.reportProtocolError(title, message, raw),
      policy: this.permissionPolicy,
      toolView: (toolCallId) => {
        for (const entry of this.store.current.entries) {
          if (entry.kind === 'tool' && entry.tool.toolCallId === toolCallId) return entry.tool;
        }
        return undefined;
      },
    });
    const elicitationHost = { openExternal: env.openExternal && ((url: string) => env.openExternal!(url)), log };
    this.elicitations = new ElicitationRequests(dispatch, turnCancelled, elicitationHost);
    this.queue = new PromptQueueSender({
      turnRunning: () => this.turn !== null,
      idle: () => !this.turn && this.store.current.connection.kind === 'ready',
      canSteer: () => agentSteers(this.store.current.initializeMeta) && this.turn?.cancelRequested === false,
      prompt: (text, context) => this.prompt(text, context),
      steer: (text, context) => {
        const { gen, sessionId } = this.requireSession();
        return steerTurn(this.threadPort(), gen, sessionId, text, context);
      },
      cancel: () => this.cancel(),
      dispatch,
      log,
    });
    this.signIn = new SignInFlow({
      agent,
      env,
      generation: () => this.generation,
      isCurrent: (gen) => this.isCurrent(gen),
      current: () => this.store.current,
      hasSession: () => this.sessionId !== null,
      dispatch,
      openSession: (gen) => openSession(this.openerPort(), gen),
      reconnect: () => this.restart(),
      log,
    });
    this.terminals = (options.openTerminals ?? ((deps) => new ThreadTerminals(deps)))({
      baseEnv: () => env.baseEnv(),
      liveGroups: env.liveProcessGroups,
      log,
      dispatch,
    });
    this.subagents = new SubagentSessions({
      current: () => this.store.current,
      dispatch,
      log,
      toolDiffs,
      handlers: options.handlers,
      terminals: this.terminals,
      policy: this.permissionPolicy,
      elicitationHost,
      chatCancelled: turnCancelled,
    });
  }

  snapshot(): { state: ThreadState; seq: number } {
    return this.store.snapshot();
  }

  onEvent(listener: (event: ThreadEvent) => void): { dispose(): void } {
    return this.store.onEvent(listener);
  }

  /**
   * Starts the agent; while a start is under way, the same start (a message sent to a chat whose agent
   * is starting waits for it instead of failing with "not ready": see the router's `prompt`).
   */
  start(): Promise<void> {
    if (this.disposed) return Promise.resolve();
    if (this.launching || (this.generation && !this.generation.failed)) return this.starting;
    this.launching = true;
    this.starting = this.launch().finally(() => {
      this.launching = false;
    });
    return this.starting;
  }

  /** The latest start: it settles once the agent is ready, or failed, or asks to sign in. */
  private starting: Promise<void> = Promise.resolve();
  /** A start is under way (also before its process exists: sign-in keys are read first). */
  private launching = false;

  private async launch(): Promise<void> {
    const { agent } = this.options;
    this.dispatch({ type: 'connection', state: { kind: 'starting' } });
    let gen: Generation | undefined;
    try {
      // Keys kept at sign-in go on top of the agent's own env (they are the newer word).
      const keys = await this.signIn.agentEnv();
      if (this.disposed) return;
      const launched = Object.keys(keys).length > 0 ? { ...agent, env: { ...agent.env, ...keys } } : agent;
      const startProcess = () =>
        new AgentConnection({
          agent: launched,
          env: this.options.env,
          spawn: this.options.spawn ?? spawnAgentProcess,
          stopGraceMs: this.options.stopGraceMs,
        });
      const pool = this.options.agentPool;
      const lease =
        pool && !agent.processPerChat ? pool.acquire(processKey(launched), startProcess) : ownProcess(startProcess);
      gen = { connection: lease.connection, lease, failed: false, authMethods: [] };
      this.generation = gen;
      await this.startGeneration(gen);
    } catch (error) {
      // Only a bug gets here (e.g. a throwing spawn factory); it must still become state.
      const failure = {
        title: t('Could not start the agent: {0}', errorMessage(error)),
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

    const init = await gen.lease.initialize(env.clientInfo(), env.settings().initializeTimeoutMs);
    if (!this.isCurrent(gen)) return;
    if (!init.ok) return this.fail(gen, init.failure);
    gen.authMethods = bounded(init.response.authMethods ?? []);
    const initializeMeta = metaOf(init.response._meta);
    this.dispatch({
      type: 'initialized',
      agentInfo: bounded(init.response.agentInfo ?? null),
      agentCapabilities: bounded(init.response.agentCapabilities ?? null),
      ...(initializeMeta ? { initializeMeta: bounded(initializeMeta) } : {}),
    });
    if (!(await this.signIn.afterInitialize(gen)) || !this.isCurrent(gen)) return;
    await openSession(this.openerPort(), gen);
  }

  authenticate(methodId: string): Promise<void> {
    return this.signIn.authenticate(methodId);
  }

  signOut(): Promise<SignOutResult> {
    return this.signIn.signOut();
  }

  /**
   * context: content blocks of the attached context, sent after the text (promptContext.ts).
   * aside: blocks sent after the prompt and not shown (an edit's seed or fork note, messageEdit.ts);
   * after, so a slash command at the start of the text still reaches the agent as one.
   */
  async prompt(text: string, context: acp.ContentBlock[] = [], aside: acp.ContentBlock[] = []): Promise<void> {
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
      const wire = aside.length > 0 ? [...prompt, ...aside] : prompt;
      const response = await gen.connection.rpc.request(AgentMethod.sessionPrompt, { sessionId, prompt: wire });
      action = turnEndedAction(response);
    } catch (error) {
      if (!turn.cancelRequested && this.signIn.required(gen, error, () => this.prompt(text, context))) {
        // The sign-in card shows; the message is sent again once signed in.
        action = { type: 'turnFailed', message: t('The agent asks you to sign in; this message is sent again after.') };
      } else if (error instanceof AcpRpcError) {
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
    this.permissions.cancelAll();
    this.dispatch(action);
    this.queue.turnEnded(action);
  }

  /** Sends now when the agent is idle, else queues for the end of the turn (promptQueueSender.ts). */
  queuePrompt(text: string, context: acp.ContentBlock[] = []): Promise<void> {
    return this.queue.add(text, context);
  }

  editQueued(id: string, text: string): void {
    this.queue.edit(id, text);
  }

  removeQueued(id: string): void {
    this.queue.remove(id);
  }

  sendNow(target: { id: string } | { text: string; context?: acp.ContentBlock[] }): Promise<void> {
    return this.queue.sendNow(target);
  }

  async cancel(): Promise<void> {
    const turn = this.turn;
    const gen = this.generation;
    if (!turn || turn.cancelRequested || !gen || !this.sessionId) return;
    turn.cancelRequested = true;
    this.dispatch({ type: 'cancelRequested' });
    this.permissions.cancelAll();
    this.elicitations.cancelAll();
    // The agent stops the work the chat's turn started, its subagents' included: nothing of theirs waits either.
    this.subagents.cancelAll();
    gen.connection.rpc.notify(AgentMethod.sessionCancel, { sessionId: this.sessionId });
  }

  /**
   * Cancels a subagent session's current work (session/cancel with its id), only where its card says the agent
   * permits it; its waiting requests are answered `cancelled`. Rejects with the reason otherwise.
   */
  async cancelSubagent(sessionId: string): Promise<void> {
    const card = subagentCard(this.store.current, sessionId);
    if (!card) throw new Error(t('this chat has no such subagent'));
    if (!card.cancellable) throw new Error(t('the agent does not let this subagent be cancelled'));
    const gen = this.generation;
    if (!gen || !this.isCurrent(gen) || !this.subagents.cancel(sessionId))
      throw new Error(t('the agent is no longer running this subagent'));
  }

  async stopTurn(timeoutMs = STOP_TURN_TIMEOUT_MS): Promise<void> {
    if (!this.turn) return;
    await this.cancel();
    await new Promise<void>((resolve) => {
      const timer = setTimeout(done, timeoutMs);
      const listener = this.store.onEvent(() => {
        if (!this.turn) done();
      });
      function done(): void {
        clearTimeout(timer);
        listener.dispose();
        resolve();
      }
      if (!this.turn) done();
    });
    if (this.turn) throw new Error('the agent did not stop its turn; try again once it has');
  }

  async editFrom(entryId: string, text: string, context: acp.ContentBlock[], restoredFiles: number): Promise<void> {
    const { gen, sessionId } = this.requireSession();
    if (this.turn || this.store.current.connection.kind !== 'ready') {
      throw new Error('the agent is busy; stop it first');
    }
    await continueFromEdit(this.editPort(), gen, sessionId, { entryId, text, context, restoredFiles });
  }

  resolvePermission(permissionId: string, optionId: string | null): void {
    if (!this.subagents.resolvePermission(permissionId, optionId)) this.permissions.resolve(permissionId, optionId);
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
    const child = this.subagents.resolveElicitation(elicitationId, action, values);
    return child ? child.problems : this.elicitations.resolve(elicitationId, action, values);
  }

  setMode(modeId: string): Promise<void> {
    return setMode(this.settingsPort(), modeId);
  }

  setConfigOption(configId: string, value: string | boolean): Promise<void> {
    return setConfigOption(this.settingsPort(), configId, value);
  }

  async restart(): Promise<void> {
    if (this.disposed) return;
    // A new process for this chat; the agent's other chats keep the old one until they let go of it.
    if (this.generation) this.options.agentPool?.retire(this.generation.connection);
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

  /** What every part of the session logic sees of the controller (threadPort.ts). */
  private threadPort(): ThreadPort {
    return {
      agent: this.agent,
      env: this.options.env,
      current: () => this.store.current,
      dispatch: (action) => this.dispatch(action),
      isCurrent: (gen) => this.isCurrent(gen),
      log: (line) => this.log.append(line),
    };
  }

  /** The controller as the session opener sees it (sessionOpener.ts). */
  private openerPort(): SessionOpenerPort {
    return {
      ...this.threadPort(),
      fail: (gen, failure) => this.fail(gen, failure),
      attach: (gen, sessionId, cwd, replay) => {
        this.replay = replay;
        gen.terminals = this.terminals.open(cwd);
        gen.detachSession = gen.connection.attach(sessionId, this.sessionSink(gen.terminals));
        this.subagents.open(subagentRoute(gen), cwd);
      },
      detach: (gen) => {
        this.replay = null;
        gen.detachSession?.dispose();
        gen.detachSession = undefined;
        this.subagents.end();
        this.endTerminals(gen);
      },
      opened: (sessionId) => {
        this.replay = null;
        this.sessionId = sessionId;
      },
      authRequired: (gen, error) => this.signIn.required(gen, error),
      applyChoices: async (gen) => {
        const wanted = this.options.env.sessionChoices?.wanted(this.agent.id);
        // Not the user's changes: nothing is remembered, and a sign-in request fails the change, not the start.
        const port = { ...this.threadPort(), ...this.settingsPort(), authRequired: undefined, chosen: undefined };
        if (wanted) await applyStartChoices(port, gen, wanted);
      },
    };
  }

  /** The controller as an edit sees it (messageEdit.ts). */
  private editPort(): MessageEditPort {
    return {
      ...this.threadPort(),
      switchSession: (gen, sessionId, cwd) => {
        gen.detachSession?.dispose();
        this.subagents.end();
        this.endTerminals(gen);
        gen.terminals = this.terminals.open(cwd);
        gen.detachSession = gen.connection.attach(sessionId, this.sessionSink(gen.terminals));
        this.subagents.open(subagentRoute(gen), cwd);
        this.sessionId = sessionId;
      },
      prompt: (text, context, aside) => this.prompt(text, context, aside),
    };
  }

  async applyCode(path: string, content: string): Promise<void> {
    const outcome = await this.options.handlers.writeTextFile(
      { sessionId: this.sessionId ?? '', path, content },
      NOT_CANCELLED,
    );
    this.dispatch({ type: 'fileWritten', write: outcome.view(outcome.revision), applied: true });
  }

  private sessionSink(terminals: TerminalManager): SessionSink {
    return sessionSink({
      terminals,
      update: (notification) =>
        this.replay ? this.replayIntake.update(notification) : this.intake.update(notification),
      permissions: this.permissions,
      elicitations: this.elicitations,
      handlers: this.options.handlers,
      state: () => this.store.current,
      dispatch: (action) => this.dispatch(action),
    });
  }

  /** Kills every terminal of the generation (no orphans) and keeps it for replays. */
  private endTerminals(gen: Generation): void {
    const manager = gen.terminals;
    gen.terminals = undefined;
    this.terminals.end(manager);
  }

  /** The agent process is unusable: show why once, end the turn, and stop what is left of it. */
  private fail(gen: Generation, failure: AgentFailure): void {
    if (!this.isCurrent(gen)) return;
    gen.failed = true;
    gen.detachSession?.dispose();
    this.subagents.end();
    this.endTerminals(gen);
    this.sessionId = null;
    this.turn = null;
    this.queue.agentLost();
    this.permissions.cancelAll();
    this.elicitations.cancelAll();
    this.dispatch({ type: 'agentFailed', failure });
    void gen.lease.release();
  }

  /** Ends the current generation on purpose (restart, dispose): no failure is shown. */
  private async shutdown(): Promise<void> {
    const gen = this.generation;
    const sessionId = this.sessionId;
    this.generation = null;
    this.sessionId = null;
    gen?.detachSession?.dispose();
    const answered = this.subagents.end() + this.permissions.cancelAll() + this.elicitations.cancelAll();
    if (gen) this.endTerminals(gen);
    if (this.turn) {
      const turn = this.turn;
      this.turn = null;
      if (!turn.cancelRequested) this.dispatch({ type: 'cancelRequested' });
      this.dispatch({ type: 'turnEnded', stopReason: 'cancelled' });
      // The process may live on for the agent's other chats: the turn must stop there too, not run unwatched.
      if (gen && sessionId && !gen.failed && !gen.connection.isStopping)
        gen.connection.rpc.notify(AgentMethod.sessionCancel, { sessionId });
    }
    if (!gen) return;
    // Let the `cancelled` answers reach the agent before its connection closes.
    if (answered > 0) await new Promise((resolve) => setImmediate(resolve));
    await gen.lease.release();
  }

  private settingsPort(): SessionSettingsPort {
    return {
      ...this.threadPort(),
      requireSession: () => this.requireSession(),
      timeoutMs: this.options.settingTimeoutMs ?? SETTING_TIMEOUT_MS,
      authRequired: (gen, error, again) => this.signIn.required(gen, error, again),
      chosen: (step) => this.options.env.sessionChoices?.remember(this.agent.id, step),
    };
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
    this.subagents.afterDispatch(action);
  }
}

/**
 * The generation's connection as its subagent sessions use it. Where they were not advertised, the intake
 * ignores their updates, so no child is ever announced to route.
 */
function subagentRoute(gen: Generation): SubagentRoute {
  const connection = gen.connection;
  return {
    attach: (sessionId, sink) => connection.attach(sessionId, sink, true),
    isAttached: (sessionId) => connection.isAttached(sessionId),
    cancel: (sessionId) => connection.rpc.notify(AgentMethod.sessionCancel, { sessionId }),
  };
}
