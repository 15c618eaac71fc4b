// Drives one chat thread: one ACP session on one agent process. The facade the chat and window layers use
// (api.ts's ThreadController); the work is done by its parts, each owning its own facts:
//   - the thread state (ThreadStore): the session id, the turn, the connection's state, everything shown;
//   - the lifecycle (sessionLifecycle.ts): start, restart, sign-in, close, dispose, mode and options; each
//     start is a Generation (generation.ts) that owns what lives with that agent process and ends it once;
//   - the turn (threadTurn.ts): prompt, cancel, Stop, Edit, and the messages queued meanwhile;
//   - the agent's requests (agentRequests.ts): updates, permission requests, forms, fs/*, terminals and
//     subagent sessions. Every exit path (turn end, cancel, agent exit, restart, dispose) answers what the
//     agent left waiting and leaves the thread in a readable state.
import type * as acp from '@agentclientprotocol/sdk';
import type { SpawnAgentProcess } from '../agents/agentProcess';
import type { ThreadAction } from '../shared/actions';
import { createThreadState, type ChatWorktree, type ReviewView, type ThreadState } from '../shared/thread';
import { subagentCard } from '../shared/subagents';
import type { ElicitationAction } from '../shared/elicitation';
import { t } from '../shared/l10n';
import type { SessionNote } from '../shared/entryReasons';
import type { AgentConfig, ClientHandlers, HostEnvironment, ThreadController, ThreadEvent } from './api';
import type { AgentPool } from './agent/agentPool';
import { AgentRequests } from './requests/agentRequests';
import { SessionLifecycle } from './lifecycle/sessionLifecycle';
import type { SignOutResult } from './lifecycle/signInFlow';
import type { TerminalHandle } from './requests/terminalManager';
import type { ThreadPort } from './threadPort';
import { ThreadStore } from './threadStore';
import type { ThreadTerminals, ThreadTerminalsDeps } from './requests/threadTerminals';
import { ThreadTurn } from './turn/threadTurn';
import type { Disposable } from '../shared/disposableStore';

export { MAX_PROTOCOL_ERROR_ENTRIES } from './updates/updateIntake';
export { MAX_PENDING_PERMISSIONS } from './requests/permissionRequests';
export { SETTING_TIMEOUT_MS } from './lifecycle/sessionSettings';

export interface ThreadControllerOptions {
  threadId: string;
  agent: AgentConfig;
  env: HostEnvironment;
  handlers: ClientHandlers;
  /** Defaults to spawning a real child process; tests inject fakes. */
  spawn?: SpawnAgentProcess;
  /** Grace between SIGTERM and SIGKILL when stopping the agent (default 2 s). */
  stopGraceMs?: number;
  /** The thread as it was when the window closed (session/journal/chatJournal.ts): shown until the chat continues. */
  restored?: ThreadState;
  /** Defaults to `new ThreadTerminals(deps)`; a test passes its own to watch the terminals' memory. */
  openTerminals?: (deps: ThreadTerminalsDeps) => ThreadTerminals;
  /** How long session/set_mode and session/set_config_option may take (default SETTING_TIMEOUT_MS). */
  settingTimeoutMs?: number;
  /** The window's agent processes, shared by the chats of one agent; absent: this chat's own process. */
  agentPool?: AgentPool;
  /** A new chat in its own worktree: where it works, kept in its state (a restored chat has it in `restored`). */
  worktree?: ChatWorktree;
}

export function createThreadController(options: ThreadControllerOptions): ThreadController {
  return new AcpThreadController(options);
}

export class AcpThreadController implements ThreadController {
  readonly threadId: string;
  readonly agent: AgentConfig;
  private readonly store: ThreadStore;
  private readonly requests: AgentRequests;
  private readonly turn: ThreadTurn;
  private readonly lifecycle: SessionLifecycle;

  constructor(options: ThreadControllerOptions) {
    const { threadId, agent, env } = options;
    this.threadId = threadId;
    this.agent = agent;
    const agentLog = env.agentLog(agent.id);
    const log = (line: string) => agentLog.append(line);
    const fresh = createThreadState(
      { agentId: agent.id, threadId },
      {
        id: agent.id,
        displayName: agent.displayName,
        isDemo: agent.isDemo,
        ...(agent.namedByUser ? { namedByUser: true } : {}),
      },
    );
    const initial = options.restored ?? (options.worktree ? { ...fresh, worktree: options.worktree } : fresh);
    this.store = new ThreadStore(threadId, initial, (error) =>
      log(`[switchboard] thread listener failed: ${String(error)}`),
    );
    const thread: ThreadPort = {
      agent,
      env,
      current: () => this.store.current,
      dispatch: (action) => this.dispatch(action),
      log,
    };
    this.requests = new AgentRequests({
      thread,
      handlers: options.handlers,
      policy: env.permissionPolicy?.(agent.id, threadId),
      subagentsOn: () => this.lifecycle.generation?.connection.subagents !== false,
      turnEnd: (action) => this.turn.agentIdle(action),
      openTerminals: options.openTerminals,
    });
    this.turn = new ThreadTurn({
      thread,
      session: () => this.lifecycle.session(),
      authRequired: (gen, error, again) => this.lifecycle.authRequired(gen, error, again),
      onEvent: (listener) => this.store.onEvent(listener),
      requests: this.requests,
    });
    this.lifecycle = new SessionLifecycle({
      thread,
      parts: this.requests,
      turn: this.turn,
      spawn: options.spawn,
      stopGraceMs: options.stopGraceMs,
      agentPool: options.agentPool,
      settingTimeoutMs: options.settingTimeoutMs,
    });
  }

  snapshot(): { state: ThreadState; seq: number } {
    return this.store.snapshot();
  }

  onEvent(listener: (event: ThreadEvent) => void): Disposable {
    return this.store.onEvent(listener);
  }

  start(): Promise<void> {
    return this.lifecycle.start();
  }

  authenticate(methodId: string): Promise<void> {
    return this.lifecycle.authenticate(methodId);
  }

  signOut(): Promise<SignOutResult> {
    return this.lifecycle.signOut();
  }

  prompt(text: string, context: acp.ContentBlock[] = [], aside: acp.ContentBlock[] = []): Promise<void> {
    return this.turn.prompt(text, context, aside);
  }

  queuePrompt(text: string, context: acp.ContentBlock[] = []): Promise<void> {
    return this.turn.queuePrompt(text, context);
  }

  editQueued(id: string, text: string): void {
    this.turn.editQueued(id, text);
  }

  removeQueued(id: string): void {
    this.turn.removeQueued(id);
  }

  sendNow(target: { id: string } | { text: string; context?: acp.ContentBlock[] }): Promise<void> {
    return this.turn.sendNow(target);
  }

  cancel(): Promise<void> {
    return this.turn.cancel();
  }

  /**
   * Cancels a subagent session's current work (session/cancel with its id), only where its card says the agent
   * permits it; its waiting requests are answered `cancelled`. Rejects with the reason otherwise.
   */
  async cancelSubagent(sessionId: string): Promise<void> {
    const card = subagentCard(this.store.current, sessionId);
    if (!card) throw new Error(t('this chat has no such subagent'));
    if (!card.cancellable) throw new Error(t('the agent does not let this subagent be cancelled'));
    if (!this.lifecycle.generation?.live || !this.requests.cancelSubagent(sessionId))
      throw new Error(t('the agent is no longer running this subagent'));
  }

  stopTurn(timeoutMs?: number): Promise<void> {
    return this.turn.stopTurn(timeoutMs);
  }

  editFrom(entryId: string, text: string, context: acp.ContentBlock[], restoredFiles: number): Promise<void> {
    return this.turn.editFrom(entryId, text, context, restoredFiles);
  }

  resolvePermission(permissionId: string, optionId: string | null): void {
    this.requests.resolvePermission(permissionId, optionId);
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
    return this.requests.resolveElicitation(elicitationId, action, values);
  }

  setMode(modeId: string): Promise<void> {
    return this.lifecycle.setMode(modeId);
  }

  setConfigOption(configId: string, value: string | boolean): Promise<void> {
    return this.lifecycle.setConfigOption(configId, value);
  }

  restart(): Promise<void> {
    return this.lifecycle.restart();
  }

  closeSession(): Promise<void> {
    return this.lifecycle.closeSession();
  }

  dispose(): Promise<void> {
    return this.lifecycle.dispose();
  }

  note(note: SessionNote): void {
    this.dispatch({ type: 'notice', note });
  }

  showReview(review: ReviewView): void {
    this.dispatch({ type: 'reviewChanged', review });
  }

  applyCode(path: string, content: string): Promise<void> {
    return this.requests.applyCode(this.lifecycle.session()?.sessionId ?? '', path, content);
  }

  onTerminalOutput(listener: (terminalId: string, data: string) => void): Disposable {
    return this.requests.onTerminalOutput(listener);
  }

  terminalReplay(terminalId: string): string | undefined {
    return this.requests.terminalReplay(terminalId);
  }

  stopTerminal(terminalId: string): void {
    this.requests.stopTerminal(terminalId);
  }

  terminalHandle(terminalId: string): TerminalHandle | undefined {
    return this.requests.terminalHandle(terminalId);
  }

  private dispatch(action: ThreadAction): void {
    this.store.dispatch(action);
    this.requests.afterDispatch(action);
  }
}
