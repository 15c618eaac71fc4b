// The composer: a textarea (Enter sends, Shift+Enter is a newline, Escape stops a running
// turn, Up/Down recall earlier prompts), a slash-command menu, the command's input hint shown
// like a placeholder after the command, and the session selectors. While a turn runs the
// composer stays usable: Enter queues the message (QueueView shows what waits), Ctrl/Cmd+Enter
// sends it now (into the running turn where the agent steers, else it stops the turn first), Stop
// stops. "@" (or the @ button) opens the host's context picker; what is picked, pasted or dropped
// shows as chips (AttachmentsView) and goes with the message as references the host turns into
// content blocks. While the agent cannot take a prompt
// the textarea is disabled and says why.
import type * as acp from '@agentclientprotocol/sdk';
import type { Entry, ThreadState } from '../../../src/shared/thread';
import { button, h, setDisabled, setHidden, setText, setTitle } from '../../dom';
import { visibleText } from '../../visibleText';
import { agentName } from '../header';
import type { ContextRef } from '../../../src/shared/promptContext';
import { AttachmentsView } from './attachments';
import { QueueView } from './queue';
import { controlState, type ControlState } from '../../../src/shared/controlRules';
import { SelectorsView } from './selectors';
import { filterCommands, invokedCommand, slashQuery, SlashMenuView } from './slashMenu';
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

interface ComposerMode {
  enabled: boolean;
  running: boolean;
  cancelling: boolean;
  placeholder: string;
  status: string;
  /** What Send now does during a turn: adds the message to it (available), or stops it first (degraded); null: no agent. */
  sendNow: ControlState | null;
}

export function composerMode(thread: ThreadState | null): ComposerMode {
  // The reason is the placeholder of the disabled textarea; the status line stays empty.
  const off = (placeholder: string): ComposerMode => ({
    enabled: false,
    running: false,
    cancelling: false,
    placeholder,
    status: '',
    sendNow: null,
  });
  if (!thread) {
    return {
      enabled: true,
      running: false,
      cancelling: false,
      placeholder: t('Type a message to start a chat with the agent picked above (Enter to send)'),
      status: '',
      sendNow: null,
    };
  }
  const agent = agentName(thread);
  switch (thread.connection.kind) {
    case 'starting':
      return off(t('Agent is starting...'));
    case 'authRequired':
      return off(t('Sign in to the agent to start chatting'));
    case 'authenticating':
      return off(t('Signing in...'));
    case 'failed':
      return off(t('Agent failed: restart it'));
    case 'stopped':
      // A chat brought back after a reload, or opened from the agent's saved sessions: no agent runs yet, and the
      // first message starts it and continues the chat (the router starts a stopped chat before prompting).
      return {
        enabled: true,
        running: false,
        cancelling: false,
        placeholder: t('Message {0}: sending starts the agent and continues this chat (Enter to send)', agent),
        status: '',
        sendNow: null,
      };
    case 'ready':
      break;
  }
  const running = thread.turn.kind !== 'idle';
  const cancelling = thread.turn.kind === 'cancelling';
  const sendNow = controlState('steerTurn', {
    capabilities: thread.agentCapabilities,
    agentName: agent,
    initializeMeta: thread.initializeMeta,
  });
  const working =
    sendNow.kind === 'available'
      ? t('{0} is working. Enter queues, Ctrl+Enter adds to its turn, Esc stops.', agent)
      : t('{0} is working. Enter queues, Esc stops.', agent);
  return {
    enabled: true,
    running,
    cancelling,
    placeholder: t(
      'Message {0} (Enter to send, Shift+Enter for a new line{1})',
      agent,
      thread.commands.length ? t(', / for commands') : '',
    ),
    status: cancelling ? t('Stopping...') : running ? working : '',
    sendNow,
  };
}

export class ComposerView {
  readonly el: HTMLElement;
  readonly textarea: HTMLTextAreaElement;
  private readonly send: HTMLButtonElement;
  private readonly stop: HTMLButtonElement;
  private readonly status = h('span', { class: 'composer-status', attrs: { 'aria-live': 'polite' } });
  private readonly ghostTyped = h('span', { class: 'ghost-typed' });
  private readonly ghostHint = h('span', { class: 'ghost-hint' });
  private readonly ghost = h(
    'div',
    { class: 'composer-ghost', attrs: { 'aria-hidden': 'true' } },
    this.ghostTyped,
    this.ghostHint,
  );
  private readonly menu: SlashMenuView;
  private readonly selectors: SelectorsView;
  private readonly queue: QueueView;
  private readonly attachments = new AttachmentsView();
  private readonly addContextButton: HTMLButtonElement;
  private mode: ComposerMode = composerMode(null);
  private commands: acp.AvailableCommand[] = [];
  private hasThread = false;
  private entries: readonly Entry[] = [];
  /** "Edit" on a previous message: which one, and the draft it replaced (back on cancel). */
  private editing: { entryId: string; threadId: string | null; draft: string } | null = null;
  private threadId: string | null = null;
  private readonly editBar: HTMLElement;
  /** How far back Up/Down is in the earlier prompts (0: the draft), and the draft it replaced. */
  private recall = { back: 0, draft: '' };
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
    this.menu = new SlashMenuView((command) => this.pickCommand(command));
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
    const input = h('div', { class: 'composer-input' }, this.ghost, this.textarea);
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
      this.menu.el,
      this.queue.el,
      h('div', { class: 'composer-box' }, this.editBar, input, this.attachments.el, toolbar),
    );
    this.textarea.addEventListener('paste', (event) => this.onPaste(event));
    this.el.addEventListener('dragover', (event) => this.onDragOver(event));
    this.el.addEventListener('drop', (event) => this.onDrop(event));
    this.textarea.addEventListener('keydown', (event) => this.onKeyDown(event));
    this.textarea.addEventListener('input', (event) => {
      if (this.typedMention(event)) this.pickContext();
      this.onInput();
    });
    this.textarea.addEventListener('click', () => this.refreshMenu());
    this.textarea.addEventListener('blur', () => this.menu.hide());
    this.applyMode();
  }

  update(thread: ThreadState | null): void {
    this.mode = composerMode(thread);
    this.hasThread = thread !== null;
    this.commands = Array.isArray(thread?.commands) ? thread.commands : [];
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
    if (this.menu.isOpen) this.refreshMenu();
    this.refreshGhost();
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

  /** Context picked in the host (the "@" picker, "Add File to Chat"...) joins the message. */
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

  addContext(items: readonly ContextRef[]): void {
    this.attachments.add(Array.isArray(items) ? items : []);
    this.textarea.focus();
  }

  private pickContext(): void {
    this.post({ type: 'pickContext' });
  }

  /** "@" typed at the start of a word opens the picker; the "@" itself is taken out. */
  private typedMention(event: Event): boolean {
    const input = event as InputEvent;
    if (input.inputType !== 'insertText' || input.data !== '@') return false;
    const caret = this.textarea.selectionStart ?? 0;
    const text = this.textarea.value;
    if (text[caret - 1] !== '@' || (caret >= 2 && !/\s/.test(text[caret - 2]!))) return false;
    this.textarea.value = text.slice(0, caret - 1) + text.slice(caret);
    this.textarea.setSelectionRange(caret - 1, caret - 1);
    return true;
  }

  private onPaste(event: ClipboardEvent): void {
    const files = [...(event.clipboardData?.files ?? [])].filter((file) => file.type.startsWith('image/'));
    if (files.length === 0) return; // text pastes as usual
    event.preventDefault();
    void this.attachments.addFiles(files);
  }

  private onDragOver(event: DragEvent): void {
    const types = [...(event.dataTransfer?.types ?? [])];
    if (types.includes('Files') || types.includes('text/uri-list') || types.includes('application/vnd.code.uri-list')) {
      event.preventDefault();
      if (event.dataTransfer) event.dataTransfer.dropEffect = 'copy';
    }
  }

  private onDrop(event: DragEvent): void {
    const transfer = event.dataTransfer;
    if (!transfer) return;
    const uris = transfer.getData('application/vnd.code.uri-list') || transfer.getData('text/uri-list');
    const files = [...transfer.files];
    if (!uris && files.length === 0) return;
    event.preventDefault();
    if (uris) this.attachments.addUriList(uris);
    else void this.attachments.addFiles(files);
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
        ? t('Send (Enter)')
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
    if (this.menu.isOpen && this.onMenuKey(event)) return;
    if (event.key === 'Enter' && !event.shiftKey && !event.altKey) {
      event.preventDefault();
      this.submit(event.ctrlKey || event.metaKey);
    } else if ((event.key === 'ArrowUp' || event.key === 'ArrowDown') && !event.shiftKey && this.onRecallKey(event)) {
      event.preventDefault();
    } else if (event.key === 'Escape' && this.editing) {
      event.preventDefault();
      this.cancelEdit();
    } else if (event.key === 'Escape' && this.mode.running) {
      event.preventDefault();
      this.cancel();
    }
  }

  /** Keys the open slash menu consumes; true when handled. */
  private onMenuKey(event: KeyboardEvent): boolean {
    const active = this.menu.activeCommand;
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp':
        event.preventDefault();
        this.menu.move(event.key === 'ArrowDown' ? 1 : -1);
        return true;
      case 'Enter':
      case 'Tab':
        if (!active || event.shiftKey) return false;
        event.preventDefault();
        this.pickCommand(active);
        return true;
      case 'Escape':
        event.preventDefault();
        event.stopPropagation();
        this.menu.hide();
        return true;
      default:
        return false;
    }
  }

  private onInput(): void {
    this.refreshMenu();
    this.refreshGhost();
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
    this.recall = { back: 0, draft: '' };
    this.textarea.value = '';
    this.menu.hide();
    this.refreshGhost();
    this.autosize();
    this.options.onDraftChange?.('');
    this.options.onSent?.();
  }

  /**
   * Up on the first line recalls the previous prompt, Down on the last line the next one (past the
   * newest: the draft the user was typing). True when handled. The prompts are read from the
   * entries only here, not on every frame.
   */
  private onRecallKey(event: KeyboardEvent): boolean {
    const { value, selectionStart, selectionEnd } = this.textarea;
    if (selectionStart !== selectionEnd) return false;
    const up = event.key === 'ArrowUp';
    if (up ? value.lastIndexOf('\n', selectionStart - 1) !== -1 : value.indexOf('\n', selectionEnd) !== -1) {
      return false; // moving between lines of a multi-line message
    }
    const history = promptHistory(this.entries);
    const back = this.recall.back + (up ? 1 : -1);
    if (back < 0 || back > history.length) return false;
    if (this.recall.back === 0) this.recall.draft = value; // leaving the draft: keep it
    this.recall.back = back;
    this.textarea.value = back === 0 ? this.recall.draft : history[history.length - back]!;
    const caret = up ? 0 : this.textarea.value.length;
    this.textarea.setSelectionRange(caret, caret);
    this.onInput();
    return true;
  }

  private cancel(): void {
    if (!this.mode.running || this.mode.cancelling) return;
    this.post({ type: 'cancel' });
  }

  private pickCommand(command: acp.AvailableCommand): void {
    const text = this.textarea.value;
    const rest = text.replace(/^\/\S*\s?/, '');
    this.textarea.value = `/${command.name} ${rest}`;
    const caret = command.name.length + 2;
    this.textarea.setSelectionRange(caret, caret);
    this.menu.hide();
    this.refreshGhost();
    this.options.onDraftChange?.(this.textarea.value);
  }

  private refreshMenu(): void {
    const query = slashQuery(this.textarea.value, this.textarea.selectionStart ?? 0);
    if (query === null || this.commands.length === 0 || this.textarea.disabled) this.menu.hide();
    else this.menu.show(filterCommands(this.commands, query));
  }

  /** The command's input hint, shown after "/name " until the user types an argument. */
  private refreshGhost(): void {
    const text = this.textarea.value;
    const command = invokedCommand(this.commands, text);
    const hint = command?.input?.hint && text === `/${command.name} ` ? command.input.hint : '';
    setText(this.ghostTyped, hint ? text : '');
    setText(this.ghostHint, visibleText(hint));
    setHidden(this.ghost, !hint);
  }

  private autosize(): void {
    // CSSOM assignments are allowed under the CSP (only style attributes in markup are not).
    this.textarea.style.height = 'auto';
    if (this.textarea.scrollHeight > 0) this.textarea.style.height = `${Math.min(this.textarea.scrollHeight, 240)}px`;
  }
}

/** The text of the user's prompts in this chat, oldest first, without repeats in a row. */
export function promptHistory(entries: readonly Entry[]): string[] {
  const history: string[] = [];
  for (const entry of entries) {
    if (entry.kind !== 'user' || !Array.isArray(entry.parts)) continue;
    const text = entry.parts.map((part) => (part.kind === 'text' ? part.text : '')).join('');
    if (text.trim() !== '' && history.at(-1) !== text) history.push(text);
  }
  return history;
}
