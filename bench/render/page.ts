// Runs inside chromium (bundled to an iife by scripts/bench.mjs): drives the real chat app
// (webview/app.ts, the renderer the extension ships) with a manual frame clock. After every
// flush we force a layout (offsetHeight), because that is part of what a real frame costs.
import type { HostToWebview } from '../../src/shared/messages';
import type { ThreadAction } from '../../src/shared/actions';
import type { ThreadState } from '../../src/shared/thread';
import { createChatApp, type ChatApp } from '../../webview/app';
import { agentChunk, emptyThread, longThread, markdownAnswer, splitChunks } from './content';

interface Mounted {
  app: ChatApp;
  /** Sends actions as one numbered batch and renders the frame. */
  frame(actions: ThreadAction[]): void;
}

let forceLayout = true;

function mount(state: ThreadState | null): Mounted {
  const root = document.getElementById('root')!;
  root.replaceChildren();
  const app = createChatApp(root, () => undefined, { requestFrame: () => undefined });
  let seq = 0;
  const receive = (msg: HostToWebview) => app.receive(msg);
  receive({ type: 'snapshot', seq: 0, thread: state, agents: [], defaultAgentId: '' });
  app.flush();
  void document.body.offsetHeight;
  return {
    app,
    frame(actions) {
      receive({ type: 'actions', firstSeq: seq + 1, actions });
      seq += actions.length;
      app.flush();
      if (forceLayout) void document.body.offsetHeight;
    },
  };
}

/** Streams `bytes` of markdown as `chunks` chunks, rendering a frame every `perFrame` chunks. Returns ms. */
function streaming(bytes: number, chunks: number, perFrame: number, layout = true): number {
  forceLayout = layout;
  const pieces = splitChunks(markdownAnswer(bytes), chunks).map((text) => agentChunk(text));
  const m = mount(emptyThread());
  const t0 = performance.now();
  for (let i = 0; i < pieces.length; i += perFrame) m.frame(pieces.slice(i, i + perFrame));
  return performance.now() - t0;
}

/** The same final text rendered once (one action, one frame). Returns ms. */
function oneShot(bytes: number): number {
  const m = mount(emptyThread());
  const t0 = performance.now();
  m.frame([agentChunk(markdownAnswer(bytes))]);
  return performance.now() - t0;
}

/** Median ms per chunk appended (one frame each) at the end of a thread of `entries` entries. */
function appendCost(entries: number, chunks: number): number {
  const m = mount(entries > 0 ? longThread(entries) : emptyThread());
  m.frame([agentChunk('Start of a new answer. ', 'tail')]);
  const times: number[] = [];
  for (let i = 0; i < chunks; i++) {
    const t0 = performance.now();
    m.frame([agentChunk(`word${i} `, 'tail')]);
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return times[times.length >> 1];
}

/** Elements in the document and JS heap after mounting a thread of `entries` entries. */
async function footprint(entries: number): Promise<{ nodes: number; heap: number; entries: number }> {
  const state = entries > 0 ? longThread(entries) : emptyThread();
  mount(state);
  // Let the IntersectionObserver settle (it mounts what is near the viewport).
  await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 50)));
  (globalThis as { gc?: () => void }).gc?.();
  const memory = (performance as unknown as { memory?: { usedJSHeapSize: number } }).memory;
  return { nodes: document.getElementsByTagName('*').length, heap: memory?.usedJSHeapSize ?? 0, entries: state.entries.length };
}

(globalThis as Record<string, unknown>).switchboardBench = { streaming, oneShot, appendCost, footprint };
