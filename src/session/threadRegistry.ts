// The chat threads the host runs and which one the side bar shows. Several chats live at once:
// creating or showing another chat leaves the others running in the background (their turns
// stream, their permission requests wait, their terminals run); only close() stops one.
// Pure: no vscode.
import { randomUUID } from 'node:crypto';
import type { AgentConfig, ThreadController } from './api';
import type { ThreadState } from '../shared/thread';
import { Listeners } from '../shared/listeners';
import type { Disposable } from '../shared/disposableStore';

/** `restored`: the state a chat had when the window closed (see chatJournal.ts); absent for a new chat. */
export type ThreadFactory = (agent: AgentConfig, threadId: string, restored?: ThreadState) => ThreadController;

export class ThreadRegistry {
  /** In the order they were created (the chat list's order). */
  private readonly threads = new Map<string, ThreadController>();
  private current: ThreadController | undefined;
  private readonly activeListeners = new Listeners<[ThreadController | undefined]>();
  private readonly listListeners = new Listeners<[]>();

  constructor(
    private readonly factory: ThreadFactory,
    private readonly newThreadId: () => string = randomUUID,
    private readonly onDisposeError: (error: unknown) => void = () => {},
  ) {}

  active(): ThreadController | undefined {
    return this.current;
  }

  /** Every chat, oldest first. */
  all(): ThreadController[] {
    return [...this.threads.values()];
  }

  /** The chat with this id (the agent id, when given, must match too). */
  get(agentId: string | undefined, threadId: string): ThreadController | undefined {
    const thread = this.threads.get(threadId);
    return thread && (agentId === undefined || thread.agent.id === agentId) ? thread : undefined;
  }

  onDidChangeActive(listener: (thread: ThreadController | undefined) => void): Disposable {
    return this.activeListeners.add(listener);
  }

  /** A chat was added or closed. */
  onDidChangeList(listener: () => void): Disposable {
    return this.listListeners.add(listener);
  }

  /**
   * Creates a thread for `agent` and makes it the active one; the previous one keeps running. The
   * caller starts it (thread.start()) so the view can show the `starting` state meanwhile.
   */
  create(agent: AgentConfig): ThreadController {
    return this.add(this.factory(agent, this.newThreadId()), true);
  }

  /** A chat brought back from the journal (not started: no agent runs until the user continues it). */
  restore(agent: AgentConfig, threadId: string, state: ThreadState, activate: boolean): ThreadController {
    const existing = this.threads.get(threadId);
    if (existing) return existing;
    const thread = this.factory(agent, threadId, state);
    this.threads.set(threadId, thread);
    this.emitList();
    if (activate) this.setActive(thread);
    return thread;
  }

  /** Shows another chat; false when there is no such chat. */
  show(threadId: string): boolean {
    const thread = this.threads.get(threadId);
    if (!thread) return false;
    this.setActive(thread);
    return true;
  }

  /**
   * Stops a chat and forgets it. When it was the shown one, the next chat (else the previous one)
   * is shown instead. Resolves once its agent process stopped.
   */
  async close(threadId: string): Promise<void> {
    const thread = this.threads.get(threadId);
    if (!thread) return;
    if (thread === this.current) {
      const order = [...this.threads.keys()];
      const at = order.indexOf(threadId);
      const nextId = order[at + 1] ?? order[at - 1];
      this.threads.delete(threadId);
      this.setActive(nextId === undefined ? undefined : this.threads.get(nextId));
    } else {
      this.threads.delete(threadId);
    }
    this.emitList();
    try {
      await thread.closeSession();
    } catch (error) {
      this.onDisposeError(error);
    }
    await this.dispose(thread);
  }

  async disposeAll(): Promise<void> {
    const all = this.all();
    this.threads.clear();
    this.setActive(undefined);
    await Promise.all(all.map((thread) => this.dispose(thread)));
  }

  private add(thread: ThreadController, activate: boolean): ThreadController {
    this.threads.set(thread.threadId, thread);
    this.emitList();
    if (activate) this.setActive(thread);
    return thread;
  }

  private setActive(thread: ThreadController | undefined): void {
    if (thread === this.current) return;
    this.current = thread;
    this.activeListeners.fire(thread);
  }

  private emitList(): void {
    this.listListeners.fire();
  }

  private async dispose(thread: ThreadController): Promise<void> {
    try {
      await thread.dispose();
    } catch (error) {
      this.onDisposeError(error);
    }
  }
}
