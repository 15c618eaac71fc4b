// What a terminal needs from its process, whichever backend runs it (node-pty or pipes): the one small
// interface the rest of Switchboard sees.
import { constants as osConstants } from 'node:os';
import type * as acp from '@agentclientprotocol/sdk';

export type TerminalMode = 'pty' | 'pipes';

export interface TerminalProcessOptions {
  file: string;
  args: string[];
  cwd: string;
  env: Record<string, string>;
  cols: number;
  rows: number;
}

/** What a terminal needs from its process, whichever way it runs. */
export interface TerminalProcess {
  readonly mode: TerminalMode;
  readonly pid: number | undefined;
  onData(listener: (data: string) => void): void;
  /** Once; after the last data. */
  onExit(listener: (status: acp.TerminalExitStatus) => void): void;
  write(data: string): void;
  resize(cols: number, rows: number): void;
  pause(): void;
  resume(): void;
}

/** Node reports signals as numbers from node-pty and names from child_process. */
export function exitStatus(
  code: number | null | undefined,
  signal: number | string | null | undefined,
): acp.TerminalExitStatus {
  const name = typeof signal === 'number' ? signalName(signal) : signal || null;
  if (name) return { exitCode: null, signal: name };
  return { exitCode: code ?? null, signal: null };
}

function signalName(signal: number): string | null {
  if (signal <= 0) return null;
  const entry = Object.entries(osConstants.signals).find(([, value]) => value === signal);
  return entry ? entry[0] : `SIG${signal}`;
}
