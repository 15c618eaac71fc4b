// One LogOutputChannel per agent ("Switchboard: <agent>") for what the agent writes to stderr.
// Created on first use, so activation creates no channels and unused agents never show up.
// Secrets Switchboard handed to the agent are replaced before a line is written (an agent may echo its key).
import * as vscode from 'vscode';
import { DisposableStore } from '../../shared/disposableStore';
import type { SecretRedactor } from '../../agents/secretRedactor';

const RECENT_LINES = 200;

export class AgentLogs implements vscode.Disposable {
  private readonly channels = new Map<string, vscode.LogOutputChannel>();
  /** The channels made so far. Agents stopping after deactivation may still write stderr: a closed channel would throw. */
  private readonly disposables = new DisposableStore();

  /** The last lines written per agent, redacted, for tests that prove a secret never reached the log. */
  private readonly recent = new Map<string, string[]>();

  constructor(
    private readonly displayName: (agentId: string) => string,
    private readonly redactor?: SecretRedactor,
  ) {}

  sink(agentId: string): { append(line: string): void; redact(text: string): string } {
    return {
      redact: (text) => (this.redactor && !this.redactor.isEmpty ? this.redactor.redact(text) : text),
      append: (line) => {
        if (this.disposables.isDisposed) return;
        const safe = this.redactor && !this.redactor.isEmpty ? this.redactor.redact(line) : line;
        this.channel(agentId).appendLine(safe);
        const recent = this.recent.get(agentId) ?? [];
        recent.push(safe);
        if (recent.length > RECENT_LINES) recent.splice(0, recent.length - RECENT_LINES);
        this.recent.set(agentId, recent);
      },
    };
  }

  /** The last lines of an agent's log (at most RECENT_LINES appends). */
  recentText(agentId: string): string {
    return (this.recent.get(agentId) ?? []).join('\n');
  }

  show(agentId: string): void {
    this.channel(agentId).show(true);
  }

  dispose(): void {
    this.disposables.dispose();
    this.channels.clear();
  }

  private channel(agentId: string): vscode.LogOutputChannel {
    let channel = this.channels.get(agentId);
    if (!channel) {
      channel = this.disposables.add(
        vscode.window.createOutputChannel(vscode.l10n.t('Switchboard: {0}', this.displayName(agentId)), { log: true }),
      );
      this.channels.set(agentId, channel);
    }
    return channel;
  }
}
