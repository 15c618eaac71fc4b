// Talking to an agent about its saved sessions, apart from any chat: a short-lived process is
// started, initialized, asked (`session/list` pages, `session/delete`) and stopped. Only agents
// that advertised the capability are asked (capabilityGuard refuses the rest unsent).
import type * as acp from '@agentclientprotocol/sdk';
import { AgentConnection, type AgentConnectionOptions } from './agentConnection';
import { AgentMethod } from '../../protocol/methods';
import { agentItems, listAllSessions, type HistoryItem } from '../journal/historyItems';
import type { AgentDescriptor } from '../../shared/thread';

export interface HistoryAgentOptions extends AgentConnectionOptions {
  clientInfo: acp.Implementation;
}

/** Runs `use` on an initialized connection and stops the process after; null when it did not start. */
export async function withAgent<T>(
  options: HistoryAgentOptions,
  use: (connection: AgentConnection) => Promise<T>,
): Promise<T | null> {
  const connection = new AgentConnection(options);
  try {
    const outcome = await connection.initialize(options.clientInfo, options.env.settings().initializeTimeoutMs);
    if (!outcome.ok) return null;
    return await use(connection);
  } finally {
    await connection.stop();
  }
}

/** The agent's sessions of `cwd` as history items; empty when it does not list sessions. */
export async function agentHistory(options: HistoryAgentOptions, cwd: string): Promise<HistoryItem[]> {
  const descriptor: AgentDescriptor = {
    id: options.agent.id,
    displayName: options.agent.displayName,
    isDemo: options.agent.isDemo,
  };
  const items = await withAgent(options, async (connection) => {
    const capabilities = connection.capabilities?.sessionCapabilities;
    if (!capabilities?.list) return [];
    const sessions = await listAllSessions((params) => connection.rpc.request(AgentMethod.sessionList, params), cwd);
    return agentItems(descriptor, sessions, cwd, capabilities.delete != null);
  });
  return items ?? [];
}

/** `session/delete` of one session; false when the agent did not start or does not delete sessions. */
export async function deleteAgentSession(options: HistoryAgentOptions, sessionId: string): Promise<boolean> {
  const deleted = await withAgent(options, async (connection) => {
    if (connection.capabilities?.sessionCapabilities?.delete == null) return false;
    await connection.rpc.request(AgentMethod.sessionDelete, { sessionId });
    return true;
  });
  return deleted === true;
}
