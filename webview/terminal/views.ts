// Every terminal card widget of the shown thread, by terminalId: its xterm screen, fed by the
// host's `terminalOutput` messages (not thread state), and its header (command, status, Stop,
// Open in Terminal) from the thread's TerminalView descriptors. Tool cards only place the widget.
import type { HostToWebview } from '../../src/shared/messages';
import type { TerminalView } from '../../src/shared/thread';
import { button, h } from '../dom';
import type { Post } from '../render/types';
import { visibleText } from '../visibleText';
import { createScreen, type TerminalScreen } from './screen';
import { t } from '../l10n';

class TerminalWidget {
  readonly el: HTMLElement;
  private readonly command: HTMLElement;
  private readonly status: HTMLElement;
  private readonly stop: HTMLButtonElement;
  private readonly openButton: HTMLButtonElement;
  private readonly screenEl: HTMLElement;
  private readonly screen: TerminalScreen;
  private view: TerminalView | undefined;
  private mounted = false;

  constructor(
    readonly terminalId: string,
    post: Post,
  ) {
    this.command = h('span', { class: 'terminal-command' });
    this.status = h('span', { class: 'terminal-status', text: t('Starting…') });
    this.stop = button(
      t('Stop'),
      'terminal-stop',
      () => post({ type: 'stopTerminal', terminalId }),
      t('Stop the command (kills it and everything it started)'),
    );
    this.openButton = button(
      t('Open in Terminal'),
      'terminal-open',
      () => post({ type: 'openTerminal', terminalId }),
      t('Show this command in a VS Code terminal, where you can type'),
    );
    this.screenEl = h('div', { class: 'terminal-screen' });
    this.el = h(
      'div',
      { class: 'terminal-view', data: { terminalId, state: 'running' } },
      h('div', { class: 'terminal-header' }, this.command, this.status, this.stop, this.openButton),
      this.screenEl,
    );
    this.screen = createScreen();
  }

  /** xterm needs a connected element; called after the card is in the document. */
  mount(): void {
    if (!this.mounted && this.el.isConnected) {
      this.mounted = true;
      this.screen.open(this.screenEl);
    }
  }

  write(data: string, replace: boolean): void {
    this.mount();
    if (replace) this.screen.reset(data);
    else this.screen.write(data);
  }

  text(): string {
    return this.screen.text();
  }

  describe(view: TerminalView | undefined): void {
    if (view === this.view) return;
    this.view = view;
    this.mount();
    if (!view) return;
    const commandLine = visibleText(view.commandLine);
    this.command.textContent = `$ ${commandLine}`;
    this.command.title = t(
      '{0}\nin {1}{2}',
      commandLine,
      visibleText(view.cwd),
      view.mode === 'pipes' ? t('\n(no PTY: node-pty could not load)') : '',
    );
    const { label, state } = statusOf(view);
    this.status.textContent = label;
    this.el.dataset.state = state;
    this.el.dataset.stoppedBy = view.stoppedBy ?? '';
    this.stop.hidden = view.status !== 'running' || view.released || view.stoppedBy !== null;
    this.openButton.hidden = view.released;
  }

  dispose(): void {
    this.screen.dispose();
  }
}

export function statusOf(view: TerminalView): { label: string; state: string } {
  const signal = view.exitStatus?.signal ?? null;
  const code = view.exitStatus?.exitCode ?? null;
  if (view.status === 'running') {
    if (view.stoppedBy === 'user') return { label: t('Stopping (you pressed Stop)…'), state: 'stopping' };
    if (view.stoppedBy === 'agent') return { label: t('Stopping (the agent killed it)…'), state: 'stopping' };
    return { label: view.released ? t('Released') : t('Running…'), state: 'running' };
  }
  const how = signal ? signal : t('exit code {0}', code ?? '?');
  if (view.stoppedBy === 'user') return { label: t('Stopped by you ({0})', how), state: 'stopped' };
  if (view.stoppedBy === 'agent') return { label: t('Killed by the agent ({0})', how), state: 'stopped' };
  if (signal) return { label: t('Ended by {0}', signal), state: 'failed' };
  return code === 0
    ? { label: t('Exited 0'), state: 'succeeded' }
    : { label: t('Failed: exit code {0}', code ?? '?'), state: 'failed' };
}

export class TerminalViews {
  private readonly widgets = new Map<string, TerminalWidget>();
  private descriptors: Record<string, TerminalView> = {};
  private described: Record<string, TerminalView> | undefined;

  /** `post`: where the widgets' Stop and Open in Terminal go. */
  constructor(private readonly post: Post = () => undefined) {}

  /** The widget element for a card; the card calls mount() once it is in the document. */
  element(terminalId: string): HTMLElement {
    return this.widget(terminalId).el;
  }

  mount(terminalId: string): void {
    this.widgets.get(terminalId)?.mount();
  }

  receive(msg: Extract<HostToWebview, { type: 'terminalOutput' }>): void {
    this.widget(msg.terminalId).write(msg.data, msg.replace);
  }

  /** Called on every frame: the same descriptors as last time (by identity) change nothing. */
  describe(terminals: Record<string, TerminalView> | undefined): void {
    if (terminals === this.described) return;
    this.described = terminals;
    this.descriptors = terminals ?? {};
    for (const [id, widget] of this.widgets) widget.describe(this.descriptors[id]);
  }

  /** A new snapshot (another thread, or the view came back): replays follow, start clean. */
  reset(): void {
    for (const widget of this.widgets.values()) widget.dispose();
    this.widgets.clear();
  }

  text(terminalId: string): string | undefined {
    return this.widgets.get(terminalId)?.text();
  }

  private widget(terminalId: string): TerminalWidget {
    let widget = this.widgets.get(terminalId);
    if (!widget) {
      widget = new TerminalWidget(terminalId, (msg) => this.post(msg));
      widget.describe(this.descriptors[terminalId]);
      this.widgets.set(terminalId, widget);
    }
    return widget;
  }
}
