// The life of a chat's agent process and session: start (lease or spawn the process, initialize, sign in, open
// the session), a failure, restart, Sign In / Sign Out, session/close and dispose, and the session's mode and
// options. Each start makes a Generation (generation.ts), the one home of the live connection: it ends exactly
// once (a failure, a restart, the chat closed) and takes what lived with it along. The session id and whether
// the chat is ready are the thread's state; `session()` reads them against the live generation.
import { spawnAgentProcess, type SpawnAgentProcess } from '../../agents/agentProcess';
import { AgentMethod } from '../../protocol/methods';
import type { AgentFailure } from '../../shared/thread';
import { errorMessage } from '../../shared/errorMessage';
import { metaOf } from '../../shared/sessionUpdates';
import { AgentConnection } from '../agent/agentConnection';
import { ownProcess, processKey, type AgentPool } from '../agent/agentPool';
import { bounded } from '../agent/agentResponses';
import { Generation, requireSession, type GenerationParts, type LiveSession } from './generation';
import { openSession, type SessionOpenerPort } from './sessionOpener';
import { SETTING_TIMEOUT_MS, setConfigOption, setMode, type SessionSettingsPort } from './sessionSettings';
import { SignInFlow, type SignOutResult } from './signInFlow';
import { applyStartChoices } from './startChoices';
import type { ThreadPort } from '../threadPort';

export interface LifecycleOptions {
  thread: ThreadPort;
  /** What each generation opens the chat's session with, and answers at its end (agentRequests.ts). */
  parts: GenerationParts;
  /** The turn, told when a generation ends: lost (the queue waits), or stopped on purpose while a turn ran. */
  turn: {
    agentLost(): void;
    stopped(connection: AgentConnection, sessionId: string | null): void;
  };
  spawn?: SpawnAgentProcess;
  stopGraceMs?: number;
  agentPool?: AgentPool;
  settingTimeoutMs?: number;
}

export class SessionLifecycle {
  /** The latest generation, ended ones too (Restart retires its process from the pool). */
  private latest: Generation | null = null;
  private disposed = false;
  /** The latest start: it settles once the agent is ready, or failed, or asks to sign in. */
  private starting: Promise<void> = Promise.resolve();
  /** A start is under way (also before its process exists: sign-in keys are read first). */
  private launching = false;
  /** Sign-in methods, auth_required and its retry, Sign Out (signInFlow.ts). */
  private readonly signIn: SignInFlow;

  constructor(private readonly options: LifecycleOptions) {
    this.signIn = new SignInFlow({
      ...options.thread,
      generation: () => this.latest,
      openSession: (gen) => openSession(this.openerPort(), gen),
      reconnect: () => this.restart(),
    });
  }

  get generation(): Generation | null {
    return this.latest;
  }

  /** The chat's open session on its live process; null while starting, failed, stopped or signing in anew. */
  session(): LiveSession | null {
    return this.sessionOn(this.latest);
  }

  private sessionOn(gen: Generation | null): LiveSession | null {
    const sessionId = this.options.thread.current().sessionId;
    return gen?.live && gen.hasSession && sessionId ? { gen, sessionId } : null;
  }

  /**
   * Starts the agent; while a start is under way, the same start (a message sent to a chat whose agent
   * is starting waits for it instead of failing with "not ready": see the router's `prompt`).
   */
  start(): Promise<void> {
    if (this.disposed) return Promise.resolve();
    if (this.launching || this.latest?.live) return this.starting;
    this.launching = true;
    this.starting = this.launch().finally(() => {
      this.launching = false;
    });
    return this.starting;
  }

  private async launch(): Promise<void> {
    const { thread, parts, agentPool } = this.options;
    const { agent, env } = thread;
    thread.dispatch({ type: 'connection', state: { kind: 'starting' } });
    let gen: Generation | undefined;
    try {
      // Keys kept at sign-in go on top of the agent's own env (they are the newer word).
      const keys = await this.signIn.agentEnv();
      if (this.disposed) return;
      const launched = Object.keys(keys).length > 0 ? { ...agent, env: { ...agent.env, ...keys } } : agent;
      const startProcess = () =>
        new AgentConnection({
          agent: launched,
          env,
          spawn: this.options.spawn ?? spawnAgentProcess,
          stopGraceMs: this.options.stopGraceMs,
        });
      const lease =
        agentPool && !agent.processPerChat
          ? agentPool.acquire(processKey(launched), startProcess)
          : ownProcess(startProcess);
      gen = new Generation(lease.connection, lease, parts);
      this.latest = gen;
      await this.startGeneration(gen);
    } catch (error) {
      // Only a bug gets here (e.g. a throwing spawn factory); it must still become state.
      const failure: AgentFailure = {
        reason: { kind: 'notStarted', error: errorMessage(error) },
        commandLine: agent.command,
        stderrTail: [],
      };
      if (gen) this.fail(gen, failure);
      else thread.dispatch({ type: 'agentFailed', failure });
    }
  }

  private async startGeneration(gen: Generation): Promise<void> {
    const { thread } = this.options;
    gen.connection.onLost((failure) => this.fail(gen, failure));
    const init = await gen.lease.initialize(thread.env.clientInfo(), thread.env.settings().initializeTimeoutMs);
    if (!gen.live) return;
    if (!init.ok) return this.fail(gen, init.failure);
    gen.authMethods = bounded(init.response.authMethods ?? []);
    const initializeMeta = metaOf(init.response._meta);
    thread.dispatch({
      type: 'initialized',
      agentInfo: bounded(init.response.agentInfo ?? null),
      agentCapabilities: bounded(init.response.agentCapabilities ?? null),
      ...(initializeMeta ? { initializeMeta: bounded(initializeMeta) } : {}),
    });
    if (!(await this.signIn.afterInitialize(gen)) || !gen.live) return;
    await openSession(this.openerPort(), gen);
  }

  authenticate(methodId: string): Promise<void> {
    return this.signIn.authenticate(methodId);
  }

  signOut(): Promise<SignOutResult> {
    return this.signIn.signOut();
  }

  /** auth_required from a request: the sign-in card shows and `again` runs once signed in (true); else false. */
  authRequired(gen: Generation, error: unknown, again?: () => Promise<void>): boolean {
    return this.signIn.required(gen, error, again);
  }

  async restart(): Promise<void> {
    if (this.disposed) return;
    // A new process for this chat; the agent's other chats keep the old one until they let go of it.
    if (this.latest) this.options.agentPool?.retire(this.latest.connection);
    await this.shutdown();
    await this.start();
  }

  /**
   * The user closed the chat for good: session/close when the agent advertises it (bounded wait;
   * a refusal changes nothing). Not on a window reload: those sessions are continued afterwards.
   */
  async closeSession(): Promise<void> {
    const session = this.session();
    if (!session || !this.options.thread.current().agentCapabilities?.sessionCapabilities?.close) return;
    const { gen, sessionId } = session;
    try {
      await gen.connection.rpc.request(AgentMethod.sessionClose, { sessionId }, { timeoutMs: 2000 });
    } catch (error) {
      this.options.thread.log(`[switchboard] session/close of ${sessionId} failed: ${errorMessage(error)}`);
    }
  }

  async dispose(): Promise<void> {
    if (this.disposed) return;
    this.disposed = true;
    await this.shutdown();
    this.options.thread.dispatch({ type: 'connection', state: { kind: 'stopped' } });
  }

  setMode(modeId: string): Promise<void> {
    return setMode(this.settingsPort(), modeId);
  }

  setConfigOption(configId: string, value: string | boolean): Promise<void> {
    return setConfigOption(this.settingsPort(), configId, value);
  }

  /** The agent process is unusable: its generation ends, the failure shows once, the queue waits. */
  private fail(gen: Generation, failure: AgentFailure): void {
    if (!gen.live) return;
    void gen.end(() => {
      this.options.turn.agentLost();
      this.options.thread.dispatch({ type: 'agentFailed', failure });
    });
  }

  /** Ends the current generation on purpose (restart, dispose): no failure is shown. */
  private async shutdown(): Promise<void> {
    const gen = this.latest;
    this.latest = null;
    if (!gen) return;
    const sessionId = this.sessionOn(gen)?.sessionId ?? null;
    await gen.end(() => this.options.turn.stopped(gen.connection, sessionId));
  }

  /** The lifecycle as the session opener sees it (sessionOpener.ts). */
  private openerPort(): SessionOpenerPort {
    return {
      ...this.options.thread,
      fail: (gen, failure) => this.fail(gen, failure),
      authRequired: (gen, error) => this.signIn.required(gen, error),
      applyChoices: async (gen) => {
        const { agent, env } = this.options.thread;
        const wanted = env.sessionChoices?.wanted(agent.id);
        // Not the user's changes: nothing is remembered, and a sign-in request fails the change, not the start.
        const port = { ...this.options.thread, ...this.settingsPort(), authRequired: undefined, chosen: undefined };
        if (wanted) await applyStartChoices(port, gen, wanted);
      },
    };
  }

  private settingsPort(): SessionSettingsPort {
    const { thread } = this.options;
    return {
      dispatch: (action) => thread.dispatch(action),
      log: (line) => thread.log(line),
      requireSession: () => requireSession(this.session()),
      timeoutMs: this.options.settingTimeoutMs ?? SETTING_TIMEOUT_MS,
      authRequired: (gen, error, again) => this.signIn.required(gen, error, again),
      chosen: (step) => thread.env.sessionChoices?.remember(thread.agent.id, step),
    };
  }
}
