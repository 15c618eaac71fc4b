// The capability rules: what the client may ask of an agent and what the UI offers, given what the
// agent advertised in `initialize` (`agentCapabilities`). One pure module, used by the host (the
// request guard in session/agent/agentConnection.ts, the session setup) and the webview (which control
// to show, and the sentence that says in place why one is missing). Nothing here touches the wire.
//
// One extension is advertised outside agentCapabilities: steering, in the initialize response's own
// `_meta` (agentSteers below); the client keeps that `_meta` beside the capabilities.
//
// The spec's rule (acp-spec 004, "Capabilities"): a capability that is omitted, `false` or `null`
// is UNSUPPORTED; `{}` (or `true` for the booleans) means supported. Before `initialize` answered
// (capabilities `null`) nothing optional is supported.
import type * as acp from '@agentclientprotocol/sdk';
import { t } from './l10n';

/** Every optional thing an agent may advertise that changes what the client does. */
export type AgentFeature =
  /** `session/load` (agentCapabilities.loadSession): reopen an earlier chat with its history. */
  | 'loadSession'
  /** `session/resume` (sessionCapabilities.resume): reconnect to a chat without its history. */
  | 'resumeSession'
  /** `session/list` (sessionCapabilities.list). */
  | 'listSessions'
  /** `session/close` (sessionCapabilities.close). */
  | 'closeSession'
  /** `session/delete` (sessionCapabilities.delete). */
  | 'deleteSession'
  /** `session/fork` (sessionCapabilities.fork, UNSTABLE). */
  | 'forkSession'
  /** `additionalDirectories` on session/new, load, resume, fork (sessionCapabilities.additionalDirectories). */
  | 'additionalDirectories'
  /** `logout` (agentCapabilities.auth.logout). */
  | 'logout'
  /** Image content blocks in prompts (promptCapabilities.image). */
  | 'image'
  /** Audio content blocks in prompts (promptCapabilities.audio). */
  | 'audio'
  /** Embedded `resource` content blocks in prompts (promptCapabilities.embeddedContext). */
  | 'embeddedContext'
  /** MCP servers over HTTP (mcpCapabilities.http). */
  | 'mcpHttp'
  /** MCP servers over SSE (mcpCapabilities.sse). */
  | 'mcpSse'
  /** MCP servers over the ACP connection itself (mcpCapabilities.acp: mcp/connect, mcp/message, mcp/disconnect). */
  | 'mcpAcp';

type Capabilities = acp.AgentCapabilities | null | undefined;

/** For each feature, the capability that grants it (named in the notes, as the agent would advertise it). */
const CAPABILITY: Readonly<Record<AgentFeature, string>> = {
  loadSession: 'loadSession',
  resumeSession: 'sessionCapabilities.resume',
  listSessions: 'sessionCapabilities.list',
  closeSession: 'sessionCapabilities.close',
  deleteSession: 'sessionCapabilities.delete',
  forkSession: 'sessionCapabilities.fork',
  additionalDirectories: 'sessionCapabilities.additionalDirectories',
  logout: 'auth.logout',
  image: 'promptCapabilities.image',
  audio: 'promptCapabilities.audio',
  embeddedContext: 'promptCapabilities.embeddedContext',
  mcpHttp: 'mcpCapabilities.http',
  mcpSse: 'mcpCapabilities.sse',
  mcpAcp: 'mcpCapabilities.acp',
};

/** What a user would miss without the feature, in the display language (asked when shown, not at load). */
function featureWhat(feature: AgentFeature): string {
  switch (feature) {
    case 'loadSession':
      return t('reopening earlier chats');
    case 'resumeSession':
      return t('resuming a chat');
    case 'listSessions':
      return t('listing its earlier chats');
    case 'closeSession':
      return t('closing a chat');
    case 'deleteSession':
      return t('deleting its chats');
    case 'forkSession':
      return t('forking a chat');
    case 'additionalDirectories':
      return t('working in more than one workspace folder');
    case 'logout':
      return t('signing out');
    case 'image':
      return t('images in messages');
    case 'audio':
      return t('audio in messages');
    case 'embeddedContext':
      return t('file contents attached to messages');
    case 'mcpHttp':
      return t('MCP servers over HTTP');
    case 'mcpSse':
      return t('MCP servers over SSE');
    case 'mcpAcp':
      return t('MCP servers over ACP');
  }
}

export const AGENT_FEATURES = Object.keys(CAPABILITY) as readonly AgentFeature[];

/** `{}` means supported; omitted and `null` (and anything not an object) do not. */
function present(value: unknown): boolean {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function field(container: unknown, key: string): unknown {
  return present(container) ? (container as Record<string, unknown>)[key] : undefined;
}

/** Whether the agent advertised `feature`. Tolerates malformed capabilities (a wrong type is "no"). */
export function agentOffers(capabilities: Capabilities, feature: AgentFeature): boolean {
  const caps: unknown = capabilities;
  const session = field(caps, 'sessionCapabilities');
  switch (feature) {
    case 'loadSession':
      return field(caps, 'loadSession') === true;
    case 'resumeSession':
      return present(field(session, 'resume'));
    case 'listSessions':
      return present(field(session, 'list'));
    case 'closeSession':
      return present(field(session, 'close'));
    case 'deleteSession':
      return present(field(session, 'delete'));
    case 'forkSession':
      return present(field(session, 'fork'));
    case 'additionalDirectories':
      return present(field(session, 'additionalDirectories'));
    case 'logout':
      return present(field(field(caps, 'auth'), 'logout'));
    case 'image':
    case 'audio':
    case 'embeddedContext':
      return field(field(caps, 'promptCapabilities'), feature) === true;
    case 'mcpHttp':
      return field(field(caps, 'mcpCapabilities'), 'http') === true;
    case 'mcpSse':
      return field(field(caps, 'mcpCapabilities'), 'sse') === true;
    case 'mcpAcp':
      return field(field(caps, 'mcpCapabilities'), 'acp') === true;
  }
}

/** The sentence shown where a control is missing: who cannot, what, and which capability says so. */
export function whyUnavailable(agentName: string, feature: AgentFeature): string {
  return t(
    '{0} does not support {1} (it does not advertise {2}).',
    agentName,
    featureWhat(feature),
    CAPABILITY[feature],
  );
}

export type FeatureState = { available: true } | { available: false; reason: string };

/** What the UI offers: every feature, available or with the reason it is not. */
export function featureStates(capabilities: Capabilities, agentName: string): Record<AgentFeature, FeatureState> {
  const states = {} as Record<AgentFeature, FeatureState>;
  for (const feature of AGENT_FEATURES) {
    states[feature] = agentOffers(capabilities, feature)
      ? { available: true }
      : { available: false, reason: whyUnavailable(agentName, feature) };
  }
  return states;
}

/**
 * Optional agent methods and the feature that must be advertised before the client calls them.
 * Methods not listed are baseline (initialize, authenticate, session/new, prompt, cancel) or
 * follow the session's own state (set_mode, set_config_option: only offered when the session
 * listed modes or options).
 */
export const METHOD_FEATURES: Readonly<Record<string, AgentFeature>> = {
  'session/load': 'loadSession',
  'session/resume': 'resumeSession',
  'session/list': 'listSessions',
  'session/close': 'closeSession',
  'session/delete': 'deleteSession',
  'session/fork': 'forkSession',
  logout: 'logout',
};

/** Where steering is advertised, as a refusal names it. */
export const STEERING_CAPABILITY = '_meta.steering.supported';

/** The extension request that adds a message to the running turn (protocol/methods.ts names it too). */
const STEERING_METHOD = '_session/steering';

/**
 * Whether the agent takes `_session/steering` (a message added to the turn that is running): the
 * initialize RESPONSE's top-level `_meta` holds `steering: {supported: true}` (codex-acp 2.6,
 * claude-agent-acp 0.101). Not in agentCapabilities, so it is asked of that `_meta`, which the
 * client keeps as `initializeMeta`. Anything but `true` is "no".
 */
export function agentSteers(initializeMeta: unknown): boolean {
  return field(field(initializeMeta, 'steering'), 'supported') === true;
}

/** The feature a prompt content block needs; text and resource_link are baseline. */
function contentFeature(block: unknown): AgentFeature | null {
  switch (field(block, 'type')) {
    case 'image':
      return 'image';
    case 'audio':
      return 'audio';
    case 'resource':
      return 'embeddedContext';
    default:
      return null;
  }
}

/** The feature an MCP server entry needs; stdio (no `type`) is baseline. */
function mcpFeature(server: unknown): AgentFeature | null {
  switch (field(server, 'type')) {
    case 'http':
      return 'mcpHttp';
    case 'sse':
      return 'mcpSse';
    case 'acp':
      return 'mcpAcp';
    default:
      return null;
  }
}

const SESSION_SETUP = new Set(['session/new', 'session/load', 'session/resume', 'session/fork']);

/**
 * Why the client must not send this request to this agent, or null when it may: an optional
 * method the agent did not advertise, or params using a capability it did not (prompt content,
 * MCP transports, additional directories). The guard in front of the connection asks this for
 * every request, so no caller can forget. `initializeMeta`: the initialize response's `_meta`.
 */
export function requestProblem(
  capabilities: Capabilities,
  method: string,
  params: unknown,
  initializeMeta: unknown = null,
): string | null {
  const needed = METHOD_FEATURES[method];
  if (needed && !agentOffers(capabilities, needed)) {
    return t('{0} needs {1}, which the agent did not advertise', method, CAPABILITY[needed]);
  }
  if (method === STEERING_METHOD && !agentSteers(initializeMeta)) {
    return t('{0} needs {1}, which the agent did not advertise', method, STEERING_CAPABILITY);
  }
  const missing = (feature: AgentFeature | null, what: string): string | null =>
    feature && !agentOffers(capabilities, feature)
      ? t('{0} with {1} needs {2}, which the agent did not advertise', method, what, CAPABILITY[feature])
      : null;
  // A steered message is a prompt too: its content needs what a prompt's would.
  if (method === 'session/prompt' || method === STEERING_METHOD) {
    const prompt = field(params, 'prompt');
    for (const block of Array.isArray(prompt) ? prompt : []) {
      const problem = missing(contentFeature(block), t('{0} content', String(field(block, 'type'))));
      if (problem) return problem;
    }
  }
  if (SESSION_SETUP.has(method)) {
    const servers = field(params, 'mcpServers');
    for (const server of Array.isArray(servers) ? servers : []) {
      const problem = missing(mcpFeature(server), t('an MCP server over {0}', String(field(server, 'type'))));
      if (problem) return problem;
    }
    const directories = field(params, 'additionalDirectories');
    if (Array.isArray(directories) && directories.length > 0) {
      return missing('additionalDirectories', 'additionalDirectories');
    }
  }
  return null;
}
