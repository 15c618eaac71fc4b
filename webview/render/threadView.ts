// Assembles the whole chat UI and renders a ViewState into it. `render` is synchronous and
// touches only what changed since the previous call (by object identity), so it can be driven
// per animation frame by the app, or directly by tests and benchmarks.
import type { ViewState } from '../store';
import { h, setHidden } from '../dom';
import { t } from '../l10n';
import { recordError } from '../errors';
import { ComposerView, type ComposerOptions } from './composer/composer';
import { EDIT_EVENT, type EditRequest } from './transcript/message';
import { SUMMARY_EVENT } from './transcript/continued';
import { conversationSummary } from '../../src/shared/conversationSeed';
import { ChatListView } from './chatList';
import { ConnectionBanner } from './connection';
import { Announcer } from './announcer';
import { HeaderView } from './header';
import { IntroView } from './intro';
import { PendingChangesView } from './pendingChanges';
import { WorktreeBarView } from './worktreeBar';
import { PlanView } from './plan';
import { ReviewCards } from './tools/reviewControls';
import { PathLabels } from './pathLabel';
import { TranscriptView } from './transcript/transcript';
import { SessionDirectory } from './subagents/sessions';
import type { UnfoldMemory } from '../unfoldedCards';
import { SubagentScreen } from './subagents/subagentView';
import { TerminalViews } from '../terminal/views';
import type { Post } from './types';
import { unlimitedBudget, type FrameBudget } from '../frameBudget';
import { onlyStreamingTextGrew } from '../streamingFrames';

function guarded(part: string, render: () => void): void {
  try {
    render();
  } catch (error) {
    recordError(`the ${part} could not be rendered`, error);
  }
}

export interface ThreadRenderer {
  render(view: ViewState): void;
  focusComposer(): void;
  readonly transcript: TranscriptView;
  readonly composer: ComposerView;
  /** The live terminal widgets of the tool cards: output and descriptions from the host go here. */
  readonly terminals: TerminalViews;
}

/** `budget`: how much streamed text a frame renders (the app's; without one, everything at once). */
export function createThreadRenderer(
  root: HTMLElement,
  post: Post,
  options: ComposerOptions & { unfolded?: UnfoldMemory } = {},
  budget: FrameBudget = unlimitedBudget(),
): ThreadRenderer {
  const header = new HeaderView(post);
  const chatList = new ChatListView(post);
  const review = new ReviewCards();
  const terminals = new TerminalViews(post);
  const paths = new PathLabels();
  // Opening a subagent goes through the screen (made below, once the chat's transcript exists).
  const sessions = new SessionDirectory((sessionId, from) => screen.open(sessionId, from), options.unfolded);
  const cards = { review, terminals, paths, sessions, session: null };
  const transcript = new TranscriptView(post, cards, budget);
  const banner = new ConnectionBanner(post);
  const plan = new PlanView();
  const pending = new PendingChangesView(post);
  const worktree = new WorktreeBarView(post);
  const announcer = new Announcer();
  const composer = new ComposerView(post, {
    ...options,
    onSent: () => {
      transcript.scrollToBottom();
      options.onSent?.();
    },
    agentForNewChat: () => header.picker.select.value || undefined,
  });
  // An example prompt or a command from the intro goes into the composer as if typed (its input
  // handling opens the / menu, sizes the box and keeps the draft).
  const intro = new IntroView(post, (text) => {
    composer.textarea.value = text;
    composer.textarea.dispatchEvent(new Event('input'));
    composer.focus();
  });
  // "Edit" on a user message (message.ts raises the event): its text into the composer.
  transcript.el.addEventListener(EDIT_EVENT, (event) => {
    const { entryId, text } = (event as CustomEvent<EditRequest>).detail;
    composer.startEdit(entryId, text);
  });
  // "Give it the conversation" on a fresh start: the conversation above as text, before what is being typed.
  transcript.el.addEventListener(SUMMARY_EVENT, (event) => {
    const entries = last?.thread?.entries ?? [];
    const index = entries.findIndex((entry) => entry.id === (event as CustomEvent<string>).detail);
    const summary = index < 0 ? null : conversationSummary(entries, index);
    if (summary === null) return;
    const draft = composer.textarea.value.trim();
    composer.textarea.value = draft === '' ? `${summary}\n\n` : `${summary}\n\n${draft}`;
    composer.textarea.dispatchEvent(new Event('input'));
    composer.focus();
  });
  const emptyState = intro.noChat;
  const pickerHome = intro.pickerHome;
  // The transcript is positioned inside a frame that takes the room left (chat.css .transcript-frame):
  // positioned and size-contained, it is where the browser's layout of a streamed frame starts.
  // A subagent shown on its own (subagentView.ts) takes the transcript's place, its bar above it and its
  // note in the composer's place; the chat's transcript keeps its entries meanwhile.
  let dirty = false;
  const screen = new SubagentScreen(post, cards, budget, transcript, () => {
    dirty = true;
    if (last) renderer.render(last);
  });
  // Each transcript's "Jump to latest" sits in the frame below it (chat.css .jump-to-latest).
  const transcriptFrame = h('div', { class: 'transcript-frame' }, transcript.el, transcript.jumpButton, screen.slot);
  const main = h('main', { class: 'main' }, screen.bar.el, intro.chatIntro, transcriptFrame, emptyState);
  // Escape goes one level up from a subagent (not while typing in a field of one of its forms). On the
  // document, not the app's root: focus can rest on the page itself (a click on empty space, a re-render).
  root.ownerDocument.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape' || event.defaultPrevented || screen.sessionId === null || !root.isConnected) return;
    if (event.target instanceof HTMLElement && event.target.closest('input, textarea, select')) return;
    event.preventDefault();
    screen.back();
  });
  // Every part of the page is in a landmark (a screen reader's list of regions): the header, the chat list's
  // nav, the conversation's main, the plan, the chat's changes and the composer.
  const planRegion = h('aside', { class: 'plan-region', attrs: { 'aria-label': t('Plan') } }, plan.el);
  root.replaceChildren(
    h(
      'div',
      { class: 'chat-app' },
      header.el,
      chatList.el,
      main,
      banner.el,
      planRegion,
      worktree.el,
      pending.el,
      composer.el,
      screen.note,
      announcer.el,
    ),
  );

  let last: ViewState | null = null;
  const renderer: ThreadRenderer = {
    transcript,
    composer,
    terminals,
    render(view: ViewState): void {
      if (view === last && !dirty) return;
      dirty = false;
      const thread = view.thread;
      // Other workspace folders (rare: one added to the window) label paths anew: the cards are remade.
      const foldersChanged = paths.set(view.workspaceFolders);
      if (last?.thread?.key.threadId !== thread?.key.threadId || foldersChanged) transcript.clear();
      // Most frames of a stream: only the streaming text grew, so nothing but the transcript changed.
      const onlyText = last !== null && onlyStreamingTextGrew(last, view);
      last = view;
      const entries = Array.isArray(thread?.entries) ? thread.entries : [];
      if (onlyText) {
        if (screen.sessionId !== null) return; // the chat's transcript catches up when it is shown again
        guarded('transcript', () => transcript.render(entries, view.appended));
        transcript.followBottom();
        return;
      }
      // Before the transcript and the announcer: the cards, labels and subagent view read it.
      guarded('subagents', () => sessions.update(thread, view.appended));
      const child = screen.sync(thread);
      const childShown = child !== null;
      // Each part on its own: one that throws on malformed data must not keep the others from rendering.
      guarded('header', () => {
        header.update(view);
        // The picker with New chat lives in the empty state; with a chat, New Chat and New Chat with
        // Agent... are in the view's title bar.
        if (header.picker.el.parentElement !== pickerHome) pickerHome.prepend(header.picker.el);
      });
      guarded('pending changes', () => pending.update(view));
      guarded('worktree', () => worktree.update(view));
      guarded('intro', () => intro.update(view));
      if (childShown) setHidden(intro.chatIntro, true);
      guarded('announcer', () => announcer.update(thread, sessions));
      // Before the host's first snapshot nothing is known: "Start a chat" would flash before a restored chat.
      setHidden(emptyState, thread !== null || view.loaded !== true);
      if (view.loaded === true) main.removeAttribute('aria-busy');
      else main.setAttribute('aria-busy', 'true');
      setHidden(transcriptFrame, thread === null);
      guarded('chat list', () => chatList.update(view.chats, thread?.key.threadId ?? null));
      guarded('connection banner', () => banner.update(thread));
      // The review state first: cards built or updated in this render show the newest one.
      guarded('review', () => review.update(thread?.review));
      setHidden(transcript.el, childShown);
      main.classList.toggle('subagent-shown', childShown);
      setHidden(screen.bar.el, !childShown);
      setHidden(screen.slot, !childShown);
      setHidden(screen.note, !childShown);
      setHidden(composer.el, childShown);
      if (child) guarded('subagent', () => screen.render(child));
      else guarded('transcript', () => transcript.render(entries, view.appended));
      const shownPlan = child ? child.state.plan : thread?.plan;
      guarded('plan', () => plan.update(Array.isArray(shownPlan) ? shownPlan : null));
      guarded('composer', () => composer.update(thread));
      if (!childShown) transcript.followBottom();
      guarded('subagent place', () => screen.afterRender());
    },
    focusComposer(): void {
      composer.focus();
    },
  };
  return renderer;
}
