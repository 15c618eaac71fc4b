import { beforeEach, describe, expect, it } from 'vitest';
import { BATCH_INTERVAL_MS, TAKEN_TIMEOUT_MS, WebviewMirror } from '../../../src/chat/webviewMirror';
import type { Schedule } from '../../../src/chat/schedule';
import type { HostToWebview } from '../../../src/shared/messages';
import type { ThreadAction } from '../../../src/shared/actions';
import { FakeThread } from './fakeThread';
import { reduce } from '../../../src/shared/reduce';

/** A manual clock: scheduled callbacks run only when the test ticks. */
class ManualSchedule {
  private queue: Array<() => void> = [];
  readonly schedule: Schedule = (callback) => {
    this.queue.push(callback);
    return () => {
      this.queue = this.queue.filter((queued) => queued !== callback);
    };
  };
  tick(): void {
    const due = this.queue;
    this.queue = [];
    for (const callback of due) callback();
  }
  get pending(): number {
    return this.queue.length;
  }
}

const chunk = (text: string): ThreadAction => ({
  type: 'sessionUpdate',
  update: { sessionUpdate: 'agent_message_chunk', content: { type: 'text', text } },
});

describe('WebviewMirror', () => {
  let posted: HostToWebview[];
  let clock: ManualSchedule;
  let mirror: WebviewMirror;
  let thread: FakeThread;

  beforeEach(() => {
    posted = [];
    clock = new ManualSchedule();
    mirror = new WebviewMirror(
      (message) => posted.push(message),
      () => ({
        agents: [{ id: 'demo', displayName: 'Demo', isDemo: true, commandLine: 'node demo.js' }],
        defaultAgentId: 'demo',
      }),
      clock.schedule,
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
    // The mirror batches; it does not merge (the thread's ingest stage did: session/updates/chunkIngest.ts).
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
    expect(clock.pending).toBe(0);
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
  it('posts the first batch after a quiet spell at once, then at most one per interval', () => {
    const delays: number[] = [];
    const runs: Array<() => void> = [];
    let now = 1000;
    const mirror = new WebviewMirror(
      () => undefined,
      () => ({ agents: [], defaultAgentId: '' }),
      (callback, ms) => {
        delays.push(ms);
        runs.push(callback);
        return () => undefined;
      },
      () => undefined,
      () => now,
    );
    const thread = new FakeThread('t1');
    mirror.setThread(thread);
    mirror.sendSnapshot();
    const chunk: ThreadAction = {
      type: 'sessionUpdate',
      update: { sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: 'a' } },
    };
    thread.emit(chunk);
    runs.shift()!();
    mirror.taken(1);
    now += 5;
    thread.emit(chunk);
    runs.shift()!();
    mirror.taken(2);
    now += 100;
    thread.emit(chunk);
    expect(delays).toEqual([0, BATCH_INTERVAL_MS - 5, 0]);
  });

  it('posts the next batch only once the webview took the last one, or after the timeout', () => {
    const posted: HostToWebview[] = [];
    const timers: Array<{ ms: number; run: () => void; cancelled: boolean }> = [];
    let now = 1000;
    const mirror = new WebviewMirror(
      (message) => void posted.push(message),
      () => ({ agents: [], defaultAgentId: '' }),
      (run, ms) => {
        const timer = { ms, run, cancelled: false };
        timers.push(timer);
        return () => void (timer.cancelled = true);
      },
      () => undefined,
      () => now,
    );
    const thread = new FakeThread('t1');
    mirror.setThread(thread);
    mirror.sendSnapshot();
    const batches = () => posted.filter((m) => m.type === 'actions').map((m) => m.type === 'actions' && m.firstSeq);
    const chunk: ThreadAction = {
      type: 'sessionUpdate',
      update: { sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: 'a' } },
    };
    const fire = () => {
      const timer = timers.find((t) => !t.cancelled && t.run !== undefined)!;
      timers.splice(timers.indexOf(timer), 1);
      timer.run();
    };

    thread.emit(chunk); // seq 1
    fire();
    expect(batches()).toEqual([1]);
    now += 20;
    thread.emit(chunk); // seq 2: batch 1 not taken yet, so it waits up to the timeout
    thread.emit(chunk); // seq 3 joins it
    expect(timers.at(-1)!.ms).toBe(TAKEN_TIMEOUT_MS - 20);
    mirror.taken(0); // an older seq releases nothing
    expect(timers.filter((t) => !t.cancelled)).toHaveLength(1);
    mirror.taken(1); // taken: the waiting batch goes out now (the interval has passed)
    expect(timers.filter((t) => !t.cancelled).map((t) => t.ms)).toEqual([0]);
    fire();
    expect(batches()).toEqual([1, 2]);
    expect(posted.at(-1)).toMatchObject({ type: 'actions', firstSeq: 2, actions: [chunk, chunk] });

    // Never taken (the answer was lost): the next batch still goes out after the timeout.
    now += 5;
    thread.emit(chunk); // seq 4
    expect(timers.filter((t) => !t.cancelled).map((t) => t.ms)).toEqual([TAKEN_TIMEOUT_MS - 5]);
    now += TAKEN_TIMEOUT_MS;
    fire();
    expect(batches()).toEqual([1, 2, 4]);

    // A snapshot carries everything: nothing is waited for after it.
    mirror.sendSnapshot();
    now += 1;
    thread.emit(chunk);
    expect(timers.filter((t) => !t.cancelled).map((t) => t.ms)).toEqual([BATCH_INTERVAL_MS - 1]);
  });
});
