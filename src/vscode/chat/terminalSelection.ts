// A VS Code terminal's selection as chat context. VS Code's stable API has no way to read what is selected in a
// terminal (the `terminalSelection` API is proposed), so the selection is copied through the terminal's own
// Copy command when the user picks it, and the text that was on the clipboard is put back at once.
import * as vscode from 'vscode';
import { MAX_TERMINAL_TEXT, type ContextRef } from '../../shared/promptContext';

/** The active terminal's selection; undefined without a terminal or with nothing selected. */
export async function terminalSelectionRef(
  terminal: vscode.Terminal | undefined = vscode.window.activeTerminal,
): Promise<ContextRef | undefined> {
  if (!terminal) return undefined;
  const clipboard = vscode.env.clipboard;
  const before = await clipboard.readText();
  let copied: string;
  try {
    // Emptied first: with nothing selected the Copy command copies nothing, and the old text must not count.
    await clipboard.writeText('');
    await vscode.commands.executeCommand('workbench.action.terminal.copySelection');
    copied = await clipboard.readText();
  } finally {
    await clipboard.writeText(before);
  }
  const text = copied.replace(/\s+$/, '');
  if (text === '') return undefined;
  const note = vscode.l10n.t('(cut at {0} KiB)', MAX_TERMINAL_TEXT / 1024);
  const cut = text.length > MAX_TERMINAL_TEXT ? `${text.slice(0, MAX_TERMINAL_TEXT - note.length - 1)}\n${note}` : text;
  return { kind: 'terminal', name: terminal.name.slice(0, 200) || 'terminal', text: cut };
}
