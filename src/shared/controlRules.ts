// Which chat controls an agent can use, and what each says in place when it cannot: the UI's side
// of the capability rules (capabilities.ts says what the agent advertised; this says what a
// control does about it). Pure; the webview asks it for the composer's chips, the intro, the
// "Edit" on a previous message and what "Send now" does, the host for the MCP servers it leaves out
// and the Edit route.
import { t } from './l10n';
import type * as acp from '@agentclientprotocol/sdk';
import { agentOffers, agentSteers, STEERING_CAPABILITY, whyUnavailable } from './capabilities';
import type { NoForkReason } from './entryReasons';
import { noForkWords } from './entryWords';

type Capabilities = acp.AgentCapabilities | null | undefined;

/** The controls whose behaviour depends on what the agent advertised. */
export type ChatControl =
  /** A pasted or dropped image as part of a message. */
  | 'attachImage'
  /** A file, selection or symbol attached with its text (else it goes as a link the agent may read). */
  | 'embedContext'
  /** Going on with a chat after a reload or restart, with the agent knowing the conversation. */
  | 'continueChat'
  /** MCP servers over HTTP / SSE from switchboard.mcpServers. */
  | 'mcpHttp'
  | 'mcpSse'
  /** Signing out of the agent. */
  | 'logout'
  /** "Edit" on a previous message, continued in a fork of the session. */
  | 'forkFromMessage'
  /** "Send now" on a message typed during a turn: it joins the running turn (else the turn is stopped first). */
  | 'steerTurn';

/**
 * available: the control works as it says. degraded: it works in a lesser way, and `note` says how
 * and why (e.g. a file goes as a link). unavailable: hidden or refused, and `reason` says why.
 */
export type ControlState =
  { kind: 'available' } | { kind: 'degraded'; note: string } | { kind: 'unavailable'; reason: string };

export interface ControlContext {
  capabilities: Capabilities;
  agentName: string;
  /** switchboard.experimental.fork: session/fork is advertised and used only when on. */
  forkEnabled?: boolean;
  /** The initialize response's own `_meta` (ThreadState.initializeMeta), where steering is advertised. */
  initializeMeta?: unknown;
}

const AVAILABLE: ControlState = { kind: 'available' };

export function controlState(control: ChatControl, context: ControlContext): ControlState {
  const { capabilities, agentName } = context;
  const unless = (offered: boolean, feature: Parameters<typeof whyUnavailable>[1]): ControlState =>
    offered ? AVAILABLE : { kind: 'unavailable', reason: whyUnavailable(agentName, feature) };
  switch (control) {
    case 'attachImage':
      return unless(agentOffers(capabilities, 'image'), 'image');
    case 'embedContext':
      return agentOffers(capabilities, 'embeddedContext')
        ? AVAILABLE
        : {
            kind: 'degraded',
            note: t('Sent as a link, not its text: {0}', whyUnavailable(agentName, 'embeddedContext')),
          };
    case 'continueChat':
      return unless(
        agentOffers(capabilities, 'resumeSession') || agentOffers(capabilities, 'loadSession'),
        'loadSession',
      );
    case 'mcpHttp':
      return unless(agentOffers(capabilities, 'mcpHttp'), 'mcpHttp');
    case 'mcpSse':
      return unless(agentOffers(capabilities, 'mcpSse'), 'mcpSse');
    case 'logout':
      return unless(agentOffers(capabilities, 'logout'), 'logout');
    case 'forkFromMessage': {
      const refusal = forkRefusal(context);
      return refusal ? { kind: 'unavailable', reason: noForkWords(refusal) } : AVAILABLE;
    }
    case 'steerTurn':
      return agentSteers(context.initializeMeta)
        ? AVAILABLE
        : {
            kind: 'degraded',
            note: t(
              '{0} cannot add a message to its running turn (it does not advertise {1}).',
              agentName,
              STEERING_CAPABILITY,
            ),
          };
  }
}

/** Why "Edit" on a previous message cannot go on in a fork of the session, as data (kept in the transcript); null when it can. */
export function forkRefusal(context: ControlContext): NoForkReason | null {
  if (!context.forkEnabled) return { kind: 'forkOff' };
  return agentOffers(context.capabilities, 'forkSession') ? null : { kind: 'notOffered', agent: context.agentName };
}

/** Every control's state, for a view that shows several. */
export function controlStates(context: ControlContext): Record<ChatControl, ControlState> {
  const controls: ChatControl[] = [
    'attachImage',
    'embedContext',
    'continueChat',
    'mcpHttp',
    'mcpSse',
    'logout',
    'forkFromMessage',
    'steerTurn',
  ];
  return Object.fromEntries(controls.map((control) => [control, controlState(control, context)])) as Record<
    ChatControl,
    ControlState
  >;
}

/** The one sentence a control shows in place when it is not fully available; null when it is. */
export function controlNote(state: ControlState): string | null {
  return state.kind === 'available' ? null : state.kind === 'degraded' ? state.note : state.reason;
}
