// The "Switchboard" log in the Output view (a LogOutputChannel, so each line has its time and level and the user's
// log level filters it): what the extension host itself reports, where the user can find it: a failed activation,
// a failed checkpoint or restore, an agent that could not be stopped, a malformed webview message, settings
// problems, the registry. What an agent writes goes to its own channel (agentLogs.ts), its messages to the
// traffic log (trafficChannel.ts).
import * as vscode from 'vscode';

export interface HostLog {
  info(line: string): void;
  warn(line: string): void;
  /** `what` failed; the error (its stack when it has one) follows it. */
  error(what: string, error?: unknown): void;
  show(): void;
}

export class HostLogChannel implements HostLog, vscode.Disposable {
  private readonly channel = vscode.window.createOutputChannel(vscode.l10n.t('Switchboard'), { log: true });

  info(line: string): void {
    this.channel.info(plain(line));
  }

  warn(line: string): void {
    this.channel.warn(plain(line));
  }

  error(what: string, error?: unknown): void {
    if (error === undefined) this.channel.error(plain(what));
    else this.channel.error(plain(what), error);
  }

  show(): void {
    this.channel.show(true);
  }

  dispose(): void {
    this.channel.dispose();
  }
}

/** Lines written for the extension host console named their source; the channel's name does now. */
function plain(line: string): string {
  return line.replace(/^\[switchboard\] /, '');
}
