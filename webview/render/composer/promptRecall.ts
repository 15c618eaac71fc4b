// Up/Down in the composer: the user's earlier prompts in this chat recalled into the textarea, the
// draft being typed kept to come back to.
import type { Entry } from '../../../src/shared/thread';

export class PromptRecall {
  /** How far back Up/Down is in the earlier prompts (0: the draft), and the draft it replaced. */
  private back = 0;
  private draft = '';

  /** A message was sent: the next Up starts from the newest prompt again. */
  reset(): void {
    this.back = 0;
    this.draft = '';
  }

  /**
   * Up on the first line recalls the previous prompt, Down on the last line the next one (past the
   * newest: the draft the user was typing). True when handled. The prompts are read from the
   * entries only here, not on every frame.
   */
  step(textarea: HTMLTextAreaElement, up: boolean, entries: readonly Entry[]): boolean {
    const { value, selectionStart, selectionEnd } = textarea;
    if (selectionStart !== selectionEnd) return false;
    if (up ? value.lastIndexOf('\n', selectionStart - 1) !== -1 : value.indexOf('\n', selectionEnd) !== -1) {
      return false; // moving between lines of a multi-line message
    }
    const history = promptHistory(entries);
    const back = this.back + (up ? 1 : -1);
    if (back < 0 || back > history.length) return false;
    if (this.back === 0) this.draft = value; // leaving the draft: keep it
    this.back = back;
    textarea.value = back === 0 ? this.draft : history[history.length - back]!;
    const caret = up ? 0 : textarea.value.length;
    textarea.setSelectionRange(caret, caret);
    return true;
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
