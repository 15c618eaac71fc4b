// "Edit" on a previous user message, after the host restored that message's checkpoint: the chat
// goes on from there with the edited text. Through session/fork where the agent offers it and
// switchboard.experimental.fork is on (the fork keeps the conversation; the agent is told to
// disregard the edited message and what followed), otherwise in a new session given the
// conversation before the edited message as text. Either way the transcript says which, what it
// went back to, and how many files were put back (the `continued` entry). Driven by the turn (threadTurn.ts).
import type * as acp from '@agentclientprotocol/sdk';
import type * as unstable from '@agentclientprotocol/sdk/unstable';
import { AcpRpcError } from '../../protocol/errors';
import { AgentMethod } from '../../protocol/methods';
import type { ThreadAction } from '../../shared/actions';
import { forkRefusal } from '../../shared/controlRules';
import type { NoForkReason } from '../../shared/entryReasons';
import type { EditedFrom } from '../../shared/thread';
import { bounded, capText } from '../agent/agentResponses';
import { conversationSeed, forkNote, messageExcerpt } from '../../shared/conversationSeed';
import type { Generation } from '../lifecycle/generation';
import type { ThreadPort } from '../threadPort';
import { sessionParams } from '../lifecycle/sessionOpener';

/** What the edit needs of the chat (the new session is routed by the generation: Generation.switchTo). */
export interface MessageEditPort extends ThreadPort {
  /** Sends the prompt; `aside` goes after it on the wire and is not shown. */
  prompt(text: string, context: acp.ContentBlock[], aside: acp.ContentBlock[]): Promise<void>;
}

export interface EditRequest {
  entryId: string;
  text: string;
  context: acp.ContentBlock[];
  /** Files the checkpoint restore put back (for the transcript). */
  restoredFiles: number;
}

/** Goes on from the edited message; throws (nothing changed) when it is not a user message of this chat. */
export async function continueFromEdit(
  port: MessageEditPort,
  gen: Generation,
  sessionId: string,
  edited: EditRequest,
): Promise<void> {
  const state = port.current();
  const index = state.entries.findIndex((entry) => entry.id === edited.entryId && entry.kind === 'user');
  if (index < 0) throw new Error('that message is not in this chat any more');
  const later = state.entries.slice(index).filter((entry) => entry.kind === 'user' || entry.kind === 'agent').length;
  const excerpt = messageExcerpt(state.entries[index]);
  let reason: NoForkReason | undefined =
    forkRefusal({
      capabilities: state.agentCapabilities,
      agentName: port.agent.displayName,
      forkEnabled: port.env.settings().experimental?.fork === true,
    }) ?? undefined;
  const { params } = await sessionParams(port, gen);
  if (!gen.live) return;
  const edit: EditedFrom = { excerpt, restoredFiles: edited.restoredFiles };
  if (reason === undefined) {
    try {
      // The draft's request type names its own (identical) McpServer type.
      const request: unstable.ForkSessionRequest = { ...(params as unstable.ForkSessionRequest), sessionId };
      const forked = (await gen.connection.rpc.request(
        AgentMethod.sessionFork,
        request,
      )) as unstable.ForkSessionResponse;
      if (!gen.live) return;
      started(port, gen, forked, params.cwd, { type: 'sessionContinued', how: 'forked', edit });
      return port.prompt(edited.text, edited.context, [aside(forkNote(excerpt, later))]);
    } catch (error) {
      if (!gen.live || !(error instanceof AcpRpcError)) return; // the agent went away: its failure shows
      port.log(`[switchboard] session/fork of ${sessionId} failed (${error.message}); continuing in a new session`);
      reason = { kind: 'forkFailed', error: capText(error.message, 300) };
    }
  }
  const created: acp.NewSessionResponse = await gen.connection.rpc.request(AgentMethod.sessionNew, params);
  if (!gen.live) return;
  started(port, gen, created, params.cwd, {
    type: 'sessionContinued',
    how: 'seeded',
    edit: reason ? { ...edit, reason } : edit,
  });
  const seed = conversationSeed(state.entries, index);
  return port.prompt(edited.text, edited.context, seed ? [aside(seed)] : []);
}

/** A block after the prompt, set apart: agents often join text blocks without a separator. */
function aside(text: string): acp.ContentBlock {
  return { type: 'text', text: `\n\n${text}` };
}

function started(
  port: MessageEditPort,
  gen: Generation,
  response: {
    sessionId: string;
    modes?: acp.SessionModeState | null;
    configOptions?: acp.SessionConfigOption[] | null;
  },
  cwd: string,
  marker: ThreadAction,
): void {
  gen.switchTo(response.sessionId, cwd);
  port.dispatch({
    type: 'sessionStarted',
    sessionId: response.sessionId,
    modes: bounded(response.modes ?? null),
    configOptions: bounded(response.configOptions ?? null),
  });
  port.dispatch(marker);
}
