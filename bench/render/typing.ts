// The typing figure (bench/figures/typing.mjs): the shown chat streams markdown while the user types in the
// composer. Runs in chromium with real requestAnimationFrame; the keys are real key events that playwright sends
// through the browser's input pipeline. For each key: from the keydown's timestamp (when the browser received it,
// before any queueing behind the page's tasks) to the animation frame after its `input` event, the frame that
// paints the character (the frame's callbacks run in the order they were asked for: the app's render of the
// chunks that arrived first runs before it, in the same frame, and delays it as it would delay the paint).
import { createChatApp, type ChatApp } from '../../webview/app';
import { agentChunk, emptyThread, markdownAnswer, splitChunks } from './content';

interface Typing {
  app: ChatApp;
  stop(): void;
  latencies: number[];
  /** Keys whose input event came without a keydown before it (none expected). */
  unmatched: number;
  chunks: number;
  /** Long tasks (over 50 ms) seen while typing, their durations. */
  longTasks: number[];
  /** Each key's keydown time and the start of the frame that painted it. */
  paintFrames: Array<[number, number]>;
  /** The start of every frame while typing. */
  frames: number[];
}

let current: Typing | null = null;

/**
 * Mounts the chat, starts the stream (`rate` chunks/s of the render figures' markdown) and the key probes. `rate` 0:
 * no stream, the floor: the frame probe keeps the page's frames running back to back as a stream does, so a key
 * waits for the next frame exactly as it does then, and only what the stream costs is missing.
 */
export async function startTyping(rate: number): Promise<void> {
  const root = document.getElementById('root')!;
  root.replaceChildren();
  const app = createChatApp(root, () => undefined);
  app.receive({ type: 'snapshot', seq: 0, thread: emptyThread(), agents: [], defaultAgentId: '' });
  let seq = 0;
  app.receive({
    type: 'actions',
    firstSeq: ++seq,
    actions: [{ type: 'promptSent', prompt: [{ type: 'text', text: 'stream while I type' }] }],
  });
  await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
  const textarea = root.querySelector<HTMLTextAreaElement>('#composer');
  if (!textarea || textarea.disabled) throw new Error('the composer is missing or disabled');
  textarea.focus();

  const typing: Typing = {
    app,
    stop: () => undefined,
    latencies: [],
    unmatched: 0,
    chunks: 0,
    longTasks: [],
    paintFrames: [],
    frames: [],
  };
  // Every frame's start, to tell a key painted in the first frame after it from one that waited for a later one.
  const everyFrame = (start: number): void => {
    typing.frames.push(start);
    if (current === typing) requestAnimationFrame(everyFrame);
  };
  requestAnimationFrame(everyFrame);
  const keydowns: number[] = [];
  textarea.addEventListener('keydown', (event) => keydowns.push(event.timeStamp), { capture: true });
  textarea.addEventListener('input', () => {
    const down = keydowns.shift();
    if (down === undefined) {
      typing.unmatched++;
      return;
    }
    requestAnimationFrame((frameStart) => {
      typing.latencies.push(performance.now() - down);
      typing.paintFrames.push([down, frameStart]);
    });
  });
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) typing.longTasks.push(entry.duration);
  });
  observer.observe({ type: 'longtask', buffered: false });

  // The stream: paced by the clock (a timer late by a few ms sends what is due at once, as an agent's
  // socket would deliver it), one action per chunk (the host's mirror would batch them: this is harsher).
  const pieces = splitChunks(markdownAnswer(400_000), 40_000);
  const start = performance.now();
  let stopped = false;
  const tick = (): void => {
    if (stopped) return;
    const due = Math.min(pieces.length, Math.floor(((performance.now() - start) * rate) / 1000));
    const actions = [];
    while (typing.chunks < due) actions.push(agentChunk(pieces[typing.chunks++]!));
    if (actions.length > 0) {
      app.receive({ type: 'actions', firstSeq: seq + 1, actions });
      seq += actions.length;
    }
    setTimeout(tick, 1000 / rate);
  };
  if (rate > 0) tick();
  typing.stop = () => {
    stopped = true;
    observer.disconnect();
  };
  current = typing;
}

/** Stops the stream; what was measured. */
export async function stopTyping(): Promise<{
  latencies: number[];
  unmatched: number;
  chunks: number;
  longTasks: number[];
  typed: string;
  /** Keys painted in a later frame than the first that began after their keydown. */
  framesMissed: number;
}> {
  const typing = current;
  if (!typing) throw new Error('startTyping was not called');
  await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
  typing.stop();
  current = null;
  const typed = document.querySelector<HTMLTextAreaElement>('#composer')?.value ?? '';
  const framesMissed = typing.paintFrames.filter(([down, painted]) =>
    typing.frames.some((start) => start > down && start < painted),
  ).length;
  return {
    latencies: typing.latencies,
    unmatched: typing.unmatched,
    chunks: typing.chunks,
    longTasks: typing.longTasks,
    typed,
    framesMissed,
  };
}
