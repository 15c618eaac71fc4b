// Opens the chat's ACP session on a started agent process: a chat with a conversation (restored
// after a reload, or restarted) goes on with the same session where the agent can (session/resume,
// else session/load with its replay reconciled, src/session/lifecycle/sessionContinuation.ts); otherwise
// session/new, and the transcript marks where the agent lost the context. `auth_required` turns
// into the sign-in state. The same folders and MCP servers go with every one of the three calls.
import { resolve as resolvePath } from 'node:path';
import type * as acp from '@agentclientprotocol/sdk';
import { noAuthMethodFailure, startupFailure } from '../../agents/failure';
import { preAllowedMcpServerMeta } from '../../agents/quirks/claudeAgentAcp';
import { AcpRpcError } from '../../protocol/errors';
import { AgentMethod, ErrorCodes } from '../../protocol/methods';
import type { SessionNote } from '../../shared/entryReasons';
import type { AgentFailure, ThreadState } from '../../shared/thread';
import { agentRoots, rootsNotice, type AgentRoots } from '../../shared/workspaceRoots';
import { errorMessage } from '../../shared/errorMessage';
import type { HostEnvironment } from '../api';
import { bounded, capText } from '../agent/agentResponses';
import type { Generation } from './generation';
import type { ThreadPort } from '../threadPort';
import { continueMethod, hasConversation, ReplayReconciler } from './sessionContinuation';
import { editorToolsOffer } from './editorToolsOffer';

/** What the opener needs of the chat (its session is routed by the generation: Generation.attach). */
export interface SessionOpenerPort extends ThreadPort {
  fail(gen: Generation, failure: AgentFailure): void;
  /** auth_required from session/load or resume: the sign-in card shows (true); else false. */
  authRequired?(gen: Generation, error: unknown): boolean;
  /** A new chat's session takes the user's mode and options for the agent (startChoices.ts). */
  applyChoices?(gen: Generation): Promise<void>;
}

export type SessionParams = Pick<acp.NewSessionRequest, 'cwd' | 'mcpServers' | 'additionalDirectories' | '_meta'>;

/**
 * The folders and MCP servers every session call of this agent carries (new, load, resume, fork);
 * MCP servers that could not be built are left out, and the transcript says so.
 */
export async function sessionParams(
  port: Pick<SessionOpenerPort, 'agent' | 'env' | 'dispatch' | 'current'>,
  gen: Generation,
): Promise<{ params: SessionParams; roots: AgentRoots }> {
  const roots = sessionRoots(port.env, gen);
  let params: SessionParams;
  try {
    const mcp = await mcpServers(port, gen);
    // Switchboard's own server of the editor's tools goes with the user's (src/chat/mcp/).
    const editor = await editorToolsOffer(port, gen).catch((error: unknown) => {
      port.dispatch({
        type: 'notice',
        note: { kind: 'editorToolsNotOffered', error: capText(errorMessage(error), 1024) },
      });
      return undefined;
    });
    // An `acp` entry is UNSTABLE ACP, not in the SDK's McpServer type yet (api.ts AcpMcpServerEntry).
    const editorServer = editor?.server as acp.McpServer | undefined;
    params = { cwd: roots.cwd, mcpServers: editorServer ? [...mcp.servers, editorServer] : mcp.servers };
    // claude-agent-acp would ask its own permission before each of the editor's tools (agents/quirks/claudeAgentAcp.ts).
    const meta = editor && preAllowedMcpServerMeta(port.current().agentInfo, editor.server.name);
    if (meta) params._meta = meta;
    // Once per chat: a continued chat asks again, and the transcript already says it.
    for (const text of mcp.leftOut.map((line) => capText(line, 1024))) {
      const note = { kind: 'said', text } as const;
      if (!hasNotice(port.current(), note)) port.dispatch({ type: 'notice', note });
    }
    if (editor && !hasNotice(port.current(), editor.note)) port.dispatch({ type: 'notice', note: editor.note });
  } catch (error) {
    // The session still starts; the transcript says what is missing and why.
    port.dispatch({
      type: 'notice',
      note: { kind: 'mcpNotPassed', error: capText(errorMessage(error), 1024) },
    });
    params = { cwd: roots.cwd, mcpServers: [] };
  }
  if (roots.additionalDirectories.length > 0) params.additionalDirectories = roots.additionalDirectories;
  return { params, roots };
}

export async function openSession(port: SessionOpenerPort, gen: Generation): Promise<void> {
  const { params, roots } = await sessionParams(port, gen);
  if (!gen.live) return;
  const continuing = hasConversation(port.current());
  if (continuing && (await continueSession(port, gen, params)) !== false) return;
  let response: acp.NewSessionResponse;
  try {
    response = await gen.connection.rpc.request(AgentMethod.sessionNew, params);
  } catch (error) {
    if (!gen.live || !(error instanceof AcpRpcError)) return; // the agent went away: its failure shows
    if (error.code !== ErrorCodes.authRequired) {
      return port.fail(gen, startupFailure(gen.connection.failureContext(), 'session/new', capText(error.message)));
    }
    if (gen.authMethods.length === 0) return port.fail(gen, noAuthMethodFailure(gen.connection.failureContext()));
    port.dispatch({ type: 'connection', state: { kind: 'authRequired', methods: gen.authMethods } });
    return;
  }
  if (!gen.live) return;
  // Attach first: updates the agent sent before its answer are replayed in wire order.
  gen.attach(response.sessionId, params.cwd, null);
  gen.opened();
  port.dispatch({
    type: 'sessionStarted',
    sessionId: response.sessionId,
    modes: bounded(response.modes ?? null),
    configOptions: bounded(response.configOptions ?? null),
  });
  // The conversation above is not in this session: the transcript says so where it happened.
  if (continuing) port.dispatch({ type: 'sessionContinued', how: 'new' });
  // A new chat starts where the user's last one of this agent was; a continued chat had its own settings.
  else if (port.applyChoices) {
    await port.applyChoices(gen);
    if (!gen.live) return;
  }
  const notice = rootsNotice(port.agent.displayName, roots);
  if (notice && !hasNotice(port.current(), notice)) port.dispatch({ type: 'notice', note: notice });
  port.dispatch({ type: 'connection', state: { kind: 'ready' } });
}

/**
 * Goes on with the chat's own session (session/resume, else session/load); false when the agent
 * cannot or refuses (a new session follows), 'gone' when the agent went away meanwhile.
 */
async function continueSession(
  port: SessionOpenerPort,
  gen: Generation,
  params: SessionParams,
): Promise<boolean | 'gone'> {
  const state = port.current();
  const method = continueMethod(state.agentCapabilities, gen.connection.version);
  const sessionId = state.sessionId;
  if (!sessionId || method === 'new') return false;
  const replay = method === 'load' ? new ReplayReconciler(state) : null;
  // Attached first: session/load replays the conversation as updates before it answers.
  gen.attach(sessionId, params.cwd, replay);
  let response: acp.ResumeSessionResponse | acp.LoadSessionResponse | null;
  try {
    response =
      method === 'resume'
        ? await gen.connection.rpc.request(AgentMethod.sessionResume, { ...params, sessionId })
        : await gen.connection.rpc.request(AgentMethod.sessionLoad, { ...params, sessionId });
  } catch (error) {
    gen.detach();
    if (!gen.live || !(error instanceof AcpRpcError)) return 'gone';
    // Signed out: the card shows, and signing in opens the session again (resume/load first).
    if (port.authRequired?.(gen, error)) return 'gone';
    port.log(`[switchboard] session/${method} of ${sessionId} failed (${error.message}); starting a new session`);
    return false;
  }
  if (!gen.live) return 'gone';
  gen.opened();
  port.dispatch({
    type: 'sessionStarted',
    sessionId,
    modes: bounded(response?.modes ?? null),
    configOptions: bounded(response?.configOptions ?? null),
  });
  for (const action of replay?.missing() ?? []) port.dispatch(action);
  port.dispatch({ type: 'sessionContinued', how: method === 'resume' ? 'resumed' : 'loaded' });
  port.dispatch({ type: 'connection', state: { kind: 'ready' } });
  return true;
}

/** The folders of this session (src/shared/workspaceRoots.ts), from the agent's capabilities. */
function sessionRoots(env: HostEnvironment, gen: Generation): AgentRoots {
  const folders = (env.workspaceFolders?.() ?? [env.workspaceCwd()]).map((folder) => resolvePath(folder));
  return agentRoots(gen.connection.capabilities, folders, resolvePath(env.workspaceCwd()));
}

/** The MCP servers for a session of this agent: per its capabilities, or none. */
async function mcpServers(
  port: Pick<SessionOpenerPort, 'agent' | 'env'>,
  gen: Generation,
): Promise<{ servers: acp.McpServer[]; leftOut: string[] }> {
  const capabilities = gen.connection.capabilities?.mcpCapabilities;
  return (await port.env.mcpServers?.(port.agent, capabilities)) ?? { servers: [], leftOut: [] };
}

/** Whether the chat already notes this (same kind and parameters). */
function hasNotice(state: ThreadState, note: SessionNote): boolean {
  const key = JSON.stringify(note);
  return state.entries.some((entry) => entry.kind === 'notice' && JSON.stringify(entry.note) === key);
}
