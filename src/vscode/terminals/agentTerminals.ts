// "Open in Terminal": shows an agent's terminal in VS Code's terminal panel as a Pseudoterminal
// over the same process. It replays what the command printed so far, then follows it live; what
// the user types goes to the command. Closing the VS Code terminal does not kill the command
// (the agent owns it); the card's Stop does.
import * as vscode from 'vscode';
import type { TerminalHandle } from '../../session/terminalManager';

export class AgentTerminals implements vscode.Disposable {
  private readonly open = new Map<string, vscode.Terminal>();
  private readonly subscriptions: vscode.Disposable[] = [];

  constructor() {
    this.subscriptions.push(
      vscode.window.onDidCloseTerminal((terminal) => {
        for (const [key, open] of this.open) if (open === terminal) this.open.delete(key);
      }),
    );
  }

  /** Shows (or re-shows) the terminal; `key` tells threads apart (terminal ids repeat). */
  show(key: string, handle: TerminalHandle, agentName: string): vscode.Terminal {
    const existing = this.open.get(key);
    if (existing) {
      existing.show();
      return existing;
    }
    const terminal = vscode.window.createTerminal({
      name: `${agentName}: ${shorten(handle.commandLine)}`,
      pty: new AgentPseudoterminal(handle),
      iconPath: new vscode.ThemeIcon('hubot'),
      isTransient: true,
    });
    this.open.set(key, terminal);
    terminal.show();
    return terminal;
  }

  dispose(): void {
    for (const subscription of this.subscriptions) subscription.dispose();
    // The processes belong to their sessions; only the views go.
    for (const terminal of this.open.values()) terminal.dispose();
    this.open.clear();
  }
}

class AgentPseudoterminal implements vscode.Pseudoterminal {
  private readonly writeEmitter = new vscode.EventEmitter<string>();
  readonly onDidWrite = this.writeEmitter.event;
  private subscriptions: Array<{ dispose(): void }> = [];

  constructor(private readonly handle: TerminalHandle) {}

  open(): void {
    this.writeEmitter.fire(this.handle.replay());
    const status = this.handle.exitStatus();
    if (status) {
      this.writeEmitter.fire(exitLine(status));
      return;
    }
    this.subscriptions = [
      this.handle.onData((data) => this.writeEmitter.fire(data)),
      this.handle.onExit((exit) => this.writeEmitter.fire(exitLine(exit))),
    ];
  }

  handleInput(data: string): void {
    this.handle.write(data);
  }

  close(): void {
    for (const subscription of this.subscriptions) subscription.dispose();
    this.subscriptions = [];
    this.writeEmitter.dispose();
  }
}

function exitLine(status: { exitCode?: number | null; signal?: string | null }): string {
  const how = status.signal
    ? vscode.l10n.t('ended by {0}', status.signal)
    : vscode.l10n.t('exited with code {0}', status.exitCode ?? '?');
  return vscode.l10n.t('\r\n\u001b[2m[the command {0}]\u001b[0m\r\n', how);
}

function shorten(commandLine: string): string {
  return commandLine.length > 40 ? `${commandLine.slice(0, 39)}…` : commandLine;
}
