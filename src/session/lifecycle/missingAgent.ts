// A restored chat whose agent is no longer configured (removed from switchboard.agents): the chat
// is shown with its transcript, and starting it gives an error card that says what to do.
import type { FailureReason } from '../../shared/entryReasons';
import type { AgentConfig } from '../api';
import type { DecodedJournal } from '../journal/journalFormat';

/** Whether `agent` stands for one a restored chat names that is no longer configured (missingAgent). */
export function isMissingAgent(agent: AgentConfig): boolean {
  return agent.command === '' && !agent.isDemo;
}

/** Why a restored chat whose agent is gone does not start (its card says what to do: shared/failureWords.ts). */
export function missingAgentFailure(agent: AgentConfig): FailureReason {
  return { kind: 'missingAgent', agentId: agent.id, displayName: agent.displayName };
}

/** An agent a restored chat names that is no longer configured: shown, but it cannot start. */
export function missingAgent(journal: DecodedJournal): AgentConfig {
  const agent = journal.header.agent;
  return { id: agent.id, displayName: agent.displayName, command: '', args: [], env: {}, isDemo: agent.isDemo };
}
