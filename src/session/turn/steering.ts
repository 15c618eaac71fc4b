// "Send now" where the agent advertised steering (src/shared/capabilities.ts `agentSteers`): the
// message joins the turn that is running (`_session/steering`) instead of stopping it. The request
// asks `idleBehavior: "promptRequired"`: an agent whose turn already ended does nothing and says so,
// and the message then goes as an ordinary session/prompt (without it, claude-agent-acp 0.101 and
// codex-acp 2.6 start a turn of their own that the client never sees begin). The running
// session/prompt stays open: claude-agent-acp answers it only once the steered message is answered.
import type * as acp from '@agentclientprotocol/sdk';
import { AgentExtensionMethod, type SteeringOutcome } from '../../protocol/methods';
import { errorMessage } from '../../shared/errorMessage';
import { t } from '../../shared/l10n';
import { capText } from '../agent/agentResponses';
import type { Generation } from '../lifecycle/generation';
import type { ThreadPort } from '../threadPort';

/** How long the agent may take to say whether it took the message (both real agents answer at once). */
export const STEER_TIMEOUT_MS = 30_000;

/**
 * What the agent's answer means; throws (with the reason, for the user) when it did not take the
 * message or the answer is not one the client understands. `startedNewTurn` (the answer without
 * the opt-in, which a careless agent may give anyway) means it took the message too: sending it
 * again would make it twice.
 */
export function steeringOutcome(answer: unknown): SteeringOutcome {
  const outcome = typeof answer === 'object' && answer !== null ? (answer as { outcome?: unknown }).outcome : undefined;
  switch (outcome) {
    case 'injected':
    case 'startedNewTurn':
      return 'injected';
    case 'promptRequired':
      return 'promptRequired';
    case 'failed':
      // codex-acp: the injection failed for a reason it only logs.
      throw new Error(t('the agent could not add it'));
    default:
      throw new Error(t('the agent answered {0}, which Switchboard does not understand', describe(answer)));
  }
}

/** A few hundred characters of the answer, for the message that says it was not understood. */
function describe(answer: unknown): string {
  let text: string;
  try {
    text = JSON.stringify(answer) ?? String(answer);
  } catch {
    text = String(answer);
  }
  return capText(text, 200);
}

/**
 * Sends the message into the running turn. `injected`: its entry is in the thread (marked steered);
 * `promptRequired`: nothing changed, the caller prompts. Rejects with why it was not taken.
 */
export async function steerTurn(
  port: ThreadPort,
  gen: Generation,
  sessionId: string,
  text: string,
  context: acp.ContentBlock[],
  timeoutMs = STEER_TIMEOUT_MS,
): Promise<SteeringOutcome> {
  const prompt: acp.ContentBlock[] = [{ type: 'text', text }, ...context];
  port.dispatch({ type: 'steerSent', text });
  let outcome: SteeringOutcome;
  try {
    const answer = await gen.connection.rpc.request(
      AgentExtensionMethod.sessionSteering,
      { sessionId, prompt, _meta: { steering: { idleBehavior: 'promptRequired' } } },
      { timeoutMs },
    );
    outcome = steeringOutcome(answer);
  } catch (error) {
    port.dispatch({ type: 'steerDropped' });
    port.log(`[switchboard] ${AgentExtensionMethod.sessionSteering} did not add the message: ${errorMessage(error)}`);
    const why = errorMessage(error).replace(/\.$/, '');
    throw new Error(t('the agent did not add it to its running turn ({0})', why), { cause: error });
  }
  port.dispatch(outcome === 'injected' ? { type: 'steerJoined', prompt } : { type: 'steerDropped' });
  return outcome;
}
