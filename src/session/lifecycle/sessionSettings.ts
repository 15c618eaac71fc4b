// The session's mode and config options (session/set_mode, session/set_config_option). A change
// shows once the agent accepts it; a refusal, an error or no answer within the timeout sends the
// selector back to the agent's value with the reason beside it: failure as state, nothing changed.
import { settingErrorWords } from '../../shared/entryWords';
import type * as acp from '@agentclientprotocol/sdk';
import { AgentMethod } from '../../protocol/methods';
import type { SettingTarget } from '../../shared/thread';
import { errorMessage } from '../../shared/errorMessage';
import { bounded, capText } from '../agent/agentResponses';
import type { Generation } from './generation';
import type { ThreadPort } from '../threadPort';
import type { ChoiceStep } from './sessionChoices';

/**
 * An agent that never answers a mode or option change must not leave the selector showing the
 * user's choice: after this long the change counts as refused (and the agent is told to stop).
 */
export const SETTING_TIMEOUT_MS = 30_000;

export interface SessionSettingsPort extends Pick<ThreadPort, 'dispatch' | 'log'> {
  /** The live session; throws when there is none. */
  requireSession(): { gen: Generation; sessionId: string };
  timeoutMs: number;
  /** auth_required: the sign-in card shows and `again` runs once signed in (true); else false. */
  authRequired?(gen: Generation, error: unknown, again: () => Promise<void>): boolean;
  /** The agent took the change (the user's own: remembered for the agent's next chats, sessionChoices.ts). */
  chosen?(step: ChoiceStep): void;
}

export async function setMode(port: SessionSettingsPort, modeId: string): Promise<void> {
  const { gen, sessionId } = port.requireSession();
  try {
    await gen.connection.rpc.request(AgentMethod.sessionSetMode, { sessionId, modeId }, { timeoutMs: port.timeoutMs });
  } catch (error) {
    if (port.authRequired?.(gen, error, () => setMode(port, modeId))) return;
    return settingFailed(port, gen, { kind: 'mode', modeId }, error);
  }
  if (!gen.live) return;
  port.dispatch({ type: 'modeChanged', modeId });
  port.chosen?.({ kind: 'mode', modeId });
}

/** A string sets a select option; a boolean a boolean option (`type: "boolean"`, checklist §7.2). */
export async function setConfigOption(
  port: SessionSettingsPort,
  configId: string,
  value: string | boolean,
): Promise<void> {
  const { gen, sessionId } = port.requireSession();
  const params: acp.SetSessionConfigOptionRequest =
    typeof value === 'boolean' ? { sessionId, configId, type: 'boolean', value } : { sessionId, configId, value };
  let response: acp.SetSessionConfigOptionResponse;
  try {
    response = await gen.connection.rpc.request(AgentMethod.sessionSetConfigOption, params, {
      timeoutMs: port.timeoutMs,
    });
  } catch (error) {
    if (port.authRequired?.(gen, error, () => setConfigOption(port, configId, value))) return;
    return settingFailed(port, gen, { kind: 'config', configId }, error);
  }
  if (!gen.live) return;
  port.dispatch({ type: 'configOptionsReplaced', configOptions: bounded(response.configOptions) });
  port.chosen?.({ kind: 'option', configId, value });
}

function settingFailed(port: SessionSettingsPort, gen: Generation, target: SettingTarget, error: unknown): void {
  if (!gen.live) return; // the agent went away: its failure shows
  const failed = { target, error: capText(errorMessage(error), 1024) };
  port.log(`[switchboard] ${settingErrorWords(failed)}`);
  port.dispatch({ type: 'settingFailed', ...failed });
}
