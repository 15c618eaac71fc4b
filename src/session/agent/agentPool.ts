// One agent process for all the window's chats of one agent. ACP lets a connection carry several
// concurrent sessions (AgentConnection routes each message by sessionId), so a second chat with the same
// agent opens a session on the running process instead of starting another one: no second start-up wait,
// no second copy of the agent in memory.
//
// A chat leases the process; the last lease released stops it. A process that is lost (exit, crash) or
// whose initialize failed leaves the pool at once, so the next chat (or Restart) starts a new one. Restart
// retires the process from the pool: the restarting chat gets a new one, the chats still on the old one keep
// it until they let go. Agents that cannot serve several sessions opt out per agent (`processPerChat`).
import { createHash } from 'node:crypto';
import type * as acp from '@agentclientprotocol/sdk';
import type { AgentConfig } from '../../agents/config';
import type { AgentConnection, InitializeOutcome } from './agentConnection';

export interface AgentLease {
  readonly connection: AgentConnection;
  /** `initialize` once per process: a later chat gets the answer the first one got (the agent's capabilities). */
  initialize(clientInfo: acp.Implementation, timeoutMs: number): Promise<InitializeOutcome>;
  /** This chat is done with the process; the last one out stops it. Idempotent. */
  release(): Promise<void>;
}

interface Shared {
  readonly key: string;
  readonly connection: AgentConnection;
  users: number;
  initialized?: Promise<InitializeOutcome>;
}

export class AgentPool {
  private readonly live = new Map<string, Shared>();

  /** A lease on the running process for `key` (the agent and how it is started), or on a new one from `start`. */
  acquire(key: string, start: () => AgentConnection): AgentLease {
    let shared = this.live.get(key);
    if (!shared || shared.connection.isStopping) {
      const connection = start();
      const fresh: Shared = { key, connection, users: 0 };
      connection.onLost(() => this.forget(fresh));
      this.live.set(key, fresh);
      shared = fresh;
    }
    shared.users += 1;
    return this.lease(shared);
  }

  /** Restart: the process leaves the pool (the next acquire starts a new one); its chats keep their leases. */
  retire(connection: AgentConnection): void {
    for (const shared of this.live.values()) if (shared.connection === connection) this.forget(shared);
  }

  /** How many processes the pool holds (docs/agents.md promises one per agent). */
  get size(): number {
    return this.live.size;
  }

  private lease(shared: Shared): AgentLease {
    let released = false;
    return {
      connection: shared.connection,
      initialize: (clientInfo, timeoutMs) => {
        shared.initialized ??= shared.connection.initialize(clientInfo, timeoutMs).then((outcome) => {
          if (!outcome.ok) this.forget(shared); // it stopped itself: never hand it out again
          return outcome;
        });
        return shared.initialized;
      },
      release: async () => {
        if (released) return;
        released = true;
        shared.users -= 1;
        if (shared.users > 0) return;
        this.forget(shared);
        await shared.connection.stop();
      },
    };
  }

  private forget(shared: Shared): void {
    if (this.live.get(shared.key) === shared) this.live.delete(shared.key);
  }
}

/** No sharing: every lease is its own process (agents with `processPerChat`, and tests that want that). */
export function ownProcess(start: () => AgentConnection): AgentLease {
  return new AgentPool().acquire('', start);
}

/** Chats share a process only when it is started the same way: the same agent, command, arguments and environment. */
export function processKey(agent: AgentConfig): string {
  const { id, command, args, env } = agent;
  // Hashed: the environment may hold keys kept at sign-in.
  return createHash('sha256')
    .update(JSON.stringify([id, command, args, env]))
    .digest('hex');
}
