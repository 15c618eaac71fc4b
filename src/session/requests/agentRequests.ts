// What the agent sends one chat, and where it lands: session/update through the intake (or into session/load's
// replay), permission requests, forms and links, fs/* through the chat's handlers, terminal/* in the chat's
// terminals, and the chat's subagent sessions. It opens the chat's session on a generation (a SessionScope that
// the generation closes when the session is left or the process ends), and answers what is left waiting when
// a turn ends, is cancelled, or the generation ends.
import { AgentMethod } from '../../protocol/methods';
import type { ThreadAction } from '../../shared/actions';
import type { ElicitationAction } from '../../shared/elicitation';
import type { ClientHandlers, CancelSignal, PermissionPolicy } from '../api';
import { ElicitationRequests } from './elicitationRequests';
import type { Generation, GenerationParts, SessionScope } from '../lifecycle/generation';
import { PermissionRequests } from './permissionRequests';
import type { ReplayReconciler } from '../lifecycle/sessionContinuation';
import { sessionSink } from '../agent/sessionSink';
import { SubagentSessions, type SubagentRoute } from '../subagentSessions';
import type { TerminalHandle } from './terminalManager';
import { ThreadTerminals, type ThreadTerminalsDeps } from './threadTerminals';
import type { ThreadPort } from '../threadPort';
import { ToolDiffs } from '../updates/toolDiffs';
import { UpdateIntake } from '../updates/updateIntake';
import type { Disposable } from '../../shared/disposableStore';

export interface AgentRequestsOptions {
  thread: ThreadPort;
  handlers: ClientHandlers;
  /** The chat's permission rules: its subagent sessions' requests pass them too. */
  policy: PermissionPolicy | undefined;
  /** Subagent sessions were advertised to the chat's agent process (else their updates are ignored). */
  subagentsOn(): boolean;
  /** ACP v2: the chat's turn ends where the agent reports idle (session/turn/threadTurn.ts). */
  turnEnd(action: Extract<ThreadAction, { type: 'turnEnded' | 'turnFailed' }>): void;
  /** Defaults to `new ThreadTerminals(deps)`; a test passes its own to watch the terminals' memory. */
  openTerminals?: (deps: ThreadTerminalsDeps) => ThreadTerminals;
}

/** The user's own write ("Apply") has no agent request that could be cancelled. */
const NOT_CANCELLED: CancelSignal = {
  isCancellationRequested: false,
  onCancellationRequested: () => ({ dispose() {} }),
};

export class AgentRequests implements GenerationParts {
  /** session/update in, checked: actions and visible protocol errors out. */
  private readonly intake: UpdateIntake;
  /** While session/load replays the conversation: its updates go here, not to the thread. */
  private replay: ReplayReconciler | null = null;
  private readonly replayIntake: UpdateIntake;
  private readonly permissions: PermissionRequests;
  private readonly elicitations: ElicitationRequests;
  private readonly terminals: ThreadTerminals;
  /** The subagent sessions of the chat's session, routed here (subagentSessions.ts). */
  private readonly subagents: SubagentSessions;

  constructor(private readonly options: AgentRequestsOptions) {
    const { thread, handlers, policy, subagentsOn } = options;
    const { env } = thread;
    const log = (line: string) => thread.log(line);
    const dispatch = (action: ThreadAction) => thread.dispatch(action);
    const turnCancelled = () => thread.current().turn.kind === 'cancelling';
    // Tool calls' own `diff` content: texts to the window's keeper, hunks to the thread.
    // Their reports of on-disk changes to review (set on the env once review is made).
    const toolDiffs = new ToolDiffs(env.fileTexts, async (change) => env.reportFileChange?.(change));
    this.intake = new UpdateIntake(dispatch, log, toolDiffs, subagentsOn, (action) => options.turnEnd(action));
    // A replay (v2: session/resume from the start) is history: its running and idle change no turn.
    const toReplay = (action: ThreadAction) => this.replay?.add(action);
    this.replayIntake = new UpdateIntake(toReplay, log, toolDiffs, subagentsOn, 'drop');
    this.permissions = new PermissionRequests({
      dispatch,
      log,
      toolDiffs,
      turnCancelled,
      reportProtocolError: (problem, raw) => this.intake.reportProtocolError(problem, raw),
      policy,
      toolView: (toolCallId) => {
        for (const entry of thread.current().entries) {
          if (entry.kind === 'tool' && entry.tool.toolCallId === toolCallId) return entry.tool;
        }
        return undefined;
      },
    });
    const elicitationHost = { openExternal: env.openExternal && ((url: string) => env.openExternal!(url)), log };
    this.elicitations = new ElicitationRequests(dispatch, turnCancelled, elicitationHost);
    this.terminals = (options.openTerminals ?? ((deps) => new ThreadTerminals(deps)))({
      baseEnv: () => env.baseEnv(),
      liveGroups: env.liveProcessGroups,
      log,
      dispatch,
      confinedTo: () => env.confinedTo?.(),
    });
    this.subagents = new SubagentSessions({
      current: () => thread.current(),
      dispatch,
      log,
      toolDiffs,
      handlers,
      terminals: this.terminals,
      policy,
      elicitationHost,
      chatCancelled: turnCancelled,
    });
  }

  log(line: string): void {
    this.options.thread.log(line);
  }

  /** Routes the session to the chat: its terminals, its sink on the connection, then its subagent sessions. */
  openSession(gen: Generation, sessionId: string, cwd: string, replay: ReplayReconciler | null): SessionScope {
    const { thread, handlers } = this.options;
    this.replay = replay;
    this.intake.speak(gen.connection.version);
    this.replayIntake.speak(gen.connection.version);
    const terminals = this.terminals.open(cwd);
    const sink = sessionSink({
      terminals,
      update: (notification) =>
        this.replay ? this.replayIntake.update(notification) : this.intake.update(notification),
      permissions: this.permissions,
      elicitations: this.elicitations,
      handlers,
      state: () => thread.current(),
      dispatch: (action) => thread.dispatch(action),
    });
    const detach = gen.connection.attach(sessionId, gen.guard(sink));
    this.subagents.open(subagentRoute(gen), cwd);
    return {
      // The editor's MCP tools write their cards in v1's terms, whatever the agent speaks.
      requests: gen.guard({ ...sink, update: (notification) => this.intake.ownUpdate(notification) }),
      replayDone: () => {
        this.replay = null;
      },
      close: () => {
        this.replay = null;
        detach.dispose();
        const answered = this.subagents.end();
        // Kills every terminal of the session (no orphans) and keeps it for replays.
        this.terminals.end(terminals);
        return answered;
      },
    };
  }

  answerPending(): number {
    return this.permissions.cancelAll() + this.elicitations.cancelAll();
  }

  /** The turn is over: a permission request the agent left open cannot be answered any more. */
  turnEnded(): void {
    this.permissions.cancelAll();
  }

  /** The user stopped the turn: the agent stops the work it started, its subagents' included; nothing of it waits. */
  turnCancelled(): void {
    this.permissions.cancelAll();
    this.elicitations.cancelAll();
    this.subagents.cancelAll();
  }

  /** After each action the chat applied (a subagent session it announced is routed). */
  afterDispatch(action: ThreadAction): void {
    this.subagents.afterDispatch(action);
  }

  resolvePermission(permissionId: string, optionId: string | null): void {
    if (!this.subagents.resolvePermission(permissionId, optionId)) this.permissions.resolve(permissionId, optionId);
  }

  resolveElicitation(
    elicitationId: string,
    action: ElicitationAction,
    values: Record<string, unknown>,
  ): Record<string, string> | null {
    const child = this.subagents.resolveElicitation(elicitationId, action, values);
    return child ? child.problems : this.elicitations.resolve(elicitationId, action, values);
  }

  /** session/cancel of a subagent session's work; false when the chat's session does not route it now. */
  cancelSubagent(sessionId: string): boolean {
    return this.subagents.cancel(sessionId);
  }

  /** "Apply": the user's own write, through the same handler (and checks) as the agent's fs/write_text_file. */
  async applyCode(sessionId: string, path: string, content: string): Promise<void> {
    const outcome = await this.options.handlers.writeTextFile({ sessionId, path, content }, NOT_CANCELLED);
    this.options.thread.dispatch({ type: 'fileWritten', write: outcome.view(outcome.revision), applied: true });
  }

  onTerminalOutput(listener: (terminalId: string, data: string) => void): Disposable {
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
}

/**
 * The generation's connection as its subagent sessions use it. Where they were not advertised, the intake
 * ignores their updates, so no child is ever announced to route.
 */
function subagentRoute(gen: Generation): SubagentRoute {
  const connection = gen.connection;
  return {
    attach: (sessionId, sink) => connection.attach(sessionId, gen.guard(sink), true),
    isAttached: (sessionId) => connection.isAttached(sessionId),
    cancel: (sessionId) => connection.rpc.notify(AgentMethod.sessionCancel, { sessionId }),
  };
}
