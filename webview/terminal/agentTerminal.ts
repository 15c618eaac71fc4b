// The card of a terminal the agent runs itself (shared/agentTerminals.ts): the same screen as our own
// terminals (xterm, ANSI colours), fed from the thread state (the output is in the tool call, so a reload
// replays it from the journal), its status, and no control: Switchboard did not start the process, so
// it offers no Stop and no "Open in Terminal"; the header says who runs it.
import type { AgentTerminalView } from '../../src/shared/thread';
import { h } from '../dom';
import { t } from '../l10n';
import { visibleText } from '../visibleText';
import { exitedStatus } from './exitStatus';
import { TerminalCard } from './card';

export class AgentTerminalWidget {
  private readonly card: TerminalCard;
  private readonly owner: HTMLElement;
  private readonly status: HTMLElement;
  private view: AgentTerminalView | undefined;
  /** How much of the stream (AgentTerminalView.received) the screen shows. */
  private shown = 0;

  constructor(readonly terminalId: string) {
    this.owner = h('span', { class: 'terminal-owner', text: t('Run by the agent'), title: ownerNote() });
    this.status = h('span', { class: 'terminal-status', text: t('Running…') });
    // No PTY of ours between the command and the card: a bare "\n" must return to the line start too.
    this.card = new TerminalCard({ terminalId, owner: 'agent', state: 'running' }, [this.owner, this.status], {
      convertEol: true,
    });
  }

  get el(): HTMLElement {
    return this.card.el;
  }

  mount(): void {
    this.card.mount();
  }

  describe(view: AgentTerminalView): void {
    if (view === this.view) return;
    this.view = view;
    this.feed(view);
    this.mount();
    const { label, state, why } = agentStatusOf(view);
    this.status.textContent = label;
    this.status.title = why;
    this.card.el.dataset.state = state;
    this.owner.title = view.cwd ? t('{0}\nin {1}', ownerNote(), visibleText(view.cwd)) : ownerNote();
  }

  text(): string {
    return this.card.text();
  }

  dispose(): void {
    this.card.dispose();
  }

  /** Writes what the screen lacks; the whole kept output again when the screen missed more than it (a replay). */
  private feed(view: AgentTerminalView): void {
    const missing = view.received - this.shown;
    if (missing === 0) return;
    if (missing > 0 && missing <= view.output.length)
      this.card.screen.write(view.output.slice(view.output.length - missing));
    else this.card.screen.reset(view.output);
    this.shown = view.received;
  }
}

function ownerNote(): string {
  return t('The agent runs this command itself: Switchboard shows what the agent reports and cannot stop it');
}

export function agentStatusOf(view: AgentTerminalView): { label: string; state: string; why: string } {
  if (view.status === 'running') return { label: t('Running…'), state: 'running', why: '' };
  if (view.status === 'unknown') {
    return {
      label: t('Exit status unknown'),
      state: 'unknown',
      why: t('The turn ended before the agent reported how the command ended'),
    };
  }
  return { ...exitedStatus(view.exitStatus), why: '' };
}
