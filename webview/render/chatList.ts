// The chat list: one compact row of tabs under the header, one per chat of the window, each with
// its state (working / needs permission / done / failed) and an unread dot. Shown once there are
// two chats or more (with one chat it would only repeat the header). Titles are agent text:
// rendered as text, bounded.
import type { ChatState, ChatSummary } from '../../src/shared/messages';
import { button, h, setHidden } from '../dom';
import { visibleText } from '../visibleText';
import type { Post } from './types';
import { t } from '../l10n';

const STATE_LABEL: Record<ChatState, string> = {
  starting: t('starting'),
  idle: t('ready'),
  working: t('working'),
  permission: t('needs permission'),
  done: t('done'),
  failed: t('failed'),
  stopped: t('not running'),
};

export class ChatListView {
  readonly el: HTMLElement;
  private readonly list: HTMLElement;
  private chats: ChatSummary[] | null = null;
  private shownId: string | null = null;

  constructor(private readonly post: Post) {
    this.list = h('div', { class: 'chat-tabs', attrs: { role: 'tablist', 'aria-label': t('Chats') } });
    this.el = h('nav', { class: 'chat-list' }, this.list);
    this.el.hidden = true;
  }

  /** `shownId`: the chat this webview shows (the side bar's active chat or an editor tab's own). */
  update(chats: ChatSummary[] | undefined, shownId: string | null): void {
    if ((chats ?? null) === this.chats && shownId === this.shownId) return;
    this.chats = chats ?? null;
    this.shownId = shownId;
    const valid = Array.isArray(chats) ? chats.filter(isSummary) : [];
    setHidden(this.el, valid.length < 2);
    // Chats of one title (a comparison gives each agent the same prompt) are told apart by their agent.
    const titles = new Map<string, number>();
    for (const chat of valid) titles.set(chat.title, (titles.get(chat.title) ?? 0) + 1);
    this.list.replaceChildren(
      ...valid.map((chat) => this.tab(chat, chat.threadId === shownId, (titles.get(chat.title) ?? 0) > 1)),
    );
    // With more chats than fit, the row scrolls: the shown one stays in sight.
    this.list.querySelector('.chat-tab.shown')?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }

  private tab(chat: ChatSummary, shown: boolean, sharedTitle: boolean): HTMLElement {
    const state = STATE_LABEL[chat.state] ?? '';
    const agent = visibleText(chat.agentName, { maxLength: 60 });
    const ownTitle = visibleText(chat.title, { maxLength: 80 }) || t('Chat');
    const title = sharedTitle ? t('{0} · {1}', agent, ownTitle) : ownTitle;
    const label = chat.unread
      ? t('{0} — {1}, {2}, unread', title, agent, state)
      : t('{0} — {1}, {2}', title, agent, state);
    const select = button(
      title,
      'chat-tab-title',
      () => this.post({ type: 'showChat', threadId: chat.threadId }),
      label,
    );
    select.setAttribute('role', 'tab');
    select.setAttribute('aria-selected', String(shown));
    select.prepend(h('span', { class: 'chat-state', data: { state: chat.state }, attrs: { 'aria-hidden': 'true' } }));
    const close = button(
      '×',
      'chat-tab-close',
      () => this.post({ type: 'closeChat', threadId: chat.threadId }),
      t('Close this chat'),
    );
    close.setAttribute('aria-label', t('Close {0}', title));
    // Shown on hover and keyboard focus only: the row is narrow in the side bar.
    const inEditor = button(
      '',
      'chat-tab-editor',
      () => this.post({ type: 'openChatInEditor', threadId: chat.threadId }),
      t('Open this chat in an editor tab'),
    );
    // Drawn, not a character: "⧉" is missing from common UI fonts and showed as an empty box.
    inEditor.append(openInEditorIcon());
    inEditor.setAttribute('aria-label', t('Open {0} in an editor tab', title));
    const tab = h(
      'div',
      { class: 'chat-tab', data: { threadId: chat.threadId, state: chat.state } },
      select,
      inEditor,
      close,
    );
    tab.classList.toggle('shown', shown);
    tab.classList.toggle('unread', chat.unread && !shown);
    return tab;
  }
}

function isSummary(chat: unknown): chat is ChatSummary {
  const c = chat as Partial<ChatSummary> | null;
  return typeof c === 'object' && c !== null && typeof c.threadId === 'string' && typeof c.title === 'string';
}

/** Two overlapping squares (a window over a window), in the text colour. */
function openInEditorIcon(): SVGSVGElement {
  const ns = 'http://www.w3.org/2000/svg';
  const svg = document.createElementNS(ns, 'svg');
  svg.setAttribute('viewBox', '0 0 16 16');
  svg.setAttribute('width', '12');
  svg.setAttribute('height', '12');
  svg.setAttribute('aria-hidden', 'true');
  for (const [x, y] of [
    [1.5, 4.5],
    [4.5, 1.5],
  ]) {
    const rect = document.createElementNS(ns, 'rect');
    rect.setAttribute('x', String(x));
    rect.setAttribute('y', String(y));
    rect.setAttribute('width', '10');
    rect.setAttribute('height', '10');
    rect.setAttribute('fill', 'none');
    rect.setAttribute('stroke', 'currentColor');
    svg.append(rect);
  }
  return svg;
}
