// A restored chat whose agent is no longer configured (removed from switchboard.agents): the chat
// is shown with its transcript, and starting it gives an error card that says what to do.
import { t } from '../../shared/l10n';
import type { AgentConfig } from '../api';
import type { DecodedJournal } from '../journal/journalFormat';

/** Whether `agent` stands for one a restored chat names that is no longer configured (missingAgent). */
export function isMissingAgent(agent: AgentConfig): boolean {
  return agent.command === '' && !agent.isDemo;
}

/** The error card of a restored chat whose agent is gone: what happened and what to do. */
export function missingAgentFailure(agent: AgentConfig): { title: string; hint: string } {
  return {
    title: t('{0} is no longer configured', agent.displayName),
    hint: t(
      'This chat was with the agent "{0}", which is not in the switchboard.agents setting any more. Add it again (or install it with "Switchboard: Browse Agents"), then reload the window to continue the chat. The transcript stays readable; "Switchboard: New Chat with Agent..." starts a chat with another agent.',
      agent.id,
    ),
  };
}

/** An agent a restored chat names that is no longer configured: shown, but it cannot start. */
export function missingAgent(journal: DecodedJournal): AgentConfig {
  const agent = journal.header.agent;
  return { id: agent.id, displayName: agent.displayName, command: '', args: [], env: {}, isDemo: agent.isDemo };
}
