// What one ACP session of a chat handles for the agent (AgentConnection's SessionSink): the chat's own
// session (threadController.ts) and each subagent session (subagentSessions.ts) are wired the same way,
// each into its own transcript: its updates through its intake, its permission requests and forms, its
// terminals, and fs/* through the chat's handlers (the same workspace rules), a write shown on its card.
import type { ThreadAction } from '../../shared/actions';
import type { ThreadState } from '../../shared/thread';
import { writeStartRevision } from '../../shared/fileWrites';
import type { ClientHandlers } from '../api';
import type { SessionSink } from './agentConnection';
import type { ElicitationRequests } from '../requests/elicitationRequests';
import type { PermissionRequests } from '../requests/permissionRequests';
import type { TerminalManager } from '../requests/terminalManager';

export interface SessionSinkParts {
  terminals: TerminalManager;
  update: SessionSink['update'];
  permissions: PermissionRequests;
  elicitations: ElicitationRequests;
  handlers: ClientHandlers;
  /** The session's transcript now (the chat's, or the subagent session's). */
  state(): ThreadState;
  /** An action into that transcript. */
  dispatch(action: ThreadAction): void;
}

export function sessionSink(parts: SessionSinkParts): SessionSink {
  const { handlers, permissions, elicitations } = parts;
  return {
    terminals: parts.terminals,
    update: parts.update,
    requestPermission: (params, signal) => permissions.request(params, signal),
    requestPermissionV2: (params, signal) => permissions.requestV2(params, signal),
    readTextFile: (params, signal) => handlers.readTextFile(params, signal),
    writeTextFile: async (params, signal) => {
      const outcome = await handlers.writeTextFile(params, signal);
      const from = writeStartRevision(parts.state(), outcome.path, outcome.revision);
      parts.dispatch({ type: 'fileWritten', write: outcome.view(from) });
      return {};
    },
    elicit: (params, signal) => elicitations.request(params, signal),
    elicitationComplete: (elicitationId) => elicitations.complete(elicitationId),
  };
}
