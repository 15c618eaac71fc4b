// The composer: a textarea (Enter sends, Shift+Enter is a newline, Escape stops a running
// turn, Up/Down recall earlier prompts), a slash-command menu, the command's input hint shown
// like a placeholder after the command, and the session selectors. While a turn runs the
// composer stays usable: Enter queues the message (QueueView shows what waits), Ctrl/Cmd+Enter
// sends it now (into the running turn where the agent steers, else it stops the turn first), Stop
// stops. "@" (or the @ button) opens the host's context picker; what is picked, pasted or dropped
// shows as chips (AttachmentsView) and goes with the message as references the host turns into
// content blocks. While the agent cannot take a prompt the textarea is disabled and says why
// (composerMode.ts). The slash commands are in commandInput.ts, Up/Down's recall in promptRecall.ts,
// "@", paste and drop in contextInput.ts.
import type { Entry, ThreadState } from '../../../src/shared/thread';
import { button, h, setDisabled, setHidden, setText, setTitle } from '../../dom';
import { agentName } from '../header';
import type { ContextRef } from '../../../src/shared/promptContext';
import { AttachmentsView } from './attachments';
import { QueueView } from './queue';
import { SelectorsView } from './selectors';
import { CommandInput } from './commandInput';
import { composerMode, type ComposerMode } from './composerMode';
import { acceptPastedAndDropped, takeTypedMention } from './contextInput';
import { PromptRecall } from './promptRecall';
import type { Post } from '../types';
import { t } from '../../l10n';

export interface ComposerOptions {
  initialDraft?: string;
  onDraftChange?: (draft: string) => void;
  /** Called after a prompt was posted (the transcript jumps to the bottom). */
  onSent?: () => void;
  /** The agent picked for a new chat; a prompt typed before any chat exists starts one with it. */
  agentForNewChat?: () => string | undefined;
}

export class ComposerView {
  readonly el: HTMLElement;
  readonly textarea: HTMLTextAreaElement;
  private readonly send: HTMLButtonElement;
  private readonly stop: HTMLButtonElement;
  private readonly status = h('span', { class: 'composer-status', attrs: { 'aria-live': 'polite' } });
  /** The slash-command menu and the command's input hint. */
  private readonly commands: CommandInput;
  private readonly selectors: SelectorsView;
  private readonly queue: QueueView;
  private readonly attachments = new AttachmentsView();
  private readonly addContextButton: HTMLButtonElement;
  private mode: ComposerMode = composerMode(null);
  private hasThread = false;
  private entries: readonly Entry[] = [];
  /** "Edit" on a previous message: which one, and the draft it replaced (back on cancel). */
  private editing: { entryId: string; threadId: string | null; draft: string } | null = null;
  private threadId: string | null = null;
  private readonly editBar: HTMLElement;
  private readonly recall = new PromptRecall();
  /** Focus was asked for while the textarea was disabled (a new chat's agent still starting). */
  private focusWhenEnabled = false;

  constructor(
    private readonly post: Post,
    private readonly options: ComposerOptions = {},
  ) {
    this.textarea = h('textarea', {
      attrs: {
        id: 'composer',
        rows: '1',
        'aria-label': t('Message'),
        'aria-controls': 'slash-menu',
        'aria-autocomplete': 'list',
      },
    });
    this.textarea.value = options.initialDraft ?? '';
    // Its height follows its text, or its placeholder when empty (Chromium counts the placeholder in
    // scrollHeight), so a narrower view (or a wider one) sizes it again: a placeholder measured at
    // another width was cut to two of its three lines in the default side bar.
    if (typeof ResizeObserver === 'function') {
      let width = -1;
      new ResizeObserver(([entry]) => {
        if (!entry || entry.contentRect.width === width) return;
        width = entry.contentRect.width;
        this.autosize();
      }).observe(this.textarea);
    }
    this.send = button(t('Send'), 'primary send-button', () => this.submit(), t('Send (Enter)'));
    this.queue = new QueueView(post);
    this.addContextButton = button(
      '@',
      'secondary add-context',
      () => this.pickContext(),
      t('Add context: files, folders, symbols, the selection, Problems (or type @)'),
    );
    this.addContextButton.setAttribute('aria-label', t('Add context'));
    this.send.id = 'send';
    this.stop = button(t('Stop'), 'danger stop-button', () => this.cancel(), t('Stop the running turn (Esc)'));
    this.stop.id = 'stop';
    this.commands = new CommandInput(this.textarea, () => this.options.onDraftChange?.(this.textarea.value));
    this.selectors = new SelectorsView(post);
    this.editBar = h(
      'div',
      { class: 'composer-editing', attrs: { role: 'status' } },
      h('span', {
        class: 'editing-text',
        text: t(
          'Editing an earlier message: sending it puts the files back as they were before it (you confirm) and continues the chat from there.',
        ),
      }),
      button(t('Cancel'), 'link-button cancel-edit', () => this.cancelEdit(), t('Stop editing (Esc)')),
    );
    this.editBar.hidden = true;
    const input = h('div', { class: 'composer-input' }, this.commands.ghost, this.textarea);
    const toolbar = h(
      'div',
      { class: 'composer-toolbar' },
      this.addContextButton,
      this.selectors.el,
      this.status,
      h('span', { class: 'spacer' }),
      this.send,
      this.stop,
    );
    this.el = h(
      'section',
      { class: 'composer', attrs: { 'aria-label': t('Message') } },
      this.commands.menu.el,
      this.queue.el,
      h('div', { class: 'composer-box' }, this.editBar, input, this.attachments.el, toolbar),
    );
    acceptPastedAndDropped(this.el, this.textarea, this.attachments);
    this.textarea.addEventListener('keydown', (event) => this.onKeyDown(event));
    this.textarea.addEventListener('input', (event) => {
      if (takeTypedMention(this.textarea, event)) this.pickContext();
      this.onInput();
    });
    this.textarea.addEventListener('click', () => this.commands.refreshMenu());
    this.textarea.addEventListener('blur', () => this.commands.menu.hide());
    this.applyMode();
  }

  update(thread: ThreadState | null): void {
    this.mode = composerMode(thread);
    this.hasThread = thread !== null;
    this.commands.setCommands(Array.isArray(thread?.commands) ? thread.commands : []);
    this.selectors.update(thread);
    this.queue.update(thread?.queue, this.mode.running, this.mode.sendNow);
    this.attachments.setCapabilities(thread?.agentCapabilities, thread ? agentName(thread) : t('This agent'));
    this.entries = Array.isArray(thread?.entries) ? thread.entries : [];
    // Another chat shown, or the message gone: the edit ends (the text stays to send as usual).
    const editing = this.editing;
    this.threadId = thread?.key.threadId ?? null;
    if (editing && (editing.threadId !== this.threadId || !this.entries.some((entry) => entry.id === editing.entryId)))
      this.endEdit();
    this.applyMode();
    if (this.commands.menu.isOpen) this.commands.refreshMenu();
    this.commands.refreshGhost();
  }

  /** "Edit" on a previous message: its text in the box, and what sending will do above it. */
  startEdit(entryId: string, text: string): void {
    if (!this.mode.enabled || !this.hasThread) return;
    this.editing = { entryId, threadId: this.threadId, draft: this.editing ? this.editing.draft : this.textarea.value };
    this.textarea.value = text;
    setHidden(this.editBar, false);
    this.el.classList.add('editing');
    this.onInput();
    this.focus();
  }

  private cancelEdit(): void {
    if (!this.editing) return;
    this.textarea.value = this.editing.draft;
    this.endEdit();
    this.onInput();
  }

  private endEdit(): void {
    this.editing = null;
    setHidden(this.editBar, true);
    this.el.classList.remove('editing');
  }

  /** A disabled textarea cannot take the focus (a new chat's agent is still starting): it takes it
   * once it is enabled, unless the user has put the focus somewhere else in the meantime. */
  focus(): void {
    this.focusWhenEnabled = this.textarea.disabled;
    this.textarea.focus();
  }

  /** The focus went elsewhere (the host says so): a focus waiting for the composer to be enabled lapses. */
  dropFocusRequest(): void {
    this.focusWhenEnabled = false;
  }

  /**
   * A message the host could not send comes back: its text first (what the user typed since stays after it),
   * its context as chips again.
   */
  returnDraft(text: string, context: readonly ContextRef[]): void {
    if (typeof text !== 'string') return;
    const typed = this.textarea.value;
    this.textarea.value = typed.trim() === '' ? text : `${text}\n\n${typed}`;
    this.attachments.add(Array.isArray(context) ? context : []);
    this.onInput();
    this.textarea.focus();
  }

  /** Context picked in the host (the "@" picker, "Add File to Chat"...) joins the message. */
  addContext(items: readonly ContextRef[]): void {
    this.attachments.add(Array.isArray(items) ? items : []);
    this.textarea.focus();
  }

  private pickContext(): void {
    this.post({ type: 'pickContext' });
  }

  private applyMode(): void {
    const { enabled, running, cancelling, placeholder, status } = this.mode;
    setDisabled(this.textarea, !enabled);
    if (enabled && this.focusWhenEnabled) {
      this.focusWhenEnabled = false;
      const active = this.textarea.ownerDocument.activeElement;
      if (active === null || active === this.textarea.ownerDocument.body) this.textarea.focus();
    }
    if (this.textarea.placeholder !== placeholder) {
      this.textarea.placeholder = placeholder;
      if (this.textarea.value === '') this.autosize(); // an empty box is as tall as its placeholder
    }
    // While a turn runs Send queues; the label says so.
    setText(this.send, running ? t('Queue') : t('Send'));
    setTitle(
      this.send,
      !running
        ? t('Send (Enter). Ctrl+Shift+Enter sends it to several agents to compare.')
        : this.mode.sendNow?.kind === 'available'
          ? t('Queue: sent when the agent finishes (Enter). Ctrl+Enter adds it to the running turn now.')
          : t('Queue: sent when the agent finishes (Enter). Ctrl+Enter stops the turn and sends now.'),
    );
    setDisabled(this.send, !enabled);
    setHidden(this.stop, !running);
    setDisabled(this.stop, cancelling);
    setText(this.status, status);
    setHidden(this.status, status === ''); // in the side bar it is a row of its own (chat.css)
    this.el.classList.toggle('running', running);
    this.el.classList.toggle('disabled', !enabled);
  }

  private onKeyDown(event: KeyboardEvent): void {
    if (event.isComposing) return; // IME: Enter confirms the composition, it does not send.
    if (this.commands.menu.isOpen && this.commands.onMenuKey(event)) return;
    if (event.key === 'Enter' && event.shiftKey && (event.ctrlKey || event.metaKey) && !this.editing) {
      event.preventDefault();
      this.compare();
    } else if (event.key === 'Enter' && !event.shiftKey && !event.altKey) {
      event.preventDefault();
      this.submit(event.ctrlKey || event.metaKey);
    } else if ((event.key === 'ArrowUp' || event.key === 'ArrowDown') && !event.shiftKey && this.recallPrompt(event)) {
      event.preventDefault();
    } else if (event.key === 'Escape' && this.editing) {
      event.preventDefault();
      this.cancelEdit();
    } else if (event.key === 'Escape' && this.mode.running) {
      event.preventDefault();
      this.cancel();
    }
  }

  private onInput(): void {
    this.commands.refreshMenu();
    this.commands.refreshGhost();
    this.autosize();
    this.options.onDraftChange?.(this.textarea.value);
  }

  /** now: Ctrl/Cmd+Enter during a turn: Send now (adds the message to the turn, or stops it and sends next). */
  private submit(now = false): void {
    const text = this.textarea.value;
    if (!this.mode.enabled || text.trim() === '') return;
    const context = this.attachments.takeSendable();
    const attached = context.length > 0 ? { context } : {};
    if (this.editing) {
      // The host stops a running turn first; the edit never queues.
      this.post({ type: 'editMessage', entryId: this.editing.entryId, text, ...attached });
      this.endEdit();
    } else if (this.mode.running) {
      this.post(now ? { type: 'sendNow', text, ...attached } : { type: 'queuePrompt', text, ...attached });
    } else {
      const agentId = !this.hasThread ? this.options.agentForNewChat?.() : undefined;
      this.post(agentId ? { type: 'prompt', text, agentId, ...attached } : { type: 'prompt', text, ...attached });
    }
    this.recall.reset();
    this.textarea.value = '';
    this.commands.menu.hide();
    this.commands.refreshGhost();
    this.autosize();
    this.options.onDraftChange?.('');
    this.options.onSent?.();
  }

  /** Ctrl/Cmd+Shift+Enter: the message and its context to several agents ("Compare Agents"; the host asks which). */
  private compare(): void {
    const text = this.textarea.value;
    if (text.trim() === '') return;
    const context = this.attachments.takeSendable();
    this.post({ type: 'comparePrompt', text, ...(context.length > 0 ? { context } : {}) });
    this.recall.reset();
    this.textarea.value = '';
    this.autosize();
    this.options.onDraftChange?.('');
  }

  /** Up/Down outside a multi-line message: an earlier prompt (promptRecall.ts); true when handled. */
  private recallPrompt(event: KeyboardEvent): boolean {
    if (!this.recall.step(this.textarea, event.key === 'ArrowUp', this.entries)) return false;
    this.onInput();
    return true;
  }

  private cancel(): void {
    if (!this.mode.running || this.mode.cancelling) return;
    this.post({ type: 'cancel' });
  }

  private autosize(): void {
    // CSSOM assignments are allowed under the CSP (only style attributes in markup are not).
    this.textarea.style.height = 'auto';
    if (this.textarea.scrollHeight > 0) this.textarea.style.height = `${Math.min(this.textarea.scrollHeight, 240)}px`;
  }
}
