// A post the webview cannot take is never swallowed: it is logged and answered with a snapshot,
// so later actions keep arriving; a snapshot that fails too stops the retries (no loop).
import { describe, expect, it } from 'vitest';
import { MAX_RECOVERIES, WebviewMirror } from '../../../src/chat/webviewMirror';
import { ManualClock } from './manualClock';
import type { HostToWebview } from '../../../src/shared/messages';
import type { ThreadAction } from '../../../src/shared/actions';
import { FakeThread } from './fakeThread';

/** Runs scheduled batches when the test calls tick(). */
let clock = new ManualClock();
const tick = (): void => clock.tick();
const chunk = (text: string): ThreadAction => ({
  type: 'sessionUpdate',
  update: { sessionUpdate: 'agent_message_chunk', content: { type: 'text', text } },
});

function setup(shouldThrow: (message: HostToWebview) => boolean) {
  clock = new ManualClock();
  const posted: HostToWebview[] = [];
  const log: string[] = [];
  const mirror = new WebviewMirror(
    (message) => {
      if (shouldThrow(message)) throw new Error('could not clone the message');
      posted.push(message);
    },
    () => ({ agents: [], defaultAgentId: '' }),
    clock.schedule,
    (line) => log.push(line),
    clock.now,
  );
  const thread = new FakeThread('t');
  mirror.setThread(thread);
  mirror.sendSnapshot();
  return { mirror, thread, posted, log };
}

describe('WebviewMirror post failures', () => {
  it('a post that throws is logged and followed by a snapshot; later actions are posted as usual', () => {
    const t = setup((message) => message.type === 'actions' && JSON.stringify(message).includes('poison'));
    t.thread.emit(chunk('poison'));
    tick();
    t.thread.emit(chunk('fine'));
    tick();
    expect(t.log).toEqual([
      '[switchboard] could not post a "actions" message to the chat webview (could not clone the message); sending a snapshot instead',
    ]);
    expect(t.posted.map((m) => m.type)).toEqual(['snapshot', 'snapshot', 'actions']);
    expect(t.posted[1]).toMatchObject({ type: 'snapshot', seq: 1 });
    expect(t.posted[2]).toMatchObject({ type: 'actions', firstSeq: 2 });
  });

  it('an asynchronous failure (a rejected postMessage) resyncs the same way', () => {
    const t = setup(() => false);
    t.thread.emit(chunk('a'));
    tick();
    t.mirror.postFailed(new Error('DataCloneError'), { type: 'actions' });
    expect(t.posted.map((m) => m.type)).toEqual(['snapshot', 'actions', 'snapshot']);
    expect(t.log[0]).toMatch(/DataCloneError/);
  });

  it('when the snapshot fails too, it stops after a few tries, says so, and tries again when the webview asks', () => {
    let failing = false;
    const t = setup(() => failing);
    failing = true;
    t.thread.emit(chunk('x'));
    tick();
    // The failed batch and MAX_RECOVERIES snapshots: each logged, then one line that it gave up.
    expect(t.log).toHaveLength(MAX_RECOVERIES + 1);
    expect(t.log.at(-1)).toMatch(/could not post to the chat webview 3 times in a row/);
    t.thread.emit(chunk('y'));
    tick();
    expect(t.log).toHaveLength(MAX_RECOVERIES + 1);
    failing = false;
    t.mirror.sendSnapshot();
    t.thread.emit(chunk('z'));
    tick();
    expect(t.posted.map((m) => m.type)).toEqual(['snapshot', 'snapshot', 'actions']);
  });
});
