// A message one session sent another (ACP `session_message`): the chat's agent to one of its
// subagents, or back. Labelled "<sender> → <recipient>" with the sessions' names as the UI gives them
// ("Chat" for the chat's own session, a subagent's card title, else "session <id>"); its content renders
// like an agent's answer (markdown, sanitised, streamed chunks extended in place), in a frame of its own
// so it never reads as the agent speaking to the user. The names are refreshed when a session they name
// is announced or renamed after the message (SessionDirectory).
import type { Entry } from '../../../src/shared/thread';
import type { SessionMessageEntry } from '../../../src/shared/thread';
import { h, setAttribute, setDataset, setText } from '../../dom';
import type { FrameBudget } from '../../frameBudget';
import { visibleText } from '../../visibleText';
import { t } from '../../l10n';
import { handleCopyClicks } from '../markdown/codeBlocks';
import { PartsRenderer } from '../transcript/message';
import { truncatedNote } from '../../../src/shared/messageCap';
import { handlePathLinks } from '../markdown/pathLinks';
import type { SessionDirectory, SessionWatcher } from './sessions';
import type { CardContext, EntryView, Post } from '../types';

export class SessionMessageView implements EntryView, SessionWatcher {
  readonly el: HTMLElement;
  private readonly sender = h('span', { class: 'session-name' });
  private readonly recipient = h('span', { class: 'session-name' });
  private readonly parts: PartsRenderer;
  private entry: SessionMessageEntry;
  private truncated: HTMLElement | null = null;

  constructor(
    entry: SessionMessageEntry,
    post: Post,
    private readonly cards: CardContext,
    budget: FrameBudget,
  ) {
    this.entry = entry;
    const arrow = h('span', { class: 'session-arrow', text: '→', attrs: { 'aria-hidden': 'true' } });
    const label = h('div', { class: 'session-message-label' }, this.sender, arrow, this.recipient);
    const body = h('div', { class: 'message-body' });
    handleCopyClicks(body, post);
    handlePathLinks(body, post);
    this.el = h(
      'div',
      { class: 'entry session-message', data: { entryId: entry.id }, attrs: { role: 'group' } },
      label,
      body,
    );
    this.parts = new PartsRenderer(body, true, post, budget, false);
    cards.sessions.watchLabel(this);
  }

  update(entry: Entry): void {
    if (entry.kind !== 'sessionMessage') return;
    this.entry = entry;
    this.renderLabel();
    this.parts.update(Array.isArray(entry.parts) ? entry.parts : []);
    // Cut at a chat message's cap (src/shared/messageCap.ts), as an answer is.
    if ((entry as { truncated?: unknown }).truncated === true && !this.truncated) {
      this.truncated = h('div', { class: 'message-truncated', attrs: { role: 'note' }, text: truncatedNote() });
      this.el.appendChild(this.truncated);
    }
  }

  /** A session it names was announced or renamed. */
  refresh(): void {
    this.renderLabel();
  }

  private renderLabel(): void {
    const sessions = this.cards.sessions;
    const from = sessionName(sessions, this.entry.senderSessionId);
    const to = sessionName(sessions, this.entry.recipientSessionId);
    setText(this.sender, from.name);
    setDataset(this.sender, 'kind', from.kind);
    setText(this.recipient, to.name);
    setDataset(this.recipient, 'kind', to.kind);
    setAttribute(this.el, 'aria-label', t('Message from {0} to {1}', from.spoken, to.spoken));
  }
}

interface SessionName {
  /** What the label shows. */
  name: string;
  /** What a screen reader hears: a subagent is called one, so its title cannot pass for the chat. */
  spoken: string;
  /** Our class for it (media/chat.css marks a subagent's name apart from the chat's). */
  kind: 'chat' | 'subagent' | 'unknown';
}

/** How a message names a session: the chat, a subagent by its title, or the id it gave. */
export function sessionName(sessions: SessionDirectory, sessionId: unknown): SessionName {
  if (typeof sessionId !== 'string' || sessionId === '') {
    const name = t('unknown session');
    return { name, spoken: name, kind: 'unknown' };
  }
  if (sessionId === sessions.chatSessionId) return { name: t('Chat'), spoken: t('the chat'), kind: 'chat' };
  if (sessions.child(sessionId)) {
    const title = sessions.title(sessionId);
    return { name: title, spoken: t('subagent {0}', title), kind: 'subagent' };
  }
  const name = t('session {0}', visibleText(sessionId, { maxLength: 80 }));
  return { name, spoken: name, kind: 'unknown' };
}
