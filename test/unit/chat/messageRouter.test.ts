import { describe, expect, it } from 'vitest';
import type { ChatHost } from '../../../src/chat/controls/chatHost';
import { routeWebviewMessage } from '../../../src/chat/messageRouter';
import { KeptInQueueError, QueueFullError } from '../../../src/session/turn/promptQueue';
import type { ThreadController } from '../../../src/session/api';
import type { ContextRef, ResolvedContext } from '../../../src/shared/promptContext';
import { FakeThread, fakeAgent } from './fakeThread';

class FakeHost implements ChatHost {
  thread: FakeThread | undefined;
  readonly log: Array<[string, ...unknown[]]> = [];
  errors: string[] = [];
  invalid: unknown[] = [];
  pickResult: string | undefined = 'picked';
  picked: ContextRef[] = [];

  activeThread(): ThreadController | undefined {
    return this.thread;
  }
  async startChat(agentId: string | undefined): Promise<ThreadController> {
    this.log.push(['startChat', agentId]);
    this.thread = new FakeThread(`t-${this.log.length}`, fakeAgent(agentId ?? 'demo')).asReady();
    return this.thread;
  }
  async pickAgent() {
    this.log.push(['pickAgent']);
    return this.pickResult;
  }
  sendSnapshot() {
    this.log.push(['sendSnapshot']);
  }
  actionsTaken(seq: number) {
    this.log.push(['actionsTaken', seq]);
  }
  async openLocation(path: string, line: number | null) {
    this.log.push(['openLocation', path, line]);
  }
  async openWriteDiff(path: string, fromRevision: number, revision: number) {
    this.log.push(['openWriteDiff', path, fromRevision, revision]);
  }
  async copy(text: string) {
    this.log.push(['copy', text]);
  }
  showLog(agentId: string | undefined) {
    this.log.push(['showLog', agentId]);
  }
  async resolveContext(refs: ContextRef[]): Promise<ResolvedContext[]> {
    this.log.push(['resolveContext', refs.length]);
    return refs.map((ref) => (ref.kind === 'file' ? { ref, text: `text of ${ref.path}` } : { ref }));
  }
  async pickContext() {
    this.log.push(['pickContext']);
    return this.picked;
  }
  sendContext(items: ContextRef[]) {
    this.log.push(['sendContext', items]);
  }
  returnDraft(text: string, context: ContextRef[] | undefined) {
    this.log.push(['returnDraft', text, context]);
  }
  async configureAgents() {
    this.log.push(['configureAgents']);
  }
  reportError(message: string) {
    this.errors.push(message);
  }
  reportInvalid(raw: unknown) {
    this.invalid.push(raw);
  }
  openTerminal(thread: ThreadController, terminalId: string) {
    this.log.push(['openTerminal', thread.threadId, terminalId]);
  }
  async reviewFile(path: string, action: 'keep' | 'undo') {
    this.log.push(['reviewFile', path, action]);
  }
  async reviewSession(thread: ThreadController, action: 'keep' | 'undo') {
    this.log.push(['reviewSession', thread.threadId, action]);
  }
  comparing = true;
  async compare(text: string, context: ContextRef[]) {
    this.log.push(['compare', text, context.length]);
    return this.comparing;
  }
  async worktreeAction(thread: ThreadController, action: 'bringBack' | 'discard') {
    this.log.push(['worktreeAction', thread.threadId, action]);
  }
  async restoreCheckpoint(thread: ThreadController, entryId: string) {
    this.log.push(['restoreCheckpoint', thread.threadId, entryId]);
  }
  /** The one chat this host has, whatever the id (messageRouterChats.test.ts routes by id). */
  findThread(): ThreadController | undefined {
    return this.thread;
  }
  showChat(threadId: string) {
    this.log.push(['showChat', threadId]);
  }
  async closeChat(threadId: string) {
    this.log.push(['closeChat', threadId]);
  }
  async openChatInEditor(threadId: string) {
    this.log.push(['openChatInEditor', threadId]);
  }
  workspaceFolders(): readonly string[] {
    return [];
  }
  async openWorkspacePath(candidates: string[], line: number | null, column: number | null, written: string) {
    this.log.push(['openWorkspacePath', candidates, line, column, written]);
  }
  async applyTarget(candidates: string[]) {
    this.log.push(['applyTarget', candidates]);
    return candidates[0];
  }
  async editMessage(thread: ThreadController, entryId: string, text: string) {
    this.log.push(['editMessage', thread.threadId, entryId, text]);
  }
}

function withThread(): { host: FakeHost; thread: FakeThread } {
  const host = new FakeHost();
  const thread = new FakeThread('t0', fakeAgent('gemini')).asReady();
  host.thread = thread;
  return { host, thread };
}

describe('routeWebviewMessage', () => {
  it('answers ready and resync with a snapshot', async () => {
    const host = new FakeHost();
    await routeWebviewMessage({ type: 'ready' }, host);
    await routeWebviewMessage({ type: 'resync' }, host);
    expect(host.log).toEqual([['sendSnapshot'], ['sendSnapshot']]);
  });

  it('hands taken to the mirror, and refuses a seq that is not a count', async () => {
    const host = new FakeHost();
    await routeWebviewMessage({ type: 'taken', seq: 7 }, host);
    for (const seq of [-1, 1.5, '7', null, Number.NaN]) await routeWebviewMessage({ type: 'taken', seq }, host);
    expect(host.log.filter((entry) => entry[0] === 'actionsTaken')).toEqual([['actionsTaken', 7]]);
  });

  it('makes a message to a chat whose agent is starting wait for the start, not fail and lose it', async () => {
    const host = new FakeHost();
    const thread = new FakeThread('t0', fakeAgent('gemini'));
    host.thread = thread;
    expect(thread.state.connection.kind).toBe('starting');
    await routeWebviewMessage({ type: 'prompt', text: 'typed at once' }, host);
    expect(thread.calls.map((call) => call[0])).toEqual(['start', 'prompt']);
    expect(host.errors).toEqual([]);
  });

  it('forwards thread intents to the active thread', async () => {
    const { host, thread } = withThread();
    await routeWebviewMessage({ type: 'prompt', text: 'hello' }, host);
    await routeWebviewMessage({ type: 'cancel' }, host);
    await routeWebviewMessage({ type: 'permission', permissionId: 'p1', optionId: 'allow' }, host);
    await routeWebviewMessage({ type: 'permission', permissionId: 'p2', optionId: null }, host);
    await routeWebviewMessage({ type: 'setMode', modeId: 'ask' }, host);
    await routeWebviewMessage({ type: 'setConfigOption', configId: 'model', value: 'm' }, host);
    await routeWebviewMessage({ type: 'authenticate', methodId: 'login' }, host);
    await routeWebviewMessage({ type: 'restartAgent' }, host);
    expect(thread.calls).toEqual([
      ['prompt', 'hello'],
      ['cancel'],
      ['resolvePermission', 'p1', 'allow'],
      ['resolvePermission', 'p2', null],
      ['setMode', 'ask'],
      ['setConfigOption', 'model', 'm'],
      ['authenticate', 'login'],
      ['restart'],
    ]);
    expect(host.errors).toEqual([]);
  });

  it("the worktree bar's Bring back and Discard reach the host for a chat in its own worktree only", async () => {
    const { host, thread } = withThread();
    await routeWebviewMessage({ type: 'worktree', action: 'bringBack' }, host);
    expect(host.log).toEqual([]);
    thread.state = { ...thread.state, worktree: { id: 'wt-1', folders: ['/storage/wt-1/app'] } };
    await routeWebviewMessage({ type: 'worktree', action: 'bringBack' }, host);
    await routeWebviewMessage({ type: 'worktree', action: 'discard' }, host);
    await routeWebviewMessage({ type: 'worktree', action: 'merge' }, host);
    expect(host.log).toEqual([
      ['worktreeAction', thread.threadId, 'bringBack'],
      ['worktreeAction', thread.threadId, 'discard'],
    ]);
    expect(host.invalid).toHaveLength(1);
  });

  it("the composer's Ctrl+Shift+Enter reaches Compare Agents with the message and its context; a malformed one does not", async () => {
    const { host } = withThread();
    await routeWebviewMessage(
      { type: 'comparePrompt', text: 'Add tests', context: [{ kind: 'file', path: '/w/a.ts' }] },
      host,
    );
    await routeWebviewMessage({ type: 'comparePrompt', text: 42 }, host);
    expect(host.log).toEqual([['compare', 'Add tests', 1]]);
    expect(host.invalid).toHaveLength(1);
    // The pick dismissed: the message goes back into the composer, nothing typed is lost.
    host.comparing = false;
    host.log.length = 0;
    await routeWebviewMessage({ type: 'comparePrompt', text: 'Not now' }, host);
    expect(host.log.at(-1)).toEqual(['returnDraft', 'Not now', []]);
  });

  it("the terminal card's Stop reaches the thread's terminal, and Open in Terminal the host", async () => {
    const { host, thread } = withThread();
    await routeWebviewMessage({ type: 'stopTerminal', terminalId: 'terminal-2' }, host);
    await routeWebviewMessage({ type: 'openTerminal', terminalId: 'terminal-3' }, host);
    expect(thread.calls).toEqual([['stopTerminal', 'terminal-2']]);
    expect(host.log).toEqual([['openTerminal', 't0', 'terminal-3']]);
    expect(host.errors).toEqual([]);
  });

  it('forwards the queue: queue, edit, remove, send now (by id or new text); neither is invalid', async () => {
    const { host, thread } = withThread();
    await routeWebviewMessage({ type: 'queuePrompt', text: 'later' }, host);
    await routeWebviewMessage({ type: 'editQueued', id: 'queued-1', text: 'LATER' }, host);
    await routeWebviewMessage({ type: 'removeQueued', id: 'queued-1' }, host);
    await routeWebviewMessage({ type: 'sendNow', id: 'queued-2' }, host);
    await routeWebviewMessage({ type: 'sendNow', text: 'now' }, host);
    await routeWebviewMessage({ type: 'sendNow' }, host);
    await routeWebviewMessage({ type: 'editQueued', id: 'queued-1' }, host);
    expect(thread.calls).toEqual([
      ['queuePrompt', 'later'],
      ['editQueued', 'queued-1', 'LATER'],
      ['removeQueued', 'queued-1'],
      ['sendNow', { id: 'queued-2' }],
      ['sendNow', { text: 'now', context: [] }],
    ]);
    expect(host.invalid).toHaveLength(2);
  });

  it("attaches context as content blocks by the agent's promptCapabilities, leaving out (and naming) what it cannot take", async () => {
    const { host, thread } = withThread();
    const file: ContextRef = { kind: 'file', path: '/ws/a.ts' };
    const image: ContextRef = { kind: 'image', name: 'shot.png', mimeType: 'image/png', data: 'iVBORw==' };
    await routeWebviewMessage({ type: 'prompt', text: 'look', context: [file, image] }, host);
    thread.state = {
      ...thread.state,
      agentCapabilities: { promptCapabilities: { embeddedContext: true, image: true } },
    };
    await routeWebviewMessage({ type: 'queuePrompt', text: 'again', context: [file, image] }, host);
    expect(thread.calls).toEqual([
      ['prompt', 'look', [{ type: 'resource_link', uri: 'file:///ws/a.ts', name: 'a.ts' }]],
      [
        'queuePrompt',
        'again',
        [
          { type: 'resource', resource: { uri: 'file:///ws/a.ts', mimeType: 'text/plain', text: 'text of /ws/a.ts' } },
          { type: 'image', mimeType: 'image/png', data: 'iVBORw==' },
        ],
      ],
    ]);
    expect(host.errors).toEqual(['Agent gemini cannot take shot.png; sent without it.']);
  });

  it('refuses malformed context whole: relative paths, bad ranges, unknown kinds, non-images, too many', async () => {
    const { host, thread } = withThread();
    const bad: unknown[] = [
      [{ kind: 'file', path: 'relative.ts' }],
      [{ kind: 'file', path: '/a\nb' }],
      [{ kind: 'selection', path: '/a.ts', range: { startLine: 5, endLine: 2 } }],
      [{ kind: 'selection', path: '/a.ts', range: { startLine: 0.5, endLine: 2 } }],
      [{ kind: 'shell', path: '/bin/sh' }],
      [{ kind: 'image', name: 'x.svg', mimeType: 'image/svg+xml', data: 'PHN2Zz4=' }],
      [{ kind: 'image', name: 'x.png', mimeType: 'image/png', data: 'not base64!' }],
      Array.from({ length: 51 }, () => ({ kind: 'file', path: '/a.ts' })),
      { kind: 'file', path: '/a.ts' },
    ];
    for (const context of bad) await routeWebviewMessage({ type: 'prompt', text: 'x', context }, host);
    expect(host.invalid).toHaveLength(bad.length);
    expect(thread.calls).toEqual([]);
  });

  it('"@": shows the host picker and sends what was picked to the composer (nothing when dismissed)', async () => {
    const { host } = withThread();
    await routeWebviewMessage({ type: 'pickContext' }, host);
    host.picked = [{ kind: 'problems', path: null }];
    await routeWebviewMessage({ type: 'pickContext' }, host);
    expect(host.log).toEqual([['pickContext'], ['pickContext'], ['sendContext', [{ kind: 'problems', path: null }]]]);
  });

  it('starts a chat with the default agent when a prompt arrives without one', async () => {
    const host = new FakeHost();
    await routeWebviewMessage({ type: 'prompt', text: 'first' }, host);
    expect(host.log).toEqual([['startChat', undefined]]);
    expect(host.thread?.calls).toEqual([['prompt', 'first']]);
  });

  it('starts a new chat with the given agent, or asks the user to pick one', async () => {
    const host = new FakeHost();
    await routeWebviewMessage({ type: 'newChat', agentId: 'gemini' }, host);
    await routeWebviewMessage({ type: 'newChat' }, host);
    host.pickResult = undefined;
    await routeWebviewMessage({ type: 'newChat' }, host);
    expect(host.log).toEqual([['startChat', 'gemini'], ['pickAgent'], ['startChat', 'picked'], ['pickAgent']]);
  });

  it('opens locations with a 1-based line (0 clamps to 1) and forwards editor actions', async () => {
    const { host } = withThread();
    await routeWebviewMessage({ type: 'openLocation', path: '/a.ts', line: 0 }, host);
    await routeWebviewMessage({ type: 'openLocation', path: '/a.ts', line: 12 }, host);
    await routeWebviewMessage({ type: 'openLocation', path: '/a.ts' }, host);
    await routeWebviewMessage({ type: 'openDiff', path: '/a.ts', fromRevision: 2, revision: 5 }, host);
    await routeWebviewMessage({ type: 'copy', text: 'c' }, host);
    await routeWebviewMessage({ type: 'showLog' }, host);
    await routeWebviewMessage({ type: 'configureAgents' }, host);
    expect(host.log).toEqual([
      ['openLocation', '/a.ts', 1],
      ['openLocation', '/a.ts', 12],
      ['openLocation', '/a.ts', null],
      ['openWriteDiff', '/a.ts', 2, 5],
      ['copy', 'c'],
      ['showLog', 'gemini'],
      ['configureAgents'],
    ]);
  });

  it('turns a failed controller call into an error with advice, without rejecting', async () => {
    const { host, thread } = withThread();
    thread.failWith = new Error('Agent is not connected.');
    await routeWebviewMessage({ type: 'prompt', text: 'x' }, host);
    expect(host.errors).toHaveLength(1);
    expect(host.errors[0]).toContain('could not send the prompt: Agent is not connected.');
    expect(host.errors[0]).toContain('Restart Agent');
  });

  it('a message that could not be sent goes back to the composer with its context, and the error says so', async () => {
    const { host, thread } = withThread();
    thread.failWith = new Error('The agent is not ready yet.');
    const context = [{ kind: 'problems' as const, path: null }];
    await routeWebviewMessage({ type: 'prompt', text: 'fix the build', context }, host);
    await routeWebviewMessage({ type: 'queuePrompt', text: 'then the tests' }, host);
    expect(host.log.filter((line) => line[0] === 'returnDraft')).toEqual([
      ['returnDraft', 'fix the build', context],
      ['returnDraft', 'then the tests', undefined],
    ]);
    expect(host.errors[0]).toMatch(/Your message is back in the message box\.$/);
    // Not for messages that carry no text of the user's.
    await routeWebviewMessage({ type: 'cancel' }, host);
    expect(host.log.filter((line) => line[0] === 'returnDraft')).toHaveLength(2);
  });

  it('new text sent now that failed but waits first in the queue is not given back too (it would go twice)', async () => {
    const { host, thread } = withThread();
    thread.failWith = new KeptInQueueError(
      new Error('the agent did not add it to its running turn (Method not found)'),
    );
    await routeWebviewMessage({ type: 'sendNow', text: 'also the tests' }, host);
    expect(host.log.filter((line) => line[0] === 'returnDraft')).toEqual([]);
    expect(host.errors[0]).toContain('could not send the message now: the agent did not add it to its running turn');
    expect(host.errors[0]).not.toContain('back in the message box');
    // Not queued at all (a full queue): it goes back.
    thread.failWith = new QueueFullError(20);
    await routeWebviewMessage({ type: 'sendNow', text: 'one too many' }, host);
    expect(host.log.filter((line) => line[0] === 'returnDraft')).toEqual([['returnDraft', 'one too many', undefined]]);
  });

  it("Stop on a subagent card reaches the chat it names; the chat's refusal is shown, saying why", async () => {
    const { host, thread } = withThread();
    await routeWebviewMessage({ type: 'cancelSubagent', sessionId: 'child-1' }, host);
    expect(thread.calls).toEqual([['cancelSubagent', 'child-1']]);
    thread.failWith = new Error('the agent does not let this subagent be cancelled');
    await routeWebviewMessage({ type: 'cancelSubagent', sessionId: 'child-3' }, host);
    expect(host.errors).toEqual([
      'Switchboard could not stop the subagent: the agent does not let this subagent be cancelled.',
    ]);
    await routeWebviewMessage({ type: 'cancelSubagent' }, host);
    expect(host.invalid).toHaveLength(1);
  });

  it('reports malformed messages instead of acting on them', async () => {
    const { host, thread } = withThread();
    await routeWebviewMessage({ type: 'prompt', text: 5 }, host);
    await routeWebviewMessage({ type: 'exec' }, host);
    expect(host.invalid).toHaveLength(2);
    expect(thread.calls).toEqual([]);
  });
});
