// The text of a code block that is still streaming. Complete lines are kept in groups of
// LINES_PER_GROUP lines, each its own block (`span.code-lines`, display: block in chat.css), and the
// last line, the only one that can still grow, in a block of its own (`span.code-line-open`). A frame
// that extends the last line then rewrites a few dozen characters and lays out one line, instead of
// editing (and re-shaping) a group of up to 64 lines; a group is only ever appended to, once per
// completed line. What is shown is remembered here, never read back from the DOM (reading a long text
// node copies it). A block of thousands of lines then streams at a constant cost per frame. Groups
// are cut by line number, so the DOM is the same however the text arrived.

export const LINES_PER_GROUP = 64;
/** Characters at the end of the shown text compared with the new text. */
const CHECKED_CHARS = 256;

export class GrowingCode {
  /** The text on screen: '' or ending with '\n'. */
  private shown = '';
  /** Where the last line starts in `shown` (the lines before it are in the groups). */
  private lastLineStart = 0;
  private group: HTMLElement | null = null;
  private text: Text | null = null;
  /** Newlines in the last group. */
  private newlines = 0;
  private readonly openLine: Text;

  constructor(
    private readonly el: Element,
    content: string,
  ) {
    el.replaceChildren();
    const open = document.createElement('span');
    open.className = 'code-line-open';
    this.openLine = open.appendChild(document.createTextNode(''));
    el.appendChild(open);
    this.show(content, 0);
  }

  /**
   * Shows `content` (the block's text, '' or ending with '\n'). Returns false when it does not
   * extend what is shown (the caller renders the block again).
   */
  update(content: string): boolean {
    if (content === this.shown) return true;
    // An open fence's text only grows (its source is appended to), so checking the end of the
    // complete lines shown is enough to tell an extension from a different text: O(1) per frame,
    // not O(block). The last line may have grown before its newline, so it is compared without it.
    const kept = this.shown.endsWith('\n') ? this.shown.length - 1 : this.shown.length;
    const from = Math.max(0, kept - CHECKED_CHARS);
    if (content.length < kept || !content.startsWith(this.shown.slice(from, kept), from)) return false;
    this.show(content, this.lastLineStart);
    return true;
  }

  /** Puts the complete lines of `content` after `done` into the groups and its last line in the open line. */
  private show(content: string, done: number): void {
    const lastLineStart = content.length < 2 ? 0 : content.lastIndexOf('\n', content.length - 2) + 1;
    if (lastLineStart > done) this.write(content.slice(done, lastLineStart));
    const lastLine = content.slice(lastLineStart);
    if (this.openLine.data !== lastLine) this.openLine.data = lastLine;
    this.shown = content;
    this.lastLineStart = lastLineStart;
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
    this.el.insertBefore(this.group, this.openLine.parentNode);
    this.newlines = 0;
  }
}
