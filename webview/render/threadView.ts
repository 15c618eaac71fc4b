// Assembles the whole chat UI and renders a ViewState into it. `render` is synchronous and
// touches only what changed since the previous call (by object identity), so it can be driven
// per animation frame by the app, or directly by tests and benchmarks.
import type { ViewState } from '../store';
import { h, setHidden } from '../dom';
import { recordError } from '../errors';
import { ComposerView, type ComposerOptions } from './composer';
import { ConnectionBanner } from './connection';
import { HeaderView } from './header';
import { PendingChangesView } from './pendingChanges';
import { PlanView } from './plan';
import { TranscriptView } from './transcript';
import type { Post } from './types';

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
}

export function createThreadRenderer(root: HTMLElement, post: Post, options: ComposerOptions = {}): ThreadRenderer {
  const header = new HeaderView(post);
  const transcript = new TranscriptView(post);
  const banner = new ConnectionBanner(post);
  const plan = new PlanView();
  const pending = new PendingChangesView(post);
  const composer = new ComposerView(post, {
    ...options,
    onSent: () => {
      transcript.scrollToBottom();
      options.onSent?.();
    },
    agentForNewChat: () => header.picker.select.value || undefined,
  });
  const emptyState = h(
    'div',
    { class: 'empty-state' },
    h('div', { class: 'empty-title', text: 'No chat yet' }),
    h('div', {
      class: 'empty-text',
      text: 'Pick an agent, then type a message below (or press New chat). Agents run locally as subprocesses; you approve what they do.',
    }),
  );
  const pickerHome = h('div', { class: 'empty-actions' });
  emptyState.appendChild(pickerHome);
  const main = h('div', { class: 'main' }, transcript.el, emptyState, transcript.jumpButton);
  root.replaceChildren(h('div', { class: 'chat-app' }, header.el, main, banner.el, plan.el, pending.el, composer.el));

  let last: ViewState | null = null;
  return {
    transcript,
    composer,
    render(view: ViewState): void {
      if (view === last) return;
      const thread = view.thread;
      if (last?.thread?.key.threadId !== thread?.key.threadId) transcript.clear();
      last = view;
      // Each part on its own: one that throws on malformed data must not keep the others from rendering.
      guarded('header', () => {
        header.update(view);
        // The picker with New chat lives in the empty state; with a chat, New Chat and New Chat with
        // Agent... are in the view's title bar.
        if (header.picker.el.parentElement !== pickerHome) pickerHome.prepend(header.picker.el);
      });
      guarded('pending changes', () => pending.update(view));
      setHidden(emptyState, thread !== null);
      setHidden(transcript.el, thread === null);
      guarded('connection banner', () => banner.update(thread));
      guarded('transcript', () => transcript.render(Array.isArray(thread?.entries) ? thread.entries : []));
      guarded('plan', () => plan.update(Array.isArray(thread?.plan) ? thread.plan : null));
      guarded('composer', () => composer.update(thread));
      transcript.followBottom();
    },
    focusComposer(): void {
      composer.focus();
    },
  };
}
