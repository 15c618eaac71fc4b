// The chat app without VS Code: give it a root element and a `post` function. Host messages
// are applied to the store immediately; DOM work is batched to one animation frame.
import type { HostToWebview } from '../src/shared/messages';
import type { ComposerOptions } from './render/composer';
import { createThreadRenderer, type ThreadRenderer } from './render/threadView';
import type { Post } from './render/types';
import { ThreadStore, type ViewState } from './store';
import { onlyStreamingTextGrew } from './streamingFrames';
import { recordError } from './errors';
import { terminalViews } from './terminal/views';

export interface ChatAppOptions extends ComposerOptions {
  /** Schedules a render; defaults to requestAnimationFrame. Tests can pass their own. */
  requestFrame?: (callback: () => void) => void;
}

export interface ChatApp {
  receive(msg: HostToWebview): void;
  /** Renders pending changes now (tests; the app otherwise renders once per frame). */
  flush(): void;
  readonly state: ViewState;
  readonly store: ThreadStore;
  readonly renderer: ThreadRenderer;
}

export function createChatApp(root: HTMLElement, post: Post, options: ChatAppOptions = {}): ChatApp {
  const store = new ThreadStore(post);
  const renderer = createThreadRenderer(root, post, options);
  const requestFrame = options.requestFrame ?? defaultRequestFrame;
  let scheduled = false;
  let focusPending = false;

  terminalViews.setPost(post);
  let shownThreadId: string | null = null;
  /** What the last frame rendered, and whether that was only streamed text growing. */
  let rendered: ViewState | null = null;
  let lastFrameOnlyText = false;
  const flush = (): void => {
    scheduled = false;
    rendered = store.state;
    // A frame that throws must not stop the next one: each step is on its own (and the thread
    // renderer isolates its parts and entries, see threadView.ts and transcript.ts).
    try {
      renderer.render(store.state);
    } catch (error) {
      recordError('a frame could not be rendered', error);
    }
    try {
      terminalViews.describe(store.state.thread?.terminals);
    } catch (error) {
      recordError('the terminals could not be described', error);
    }
    if (focusPending) {
      focusPending = false;
      renderer.focusComposer();
    }
  };
  /** One animation frame: renders, or lets streamed text wait one frame (see streamingFrames.ts). */
  const frame = (): void => {
    if (!scheduled) return;
    const onlyText = rendered !== null && streamingTextOnly(rendered, store.state);
    if (onlyText && lastFrameOnlyText) {
      lastFrameOnlyText = false;
      scheduled = false;
      schedule();
      return;
    }
    lastFrameOnlyText = onlyText;
    flush();
  };
  const schedule = (): void => {
    if (scheduled) return;
    scheduled = true;
    requestFrame(frame);
  };

  renderer.render(store.state);
  return {
    store,
    renderer,
    get state() {
      return store.state;
    },
    receive(msg: HostToWebview): void {
      if (msg.type === 'terminalOutput') {
        terminalViews.receive(msg);
        return;
      }
      const outcome = store.receive(msg);
      const threadId = store.state.thread?.key.threadId ?? null;
      if (outcome === 'snapshot' && threadId !== shownThreadId) terminalViews.reset(); // another thread's terminals
      shownThreadId = threadId;
      if (outcome === 'focusComposer') focusPending = true;
      if (outcome === 'snapshot' || outcome === 'applied' || outcome === 'agents' || outcome === 'focusComposer')
        schedule();
    },
    flush,
  };
}

/** See streamingFrames.ts; false (render now) when the state is too malformed to compare. */
function streamingTextOnly(shown: ViewState, next: ViewState): boolean {
  try {
    return onlyStreamingTextGrew(shown, next);
  } catch {
    return false;
  }
}

function defaultRequestFrame(callback: () => void): void {
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => callback());
  else setTimeout(callback, 16);
}
