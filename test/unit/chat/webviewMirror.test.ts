import { beforeEach, describe, expect, it } from 'vitest';
import { WebviewMirror } from '../../../src/chat/webviewMirror';
import { BATCH_INTERVAL_MS, MAX_WAIT_MS, TAKEN_TIMEOUT_MS } from '../../../src/chat/batchPacer';
import { ManualClock } from './manualClock';
import type { HostToWebview } from '../../../src/shared/messages';
import type { ThreadAction } from '../../../src/shared/actions';
import { FakeThread } from './fakeThread';
import { reduce } from '../../../src/shared/reduce';

const chunk = (text: string): ThreadAction => ({
  type: 'sessionUpdate',
  update: { sessionUpdate: 'agent_message_chunk', content: { type: 'text', text } },
});

describe('WebviewMirror', () => {
  let posted: HostToWebview[];
  let clock: ManualClock;
  let mirror: WebviewMirror;
  let thread: FakeThread;

  beforeEach(() => {
    posted = [];
    clock = new ManualClock();
    mirror = new WebviewMirror(
      (message) => posted.push(message),
      () => ({
        agents: [{ id: 'demo', displayName: 'Demo', isDemo: true, commandLine: 'node demo.js' }],
        defaultAgentId: 'demo',
      }),
      clock.schedule,
      () => undefined,
      clock.now,
    );
    thread = new FakeThread('t1');
  });

  it('posts nothing before ready, then one snapshot', () => {
    mirror.setThread(thread);
    thread.emit(chunk('a'));
    clock.tick();
    expect(posted).toEqual([]);

    mirror.sendSnapshot();
    expect(posted).toHaveLength(1);
    expect(posted[0]).toMatchObject({ type: 'snapshot', seq: 1, thread: thread.state, defaultAgentId: 'demo' });
  });

  it('coalesces the actions of one tick into a single numbered batch', () => {
    mirror.setThread(thread);
    mirror.sendSnapshot();
    posted = [];
    thread.emit(chunk('a'));
    thread.emit(chunk('b'));
    thread.emit(chunk('c'));
    expect(posted).toEqual([]);
    expect(clock.pending).toBe(1);
    clock.tick();
    // The mirror batches; it does not merge (the thread's ingest stage did: shared/chunkRun.ts).
    expect(posted).toEqual([{ type: 'actions', firstSeq: 1, actions: [chunk('a'), chunk('b'), chunk('c')] }]);

    thread.emit(chunk('d'));
    clock.tick();
    expect(posted[1]).toEqual({ type: 'actions', firstSeq: 4, actions: [chunk('d')] });
  });

  it('keeps actions in order, numbered as they were', () => {
    mirror.setThread(thread);
    mirror.sendSnapshot();
    posted = [];
    const turnEnd: ThreadAction = { type: 'turnEnded', stopReason: 'end_turn' };
    for (const action of [chunk('a'), chunk('b'), turnEnd, chunk('c')]) thread.emit(action);
    clock.tick();
    expect(posted).toEqual([{ type: 'actions', firstSeq: 1, actions: [chunk('a'), chunk('b'), turnEnd, chunk('c')] }]);
  });

  it('drops actions the snapshot already contains', () => {
    mirror.setThread(thread);
    mirror.sendSnapshot();
    thread.emit(chunk('a'));
    // A resync arrives before the tick: the new snapshot (seq 1) includes 'a'.
    mirror.sendSnapshot();
    clock.tick();
    expect(posted.map((message) => message.type)).toEqual(['snapshot', 'snapshot']);
    thread.emit(chunk('b'));
    clock.tick();
    expect(posted[2]).toEqual({ type: 'actions', firstSeq: 2, actions: [chunk('b')] });
  });

  it('stops posting while hidden and resumes with a snapshot on the next ready', () => {
    mirror.setThread(thread);
    mirror.sendSnapshot();
    thread.emit(chunk('a'));
    mirror.pause();
    clock.tick();
    thread.emit(chunk('b'));
    clock.tick();
    expect(posted.map((message) => message.type)).toEqual(['snapshot']);

    mirror.sendSnapshot();
    expect(posted[1]).toMatchObject({ type: 'snapshot', seq: 2 });
  });

  it('switches threads: a snapshot of the new one, nothing more from the old one', () => {
    mirror.setThread(thread);
    mirror.sendSnapshot();
    const next = new FakeThread('t2');
    mirror.setThread(next);
    expect(posted[1]).toMatchObject({ type: 'snapshot', seq: 0, thread: next.state });
    expect(thread.listenerCount).toBe(0);
    thread.emit(chunk('old'));
    next.emit(chunk('new'));
    clock.tick();
    expect(posted[2]).toEqual({ type: 'actions', firstSeq: 1, actions: [chunk('new')] });
  });

  it('sends a null thread when there is no chat yet', () => {
    mirror.sendSnapshot();
    expect(posted[0]).toMatchObject({ type: 'snapshot', seq: 0, thread: null });
  });

  it('drops a focus asked for before the webview was ready when the view is hidden again', () => {
    mirror.focusComposer();
    mirror.pause();
    mirror.dropFocusRequest();
    mirror.sendSnapshot();
    expect(posted.map((message) => message.type)).toEqual(['snapshot']);
  });

  it('defers focusComposer until the webview is ready', () => {
    mirror.focusComposer();
    expect(posted).toEqual([]);
    mirror.sendSnapshot();
    expect(posted.map((message) => message.type)).toEqual(['snapshot', 'focusComposer']);
    mirror.focusComposer();
    expect(posted.map((message) => message.type)).toEqual(['snapshot', 'focusComposer', 'focusComposer']);
  });

  it('tells the webview once when the focus went elsewhere after a focusComposer it has', () => {
    mirror.focusElsewhere(); // no request: nothing to say
    mirror.sendSnapshot();
    mirror.focusComposer();
    mirror.focusElsewhere();
    mirror.focusElsewhere(); // a click, then typing: one message
    expect(posted.map((message) => message.type)).toEqual(['snapshot', 'focusComposer', 'focusElsewhere']);
  });

  it('keeps a focus asked for while the view loads: VS Code focuses the loaded view, and the composer takes it', () => {
    mirror.focusComposer(); // before ready: waits for the snapshot
    mirror.focusElsewhere(); // a click into an editor while the view loads
    mirror.sendSnapshot();
    expect(posted.map((message) => message.type)).toEqual(['snapshot', 'focusComposer']);
  });

  it('posts focusElsewhere ahead of a batch still waiting for its interval', () => {
    mirror.setThread(thread);
    mirror.sendSnapshot();
    mirror.focusComposer();
    thread.emit(chunk('a'));
    clock.tick();
    thread.emit(chunk('b')); // waits: the first batch is not taken yet
    mirror.focusElsewhere();
    expect(posted.map((message) => message.type)).toEqual(['snapshot', 'focusComposer', 'actions', 'focusElsewhere']);
  });

  it("posts a change of the agent's connection at once, with what waited before it, not held by flow control", () => {
    // A new chat's composer is enabled by the agent becoming ready: that must not wait for the webview to
    // answer `taken` for the batch before (a round trip through code-server's channel, 15-30 ms).
    mirror.setThread(thread);
    mirror.sendSnapshot();
    thread.emit({ type: 'connection', state: { kind: 'starting' } });
    clock.tick();
    expect(posted.filter((m) => m.type === 'actions')).toHaveLength(1);
    thread.emit(chunk('a'));
    thread.emit({ type: 'connection', state: { kind: 'ready' } });
    const batches = posted.filter((m) => m.type === 'actions');
    expect(batches).toHaveLength(2);
    expect(batches[1]).toMatchObject({ firstSeq: 2, actions: [chunk('a'), { type: 'connection' }] });
    // What was armed for 'a' finds nothing waiting.
    clock.tick();
    expect(posted.filter((m) => m.type === 'actions')).toHaveLength(2);
  });

  it("replays the retained output of the chat's terminals and its subagent sessions' with a snapshot", () => {
    const terminal = { commandLine: 'ls', cwd: '/w', mode: 'pipes' as const };
    const actions: ThreadAction[] = [
      { type: 'terminalCreated', terminal: { terminalId: 'terminal-1', ...terminal } },
      { type: 'sessionUpdate', update: { sessionUpdate: 'subagent_update', sessionId: 'c' } },
      {
        type: 'subagent',
        sessionId: 'c',
        action: { type: 'terminalCreated', terminal: { terminalId: 'subagent1-terminal-1', ...terminal } },
      },
    ];
    thread.state = actions.reduce(reduce, thread.state);
    thread.replays.set('terminal-1', 'chat output');
    thread.replays.set('subagent1-terminal-1', 'child output');
    mirror.setThread(thread);
    mirror.sendSnapshot();
    expect(posted.filter((message) => message.type === 'terminalOutput')).toEqual([
      { type: 'terminalOutput', terminalId: 'terminal-1', data: 'chat output', replace: true },
      { type: 'terminalOutput', terminalId: 'subagent1-terminal-1', data: 'child output', replace: true },
    ]);
  });

  it('posts agent list changes only when ready', () => {
    mirror.agentsChanged();
    expect(posted).toEqual([]);
    mirror.sendSnapshot();
    mirror.agentsChanged();
    expect(posted[1]).toMatchObject({ type: 'agents', defaultAgentId: 'demo' });
  });
});

describe('WebviewMirror batch timing', () => {
  let clock: ManualClock;
  let posts: Array<{ at: number; firstSeq: number; count: number }>;
  let mirror: WebviewMirror;
  let thread: FakeThread;
  const emit = (text: string) => thread.emit(chunk(text));

  beforeEach(() => {
    clock = new ManualClock();
    posts = [];
    mirror = new WebviewMirror(
      (message) => {
        if (message.type === 'actions')
          posts.push({ at: clock.now(), firstSeq: message.firstSeq, count: message.actions.length });
      },
      () => ({ agents: [], defaultAgentId: '' }),
      clock.schedule,
      () => undefined,
      clock.now,
    );
    thread = new FakeThread('t1');
    mirror.setThread(thread);
    mirror.sendSnapshot();
  });

  it('posts the first batch after a quiet spell in the same turn; an early action waits for a later one, or two frames', () => {
    emit('a');
    clock.advance(0);
    expect(posts).toEqual([{ at: 1000, firstSeq: 1, count: 1 }]);
    mirror.taken(1);

    // 5 ms after the last batch: too early. Nothing follows it, so it goes out two frames after it came.
    clock.advance(5);
    emit('b');
    clock.advance(BATCH_INTERVAL_MS);
    expect(posts).toHaveLength(1);
    clock.advance(MAX_WAIT_MS - BATCH_INTERVAL_MS);
    expect(posts[1]).toEqual({ at: 1005 + MAX_WAIT_MS, firstSeq: 2, count: 1 });
    mirror.taken(2);

    // Early again, and an action once the interval passed takes it along, in that action's turn.
    const last = posts[1]!.at;
    clock.advance(5);
    emit('c');
    clock.advance(BATCH_INTERVAL_MS - 5);
    emit('d');
    clock.advance(0);
    expect(posts[2]).toEqual({ at: last + BATCH_INTERVAL_MS, firstSeq: 3, count: 2 });
    // The fallback armed for 'c' finds nothing waiting when it fires.
    clock.advance(MAX_WAIT_MS);
    expect(posts).toHaveLength(3);
  });

  it('posts a stream of 100 chunks/s at most once per interval, each chunk within two frames, with few timers', () => {
    // The webview takes each batch 3 ms after it was posted.
    mirror.dispose();
    mirror = new WebviewMirror(
      (message) => {
        if (message.type !== 'actions') return;
        posts.push({ at: clock.now(), firstSeq: message.firstSeq, count: message.actions.length });
        const last = message.firstSeq + message.actions.length - 1;
        clock.later(3, () => mirror.taken(last));
      },
      () => ({ agents: [], defaultAgentId: '' }),
      clock.schedule,
      () => undefined,
      clock.now,
    );
    mirror.setThread(thread);
    mirror.sendSnapshot();
    const arrived: number[] = [];
    for (let i = 1; i <= 100; i++) {
      clock.advance(10);
      arrived[i] = clock.now();
      emit(String(i));
    }
    clock.advance(TAKEN_TIMEOUT_MS);
    const seqs = posts.flatMap((post) => Array.from({ length: post.count }, (_, i) => post.firstSeq + i));
    expect(seqs).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
    for (let i = 1; i < posts.length; i++)
      expect(posts[i]!.at - posts[i - 1]!.at).toBeGreaterThanOrEqual(BATCH_INTERVAL_MS);
    for (const post of posts)
      for (let seq = post.firstSeq; seq < post.firstSeq + post.count; seq++)
        expect(post.at - arrived[seq]!).toBeLessThanOrEqual(MAX_WAIT_MS);
    // A batch every 20 ms (every other chunk finds it due); a timer fires about once per two batches, where a timer
    // at the moment each batch was due fired once per batch.
    expect(posts.length).toBeGreaterThanOrEqual(50);
    expect(posts.length).toBeLessThanOrEqual(51);
    expect(clock.timersFired).toBeLessThanOrEqual(posts.length / 2);
  });

  it('posts the next batch only once the webview took the last one, or after the timeout', () => {
    emit('1');
    clock.advance(0);
    expect(posts.map((p) => p.firstSeq)).toEqual([1]);

    clock.advance(20);
    emit('2'); // batch 1 not taken yet: it waits for the answer, at most until the timeout
    emit('3');
    mirror.taken(0); // an older seq releases nothing
    clock.advance(0);
    expect(posts).toHaveLength(1);
    mirror.taken(1); // taken, and the interval has passed: the batch goes out in this turn
    clock.advance(0);
    expect(posts[1]).toEqual({ at: 1020, firstSeq: 2, count: 2 });

    // Never taken (the answer was lost): the next batch still goes out at the timeout.
    clock.advance(5);
    emit('4');
    clock.advance(TAKEN_TIMEOUT_MS - 6);
    expect(posts).toHaveLength(2);
    clock.advance(1);
    expect(posts[2]).toEqual({ at: 1020 + TAKEN_TIMEOUT_MS, firstSeq: 4, count: 1 });

    // A snapshot carries everything: no answer is waited for after it, only the interval.
    mirror.sendSnapshot();
    clock.advance(BATCH_INTERVAL_MS);
    emit('5');
    clock.advance(0);
    expect(posts[3]).toEqual({ at: 1020 + TAKEN_TIMEOUT_MS + BATCH_INTERVAL_MS, firstSeq: 5, count: 1 });
  });

  it('leaves no timer behind when the view goes away', () => {
    emit('a');
    clock.advance(0);
    emit('b');
    expect(clock.pending).toBe(1);
    mirror.pause();
    expect(clock.pending).toBe(0);
    clock.advance(TAKEN_TIMEOUT_MS);
    expect(posts).toHaveLength(1);
  });
});
