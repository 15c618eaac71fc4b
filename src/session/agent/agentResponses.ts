// What the controller takes from the agent's answers (initialize, session/new, session/prompt,
// set_config_option) into the thread state: bounded like updates, since every snapshot carries it.
import { t } from '../../shared/l10n';
import type * as acp from '@agentclientprotocol/sdk';
import type { ThreadAction } from '../../shared/actions';
import { metaOf } from '../../shared/sessionUpdates';
import type { TurnUsage } from '../../shared/thread';
import { boundJson, FREE_FORM_BOUNDS } from '../../protocol/boundJson';
import { STRUCTURED_BOUNDS } from '../updates/updateGate';

/** Agent data from a response, bounded: 5,000 levels of _meta cannot break posting a snapshot. */
export function bounded<T>(value: T): T {
  return boundJson(value, STRUCTURED_BOUNDS) as T;
}

/**
 * The turn's end from session/prompt's answer: its DRAFT `usage` (checklist §7.4) when it has the
 * required counts, and its `_meta`, both bounded like the agent's other free-form JSON.
 */
export function turnEndedAction(response: acp.PromptResponse): Extract<ThreadAction, { type: 'turnEnded' }> {
  const action: Extract<ThreadAction, { type: 'turnEnded' }> = { type: 'turnEnded', stopReason: response.stopReason };
  const usage = (response as { usage?: unknown }).usage as Partial<TurnUsage> | null | undefined;
  if (usage && typeof usage === 'object' && [usage.totalTokens, usage.inputTokens, usage.outputTokens].every(isCount)) {
    action.usage = boundJson(usage, FREE_FORM_BOUNDS) as TurnUsage;
  }
  const meta = metaOf(response._meta);
  if (meta) action.meta = boundJson(meta, FREE_FORM_BOUNDS) as Record<string, unknown>;
  return action;
}

function isCount(value: unknown): boolean {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0;
}

/** An agent's error message is shown in the chat: the first 8 KiB of it. */
export function capText(text: string, max = 8 * 1024): string {
  return typeof text === 'string' && text.length > max
    ? t('{0}… [{1} more characters]', text.slice(0, max), text.length - max)
    : String(text);
}
