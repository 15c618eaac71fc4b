// The slash-command menu. Pure parts (which query is being typed, which commands match) are
// separate from the small view so they can be tested directly.
import type * as acp from '@agentclientprotocol/sdk';
import { h } from '../../dom';
import { asText, visibleText } from '../../visibleText';
import { t } from '../../l10n';

/** The command word being typed: the text starts with "/" and the caret is inside that word. */
export function slashQuery(text: string, caret: number): string | null {
  const word = /^\/(\S*)/.exec(text);
  if (!word || caret < 1 || caret > word[0].length) return null;
  return word[1] ?? ''; // the group (\S*) always takes part in a match
}

/** Commands whose name starts with the query first, then those containing it (name or description). */
export function filterCommands(commands: acp.AvailableCommand[], query: string): acp.AvailableCommand[] {
  const q = query.toLowerCase();
  const valid = commands.filter((c) => typeof c?.name === 'string');
  const prefix = valid.filter((c) => c.name.toLowerCase().startsWith(q));
  const rest = valid.filter(
    (c) => !prefix.includes(c) && (c.name.toLowerCase().includes(q) || asText(c.description).toLowerCase().includes(q)),
  );
  return [...prefix, ...rest];
}

/** The command the text invokes, once a space follows the name ("/name args"). */
export function invokedCommand(commands: acp.AvailableCommand[], text: string): acp.AvailableCommand | null {
  const match = /^\/(\S+)\s/.exec(text);
  return match ? (commands.find((c) => c?.name === match[1]) ?? null) : null;
}

export class SlashMenuView {
  readonly el = h('ul', {
    class: 'slash-menu',
    attrs: { role: 'listbox', 'aria-label': t('Commands'), id: 'slash-menu' },
  });
  private items: acp.AvailableCommand[] = [];
  private active = 0;

  constructor(private readonly onPick: (command: acp.AvailableCommand) => void) {
    this.el.hidden = true;
    // mousedown, not click: keep focus in the composer.
    this.el.addEventListener('mousedown', (event) => {
      const li = (event.target as Element).closest('li[data-command]');
      if (!li) return;
      event.preventDefault();
      const command = this.items.find((c) => c.name === (li as HTMLElement).dataset.command);
      if (command) this.onPick(command);
    });
  }

  get isOpen(): boolean {
    return !this.el.hidden;
  }

  get activeCommand(): acp.AvailableCommand | null {
    return this.isOpen ? (this.items[this.active] ?? null) : null;
  }

  show(items: acp.AvailableCommand[]): void {
    const keep = this.activeCommand?.name;
    this.items = items;
    this.active = Math.max(
      0,
      items.findIndex((c) => c.name === keep),
    );
    this.el.hidden = items.length === 0;
    this.el.replaceChildren(...items.map((command, i) => this.renderItem(command, i)));
  }

  hide(): void {
    this.el.hidden = true;
    this.items = [];
  }

  move(delta: number): void {
    if (!this.items.length) return;
    this.active = (this.active + delta + this.items.length) % this.items.length;
    this.el.querySelectorAll('li').forEach((li, i) => {
      li.classList.toggle('active', i === this.active);
      li.setAttribute('aria-selected', String(i === this.active));
      if (i === this.active) li.scrollIntoView?.({ block: 'nearest' });
    });
  }

  private renderItem(command: acp.AvailableCommand, index: number): HTMLElement {
    return h(
      'li',
      {
        class: index === this.active ? 'slash-item active' : 'slash-item',
        data: { command: command.name },
        attrs: { role: 'option', 'aria-selected': String(index === this.active) },
      },
      h('span', { class: 'slash-name', text: `/${visibleText(command.name)}` }),
      h('span', { class: 'slash-description', text: visibleText(command.description) }),
      command.input?.hint ? h('span', { class: 'slash-hint', text: visibleText(command.input.hint) }) : null,
    );
  }
}
