// The terminal descriptors in a ThreadState: what each terminal card shows besides its output
// (command, running or exited, exit status, who stopped it, released). Pure.
import type { ThreadAction } from './actions';
import type { TerminalView, ThreadState } from './thread';

type TerminalAction = Extract<
  ThreadAction,
  { type: 'terminalCreated' | 'terminalKillRequested' | 'terminalExited' | 'terminalReleased' }
>;

export function applyTerminalAction(state: ThreadState, action: TerminalAction): ThreadState {
  const terminals = state.terminals ?? {};
  if (action.type === 'terminalCreated') {
    const view: TerminalView = { ...action.terminal, status: 'running', exitStatus: null, stoppedBy: null, released: false };
    return { ...state, terminals: { ...terminals, [view.terminalId]: view } };
  }
  const current = terminals[action.terminalId];
  if (!current) return state; // an action for a terminal we never saw: nothing to show
  let next: TerminalView;
  switch (action.type) {
    case 'terminalKillRequested':
      // The first stop wins: a user's Stop followed by the agent's own kill stays "stopped by you".
      if (current.status === 'exited' || current.stoppedBy) return state;
      next = { ...current, stoppedBy: action.by };
      break;
    case 'terminalExited':
      next = { ...current, status: 'exited', exitStatus: action.exitStatus };
      break;
    case 'terminalReleased':
      next = { ...current, released: true };
      break;
  }
  return { ...state, terminals: { ...terminals, [action.terminalId]: next } };
}
