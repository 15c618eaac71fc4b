// The chat threads the host runs, keyed by agent and thread id, and which one the view shows.
// For now one thread is visible at a time: starting a new chat disposes the previous thread and
// its agent process. The map keeps the shape needed for several threads later. Pure: no vscode.
import { randomUUID } from 'node:crypto';
import type { AgentConfig, ThreadController } from './api';

export type ThreadFactory = (agent: AgentConfig, threadId: string) => ThreadController;

export class ThreadRegistry {
  /** agentId -> threadId -> thread. */
  private readonly threads = new Map<string, Map<string, ThreadController>>();
  private current: ThreadController | undefined;
  private readonly listeners = new Set<(thread: ThreadController | undefined) => void>();

  constructor(
    private readonly factory: ThreadFactory,
    private readonly newThreadId: () => string = randomUUID,
    private readonly onDisposeError: (error: unknown) => void = () => {},
  ) {}

  active(): ThreadController | undefined {
    return this.current;
  }

  get(agentId: string, threadId: string): ThreadController | undefined {
    return this.threads.get(agentId)?.get(threadId);
  }

  onDidChangeActive(listener: (thread: ThreadController | undefined) => void): { dispose(): void } {
    this.listeners.add(listener);
    return { dispose: () => this.listeners.delete(listener) };
  }

  /**
   * Creates a thread for `agent`, makes it the active one and disposes the previous one. The
   * caller starts it (thread.start()) so the view can show the `starting` state meanwhile.
   */
  create(agent: AgentConfig): ThreadController {
    const previous = this.current;
    const thread = this.factory(agent, this.newThreadId());
    let byThread = this.threads.get(agent.id);
    if (!byThread) this.threads.set(agent.id, (byThread = new Map()));
    byThread.set(thread.threadId, thread);
    this.current = thread;
    for (const listener of this.listeners) listener(thread);
    if (previous) void this.remove(previous);
    return thread;
  }

  async disposeAll(): Promise<void> {
    const all = [...this.threads.values()].flatMap((byThread) => [...byThread.values()]);
    this.current = undefined;
    for (const listener of this.listeners) listener(undefined);
    await Promise.all(all.map((thread) => this.remove(thread)));
  }

  private async remove(thread: ThreadController): Promise<void> {
    const byThread = this.threads.get(thread.agent.id);
    byThread?.delete(thread.threadId);
    if (byThread?.size === 0) this.threads.delete(thread.agent.id);
    try {
      await thread.dispose();
    } catch (error) {
      this.onDisposeError(error);
    }
  }
}
