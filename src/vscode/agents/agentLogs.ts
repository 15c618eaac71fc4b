// One LogOutputChannel per agent ("Switchboard: <agent>") for what the agent writes to stderr.
// Created on first use, so activation creates no channels and unused agents never show up.
import * as vscode from 'vscode';

export class AgentLogs implements vscode.Disposable {
  private readonly channels = new Map<string, vscode.LogOutputChannel>();
  /** Agents stopping after deactivation may still write stderr; a closed channel would throw. */
  private disposed = false;

  constructor(private readonly displayName: (agentId: string) => string) {}

  sink(agentId: string): { append(line: string): void } {
    return {
      append: (line) => {
        if (!this.disposed) this.channel(agentId).appendLine(line);
      },
    };
  }

  show(agentId: string): void {
    this.channel(agentId).show(true);
  }

  dispose(): void {
    this.disposed = true;
    for (const channel of this.channels.values()) channel.dispose();
    this.channels.clear();
  }

  private channel(agentId: string): vscode.LogOutputChannel {
    let channel = this.channels.get(agentId);
    if (!channel) {
      channel = vscode.window.createOutputChannel(vscode.l10n.t('Switchboard: {0}', this.displayName(agentId)), {
        log: true,
      });
      this.channels.set(agentId, channel);
    }
    return channel;
  }
}
