// The scripted agent (test/fixtures/scriptedAgent.mjs, a real child process speaking ACP over stdio) as an agent
// entry, and what a chat shows of its answers: shared by the integration suites that run a ThreadController.
import { resolve } from 'node:path';
import type { AgentConfig } from '../../src/session/api';
import type { ThreadState } from '../../src/shared/thread';

export const SCRIPTED_AGENT = resolve(__dirname, '../fixtures/scriptedAgent.mjs');

/** The scripted agent playing `scenario` (a name, or a .jsonl transcript); `extraArgs` go after it. */
export function scriptedAgent(
  scenario: string,
  { extraArgs = [], ...config }: Partial<AgentConfig> & { extraArgs?: string[] } = {},
): AgentConfig {
  return {
    id: 'scripted',
    displayName: 'Scripted',
    command: process.execPath,
    args: [SCRIPTED_AGENT, '--scenario', scenario, ...extraArgs],
    env: {},
    isDemo: false,
    ...config,
  };
}

/** The text of every agent message of the chat, joined. */
export function agentText(state: ThreadState): string {
  return state.entries
    .flatMap((entry) => (entry.kind === 'agent' ? entry.parts : []))
    .map((part) => (part.kind === 'text' ? part.text : ''))
    .join('');
}
