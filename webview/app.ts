// The chat app without VS Code: give it a root element and a `post` function. Host messages
// are applied to the store immediately; DOM work is batched to one animation frame, and streamed
// markdown renders within the frame's budget (frameBudget.ts): what a frame could not show is
// continued in the next one.
import type { HostToWebview } from '../src/shared/messages';
import type { ComposerOptions } from './render/composer/composer';
import { createThreadRenderer, type ThreadRenderer } from './render/threadView';
import type { Post } from './render/types';
import { ViewStore, type ViewState } from './store';
import { FRAME_BUDGET_MS, FrameBudget } from './frameBudget';
import { onlyStreamingTextGrew } from './streamingFrames';
import { recordError } from './errors';
import { warmUpMarkdownWhenIdle } from './render/markdown/markdownWarmUp';
import type { ScrollAnchor } from './scrollAnchors';
import type { UnfoldMemory } from './unfoldedCards';
import { ThreadTerminals } from './terminal/threadTerminals';

/** Where each chat was scrolled (kept in the webview state by main.ts, so it survives a reload). */
export interface ScrollMemory {
  get(threadId: string): ScrollAnchor | undefined;
  set(threadId: string, anchor: ScrollAnchor): void;
}

/** After the reader stops scrolling, this long, the position is kept. */
const SCROLL_SAVE_DELAY_MS = 250;

export interface ChatAppOptions extends ComposerOptions {
  /** Each chat's scroll position: a chat shown again (switched to, or after a reload) opens where it was left. */
  scroll?: ScrollMemory;
  /** Which subagent cards show their work: a chat built again (the view hidden and shown, a reload) shows them so. */
  unfolded?: UnfoldMemory;
  /** Schedules a render; defaults to requestAnimationFrame. Tests can pass their own. */
  requestFrame?: (callback: () => void) => void;
  /** Render time per frame for streamed text, in ms (default FRAME_BUDGET_MS; Infinity: no budget). */
  frameBudgetMs?: number;
}

export interface ChatApp {
  receive(msg: HostToWebview): void;
  /** Renders pending changes now (tests; the app otherwise renders once per frame). */
  flush(): void;
  readonly state: ViewState;
  readonly store: ViewStore;
  readonly renderer: ThreadRenderer;
}

export function createChatApp(root: HTMLElement, rawPost: Post, options: ChatAppOptions = {}): ChatApp {
  // Every message names the chat shown when the user acted: a click that crosses a switch to
  // another chat still reaches the one it was meant for (the host routes by it).
  const post: Post = (message) => {
    const threadId = store.state.thread?.key.threadId;
    // "New chat" clicked here: the chat it starts gets the cursor, as the New Chat command gives it.
    if (message.type === 'newChat') newChatAsked = true;
    rawPost(threadId === undefined || 'threadId' in message ? message : { ...message, threadId });
  };
  const store = new ViewStore(rawPost);
  const budget = new FrameBudget(options.frameBudgetMs ?? FRAME_BUDGET_MS);
  const renderer = createThreadRenderer(root, post, options, budget);
  const requestFrame = options.requestFrame ?? defaultRequestFrame;
  let scheduled = false;
  let focusPending = false;
  /** "New chat" was clicked and its chat is not shown yet. */
  let newChatAsked = false;

  /** The chat's terminals and its subagents', as the cards show them. */
  const terminals = new ThreadTerminals();
  let shownThreadId: string | null = null;
  /** The chat the transcript shows (its last frame); its position is what the reader scrolled. */
  let renderedThreadId: string | null = null;
  const scroll = options.scroll;
  const rememberScroll = (): void => {
    if (scroll && renderedThreadId !== null) scroll.set(renderedThreadId, renderer.transcript.anchor());
  };
  let scrollTimer: ReturnType<typeof setTimeout> | undefined;
  renderer.transcript.el.addEventListener(
    'scroll',
    () => {
      clearTimeout(scrollTimer);
      scrollTimer = setTimeout(rememberScroll, SCROLL_SAVE_DELAY_MS);
    },
    { passive: true },
  );
  /** What the last frame rendered. */
  let rendered: ViewState | null = null;
  /** Whether streamed text waited last frame for a typed key (it never waits two frames running). */
  let textWaited = false;
  // A key typed in the webview (the composer, a form): the frame that paints it leaves streamed text for the next
  // one, so the character is not painted behind a markdown render (bench typing_latency_p95).
  let typedSinceFrame = false;
  root.addEventListener('input', () => (typedSinceFrame = true), { capture: true, passive: true });
  /** One frame's DOM work; `budgetMs` Infinity renders everything (the public flush). */
  const render = (budgetMs?: number): void => {
    scheduled = false;
    rendered = store.state;
    budget.startFrame(budgetMs);
    // First the text held back last frame (it is older than anything that arrived since).
    const held = budget.takeWaiting();
    for (const resume of held) {
      try {
        resume();
      } catch (error) {
        recordError('held-back text could not be rendered', error);
      }
    }
    // A frame that throws must not stop the next one: each step is on its own (and the thread
    // renderer isolates its parts and entries, see threadView.ts and transcript.ts).
    try {
      renderer.render(store.state);
    } catch (error) {
      recordError('a frame could not be rendered', error);
    }
    // Another chat is shown (a switch, or the first snapshot after a reload): where it was left.
    const threadId = store.state.thread?.key.threadId ?? null;
    if (threadId !== renderedThreadId) {
      renderedThreadId = threadId;
      if (threadId !== null && scroll) renderer.transcript.restoreAnchor(scroll.get(threadId));
    }
    try {
      renderer.terminals.describe(terminals.of(store.state.thread));
    } catch (error) {
      recordError('the terminals could not be described', error);
    }
    if (held.length > 0) renderer.transcript.followBottom();
    if (focusPending) {
      focusPending = false;
      renderer.focusComposer();
    }
    // Once the text has caught up, what waited for it (colouring code) uses the frame's spare time.
    const moreDeferred = !budget.heldBack && budget.runDeferred();
    if (budget.wantsFrame || moreDeferred) schedule();
  };
  /** One animation frame: renders, or lets streamed text wait for a typed key's frame (see streamingFrames.ts). */
  const frame = (): void => {
    if (!scheduled) return;
    const typed = typedSinceFrame;
    typedSinceFrame = false;
    if (typed && !textWaited && rendered !== null && onlyStreamingTextGrew(rendered, store.state)) {
      textWaited = true;
      scheduled = false;
      schedule();
      return;
    }
    textWaited = false;
    render();
  };
  const schedule = (): void => {
    if (scheduled) return;
    scheduled = true;
    requestFrame(frame);
  };

  renderer.render(store.state);
  warmUpMarkdownWhenIdle();
  return {
    store,
    renderer,
    get state() {
      return store.state;
    },
    receive(msg: HostToWebview): void {
      if (msg.type === 'terminalOutput') {
        renderer.terminals.receive(msg);
        return;
      }
      if (msg.type === 'contextPicked') {
        renderer.composer.addContext(msg.items);
        return;
      }
      if (msg.type === 'draftReturned') {
        renderer.composer.returnDraft(msg.text, msg.context ?? []);
        return;
      }
      // Leaving a chat: its position is kept first (the DOM still shows it until the next frame).
      if (msg.type === 'snapshot' && msg.thread?.key.threadId !== renderedThreadId) rememberScroll();
      const outcome = store.receive(msg);
      const threadId = store.state.thread?.key.threadId ?? null;
      if (outcome === 'snapshot' && threadId !== shownThreadId) {
        renderer.terminals.reset(); // another thread's terminals
        // The composer is disabled while the agent starts; it takes the focus once enabled (composer.ts).
        if (newChatAsked && threadId !== null) focusPending = true;
        newChatAsked = false;
      }
      shownThreadId = threadId;
      if (outcome === 'focusComposer') focusPending = true;
      // The host saw the focus go to an editor; by the time it says so VS Code may have given it back to this
      // page (a click during New Chat): a page with the focus keeps the request (see focusLanding.ts).
      if (outcome === 'focusElsewhere' && !root.ownerDocument.hasFocus()) {
        focusPending = false;
        renderer.composer.dropFocusRequest();
      }
      if (
        outcome === 'snapshot' ||
        outcome === 'applied' ||
        outcome === 'agents' ||
        outcome === 'focusComposer' ||
        outcome === 'chats' ||
        outcome === 'workspaceFolders'
      )
        schedule();
    },
    flush: () => render(Number.POSITIVE_INFINITY),
  };
}

function defaultRequestFrame(callback: () => void): void {
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => callback());
  else setTimeout(callback, 16);
}
