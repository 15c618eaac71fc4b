import type * as acp from '@agentclientprotocol/sdk';
// A ThreadController double: records calls, lets a test emit events and set the snapshot.
import type { AgentConfig, ThreadController, ThreadEvent } from '../../../src/session/api';
import type { ThreadAction } from '../../../src/shared/actions';
import type { SessionNote } from '../../../src/shared/entryReasons';
import { createThreadState, type ReviewView, type ThreadState } from '../../../src/shared/thread';

export function fakeAgent(id = 'demo'): AgentConfig {
  return { id, displayName: `Agent ${id}`, command: 'node', args: [], env: {}, isDemo: id === 'demo' };
}

export class FakeThread implements ThreadController {
  readonly calls: Array<[string, ...unknown[]]> = [];
  seq = 0;
  state: ThreadState;
  failWith: Error | undefined;
  private readonly listeners = new Set<(event: ThreadEvent) => void>();

  constructor(
    readonly threadId: string,
    readonly agent: AgentConfig = fakeAgent(),
  ) {
    this.state = createThreadState({ agentId: agent.id, threadId }, agent);
  }

  /** Its agent up (a new one is starting: the router makes a prompt wait for its start). */
  asReady(): this {
    this.state = { ...this.state, connection: { kind: 'ready' } };
    return this;
  }

  get listenerCount(): number {
    return this.listeners.size;
  }

  /** Applies nothing (the reducer is not under test): bumps seq and tells listeners. */
  emit(action: ThreadAction): void {
    this.seq += 1;
    for (const listener of this.listeners) listener({ threadId: this.threadId, seq: this.seq, action });
  }

  snapshot() {
    return { state: this.state, seq: this.seq };
  }
  /** Like the real thread: listeners get the notice. */
  note(note: SessionNote) {
    this.emit({ type: 'notice', note });
  }
  /** Like the real thread: the review joins the state, and listeners get the action. */
  showReview(review: ReviewView) {
    this.state = { ...this.state, review };
    this.emit({ type: 'reviewChanged', review });
  }
  onEvent(listener: (event: ThreadEvent) => void) {
    this.listeners.add(listener);
    return { dispose: () => this.listeners.delete(listener) };
  }
  private record(name: string, ...args: unknown[]): Promise<void> {
    this.calls.push([name, ...args]);
    return this.failWith ? Promise.reject(this.failWith) : Promise.resolve();
  }
  start() {
    return this.record('start');
  }
  cancelSubagent(sessionId: string) {
    return this.record('cancelSubagent', sessionId);
  }
  /** The context blocks are recorded only when there are some. */
  prompt(text: string, context: acp.ContentBlock[] = []) {
    return context.length ? this.record('prompt', text, context) : this.record('prompt', text);
  }
  queuePrompt(text: string, context: acp.ContentBlock[] = []) {
    return context.length ? this.record('queuePrompt', text, context) : this.record('queuePrompt', text);
  }
  editQueued(id: string, text: string) {
    this.calls.push(['editQueued', id, text]);
  }
  removeQueued(id: string) {
    this.calls.push(['removeQueued', id]);
  }
  sendNow(target: { id: string } | { text: string; context?: acp.ContentBlock[] }) {
    return this.record('sendNow', target);
  }
  cancel() {
    return this.record('cancel');
  }
  resolvePermission(permissionId: string, optionId: string | null) {
    this.calls.push(['resolvePermission', permissionId, optionId]);
  }
  setMode(modeId: string) {
    return this.record('setMode', modeId);
  }
  setConfigOption(configId: string, value: string) {
    return this.record('setConfigOption', configId, value);
  }
  authenticate(methodId: string) {
    return this.record('authenticate', methodId);
  }
  restart() {
    return this.record('restart');
  }
  resolveElicitation(elicitationId: string, action: 'accept' | 'decline' | 'cancel', values?: Record<string, unknown>) {
    this.calls.push(['resolveElicitation', elicitationId, action, values]);
    return null;
  }
  stopTurn() {
    return this.record('stopTurn');
  }
  editFrom(entryId: string, text: string, context: acp.ContentBlock[], restoredFiles: number) {
    return this.record('editFrom', entryId, text, context, restoredFiles);
  }
  async signOut(): Promise<'loggedOut' | 'forgotten' | 'nothing'> {
    await this.record('signOut');
    return 'nothing';
  }
  closeSession() {
    return this.record('closeSession');
  }
  dispose() {
    return this.record('dispose');
  }
  /** Terminal output a test pushes with emitTerminalOutput. */
  private readonly outputListeners = new Set<(terminalId: string, data: string) => void>();
  readonly replays = new Map<string, string>();
  emitTerminalOutput(terminalId: string, data: string): void {
    for (const listener of this.outputListeners) listener(terminalId, data);
  }
  onTerminalOutput(listener: (terminalId: string, data: string) => void) {
    this.outputListeners.add(listener);
    return { dispose: () => void this.outputListeners.delete(listener) };
  }
  terminalReplay(terminalId: string) {
    return this.replays.get(terminalId);
  }
  stopTerminal(terminalId: string) {
    this.calls.push(['stopTerminal', terminalId]);
  }
  terminalHandle() {
    return undefined;
  }
  applyCode(path: string, content: string) {
    return this.record('applyCode', path, content);
  }
}
