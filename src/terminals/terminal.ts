// One terminal the agent created: its process, the emulated screen the agent reads, the raw tail
// views replay, and its exit. Owned by a TerminalManager.
import type * as acp from '@agentclientprotocol/sdk';
import { keepNewestBytes, RawTail } from './outputLimit';
import { groupAlive, signalGroup, type TerminalMode, type TerminalProcess } from './processes';
import { HeadlessScreen } from './screen';

/** Stop feeding the emulator when this much is waiting to be parsed; resume below the low mark. */
const HIGH_WATER = 1024 * 1024;
const LOW_WATER = 128 * 1024;
/** Raw output kept for replay while the terminal lives, and after it was released. */
export const RAW_TAIL_CHARS = 256 * 1024;
export const RELEASED_TAIL_CHARS = 64 * 1024;
export const KILL_GRACE_MS = 2000;
/** After the exit, output counts as complete once the pty was quiet this long (at most DRAIN_MAX_MS). */
const DRAIN_QUIET_MS = 40;
const DRAIN_MAX_MS = 3000;
const PAUSED_EXIT_CHECK_MS = 25;

export type StoppedBy = 'agent' | 'user';

export interface TerminalListeners {
  data(data: string): void;
  exit(status: acp.TerminalExitStatus): void;
}

export class AgentTerminal {
  readonly rawTail = new RawTail(RAW_TAIL_CHARS);
  private readonly screen: HeadlessScreen;
  private status: acp.TerminalExitStatus | null = null;
  private readonly exited: Promise<acp.TerminalExitStatus>;
  private settle!: (status: acp.TerminalExitStatus) => void;
  private paused = false;
  /** The process exited; its last output may still be on the way (never pause it then). */
  private exiting = false;
  private lastDataAt = 0;
  private pausedWatch: ReturnType<typeof setInterval> | undefined;
  private released = false;
  private killTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    readonly id: string,
    private readonly byteLimit: number,
    private readonly process: TerminalProcess | null,
    private readonly listeners: TerminalListeners,
  ) {
    this.screen = new HeadlessScreen({ byteLimit, convertEol: process?.mode !== 'pty' });
    this.exited = new Promise((resolve) => (this.settle = resolve));
    process?.onData((data) => this.receive(data));
    process?.onExit((status) => void this.finish(status));
  }

  /** A command that never started (not found): it ends at once, like a shell would report it. */
  static failed(
    id: string,
    byteLimit: number,
    message: string,
    exitCode: number,
    listeners: TerminalListeners,
  ): AgentTerminal {
    const terminal = new AgentTerminal(id, byteLimit, null, listeners);
    terminal.receive(`${message}\r\n`);
    void terminal.finish({ exitCode, signal: null });
    return terminal;
  }

  get mode(): TerminalMode | 'none' {
    return this.process?.mode ?? 'none';
  }

  get pid(): number | undefined {
    return this.process?.pid;
  }

  get exitStatus(): acp.TerminalExitStatus | null {
    return this.status;
  }

  get isReleased(): boolean {
    return this.released;
  }

  output(): acp.TerminalOutputResponse {
    const { text, linesLost } = this.screen.text();
    const limited = keepNewestBytes(text, this.byteLimit);
    const response: acp.TerminalOutputResponse = { output: limited.text, truncated: limited.truncated || linesLost };
    if (this.status) response.exitStatus = this.status;
    return response;
  }

  waitForExit(): Promise<acp.TerminalExitStatus> {
    return this.exited;
  }

  /** SIGTERM to the group, SIGKILL after the grace if anything in it is still alive. */
  kill(): void {
    if (!this.process?.pid) return;
    const pid = this.process.pid;
    this.resumeIfPaused(); // a paused pty would keep a dying process blocked on write
    signalGroup(pid, 'SIGTERM');
    // Ctrl+C-ignoring tools and grandchildren that trap TERM still go.
    clearTimeout(this.killTimer);
    this.killTimer = setTimeout(() => {
      if (groupAlive(pid)) signalGroup(pid, 'SIGKILL');
    }, KILL_GRACE_MS);
    this.killTimer.unref?.();
  }

  /** Immediately and for good: SIGKILL the whole group (release of a running one, shutdown). */
  killNow(): void {
    clearTimeout(this.killTimer);
    clearInterval(this.pausedWatch);
    signalGroup(this.process?.pid, 'SIGKILL');
  }

  /** Input typed by the user in "Open in Terminal". */
  write(data: string): void {
    if (!this.status && !this.released) this.process?.write(data);
  }

  resize(cols: number, rows: number): void {
    if (this.status || this.released) return;
    this.process?.resize(cols, rows);
    this.screen.resize(cols, rows);
  }

  /** Kills if running and frees the emulator; only a small raw tail stays for views. */
  release(): void {
    if (this.released) return;
    this.released = true;
    if (!this.status) this.killNow();
    else signalGroup(this.process?.pid, 'SIGKILL'); // leftovers of an exited leader
    this.screen.dispose();
    this.rawTail.shrink(RELEASED_TAIL_CHARS);
  }

  /** For the memory bound: the sizes of everything this terminal retains. */
  stats(): {
    rawTailChars: number;
    finishedBytes: number;
    bufferLines: number;
    maxBufferLines: number;
    pending: number;
  } {
    return { rawTailChars: this.rawTail.retainedChars, ...this.screen.stats() };
  }

  private receive(data: string): void {
    if (this.released) return;
    this.lastDataAt = Date.now();
    this.rawTail.append(data);
    this.listeners.data(data);
    this.screen.write(data, () => this.resumeIfPaused());
    if (!this.paused && !this.exiting && this.screen.pending > HIGH_WATER && this.process) {
      // Back-pressure: the command waits for us instead of our memory growing.
      this.paused = true;
      this.process.pause();
      this.watchExitWhilePaused();
    }
  }

  /**
   * node-pty reports the exit from the child, not from the end of its output: bytes may still sit
   * in the pty (more so when back-pressure paused it). Read until it has been quiet for a moment.
   */
  private async drainAfterExit(): Promise<void> {
    this.exiting = true;
    if (this.paused) this.resumeNow();
    const deadline = Date.now() + DRAIN_MAX_MS;
    while (Date.now() < deadline && !this.released && Date.now() - this.lastDataAt < DRAIN_QUIET_MS) {
      await new Promise((resolve) => setTimeout(resolve, DRAIN_QUIET_MS / 2));
    }
  }

  private resumeIfPaused(): void {
    if (this.paused && this.screen.pending < LOW_WATER) this.resumeNow();
  }

  private resumeNow(): void {
    this.paused = false;
    clearInterval(this.pausedWatch);
    this.pausedWatch = undefined;
    this.process?.resume();
  }

  /**
   * node-pty destroys a pty that is still unread 200 ms after its child exited, losing the last
   * output. While paused, notice the exit ourselves and read everything that is left.
   */
  private watchExitWhilePaused(): void {
    const pid = this.process?.pid;
    if (this.process?.mode !== 'pty' || pid === undefined) return;
    clearInterval(this.pausedWatch);
    this.pausedWatch = setInterval(() => {
      if (!this.paused) return;
      try {
        process.kill(pid, 0);
      } catch {
        this.exiting = true;
        this.resumeNow();
      }
    }, PAUSED_EXIT_CHECK_MS);
    this.pausedWatch.unref?.();
  }

  private async finish(status: acp.TerminalExitStatus): Promise<void> {
    clearTimeout(this.killTimer);
    if (this.process?.mode === 'pty') await this.drainAfterExit();
    // The agent reads the final text right after wait_for_exit: parse everything first.
    if (!this.released) await this.screen.flush();
    this.status = status;
    this.listeners.exit(status);
    this.settle(status);
  }
}
