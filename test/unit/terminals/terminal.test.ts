// AgentTerminal over a scripted process (the backends are tested on real processes in
// test/integration/terminals.test.ts): what the agent reads, when the exit is reported (after the
// last output, and for a pty only once it has been quiet), back-pressure, Stop and release. Kills
// go to a real process group (a detached `sleep`), so the signals are real too.
import { spawn, type ChildProcess } from 'node:child_process';
import type * as acp from '@agentclientprotocol/sdk';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AgentTerminal, KILL_GRACE_MS, RAW_TAIL_CHARS, RELEASED_TAIL_CHARS } from '../../../src/terminals/terminal';
import type { TerminalMode, TerminalProcess } from '../../../src/terminals/terminalProcess';
import { within } from '../../within';

class ScriptedProcess implements TerminalProcess {
  readonly writes: string[] = [];
  readonly sizes: Array<[number, number]> = [];
  pauses = 0;
  resumes = 0;
  private dataListener: (data: string) => void = () => undefined;
  private exitListener: (status: acp.TerminalExitStatus) => void = () => undefined;

  constructor(
    readonly mode: TerminalMode,
    readonly pid: number | undefined = undefined,
  ) {}

  onData(listener: (data: string) => void): void {
    this.dataListener = listener;
  }
  onExit(listener: (status: acp.TerminalExitStatus) => void): void {
    this.exitListener = listener;
  }
  write(data: string): void {
    this.writes.push(data);
  }
  resize(cols: number, rows: number): void {
    this.sizes.push([cols, rows]);
  }
  pause(): void {
    this.pauses++;
  }
  resume(): void {
    this.resumes++;
  }
  emit(data: string): void {
    this.dataListener(data);
  }
  exit(status: acp.TerminalExitStatus): void {
    this.exitListener(status);
  }
}

const children: ChildProcess[] = [];
afterEach(() => {
  vi.useRealTimers();
  for (const child of children.splice(0)) if (child.pid) signalQuietly(-child.pid);
});

function signalQuietly(pid: number): void {
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    // already gone
  }
}

/** A real process group leader that ignores nothing: `sleep 30`, detached. */
function sleeper(ignoreTerm = false): ChildProcess {
  const script = ignoreTerm ? "trap '' TERM; sleep 30 & wait" : 'exec sleep 30';
  const child = spawn('sh', ['-c', script], { detached: true, stdio: 'ignore' });
  children.push(child);
  return child;
}

function exitOf(child: ChildProcess): Promise<string | null> {
  return new Promise((resolve) => child.once('exit', (_code, signal) => resolve(signal)));
}

function terminal(process: TerminalProcess | null, byteLimit = 1 << 20) {
  const data: string[] = [];
  const exits: acp.TerminalExitStatus[] = [];
  const t = new AgentTerminal('terminal-1', byteLimit, process, {
    data: (chunk) => data.push(chunk),
    exit: (status) => exits.push(status),
  });
  return { t, data, exits };
}

describe('AgentTerminal', () => {
  it('gives the agent the screen text, the live views the raw output, and the exit after the last output', async () => {
    const process = new ScriptedProcess('pipes');
    const { t, data, exits } = terminal(process);
    process.emit('\x1b[31mred\x1b[0m line\n');
    process.emit('second\n');
    expect(data).toEqual(['\x1b[31mred\x1b[0m line\n', 'second\n']);
    expect(t.rawTail.text()).toBe('\x1b[31mred\x1b[0m line\nsecond\n');
    process.exit({ exitCode: 3, signal: null });
    await expect(within(t.waitForExit(), "the terminal's exit after the process exited")).resolves.toEqual({
      exitCode: 3,
      signal: null,
    });
    expect(exits).toEqual([{ exitCode: 3, signal: null }]);
    expect(t.exitStatus).toEqual({ exitCode: 3, signal: null });
    expect(t.output()).toEqual({
      output: 'red line\nsecond\n',
      truncated: false,
      exitStatus: { exitCode: 3, signal: null },
    });
    expect(t.mode).toBe('pipes');
  });

  it('keeps the newest bytes of the output within the limit and says it was cut', async () => {
    const process = new ScriptedProcess('pipes');
    const { t } = terminal(process, 10);
    process.emit('0123456789abcdef\n');
    process.exit({ exitCode: 0, signal: null });
    await within(t.waitForExit(), "the terminal's exit after the process exited"); // the screen has parsed everything
    const before = t.output();
    expect(Buffer.byteLength(before.output)).toBeLessThanOrEqual(10);
    expect(before.truncated).toBe(true);
    expect(before.output.endsWith('def\n')).toBe(true);
  });

  it('a pty exit waits until its output has been quiet, so the last bytes are read first', async () => {
    const process = new ScriptedProcess('pty');
    const { t, exits } = terminal(process);
    process.emit('almost');
    process.exit({ exitCode: 0, signal: null });
    // Output still arriving after the child's exit is part of the result.
    process.emit(' done\r\n');
    expect(exits).toEqual([]);
    await within(t.waitForExit(), "the terminal's exit after the process exited");
    expect(t.output().output).toBe('almost done\n');
    expect(exits).toHaveLength(1);
  });

  it('input and resizes reach a live process only', async () => {
    const process = new ScriptedProcess('pipes');
    const { t } = terminal(process);
    t.write('y\n');
    t.resize(100, 40);
    process.exit({ exitCode: 0, signal: null });
    await within(t.waitForExit(), "the terminal's exit after the process exited");
    t.write('late\n');
    t.resize(50, 10);
    expect(process.writes).toEqual(['y\n']);
    expect(process.sizes).toEqual([[100, 40]]);
  });

  it('pauses a command that writes faster than the screen parses, and resumes it once parsed', async () => {
    const process = new ScriptedProcess('pipes');
    const { t } = terminal(process, 64 << 20);
    const line = `${'x'.repeat(1023)}\n`;
    for (let i = 0; i < 1200; i++) process.emit(line);
    expect(process.pauses).toBe(1);
    process.exit({ exitCode: 0, signal: null });
    await within(t.waitForExit(), "the terminal's exit after the process exited");
    expect(process.resumes).toBeGreaterThanOrEqual(1);
    expect(t.rawTail.text().length).toBeLessThanOrEqual(RAW_TAIL_CHARS);
  });

  it('never pauses for output that arrives after the exit', async () => {
    const process = new ScriptedProcess('pty');
    const { t } = terminal(process, 64 << 20);
    process.exit({ exitCode: 0, signal: null });
    const line = `${'x'.repeat(1023)}\n`;
    for (let i = 0; i < 1200; i++) process.emit(line);
    await within(t.waitForExit(), "the terminal's exit after the process exited");
    expect(process.pauses).toBe(0);
  });

  it('Stop sends SIGTERM to the whole group', async () => {
    const child = sleeper();
    const process = new ScriptedProcess('pipes', child.pid);
    const { t } = terminal(process);
    const exited = exitOf(child);
    t.kill();
    await expect(within(exited, 'the exit of the group after Stop')).resolves.toBe('SIGTERM');
    t.killNow();
  });

  it('a group that ignores SIGTERM gets SIGKILL after the grace', async () => {
    const child = sleeper(true);
    // Let the shell set its trap before the signal (the kill's grace timer is what is faked).
    await new Promise((resolve) => setTimeout(resolve, 300));
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const process = new ScriptedProcess('pipes', child.pid);
    const { t } = terminal(process);
    t.kill();
    vi.advanceTimersByTime(KILL_GRACE_MS - 1);
    expect(child.exitCode).toBeNull();
    const exited = exitOf(child);
    vi.advanceTimersByTime(1);
    vi.useRealTimers();
    await expect(within(exited, 'the exit of the group after the grace')).resolves.toBe('SIGKILL');
  });

  it('a kill for a process without a pid does nothing', () => {
    const { t } = terminal(new ScriptedProcess('pipes'));
    expect(() => t.kill()).not.toThrow();
  });

  it('release kills a running group at once, keeps a small raw tail and ignores later output', async () => {
    const child = sleeper();
    const process = new ScriptedProcess('pipes', child.pid);
    const { t, data } = terminal(process, 64 << 20);
    process.emit('a'.repeat(RELEASED_TAIL_CHARS + 100));
    const exited = exitOf(child);
    t.release();
    await expect(within(exited, 'the exit of the group after release')).resolves.toBe('SIGKILL');
    expect(t.isReleased).toBe(true);
    expect(t.rawTail.text()).toHaveLength(RELEASED_TAIL_CHARS);
    process.emit('after release');
    expect(data).toHaveLength(1);
    expect(t.rawTail.text().endsWith('after release')).toBe(false);
    t.release(); // twice is harmless
  });

  it('a command that never started reports its message and exit code, after it was created', async () => {
    const data: string[] = [];
    const exits: acp.TerminalExitStatus[] = [];
    const t = AgentTerminal.failed('terminal-9', 1000, 'nope: command not found', 127, {
      data: (chunk) => data.push(chunk),
      exit: (status) => exits.push(status),
    });
    expect(exits).toEqual([]);
    await expect(within(t.waitForExit(), 'the exit of a command that never started')).resolves.toEqual({
      exitCode: 127,
      signal: null,
    });
    expect(t.output().output).toBe('nope: command not found\n');
    expect(t.mode).toBe('none');
    expect(t.pid).toBeUndefined();
    expect(data).toEqual(['nope: command not found\r\n']);
  });
});
