// session/update variants this client does not know (newer agents, drafts) go to the reducer,
// which ignores them; they are logged once per variant so the log shows them without flooding.
import type * as acp from '@agentclientprotocol/sdk';
import type { SubagentSessionUpdate } from '../../shared/subagentTypes';

const KNOWN_VARIANTS: ReadonlySet<string> = new Set<(acp.SessionUpdate | SubagentSessionUpdate)['sessionUpdate']>([
  'user_message_chunk',
  'agent_message_chunk',
  'agent_thought_chunk',
  'tool_call',
  'tool_call_update',
  'plan',
  'available_commands_update',
  'current_mode_update',
  'config_option_update',
  'session_info_update',
  'usage_update',
  'notice',
  'compaction_update',
  'compaction_summary_chunk',
  'subagent_update',
  'session_message',
  'session_message_chunk',
]);

/** Variant names are the agent's to choose: remember (and log) at most this many. */
const MAX_VARIANTS_REMEMBERED = 64;

export class UnknownUpdateLog {
  private readonly seen = new Set<string>();

  constructor(private readonly log: (line: string) => void) {}

  /** Returns true when the variant is one we render. */
  check(update: unknown): boolean {
    const variant = String((update as { sessionUpdate?: unknown } | null)?.sessionUpdate);
    if (KNOWN_VARIANTS.has(variant)) return true;
    if (!this.seen.has(variant) && this.seen.size < MAX_VARIANTS_REMEMBERED) {
      this.seen.add(variant);
      const name = variant.length > 80 ? `${variant.slice(0, 80)}…` : variant;
      this.log(`[switchboard] ignoring session/update variant "${name}" (not supported yet)`);
    }
    return false;
  }
}
