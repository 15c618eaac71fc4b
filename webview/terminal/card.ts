// The frame both kinds of terminal card share (our own terminals, views.ts; the agent's, agentTerminal.ts):
// a header and the screen below it, opened once the card is in the document (xterm measures fonts then).
import { h } from '../dom';
import { createScreen, type ScreenOptions, type TerminalScreen } from './screen';

export class TerminalCard {
  readonly el: HTMLElement;
  readonly screen: TerminalScreen;
  private readonly screenEl = h('div', { class: 'terminal-screen' });
  private mounted = false;

  constructor(data: Record<string, string>, header: HTMLElement[], screen: ScreenOptions = {}) {
    this.screen = createScreen(screen);
    this.el = h(
      'div',
      { class: 'terminal-view', data },
      h('div', { class: 'terminal-header' }, ...header),
      this.screenEl,
    );
  }

  /** xterm needs a connected element; called after the card is in the document. */
  mount(): void {
    if (!this.mounted && this.el.isConnected) {
      this.mounted = true;
      this.screen.open(this.screenEl);
    }
  }

  text(): string {
    return this.screen.text();
  }

  dispose(): void {
    this.screen.dispose();
  }
}
