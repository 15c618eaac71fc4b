// Runs inside chromium (bundled to an iife by scripts/bench.mjs): drives the real chat app
// (webview/app.ts, the renderer the extension ships) with a manual frame clock. After every
// flush we force a layout (offsetHeight), because that is part of what a real frame costs.
import type { ThreadAction } from '../../src/shared/actions';
import type { ThreadState } from '../../src/shared/thread';
import { createChatApp, type ChatApp } from '../../webview/app';
import { COLOUR_PENDING } from '../../webview/render/markdown/codeColour';
import { agentChunk, emptyThread, longThread, markdownAnswer, splitChunks } from './content';
import { longChat } from './longChat';
import { longChatStream } from './longChatStream';
import { startTyping, stopTyping } from './typing';

interface Mounted {
  app: ChatApp;
  /** One animation frame after the host sent `actions` as one numbered batch. */
  frame(actions: ThreadAction[]): void;
  /** Animation frames until the app asks for no more (what it let wait is rendered). */
  settle(): void;
}

let forceLayout = true;

/**
 * Mounts the app with a manual frame clock standing in for requestAnimationFrame: the app runs
 * exactly as it does under rAF (including letting what it holds back wait a frame). After every frame
 * we force a layout (offsetHeight), because that is part of what a real frame costs.
 */
function mount(state: ThreadState | null, frameBudgetMs?: number): Mounted {
  const root = document.getElementById('root')!;
  root.replaceChildren();
  let pending: Array<() => void> = [];
  const app = createChatApp(root, () => undefined, {
    requestFrame: (callback) => pending.push(callback),
    frameBudgetMs,
  });
  const tick = () => {
    const run = pending;
    pending = [];
    for (const callback of run) callback();
    if (forceLayout) void document.body.offsetHeight;
  };
  let seq = 0;
  app.receive({ type: 'snapshot', seq: 0, thread: state, agents: [], defaultAgentId: '' });
  tick();
  void document.body.offsetHeight;
  return {
    app,
    frame(actions) {
      app.receive({ type: 'actions', firstSeq: seq + 1, actions });
      seq += actions.length;
      tick();
    },
    settle() {
      while (pending.length > 0) tick();
    },
  };
}

/**
 * Waits for real rendering frames. An entry is `content-visibility: auto` (chat.css): until the
 * browser has rendered a frame with it on screen, it counts as off screen and its contents are
 * not laid out, so a synchronous loop straight after creating it would never pay for layout.
 */
function renderedFrames(): Promise<void> {
  return new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve())));
}

/**
 * Collects the garbage of what ran before, so a timed run pays for its own work only. Each run loads a new
 * page in the same renderer process, and without this a run's collections also swept the runs before it:
 * the one-shot render (one task of about 300 ms) read 264-405 ms over twelve runs (sd 38 ms), 279-319
 * (sd 12) with it, and the stream 65 against 21 ms sd (chromium runs with --expose-gc, chromiumPage.mjs).
 */
function collectGarbage(): void {
  (globalThis as { gc?: () => void }).gc?.();
}

/** Throws unless the streamed entry is laid out (not skipped as off screen): the timing must include layout. */
function assertLaidOut(): void {
  const entries = document.querySelectorAll('.entry.agent');
  const last = entries[entries.length - 1] as (Element & { checkVisibility?: (o: object) => boolean }) | undefined;
  if (!last) throw new Error('no agent entry was rendered');
  if (last.checkVisibility && !last.checkVisibility({ contentVisibilityAuto: true }))
    throw new Error('the streamed entry was skipped by content-visibility: layout was not measured');
}

/**
 * Streams `bytes` of markdown as `chunks` chunks, rendering a frame every `perFrame` chunks. The
 * first chunk creates the message and the browser renders it for real; then the rest is timed.
 * Returns ms.
 */
async function streaming(bytes: number, chunks: number, perFrame: number, layout = true): Promise<number> {
  forceLayout = layout;
  const pieces = splitChunks(markdownAnswer(bytes), chunks).map((text) => agentChunk(text));
  const m = mount(emptyThread());
  m.frame(pieces.slice(0, 1));
  await renderedFrames();
  collectGarbage();
  const t0 = performance.now();
  for (let i = 1; i < pieces.length; i += perFrame) m.frame(pieces.slice(i, i + perFrame));
  m.settle();
  const ms = performance.now() - t0;
  assertLaidOut();
  return ms;
}

/**
 * The same final text rendered at once: the first chunk as above, then all the rest in one frame,
 * without the frame budget (which would spread it over many frames). Returns ms.
 */
async function oneShot(bytes: number, chunks: number): Promise<number> {
  const pieces = splitChunks(markdownAnswer(bytes), chunks);
  const m = mount(emptyThread(), Number.POSITIVE_INFINITY);
  m.frame([agentChunk(pieces[0] ?? '')]);
  await renderedFrames();
  collectGarbage();
  const t0 = performance.now();
  m.frame([agentChunk(pieces.slice(1).join(''))]);
  m.settle();
  const ms = performance.now() - t0;
  assertLaidOut();
  return ms;
}

/**
 * What the browser alone costs for the worst case's visible changes: the same chunks' text put on
 * screen at the same cadence, a chunk a frame, as plain text appended to a paragraph of the same chat
 * page, with the view following the bottom and a layout per frame, but no markdown and none of the
 * app's work. A new paragraph starts every PARAGRAPH_CHARS (about the length of the answer's blocks),
 * in groups of 32, themselves in groups of 32 (a container's layout walks its children: see segments.ts).
 * Returns ms.
 */
async function textFloor(bytes: number, chunks: number): Promise<number> {
  const PARAGRAPH_CHARS = 270;
  const GROUP = 32;
  const pieces = splitChunks(markdownAnswer(bytes), chunks);
  const m = mount(emptyThread());
  m.frame([agentChunk(pieces[0] ?? '')]);
  await renderedFrames();
  const transcript = document.querySelector<HTMLElement>('.transcript');
  const markdown = document.querySelector('.entry.agent .markdown');
  if (!transcript || !markdown) throw new Error('the chat page has no transcript or answer to append to');
  let [outer, inner] = [markdown, markdown];
  let paragraphs = 0;
  let text = document.createTextNode('');
  collectGarbage();
  const t0 = performance.now();
  for (let i = 1; i < pieces.length; i++) {
    if (text.length >= PARAGRAPH_CHARS || i === 1) {
      if (paragraphs % (GROUP * GROUP) === 0) outer = markdown.appendChild(document.createElement('div'));
      if (paragraphs % GROUP === 0) inner = outer.appendChild(document.createElement('div'));
      paragraphs++;
      text = document.createTextNode('');
      inner.appendChild(document.createElement('p')).appendChild(text);
    }
    text.appendData(pieces[i]!);
    transcript.scrollTop = transcript.scrollHeight;
    void document.body.offsetHeight;
  }
  const ms = performance.now() - t0;
  assertLaidOut();
  return ms;
}

/**
 * ms per chunk appended (one frame each) at the end of a thread of `entries` entries: the frames
 * of `chunks` chunks and whatever they let wait, divided by `chunks`.
 */
async function appendCost(entries: number, chunks: number): Promise<number> {
  const m = mount(entries > 0 ? longThread(entries) : emptyThread());
  m.frame([agentChunk('Start of a new answer. ', 'tail')]);
  await renderedFrames();
  collectGarbage();
  const t0 = performance.now();
  for (let i = 0; i < chunks; i++) m.frame([agentChunk(`word${i} `, 'tail')]);
  m.settle();
  const ms = (performance.now() - t0) / chunks;
  assertLaidOut();
  return ms;
}

/** Elements in the document and JS heap after mounting a thread of `entries` entries. */
async function footprint(entries: number): Promise<{ nodes: number; heap: number; entries: number }> {
  const state = entries > 0 ? longThread(entries) : emptyThread();
  mount(state);
  // Let the IntersectionObserver settle (it mounts what is near the viewport).
  await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 50)));
  (globalThis as { gc?: () => void }).gc?.();
  const memory = (performance as unknown as { memory?: { usedJSHeapSize: number } }).memory;
  return {
    nodes: document.getElementsByTagName('*').length,
    heap: memory?.usedJSHeapSize ?? 0,
    entries: state.entries.length,
  };
}

/**
 * The burst as the webview gets it in VS Code, with the real requestAnimationFrame: the host merges
 * the chunks of each read and posts a batch every 16 ms, so `bytes` of markdown arrive as a few
 * large appends (`posts` of them, 16 ms apart). Returns every frame's gap (rAF) until the last text
 * is on screen as markdown, and when that was (ms after the first post).
 */
async function burst(
  bytes: number,
  posts: number,
): Promise<{ gaps: number[]; onScreenMs: number; framesOnScreen: number; colouredMs: number }> {
  forceLayout = false;
  const pieces = splitChunks(markdownAnswer(bytes), posts);
  const root = document.getElementById('root')!;
  root.replaceChildren();
  const app = createChatApp(root, () => undefined);
  app.receive({ type: 'snapshot', seq: 0, thread: emptyThread(), agents: [], defaultAgentId: '' });
  await renderedFrames();
  collectGarbage();
  const gaps: number[] = [];
  let last = performance.now();
  let done = false;
  const tick = (t: number): void => {
    gaps.push(t - last);
    last = t;
    if (!done) requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
  const t0 = performance.now();
  let seq = 0;
  for (const piece of pieces) {
    app.receive({ type: 'actions', firstSeq: ++seq, actions: [agentChunk(piece)] });
    await new Promise((resolve) => setTimeout(resolve, 16));
  }
  // All of it is markdown once no text is left queued as plain text (webview/render/markdown/markdown.ts).
  while (root.querySelector('.entry.agent .md-pending')) await new Promise((resolve) => setTimeout(resolve, 5));
  const onScreenMs = performance.now() - t0;
  const framesOnScreen = gaps.length;
  // Code blocks the burst left plain are coloured in the frames after it (codeColour.ts): their
  // frames count too.
  while (root.querySelector(`.entry.agent code.${COLOUR_PENDING}`))
    await new Promise((resolve) => setTimeout(resolve, 5));
  const colouredMs = performance.now() - t0;
  done = true;
  return { gaps, onScreenMs, framesOnScreen, colouredMs };
}

/**
 * A chat brought back after a reload: from the snapshot of a restored thread of `entries` entries
 * reaching the webview to the first frame painted with it (the app renders in the next animation frame; the
 * frame after that starts once it was painted). Real requestAnimationFrame, layout and paint included.
 */
async function firstPaint(entries: number): Promise<number> {
  forceLayout = false;
  const state = longThread(entries);
  const root = document.getElementById('root')!;
  root.replaceChildren();
  const app = createChatApp(root, () => undefined);
  await renderedFrames();
  collectGarbage();
  const t0 = performance.now();
  app.receive({ type: 'snapshot', seq: 0, thread: state, agents: [], defaultAgentId: '' });
  await renderedFrames();
  const ms = performance.now() - t0;
  if (!root.querySelector('.entry')) throw new Error('the restored chat shows no entry after its first frame');
  return ms;
}

(globalThis as Record<string, unknown>).switchboardBench = {
  streaming,
  textFloor,
  oneShot,
  appendCost,
  footprint,
  burst,
  firstPaint,
  longChat,
  longChatStream,
  startTyping,
  stopTyping,
};
