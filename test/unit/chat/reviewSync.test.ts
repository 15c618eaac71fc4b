// Review per chat session: which thread's turns changed a file, Keep All / Undo All of one session,
// and the review state the host sends to the chat (ReviewSync).
import { describe, expect, it } from 'vitest';
import {
  changedByThread,
  emptyReview,
  findFile,
  keepAll,
  parseReview,
  pendingFiles,
  recordAgentChange,
  recordTurnThread,
  undoAll,
  type ReviewState,
} from '../../../src/review/reviewModel';
import { ReviewSync, shownPaths, type ReviewSource } from '../../../src/chat/reviewSync';
import type { Schedule } from '../../../src/chat/schedule';
import type { ReviewFileState } from '../../../src/shared/thread';
import { reduce } from '../../../src/shared/reduce';
import type { ThreadAction } from '../../../src/shared/actions';
import { fileWritten, update } from '../shared/helpers';
import { FakeThread } from './fakeThread';

/** Turn 1 by thread A changes a.ts, turn 2 by thread B changes b.ts, turn 3 by A changes c.ts. */
function twoSessions(): ReviewState {
  let state = emptyReview();
  const turns: [number, string, string][] = [
    [1, 'A', '/ws/a.ts'],
    [2, 'B', '/ws/b.ts'],
    [3, 'A', '/ws/c.ts'],
  ];
  for (const [turn, thread, path] of turns) {
    state = recordTurnThread(state, turn, thread);
    state = recordAgentChange(state, { path, before: 'old\n', after: `new ${turn}\n`, turn });
  }
  return state;
}

describe('review per session', () => {
  it('attributes each file to the session whose turn changed it', () => {
    const state = twoSessions();
    const of = (thread: string) =>
      state.files.filter((file) => changedByThread(state, file, thread)).map((file) => file.path);
    expect(of('A')).toEqual(['/ws/a.ts', '/ws/c.ts']);
    expect(of('B')).toEqual(['/ws/b.ts']);
    expect(of('C')).toEqual([]);
  });

  it('Keep All and Undo All of one session leave the other session pending', () => {
    const state = twoSessions();
    const kept = keepAll(state, (file) => changedByThread(state, file, 'A'));
    expect(pendingFiles(kept).map((file) => file.path)).toEqual(['/ws/b.ts']);
    expect(findFile(kept, '/ws/a.ts')?.resolution).toBe('kept');

    const undone = undoAll(state, (file) => changedByThread(state, file, 'B'));
    expect(undone.writes).toEqual([{ path: '/ws/b.ts', text: 'old\n' }]);
    expect(pendingFiles(undone.state).map((file) => file.path)).toEqual(['/ws/a.ts', '/ws/c.ts']);
  });

  it('forgets turns no file names any more, and survives a reload', () => {
    let state = recordTurnThread(emptyReview(), 1, 'A');
    state = recordTurnThread(state, 2, 'B'); // turn 1 changed nothing: dropped
    expect(state.turnThreads).toEqual({ 2: 'B' });
    // A turn still running is kept though it changed nothing yet (two chats at work at once).
    state = recordTurnThread(state, 3, 'C', [2, 3]);
    expect(state.turnThreads).toEqual({ 2: 'B', 3: 'C' });
    const full = twoSessions();
    expect(parseReview(JSON.parse(JSON.stringify(full)))).toEqual(full);
    expect(parseReview({ ...full, turnThreads: { 1: 42 } }).turnThreads).toBeUndefined();
  });
});

class ManualSchedule {
  queue: (() => void)[] = [];
  readonly schedule: Schedule = (callback) => {
    this.queue.push(callback);
    return () => (this.queue = this.queue.filter((queued) => queued !== callback));
  };
  tick(): void {
    for (const callback of this.queue.splice(0)) callback();
  }
}

function fakeSource(states: Record<string, ReviewFileState>, pending = 0) {
  const listeners = new Set<() => void>();
  const source: ReviewSource & { change(): void; states: Record<string, ReviewFileState>; pending: number } = {
    states,
    pending,
    files: (paths) => paths.filter((path) => path in source.states).map((path) => source.states[path]!),
    sessionPending: () => source.pending,
    onDidChange: (listener) => {
      listeners.add(listener);
      return { dispose: () => listeners.delete(listener) };
    },
    change: () => listeners.forEach((listener) => listener()),
  };
  return source;
}

const write: ThreadAction = fileWritten('/ws/a.ts', 'old\n', 'new\n');
const proposed: ThreadAction = update({
  sessionUpdate: 'tool_call',
  toolCallId: 'c2',
  title: 'Edit',
  kind: 'edit',
  status: 'pending',
  content: [{ type: 'diff', path: '/ws/b.ts', oldText: 'x', newText: 'y' }],
});

describe('ReviewSync', () => {
  function setup() {
    const clock = new ManualSchedule();
    const source = fakeSource(
      { '/ws/a.ts': { path: '/ws/a.ts', status: 'pending', added: 1, removed: 1, hunks: 1, conflicts: 0 } },
      1,
    );
    const thread = new FakeThread('t1');
    const tool: ThreadAction = {
      type: 'sessionUpdate',
      update: { sessionUpdate: 'tool_call', toolCallId: 'c1', title: 'Edit', kind: 'edit', status: 'in_progress' },
    };
    thread.state = [tool, write].reduce(reduce, thread.state);
    const sent: ThreadAction[] = [];
    thread.onEvent(({ action }) => {
      if (action.type === 'reviewChanged') sent.push(action);
    });
    const sync = new ReviewSync(source, clock.schedule);
    return { sent, clock, source, thread, sync };
  }

  it('lists the diff and write paths the thread shows', () => {
    const { thread } = setup();
    expect(shownPaths(thread.state)).toEqual(['/ws/a.ts']);
    expect(shownPaths([proposed].reduce(reduce, thread.state))).toEqual(['/ws/a.ts', '/ws/b.ts']);
  });

  it("lists the paths a subagent session's cards show too", () => {
    const { thread } = setup();
    const inChild = (action: ThreadAction): ThreadAction => ({ type: 'subagent', sessionId: 'c', action });
    const announce: ThreadAction = {
      type: 'sessionUpdate',
      update: { sessionUpdate: 'subagent_update', sessionId: 'c' },
    };
    expect(shownPaths([announce, inChild(proposed)].reduce(reduce, thread.state))).toEqual(['/ws/a.ts', '/ws/b.ts']);
  });

  it('folds the shown files’ review into the thread when it is shown, then coalesced changes', () => {
    const { sent, clock, source, thread, sync } = setup();
    sync.setThread(thread);
    expect(sent).toEqual([
      { type: 'reviewChanged', review: { files: [source.states['/ws/a.ts']], sessionPending: 1 } },
    ]);
    expect(thread.state.review?.sessionPending).toBe(1);

    source.states['/ws/a.ts'] = { ...source.states['/ws/a.ts']!, status: 'kept', hunks: 0 };
    source.pending = 0;
    source.change();
    source.change();
    expect(sent).toHaveLength(1);
    clock.tick();
    expect(sent).toHaveLength(2);
    expect(sent[1]).toMatchObject({ review: { files: [{ status: 'kept' }], sessionPending: 0 } });

    // Nothing new: nothing sent, not even when the chat is shown again.
    source.change();
    clock.tick();
    sync.setThread(undefined);
    sync.setThread(thread);
    expect(sent).toHaveLength(2);
  });

  it('sends when the chat shows a diff of a file already under review; a chat no longer shown gets nothing', () => {
    const { sent, clock, source, thread, sync } = setup();
    sync.setThread(thread);
    source.states['/ws/b.ts'] = { path: '/ws/b.ts', status: 'pending', added: 1, removed: 0, hunks: 1, conflicts: 0 };
    thread.state = reduce(thread.state, proposed);
    thread.emit(proposed);
    clock.tick();
    expect(sent.at(-1)).toMatchObject({ review: { files: [{ path: '/ws/a.ts' }, { path: '/ws/b.ts' }] } });

    sync.setThread(undefined);
    source.pending = 5;
    source.change();
    clock.tick();
    expect(sent).toHaveLength(2);
  });

  it('a chat that shows no file under review gets no review state', () => {
    const clock = new ManualSchedule();
    const thread = new FakeThread('t2');
    const sync = new ReviewSync(fakeSource({}, 0), clock.schedule);
    sync.setThread(thread);
    expect(thread.state.review).toBeUndefined();
  });
});
