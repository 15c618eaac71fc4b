// The agent's slash commands in the composer: the menu while "/name" is typed at the start, and the
// command's input hint shown like a placeholder after "/name " until the user types an argument.
import type * as acp from '@agentclientprotocol/sdk';
import { h, setHidden, setText } from '../../dom';
import { visibleText } from '../../visibleText';
import { filterCommands, invokedCommand, slashQuery, SlashMenuView } from './slashMenu';

export class CommandInput {
  readonly menu: SlashMenuView;
  private readonly ghostTyped = h('span', { class: 'ghost-typed' });
  private readonly ghostHint = h('span', { class: 'ghost-hint' });
  /** The hint, laid over the textarea. */
  readonly ghost = h(
    'div',
    { class: 'composer-ghost', attrs: { 'aria-hidden': 'true' } },
    this.ghostTyped,
    this.ghostHint,
  );
  private commands: acp.AvailableCommand[] = [];

  constructor(
    private readonly textarea: HTMLTextAreaElement,
    /** A command was picked into the textarea (the draft changed). */
    private readonly onPicked: () => void,
  ) {
    this.menu = new SlashMenuView((command) => this.pick(command));
  }

  setCommands(commands: acp.AvailableCommand[]): void {
    this.commands = commands;
  }

  /** Keys the open slash menu consumes; true when handled. */
  onMenuKey(event: KeyboardEvent): boolean {
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
        this.pick(active);
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

  private pick(command: acp.AvailableCommand): void {
    const text = this.textarea.value;
    const rest = text.replace(/^\/\S*\s?/, '');
    this.textarea.value = `/${command.name} ${rest}`;
    const caret = command.name.length + 2;
    this.textarea.setSelectionRange(caret, caret);
    this.menu.hide();
    this.refreshGhost();
    this.onPicked();
  }

  refreshMenu(): void {
    const query = slashQuery(this.textarea.value, this.textarea.selectionStart ?? 0);
    if (query === null || this.commands.length === 0 || this.textarea.disabled) this.menu.hide();
    else this.menu.show(filterCommands(this.commands, query));
  }

  /** The command's input hint, shown after "/name " until the user types an argument. */
  refreshGhost(): void {
    const text = this.textarea.value;
    const command = invokedCommand(this.commands, text);
    const hint = command?.input?.hint && text === `/${command.name} ` ? command.input.hint : '';
    setText(this.ghostTyped, hint ? text : '');
    setText(this.ghostHint, visibleText(hint));
    setHidden(this.ghost, !hint);
  }
}
