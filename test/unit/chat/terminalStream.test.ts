import { describe, expect, it } from 'vitest';
import type { HostToWebview } from '../../../src/shared/messages';
import { MAX_PENDING_CHARS, TerminalStream } from '../../../src/chat/terminalStream';

function setup(tail = 'TAIL') {
  const posted: HostToWebview[] = [];
  const timers: Array<() => void> = [];
  const stream = new TerminalStream(
    (m) => posted.push(m),
    () => tail,
    (callback) => {
      timers.push(callback);
      return () => timers.splice(timers.indexOf(callback), 1);
    },
    16,
  );
  const frame = () => timers.splice(0).forEach((t) => t());
  return { stream, posted, frame, timers };
}

describe('TerminalStream', () => {
  it('starts an unseen terminal with a replay, then coalesces its output into one message per frame', () => {
    const { stream, posted, frame } = setup();
    stream.push('t1', 'a');
    frame();
    expect(posted).toEqual([{ type: 'terminalOutput', terminalId: 't1', data: 'TAIL', replace: true }]);
    stream.push('t1', 'b');
    stream.push('t1', 'c');
    stream.push('t2', 'x');
    frame();
    expect(posted.slice(1)).toEqual([
      { type: 'terminalOutput', terminalId: 't1', data: 'bc', replace: false },
      { type: 'terminalOutput', terminalId: 't2', data: 'TAIL', replace: true },
    ]);
  });

  it('never queues more than the bound: a flood becomes one replay of the retained tail', () => {
    const { stream, posted, frame } = setup();
    stream.push('t1', '');
    frame();
    posted.length = 0;
    for (let i = 0; i < 100; i++) stream.push('t1', 'y'.repeat(10_000));
    expect(stream.pendingChars).toBeLessThanOrEqual(MAX_PENDING_CHARS);
    frame();
    expect(posted).toEqual([{ type: 'terminalOutput', terminalId: 't1', data: 'TAIL', replace: true }]);
  });

  it('replays every terminal after a snapshot and forgets pending output when dropped', () => {
    const { stream, posted } = setup();
    stream.push('t1', 'pending');
    stream.replayAll(['t1', 't2']);
    expect(posted.map((m) => m.type === 'terminalOutput' && [m.terminalId, m.replace])).toEqual([
      ['t1', true],
      ['t2', true],
    ]);
    expect(stream.pendingChars).toBe(0);
  });
});
