// The text of a code block that is still streaming. Kept in groups of LINES_PER_GROUP lines, each
// its own block (`span.code-lines`, display: block in chat.css), so a frame that adds a line lays
// out one group instead of re-shaping the whole block, and the text on screen is only ever
// appended to: what is shown is remembered here, never read back from the DOM (reading a long
// text node copies it). A block of thousands of lines then streams at a constant cost per frame.
// Groups are cut by line number, so the DOM is the same however the text arrived.

export const LINES_PER_GROUP = 64;
/** Characters at the end of the shown text compared with the new text. */
const CHECKED_CHARS = 256;

export class GrowingCode {
  /** The text on screen: '' or ending with '\n'. */
  private shown = '';
  private group: HTMLElement | null = null;
  private text: Text | null = null;
  /** Newlines in the last group. */
  private newlines = 0;

  constructor(
    private readonly el: Element,
    content: string,
  ) {
    el.replaceChildren();
    this.write(content);
    this.shown = content;
  }

  /**
   * Shows `content` (the block's text, '' or ending with '\n'). Returns false when it does not
   * extend what is shown (the caller renders the block again).
   */
  update(content: string): boolean {
    if (content === this.shown) return true;
    // The last line may have grown before its newline: keep everything up to that newline.
    const kept = this.shown.endsWith('\n') ? this.shown.length - 1 : this.shown.length;
    // An open fence's text only grows (its source is appended to), so checking the end of what is
    // shown is enough to tell an extension from a different text: O(1) per frame, not O(block).
    const from = Math.max(0, kept - CHECKED_CHARS);
    if (content.length < kept || !content.startsWith(this.shown.slice(from, kept), from)) return false;
    if (kept < this.shown.length && this.text) {
      this.text.deleteData(this.text.length - 1, 1);
      this.newlines--;
    }
    this.write(content.slice(kept));
    this.shown = content;
    return true;
  }

  private write(added: string): void {
    let from = 0;
    while (from < added.length) {
      if (!this.text || this.newlines >= LINES_PER_GROUP) this.startGroup();
      // Fill the group up to its last line; the rest goes to the next group.
      let end = from;
      while (end < added.length && this.newlines < LINES_PER_GROUP) {
        const newline = added.indexOf('\n', end);
        if (newline === -1) {
          end = added.length;
          break;
        }
        end = newline + 1;
        this.newlines++;
      }
      this.text!.appendData(added.slice(from, end));
      from = end;
    }
  }

  private startGroup(): void {
    this.group = document.createElement('span');
    this.group.className = 'code-lines';
    this.text = document.createTextNode('');
    this.group.appendChild(this.text);
    this.el.appendChild(this.group);
    this.newlines = 0;
  }
}
