// The subagent sessions of one chat on its agent connection (ACP subagent sessions; their transcripts
// are kept by shared/subagents.ts). Once a subagent_update made a child known to the thread, its session
// id is routed to this chat (AgentConnection routes by sessionId), so the child's session/update,
// permission requests, forms, fs/* and terminal/* reach the same controller, each into the child's own
// transcript (its actions wrapped `{type: 'subagent', sessionId, action}`). A child's permission request
// passes the chat's rules and shows a card like the chat's; fs/* go through the chat's handlers (the same
// workspace rules). The ids a child mints (permissions, forms, terminals) start with a prefix of its own,
// so the webview's answer names its child. Every way the session ends answers the children's requests.
import type * as acp from '@agentclientprotocol/sdk';
import type { ThreadAction } from '../shared/actions';
import type { ElicitationAction } from '../shared/elicitation';
import type { ThreadState, ToolCallView } from '../shared/thread';
import { childOf, isSubagentUpdate, subagentCwd } from '../shared/subagents';
import type { SubagentUpdate } from '../shared/subagentTypes';
import { locateTool } from '../shared/threadEntries';
import type { ClientHandlers, PermissionPolicy } from './api';
import type { SessionSink } from './agent/agentConnection';
import { ElicitationRequests, type ElicitationHost } from './requests/elicitationRequests';
import { PermissionRequests } from './requests/permissionRequests';
import { sessionSink } from './agent/sessionSink';
import type { TerminalManager } from './requests/terminalManager';
import type { ThreadTerminals } from './requests/threadTerminals';
import type { ToolDiffs } from './updates/toolDiffs';
import { UpdateIntake } from './updates/updateIntake';
import type { Disposable } from '../shared/disposableStore';

/** What the children need of their chat. */
export interface SubagentHost {
  current(): ThreadState;
  /** An action of the chat (a child's comes wrapped). */
  dispatch(action: ThreadAction): void;
  log(line: string): void;
  toolDiffs: ToolDiffs;
  handlers: ClientHandlers;
  terminals: ThreadTerminals;
  policy?: PermissionPolicy;
  elicitationHost: ElicitationHost;
  /** The user stopped the chat's turn: a child's request meanwhile is answered `cancelled` at once. */
  chatCancelled(): boolean;
}

/** The chat's agent connection as the children use it. */
export interface SubagentRoute {
  /** Routes the session's traffic to `sink` (updates that came before are replayed). */
  attach(sessionId: string, sink: SessionSink): Disposable;
  /** Whether the connection already routes this id (another chat's session, or this chat's own). */
  isAttached(sessionId: string): boolean;
  /** session/cancel for the child's current work. */
  cancel(sessionId: string): void;
}

interface Child {
  /** What the ids it mints start with. */
  prefix: string;
  permissions: PermissionRequests;
  elicitations: ElicitationRequests;
  terminals: TerminalManager;
  detach: Disposable;
  /** Cancel was sent and the child has not said it went idle since. */
  cancelling: boolean;
}

export class SubagentSessions {
  private readonly children = new Map<string, Child>();
  private route: SubagentRoute | null = null;
  private chatCwd = '';
  private minted = 0;

  constructor(private readonly host: SubagentHost) {}

  /** The chat's session opened (on this route, in `cwd`): its children are routed from now on. */
  open(route: SubagentRoute, cwd: string): void {
    this.end();
    this.route = route;
    this.chatCwd = cwd;
  }

  /** The chat's session ended: every child is unrouted, its requests answered, its terminals killed; returns how many were answered. */
  end(): number {
    let answered = 0;
    for (const child of this.children.values()) {
      child.detach.dispose();
      answered += child.permissions.cancelAll() + child.elicitations.cancelAll();
      this.host.terminals.end(child.terminals);
    }
    this.children.clear();
    this.route = null;
    return answered;
  }

  /** After each action the chat applied: a child the thread now holds is routed; a child gone idle has nothing pending. */
  afterDispatch(action: ThreadAction): void {
    const update = subagentUpdateIn(action);
    if (!update || typeof update.sessionId !== 'string') return;
    const child = this.children.get(update.sessionId) ?? this.register(update.sessionId);
    const state = update.state as { state?: unknown } | null | undefined;
    if (!child || state?.state !== 'idle') return;
    // Idle ends the child's work: what it left waiting can no longer be answered.
    child.cancelling = false;
    child.permissions.cancelAll();
    child.elicitations.cancelAll();
  }

  /** The user's Stop on the chat: every child's waiting request is answered `cancelled`; returns how many. */
  cancelAll(): number {
    let answered = 0;
    for (const child of this.children.values())
      answered += child.permissions.cancelAll() + child.elicitations.cancelAll();
    return answered;
  }

  /** Whether the child is routed to this chat now (its agent runs it). */
  isRouted(sessionId: string): boolean {
    return this.children.has(sessionId);
  }

  /** session/cancel of the child's work: its open tool calls show cancelled, its requests are answered `cancelled`. */
  cancel(sessionId: string): boolean {
    const child = this.children.get(sessionId);
    if (!child || !this.route) return false;
    child.cancelling = true;
    this.host.dispatch({ type: 'subagent', sessionId, action: { type: 'cancelRequested' } });
    child.permissions.cancelAll();
    child.elicitations.cancelAll();
    this.route.cancel(sessionId);
    return true;
  }

  /** The user's answer to a child's permission request; false when no child minted that id. */
  resolvePermission(permissionId: string, optionId: string | null): boolean {
    const child = this.minting(permissionId);
    child?.permissions.resolve(permissionId, optionId);
    return child !== undefined;
  }

  /** The user's answer to a child's form or link; undefined when no child minted that id. */
  resolveElicitation(
    elicitationId: string,
    action: ElicitationAction,
    values: Record<string, unknown>,
  ): { problems: Record<string, string> | null } | undefined {
    const child = this.minting(elicitationId);
    return child && { problems: child.elicitations.resolve(elicitationId, action, values) };
  }

  private minting(id: string): Child | undefined {
    for (const child of this.children.values()) if (id.startsWith(child.prefix)) return child;
    return undefined;
  }

  private register(sessionId: string): Child | undefined {
    const { host, route } = this;
    if (!route || !childOf(host.current(), sessionId)) return undefined;
    if (route.isAttached(sessionId)) {
      host.log(`[switchboard] a subagent session was announced with the id of a session already open; not routed here`);
      return undefined;
    }
    const prefix = `subagent${++this.minted}-`;
    const dispatch = (action: ThreadAction) => host.dispatch({ type: 'subagent', sessionId, action });
    const log = (line: string) => host.log(line);
    const transcript = (): ThreadState | undefined => childOf(host.current(), sessionId)?.state;
    const intake = new UpdateIntake(dispatch, log, host.toolDiffs);
    const cancelled = () => child.cancelling || host.chatCancelled();
    const child: Child = {
      prefix,
      cancelling: false,
      permissions: new PermissionRequests({
        dispatch,
        log,
        toolDiffs: host.toolDiffs,
        turnCancelled: cancelled,
        reportProtocolError: (problem, raw) => intake.reportProtocolError(problem, raw),
        policy: host.policy,
        toolView: (toolCallId) => toolIn(transcript(), toolCallId),
        idPrefix: `${prefix}permission-`,
      }),
      elicitations: new ElicitationRequests(dispatch, cancelled, host.elicitationHost, `${prefix}elicitation-`),
      terminals: host.terminals.openSubagent(
        () => subagentCwd(host.current(), sessionId) ?? this.chatCwd,
        `${prefix}terminal-`,
        dispatch,
      ),
      detach: { dispose: () => undefined },
    };
    // In the map before it is attached: updates that came before are replayed at once, and may announce its own children.
    this.children.set(sessionId, child);
    const sink = sessionSink({
      terminals: child.terminals,
      update: (notification: acp.SessionNotification) => intake.update(notification),
      permissions: child.permissions,
      elicitations: child.elicitations,
      handlers: host.handlers,
      state: () => transcript() ?? host.current(),
      dispatch,
    });
    child.detach = route.attach(sessionId, sink);
    return child;
  }
}

/** The subagent_update an action of the chat applied, at its level or a child's. */
function subagentUpdateIn(action: ThreadAction): SubagentUpdate | undefined {
  const inner = action.type === 'subagent' ? action.action : action;
  return inner.type === 'sessionUpdate' && isSubagentUpdate(inner.update) ? inner.update : undefined;
}

function toolIn(state: ThreadState | undefined, toolCallId: string): ToolCallView | undefined {
  const at = state && locateTool(state, toolCallId).at;
  const entry = at === undefined ? undefined : state!.entries[at];
  return entry?.kind === 'tool' ? entry.tool : undefined;
}
