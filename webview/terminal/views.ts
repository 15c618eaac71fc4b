// Every terminal card widget of the shown thread, by terminalId. Our own terminals (terminal/create):
// an xterm screen fed by the host's `terminalOutput` messages (not thread state) and a header
// (command, status, Stop, Open in Terminal) from the thread's TerminalView descriptors. Terminals the
// agent runs itself: agentTerminal.ts, from the views their tool cards hand over. Tool cards only
// place the widget.
import type { HostToWebview } from '../../src/shared/messages';
import type { AgentTerminalView, TerminalView } from '../../src/shared/thread';
import { button, h } from '../dom';
import type { Post } from '../render/post';
import { visibleText } from '../visibleText';
import { AgentTerminalWidget } from './agentTerminal';
import { exitedStatus } from './exitStatus';
import { TerminalCard } from './card';
import { t } from '../l10n';

class TerminalWidget {
  private readonly card: TerminalCard;
  private readonly command: HTMLElement;
  private readonly status: HTMLElement;
  private readonly stop: HTMLButtonElement;
  private readonly openButton: HTMLButtonElement;
  private view: TerminalView | undefined;

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
    this.card = new TerminalCard({ terminalId, state: 'running' }, [
      this.command,
      this.status,
      this.stop,
      this.openButton,
    ]);
  }

  get el(): HTMLElement {
    return this.card.el;
  }

  mount(): void {
    this.card.mount();
  }

  write(data: string, replace: boolean): void {
    this.mount();
    if (replace) this.card.screen.reset(data);
    else this.card.screen.write(data);
  }

  text(): string {
    return this.card.text();
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
    this.card.dispose();
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
  return exitedStatus(view.exitStatus);
}

export class TerminalViews {
  private readonly widgets = new Map<string, TerminalWidget | AgentTerminalWidget>();
  private descriptors: Record<string, TerminalView> = {};
  private described: Record<string, TerminalView> | undefined;
  /** The terminals the agent runs itself, by id, from the tool cards (their views are in the tool calls). */
  private readonly agentViews = new Map<string, AgentTerminalView>();

  /** `post`: where the widgets' Stop and Open in Terminal go. */
  constructor(private readonly post: Post = () => undefined) {}

  /** The widget element for a card; the card calls mount() once it is in the document. */
  element(terminalId: string): HTMLElement {
    return this.widget(terminalId).el;
  }

  mount(terminalId: string): void {
    this.widgets.get(terminalId)?.mount();
  }

  /** Puts each widget a card slot under `root` shows back into that slot (it was shown in another place since). */
  reclaim(root: HTMLElement): void {
    for (const slot of Array.from(root.querySelectorAll<HTMLElement>('.terminal-slot'))) {
      const widget = this.widgets.get(slot.dataset.terminalId ?? '');
      if (!widget || widget.el.parentElement === slot) continue;
      slot.replaceChildren(widget.el);
      widget.mount();
    }
  }

  receive(msg: Extract<HostToWebview, { type: 'terminalOutput' }>): void {
    const widget = this.widget(msg.terminalId);
    // The host streams only its own terminals; nothing it sends is written into an agent's.
    if (widget instanceof TerminalWidget) widget.write(msg.data, msg.replace);
  }

  /** Called on every frame: the same descriptors as last time (by identity) change nothing. */
  describe(terminals: Record<string, TerminalView> | undefined): void {
    if (terminals === this.described) return;
    this.described = terminals;
    this.descriptors = terminals ?? {};
    for (const [id, widget] of this.widgets)
      if (widget instanceof TerminalWidget) widget.describe(this.descriptors[id]);
  }

  /** A tool card's agent terminals (before it places them): each widget shows its view. */
  describeAgent(views: readonly AgentTerminalView[] | undefined): void {
    if (!Array.isArray(views)) return;
    for (const view of views) {
      this.agentViews.set(view.terminalId, view);
      const widget = this.widgets.get(view.terminalId);
      if (widget instanceof AgentTerminalWidget) widget.describe(view);
      else if (widget) this.replace(widget, view); // placed before the agent's first report named it
    }
  }

  /** A new snapshot (another thread, or the view came back): replays follow, start clean. */
  reset(): void {
    for (const widget of this.widgets.values()) widget.dispose();
    this.widgets.clear();
    this.agentViews.clear();
  }

  text(terminalId: string): string | undefined {
    return this.widgets.get(terminalId)?.text();
  }

  private widget(terminalId: string): TerminalWidget | AgentTerminalWidget {
    let widget = this.widgets.get(terminalId);
    if (!widget) {
      const agentView = this.agentViews.get(terminalId);
      if (agentView) {
        const agents = new AgentTerminalWidget(terminalId);
        agents.describe(agentView);
        widget = agents;
      } else {
        const ours = new TerminalWidget(terminalId, (msg) => this.post(msg));
        ours.describe(this.descriptors[terminalId]);
        widget = ours;
      }
      this.widgets.set(terminalId, widget);
    }
    return widget;
  }

  private replace(widget: TerminalWidget, view: AgentTerminalView): void {
    const agents = new AgentTerminalWidget(view.terminalId);
    agents.describe(view);
    widget.el.replaceWith(agents.el);
    widget.dispose();
    this.widgets.set(view.terminalId, agents);
    agents.mount();
  }
}
