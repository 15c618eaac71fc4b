// The mode and options per agent that a new chat starts with (the rules: src/session/lifecycle/sessionChoices.ts). The
// user's picks are kept in globalState (one list for all workspaces, as an agent is the same everywhere); the
// switchboard.agentDefaults setting pins values over them. Both are read at each new session, through the same
// checks: storage and settings are not trusted to hold the right shape.
import type * as vscode from 'vscode';
import type { SessionChoices } from '../../session/api';
import {
  parseAgentDefaults,
  rememberChoice,
  wantedChoices,
  type AgentChoices,
  type ChoiceStep,
} from '../../session/lifecycle/sessionChoices';
import { settings } from '../settings';

const STATE_KEY = 'switchboard.sessionChoices';

export class SessionChoiceStore implements SessionChoices {
  constructor(private readonly state: vscode.Memento) {}

  wanted(agentId: string): AgentChoices | null {
    const wanted = wantedChoices(ownEntry(this.pinned().defaults, agentId), ownEntry(this.remembered(), agentId));
    return wanted.mode === undefined && Object.keys(wanted.options).length === 0 ? null : wanted;
  }

  remember(agentId: string, step: ChoiceStep): void {
    void this.state.update(STATE_KEY, rememberChoice(this.remembered(), agentId, step));
  }

  /** The parts of switchboard.agentDefaults that cannot be used, one sentence each. */
  settingErrors(): string[] {
    return this.pinned().errors;
  }

  private remembered(): Record<string, AgentChoices> {
    return parseAgentDefaults(this.state.get<unknown>(STATE_KEY)).defaults;
  }

  private pinned(): ReturnType<typeof parseAgentDefaults> {
    return parseAgentDefaults(settings.get('agentDefaults'));
  }
}

function ownEntry(choices: Record<string, AgentChoices>, agentId: string): AgentChoices | undefined {
  return Object.hasOwn(choices, agentId) ? choices[agentId] : undefined;
}
