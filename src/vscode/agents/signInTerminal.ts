// Terminal sign-in: the agent's own command with the method's args and env, in a VS Code terminal the user types
// into. The process runs on a PTY of ours (src/terminals), not a shell VS Code starts, so its exit code is known
// exactly: 0 signs in (the terminal closes), anything else stays on screen with the code so the user sees why.
import * as vscode from 'vscode';
import { spawnTerminalProcess, signalGroup, type TerminalProcess } from '../../terminals/processes';
import { errorMessage } from '../../shared/errorMessage';

export type TerminalSignInResult = { kind: 'exited'; code: number | null } | { kind: 'closed' };

export interface TerminalSignInOptions {
  title: string;
  command: string;
  args: string[];
  cwd: string;
  env: Record<string, string>;
}

export function runTerminalSignIn(options: TerminalSignInOptions): Promise<TerminalSignInResult> {
  return new Promise((resolve) => {
    const write = new vscode.EventEmitter<string>();
    const close = new vscode.EventEmitter<number | void>();
    let child: TerminalProcess | undefined;
    let settled = false;
    const settle = (result: TerminalSignInResult) => {
      if (settled) return;
      settled = true;
      resolve(result);
    };
    const pty: vscode.Pseudoterminal = {
      onDidWrite: write.event,
      onDidClose: close.event,
      open: (dimensions) => {
        try {
          child = spawnTerminalProcess({
            file: options.command,
            args: options.args,
            cwd: options.cwd,
            env: options.env,
            cols: dimensions?.columns ?? 100,
            rows: dimensions?.rows ?? 30,
          });
        } catch (error) {
          write.fire(`Could not start ${options.command}: ${errorMessage(error)}\r\n`);
          settle({ kind: 'exited', code: null });
          return;
        }
        child.onData((data) => write.fire(data));
        child.onExit((status) => {
          child = undefined;
          settle({ kind: 'exited', code: status.exitCode ?? null });
          if (status.exitCode === 0) {
            close.fire(0);
            return;
          }
          const how = status.signal ? `was stopped by ${status.signal}` : `exited with code ${String(status.exitCode)}`;
          write.fire(
            `\r\n\x1b[1mThe sign-in ${how}: you are not signed in. Close this terminal and try again.\x1b[0m\r\n`,
          );
        });
      },
      handleInput: (data) => child?.write(data),
      setDimensions: (dimensions) => child?.resize(dimensions.columns, dimensions.rows),
      close: () => {
        // The user closed the terminal before the sign-in finished: stop it, nothing is signed in.
        if (child) signalGroup(child.pid, 'SIGTERM');
        settle({ kind: 'closed' });
      },
    };
    const terminal = vscode.window.createTerminal({ name: options.title, pty, isTransient: true });
    terminal.show();
  });
}
