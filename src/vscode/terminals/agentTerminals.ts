// "Open in Terminal": shows an agent's terminal in VS Code's terminal panel as a Pseudoterminal
// over the same process. It replays what the command printed so far, then follows it live; what
// the user types goes to the command. Closing the VS Code terminal does not kill the command
// (the agent owns it); the card's Stop does.
import * as vscode from 'vscode';
import { DisposableStore } from '../../shared/disposableStore';
import type { TerminalHandle } from '../../session/requests/terminalManager';

export class AgentTerminals implements vscode.Disposable {
  private readonly open = new Map<string, vscode.Terminal>();
  /** The close listener and every open terminal view (the processes belong to their sessions). */
  private readonly disposables = new DisposableStore();

  constructor() {
    this.disposables.add(
      vscode.window.onDidCloseTerminal((terminal) => {
        for (const [key, open] of this.open) {
          if (open !== terminal) continue;
          this.open.delete(key);
          this.disposables.delete(open);
        }
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
    this.open.set(key, this.disposables.add(terminal));
    terminal.show();
    return terminal;
  }

  dispose(): void {
    this.open.clear();
    this.disposables.dispose();
  }
}

class AgentPseudoterminal implements vscode.Pseudoterminal {
  private readonly writeEmitter = new vscode.EventEmitter<string>();
  readonly onDidWrite = this.writeEmitter.event;
  /** The process's output while the terminal is open. */
  private readonly following = new DisposableStore();

  constructor(private readonly handle: TerminalHandle) {
    this.following.add(this.writeEmitter);
  }

  open(): void {
    this.writeEmitter.fire(this.handle.replay());
    const status = this.handle.exitStatus();
    if (status) {
      this.writeEmitter.fire(exitLine(status));
      return;
    }
    this.following.add(this.handle.onData((data) => this.writeEmitter.fire(data)));
    this.following.add(this.handle.onExit((exit) => this.writeEmitter.fire(exitLine(exit))));
  }

  handleInput(data: string): void {
    this.handle.write(data);
  }

  close(): void {
    this.following.dispose();
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
