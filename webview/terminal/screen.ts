// The live screen of one terminal card: xterm.js (read-only, bounded scrollback, colours from the
// VS Code theme). Loaded through a factory so render tests in jsdom, where xterm cannot measure
// fonts, get a plain-text screen instead.
import { Terminal } from '@xterm/xterm';

/** What a card needs from its screen. */
export interface TerminalScreen {
  /** Attach to a connected element (xterm measures fonts on open). */
  open(parent: HTMLElement): void;
  write(data: string): void;
  /** Clear everything, then write `data` (a replay of the retained tail). */
  reset(data: string): void;
  /** The visible text, for tests and the fallback. */
  text(): string;
  dispose(): void;
}

export interface ScreenOptions {
  /**
   * A bare "\n" also returns to the line start. Output that comes through a PTY has "\r\n" already (our own
   * terminals); an agent that runs a command itself may report it with bare "\n"s (codex-acp 2.6 does).
   */
  convertEol?: boolean;
}

export type ScreenFactory = (options: ScreenOptions) => TerminalScreen;

/** Same width as the PTY (src/terminals/screen.ts), so lines wrap exactly as the command laid them out. */
export const CARD_COLS = 120;
const MAX_ROWS = 16;
const SCROLLBACK = 1000;

// jsdom (render tests) has no canvas to measure fonts with: it gets the plain-text screen.
const factory: ScreenFactory = (options) =>
  /jsdom/.test(navigator.userAgent) ? new PlainScreen() : new XtermScreen(options);

export function createScreen(options: ScreenOptions = {}): TerminalScreen {
  try {
    return factory(options);
  } catch {
    return new PlainScreen();
  }
}

class XtermScreen implements TerminalScreen {
  private readonly terminal: Terminal;
  private opened = false;

  constructor(options: ScreenOptions) {
    allowXtermStyles();
    this.terminal = new Terminal({
      cols: CARD_COLS,
      rows: 2,
      scrollback: SCROLLBACK,
      disableStdin: true,
      cursorBlink: false,
      cursorInactiveStyle: 'none',
      convertEol: options.convertEol === true,
      fontSize: 12,
      fontFamily: cssVar('--vscode-editor-font-family') || 'monospace',
      theme: themeFromVsCode(),
    });
  }

  open(parent: HTMLElement): void {
    if (this.opened) {
      if (this.terminal.element && this.terminal.element.parentElement !== parent)
        parent.appendChild(this.terminal.element);
      return;
    }
    this.opened = true;
    this.terminal.open(parent);
    this.fitRows();
  }

  write(data: string): void {
    this.terminal.write(data, () => this.fitRows());
  }

  reset(data: string): void {
    this.terminal.reset();
    this.write(data);
  }

  text(): string {
    const buffer = this.terminal.buffer.active;
    const lines: string[] = [];
    for (let i = 0; i < buffer.length; i++) lines.push(buffer.getLine(i)?.translateToString(true) ?? '');
    return lines.join('\n').replace(/\n+$/, '');
  }

  dispose(): void {
    this.terminal.dispose();
  }

  /**
   * Grow with the output up to MAX_ROWS, then scroll: short commands get short cards. The cursor's row
   * counts even when empty: xterm keeps it in view, so a card one row shorter scrolled the first line of
   * output that ends with a newline out of sight.
   */
  private fitRows(): void {
    const buffer = this.terminal.buffer.active;
    const used = buffer.baseY + buffer.cursorY + 1;
    const rows = Math.max(1, Math.min(MAX_ROWS, used));
    if (rows > this.terminal.rows) this.terminal.resize(CARD_COLS, rows);
  }
}

/** Text without escape sequences: the screen when xterm is unavailable. */
export class PlainScreen implements TerminalScreen {
  private readonly pre = document.createElement('pre');
  private content = '';

  open(parent: HTMLElement): void {
    this.pre.className = 'terminal-plain';
    if (this.pre.parentElement !== parent) parent.appendChild(this.pre);
  }

  write(data: string): void {
    this.content = (this.content + data).slice(-200_000);
    this.pre.textContent = stripAnsi(this.content);
  }

  reset(data: string): void {
    this.content = '';
    this.write(data);
  }

  text(): string {
    return this.pre.textContent ?? '';
  }

  dispose(): void {
    this.pre.remove();
  }
}

export function stripAnsi(text: string): string {
  // CSI and OSC sequences, then a carriage return overwriting its line.
  // eslint-disable-next-line no-control-regex
  const plain = text.replace(/\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(\x07|\x1b\\)|\x1b[@-Z\\-_]/g, '');
  return plain
    .split('\n')
    .map((line) => line.replace(/\r$/, '').split('\r').pop() ?? '')
    .join('\n');
}

/** The documents whose createElement is patched (one patch per document; the webview has one). */
const patchedDocuments = new WeakSet<Document>();

/**
 * xterm's DOM renderer adds <style> elements at run time; under the webview's nonce CSP they
 * only apply if they carry our nonce. Give every <style> created after this the page's nonce.
 */
function allowXtermStyles(): void {
  if (patchedDocuments.has(document)) return;
  patchedDocuments.add(document);
  const nonce = document.querySelector<HTMLScriptElement>('script[nonce]')?.nonce;
  if (!nonce) return;
  const create = document.createElement.bind(document) as (
    tag: string,
    options?: ElementCreationOptions,
  ) => HTMLElement;
  document.createElement = ((tag: string, options?: ElementCreationOptions) => {
    const el = create(tag, options);
    if (tag.toLowerCase() === 'style') el.setAttribute('nonce', nonce);
    return el;
  }) as typeof document.createElement;
}

function cssVar(name: string): string {
  return getComputedStyle(document.body).getPropertyValue(name).trim();
}

function themeFromVsCode(): Record<string, string | undefined> {
  const pick = (name: string, fallback?: string) => cssVar(name) || (fallback ? cssVar(fallback) : '') || undefined;
  const ansi = ['Black', 'Red', 'Green', 'Yellow', 'Blue', 'Magenta', 'Cyan', 'White'];
  const theme: Record<string, string | undefined> = {
    background: pick('--vscode-terminal-background', '--vscode-panel-background'),
    foreground: pick('--vscode-terminal-foreground', '--vscode-foreground'),
    cursor: 'transparent',
    selectionBackground: pick('--vscode-terminal-selectionBackground', '--vscode-editor-selectionBackground'),
  };
  for (const colour of ansi) {
    theme[colour.toLowerCase()] = pick(`--vscode-terminal-ansi${colour}`);
    theme[`bright${colour}`] = pick(`--vscode-terminal-ansiBright${colour}`);
  }
  return theme;
}
