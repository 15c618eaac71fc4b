// Assembles the whole chat UI and renders a ViewState into it. `render` is synchronous and
// touches only what changed since the previous call (by object identity), so it can be driven
// per animation frame by the app, or directly by tests and benchmarks.
import type { ViewState } from '../store';
import { h, setHidden } from '../dom';
import { t } from '../l10n';
import { recordError } from '../errors';
import { ComposerView, type ComposerOptions } from './composer';
import { EDIT_EVENT, type EditRequest } from './message';
import { SUMMARY_EVENT } from './continued';
import { conversationSummary } from '../../src/shared/conversationSeed';
import { ChatListView } from './chatList';
import { ConnectionBanner } from './connection';
import { Announcer } from './announcer';
import { HeaderView } from './header';
import { IntroView } from './intro';
import { PendingChangesView } from './pendingChanges';
import { PlanView } from './plan';
import { ReviewCards } from './reviewControls';
import { PathLabels } from './pathLabel';
import { TranscriptView } from './transcript';
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
  options: ComposerOptions = {},
  budget: FrameBudget = unlimitedBudget(),
): ThreadRenderer {
  const header = new HeaderView(post);
  const chatList = new ChatListView(post);
  const review = new ReviewCards();
  const terminals = new TerminalViews(post);
  const paths = new PathLabels();
  const transcript = new TranscriptView(post, { review, terminals, paths }, budget);
  const banner = new ConnectionBanner(post);
  const plan = new PlanView();
  const pending = new PendingChangesView(post);
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
  const transcriptFrame = h('div', { class: 'transcript-frame' }, transcript.el);
  const main = h('main', { class: 'main' }, intro.chatIntro, transcriptFrame, emptyState, transcript.jumpButton);
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
      pending.el,
      composer.el,
      announcer.el,
    ),
  );

  let last: ViewState | null = null;
  return {
    transcript,
    composer,
    terminals,
    render(view: ViewState): void {
      if (view === last) return;
      const thread = view.thread;
      // Other workspace folders (rare: one added to the window) label paths anew: the cards are remade.
      const foldersChanged = paths.set(view.workspaceFolders);
      if (last?.thread?.key.threadId !== thread?.key.threadId || foldersChanged) transcript.clear();
      // Most frames of a stream: only the streaming text grew, so nothing but the transcript changed.
      const onlyText = last !== null && onlyStreamingTextGrew(last, view);
      last = view;
      const entries = Array.isArray(thread?.entries) ? thread.entries : [];
      if (onlyText) {
        guarded('transcript', () => transcript.render(entries, view.appended));
        transcript.followBottom();
        return;
      }
      // Each part on its own: one that throws on malformed data must not keep the others from rendering.
      guarded('header', () => {
        header.update(view);
        // The picker with New chat lives in the empty state; with a chat, New Chat and New Chat with
        // Agent... are in the view's title bar.
        if (header.picker.el.parentElement !== pickerHome) pickerHome.prepend(header.picker.el);
      });
      guarded('pending changes', () => pending.update(view));
      guarded('intro', () => intro.update(view));
      guarded('announcer', () => announcer.update(thread));
      // Before the host's first snapshot nothing is known: "Start a chat" would flash before a restored chat.
      setHidden(emptyState, thread !== null || view.loaded !== true);
      if (view.loaded === true) main.removeAttribute('aria-busy');
      else main.setAttribute('aria-busy', 'true');
      setHidden(transcriptFrame, thread === null);
      guarded('chat list', () => chatList.update(view.chats, thread?.key.threadId ?? null));
      guarded('connection banner', () => banner.update(thread));
      // The review state first: cards built or updated in this render show the newest one.
      guarded('review', () => review.update(thread?.review));
      guarded('transcript', () => transcript.render(entries, view.appended));
      guarded('plan', () => plan.update(Array.isArray(thread?.plan) ? thread.plan : null));
      guarded('composer', () => composer.update(thread));
      transcript.followBottom();
    },
    focusComposer(): void {
      composer.focus();
    },
  };
}
