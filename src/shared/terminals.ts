// The terminal descriptors in a ThreadState: what each terminal card shows besides its output
// (command, running or exited, exit status, who stopped it, released). Pure.
import type { ThreadAction } from './actions';
import type { TerminalView, ThreadState } from './thread';

/**
 * Terminal descriptors kept per thread. Live terminals are capped per session (32, in the
 * terminal manager), but an agent can create and release terminals forever: past this many, the
 * oldest released ones are forgotten (their cards say the terminal is gone).
 */
export const MAX_TERMINAL_VIEWS = 500;

type TerminalAction = Extract<
  ThreadAction,
  { type: 'terminalCreated' | 'terminalKillRequested' | 'terminalExited' | 'terminalReleased' }
>;

export function applyTerminalAction(state: ThreadState, action: TerminalAction): ThreadState {
  const terminals = state.terminals ?? {};
  if (action.type === 'terminalCreated') {
    const view: TerminalView = {
      ...action.terminal,
      status: 'running',
      exitStatus: null,
      stoppedBy: null,
      released: false,
    };
    return { ...state, terminals: { ...withRoom(terminals), [view.terminalId]: view } };
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

/** `terminals` with room for one more: the oldest released descriptors go first (insertion order). */
function withRoom(terminals: Record<string, TerminalView>): Record<string, TerminalView> {
  const ids = Object.keys(terminals);
  if (ids.length < MAX_TERMINAL_VIEWS) return terminals;
  let excess = ids.length - MAX_TERMINAL_VIEWS + 1;
  const kept: Record<string, TerminalView> = {};
  for (const [id, terminal] of Object.entries(terminals)) {
    if (excess > 0 && terminal.released) {
      excess--;
      continue;
    }
    kept[id] = terminal;
  }
  return kept;
}
