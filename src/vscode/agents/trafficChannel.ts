// The "Switchboard: ACP Traffic" output channel. Each agent's messages go to its own bounded
// TrafficLog all the time (cheap); the channel is only filled once the user opens it, because
// appending every streamed chunk to an output channel nobody reads would cost on the hot path.
// Secrets Switchboard handed to the agent (sign-in keys, MCP secrets) are replaced before a message is kept.
import * as vscode from 'vscode';
import { DisposableStore } from '../../shared/disposableStore';
import type { SecretRedactor } from '../../agents/secretRedactor';
import { TrafficLog } from '../../protocol/trafficLog';
import type { TrafficSink } from '../../session/api';

export class TrafficChannel implements vscode.Disposable {
  private readonly logs = new Map<string, TrafficLog>();
  private channel: vscode.OutputChannel | undefined;
  /** The channel once shown, and what feeds it. */
  private readonly disposables = new DisposableStore();

  constructor(private readonly redactor?: SecretRedactor) {}

  sink(agentId: string): TrafficSink {
    let log = this.logs.get(agentId);
    if (!log) {
      log = new TrafficLog();
      this.logs.set(agentId, log);
      if (this.channel) this.follow(agentId, log);
    }
    const redactor = this.redactor;
    if (!redactor) return log;
    const kept = log;
    return {
      record: (direction, message) =>
        redactor.isEmpty ? kept.record(direction, message) : kept.recordText(direction, redactor.redact(text(message))),
      // A read's lines are redacted at once: every form found in one of its lines is found in them joined (a match
      // across a line end would need a secret spanning one, and would only hide more).
      recordLines: (direction, lines) => kept.recordLines(direction, redactor.isEmpty ? lines : redactor.redact(lines)),
    };
  }

  /** What the log keeps for an agent, as the channel shows it (tests read it to prove a secret is absent). */
  text(agentId: string): string {
    return this.logs.get(agentId)?.format() ?? '';
  }

  /** Fills the channel with what every log holds, then keeps appending live. */
  show(): void {
    if (!this.channel) {
      this.channel = this.disposables.add(vscode.window.createOutputChannel(vscode.l10n.t('Switchboard: ACP Traffic')));
      for (const [agentId, log] of this.logs) this.follow(agentId, log);
    }
    const sections = [...this.logs].map(([agentId, log]) => prefixLines(agentId, log.format())).filter(Boolean);
    this.channel.replace(
      sections.length > 0
        ? `${sections.join('\n')}\n`
        : vscode.l10n.t(
            'No ACP traffic yet. Start a chat; every JSON-RPC message to (->) and from (<-) the agent shows here.\n',
          ),
    );
    this.channel.show(true);
  }

  dispose(): void {
    this.disposables.dispose();
    this.channel = undefined;
  }

  private follow(agentId: string, log: TrafficLog): void {
    this.disposables.add(log.onRecord((_record, line) => this.channel?.appendLine(`[${agentId}] ${line}`)));
  }
}

function prefixLines(agentId: string, text: string): string {
  if (text === '') return '';
  return text
    .split('\n')
    .map((line) => `[${agentId}] ${line}`)
    .join('\n');
}

function text(message: unknown): string {
  if (typeof message === 'string') return message;
  try {
    return JSON.stringify(message) ?? String(message);
  } catch {
    return String(message);
  }
}
