// The terminals of one session: ACP's terminal/create, output, wait_for_exit, kill and release,
// plus what the UI needs (live output, the user's Stop, "Open in Terminal"). Ending the session
// (disposeAll) kills every process group it started: no orphans.
import type * as acp from '@agentclientprotocol/sdk';
import { ErrorCodes } from '../../protocol/methods';
import { RequestFailure, type CancelSignal } from '../../protocol/types';
import { checkCwd, decideLaunch, displayCommand, findProgram, terminalEnv } from '../../terminals/launch';
import {
  ptyLoadProblem,
  spawnTerminalProcess,
  type TerminalMode,
  type TerminalProcess,
} from '../../terminals/processes';
import { SCREEN_COLS, SCREEN_ROWS } from '../../terminals/screen';
import { AgentTerminal, type StoppedBy } from '../../terminals/terminal';
import { errorMessage } from '../../shared/errorMessage';
import type { LiveProcessGroups } from '../../terminals/liveProcessGroups';
import type { Disposable } from '../../shared/disposableStore';
import { terminalCwdProblem } from '../../fs/confinedCwd';

/** Without an outputByteLimit the agent still gets a bounded buffer. */
export const DEFAULT_OUTPUT_BYTE_LIMIT = 16 * 1024 * 1024;
/** Released terminals whose last output views can still replay, per session. */
const MAX_RELEASED_KEPT = 50;
/**
 * Terminals an agent may have live (created, not released) per session: each is a process group
 * and a PTY (the system has a few thousand), and an agent once opened 300 in 4 s. Far above what
 * a real agent keeps open; one more is answered with an error that says how to make room.
 */
export const MAX_LIVE_TERMINALS = 32;

export interface TerminalInfo {
  terminalId: string;
  /** As the user would type it. */
  commandLine: string;
  cwd: string;
  mode: TerminalMode | 'none';
}

export interface TerminalEvents {
  created(info: TerminalInfo): void;
  data(terminalId: string, data: string): void;
  exited(terminalId: string, status: acp.TerminalExitStatus): void;
  killRequested(terminalId: string, by: StoppedBy): void;
  released(terminalId: string): void;
}

export interface TerminalManagerOptions {
  sessionCwd: () => string;
  baseEnv: () => NodeJS.ProcessEnv;
  log: (line: string) => void;
  /** The host's registry of live process groups (killed by its exit hook if nothing else ended them). */
  liveGroups: LiveProcessGroups;
  /** Tests force the pipes fallback; otherwise node-pty when it loads. */
  mode?: TerminalMode;
  spawn?: typeof spawnTerminalProcess;
  /** What the ids of its terminals start with (a subagent session's differ from the chat's); default `terminal-`. */
  idPrefix?: string;
  /**
   * Live terminals of the chat's other sessions (its subagent sessions, or the chat's own for a subagent's):
   * they share the bound, so an agent cannot multiply it by starting subagents.
   */
  othersLive?: () => number;
  /** A chat confined to folders of its own (src/session/chatRoots.ts): a cwd outside them is refused. */
  confinedTo?: () => readonly string[] | undefined;
}

/** A live terminal as "Open in Terminal" sees it: replay, then follow, type and resize. */
export interface TerminalHandle {
  readonly terminalId: string;
  readonly commandLine: string;
  replay(): string;
  exitStatus(): acp.TerminalExitStatus | null;
  onData(listener: (data: string) => void): Disposable;
  onExit(listener: (status: acp.TerminalExitStatus) => void): Disposable;
  write(data: string): void;
  resize(cols: number, rows: number): void;
}

export class TerminalManager {
  private readonly terminals = new Map<string, AgentTerminal>();
  private readonly infos = new Map<string, TerminalInfo>();
  /** Raw tails of released terminals (oldest first) so a reloaded card still shows them. */
  private readonly releasedTails = new Map<string, string>();
  private readonly dataListeners = new Map<string, Set<(data: string) => void>>();
  private readonly exitListeners = new Map<string, Set<(status: acp.TerminalExitStatus) => void>>();
  private nextId = 1;
  private disposed = false;
  /** Said once per session: the log then explains every plain-pipes terminal of it. */
  private warnedAboutPipes = false;

  constructor(
    private readonly options: TerminalManagerOptions,
    private readonly events: TerminalEvents,
  ) {}

  async create(params: acp.CreateTerminalRequest): Promise<acp.CreateTerminalResponse> {
    if (this.disposed) throw new RequestFailure(ErrorCodes.invalidRequest, 'The session has ended');
    if (typeof params?.command !== 'string' || params.command.trim() === '') {
      throw new RequestFailure(ErrorCodes.invalidParams, 'terminal/create needs a command');
    }
    if (
      params.args !== undefined &&
      params.args !== null &&
      (!Array.isArray(params.args) || params.args.some((a) => typeof a !== 'string'))
    ) {
      throw new RequestFailure(ErrorCodes.invalidParams, 'terminal/create args must be an array of strings');
    }
    const limit = params.outputByteLimit;
    if (limit !== undefined && limit !== null && (typeof limit !== 'number' || !(limit >= 0))) {
      throw new RequestFailure(ErrorCodes.invalidParams, 'terminal/create outputByteLimit must be a number >= 0');
    }
    const byteLimit = Math.min(limit ?? DEFAULT_OUTPUT_BYTE_LIMIT, DEFAULT_OUTPUT_BYTE_LIMIT);
    const cwd = await checkCwd(params.cwd, this.options.sessionCwd());
    if (!cwd.ok) throw new RequestFailure(ErrorCodes.invalidParams, cwd.message);
    const outside = await terminalCwdProblem(cwd.cwd, this.options.confinedTo?.());
    if (outside) throw new RequestFailure(ErrorCodes.invalidParams, outside);
    const env = terminalEnv(this.options.baseEnv(), params.env ?? undefined);
    const launch = await decideLaunch(params.command, params.args ?? undefined, env);
    const program = await findProgram(launch.file, env, cwd.cwd);
    // Checked after the file checks, right before the terminal is registered (no await in between),
    // so that neither the session's end nor other creates can slip in.
    if (this.disposed) throw new RequestFailure(ErrorCodes.invalidRequest, 'The session has ended');
    if (this.terminals.size + (this.options.othersLive?.() ?? 0) >= MAX_LIVE_TERMINALS) {
      this.options.log(
        `[switchboard] refused terminal/create: ${MAX_LIVE_TERMINALS} terminals of this session are live`,
      );
      throw new RequestFailure(
        ErrorCodes.internalError,
        `Too many terminals: this session already has ${MAX_LIVE_TERMINALS} live terminals (the limit); release one with terminal/release first`,
        { limit: MAX_LIVE_TERMINALS },
      );
    }

    const terminalId = `${this.options.idPrefix ?? 'terminal-'}${this.nextId++}`;
    const listeners = {
      data: (data: string) => this.onData(terminalId, data),
      exit: (status: acp.TerminalExitStatus) => this.onExit(terminalId, status),
    };
    let terminal: AgentTerminal;
    if (!program.found) {
      terminal = AgentTerminal.failed(terminalId, byteLimit, program.message, program.exitCode, listeners);
    } else {
      let process: TerminalProcess;
      try {
        const spawn = this.options.spawn ?? spawnTerminalProcess;
        process = spawn(
          { file: program.file, args: launch.args, cwd: cwd.cwd, env, cols: SCREEN_COLS, rows: SCREEN_ROWS },
          this.options.mode,
        );
      } catch (error) {
        const message = `${launch.file}: ${errorMessage(error)}`;
        return this.register(AgentTerminal.failed(terminalId, byteLimit, message, 126, listeners), params, cwd.cwd);
      }
      this.warnIfPipes(process.mode);
      terminal = new AgentTerminal(terminalId, byteLimit, process, listeners);
    }
    return this.register(terminal, params, cwd.cwd);
  }

  output(params: acp.TerminalOutputRequest): acp.TerminalOutputResponse {
    return this.live(params?.terminalId).output();
  }

  /** Waits for the exit, or answers -32800 as soon as the agent cancels the wait (`$/cancel_request`). */
  async waitForExit(
    params: acp.WaitForTerminalExitRequest,
    signal?: CancelSignal,
  ): Promise<acp.WaitForTerminalExitResponse> {
    const exited = this.live(params?.terminalId).waitForExit();
    const status = signal ? await untilCancelled(exited, signal) : await exited;
    return { exitCode: status.exitCode ?? null, signal: status.signal ?? null };
  }

  kill(params: acp.KillTerminalRequest): acp.KillTerminalResponse {
    this.stop(this.live(params?.terminalId), 'agent');
    return {};
  }

  release(params: acp.ReleaseTerminalRequest): acp.ReleaseTerminalResponse {
    const terminal = this.live(params?.terminalId);
    this.free(terminal);
    return {};
  }

  /** The user pressed Stop in the card. */
  stopByUser(terminalId: string): void {
    const terminal = this.terminals.get(terminalId);
    if (terminal) this.stop(terminal, 'user');
  }

  /** Raw output to replay into a view: live terminals and recently released ones. */
  replay(terminalId: string): string | undefined {
    return this.terminals.get(terminalId)?.rawTail.text() ?? this.releasedTails.get(terminalId);
  }

  /** Terminals created and not released yet. */
  get liveCount(): number {
    return this.terminals.size;
  }

  terminalIds(): string[] {
    return [...this.terminals.keys(), ...this.releasedTails.keys()];
  }

  handle(terminalId: string): TerminalHandle | undefined {
    const terminal = this.terminals.get(terminalId);
    const info = this.infos.get(terminalId);
    if (!terminal || !info) return undefined;
    return {
      terminalId,
      commandLine: info.commandLine,
      replay: () => terminal.rawTail.text(),
      exitStatus: () => terminal.exitStatus,
      onData: (listener) => subscribe(this.dataListeners, terminalId, listener),
      onExit: (listener) => subscribe(this.exitListeners, terminalId, listener),
      write: (data) => terminal.write(data),
      resize: (cols, rows) => terminal.resize(cols, rows),
    };
  }

  /** For tests: what one terminal retains. */
  stats(terminalId: string): ReturnType<AgentTerminal['stats']> | undefined {
    return this.terminals.get(terminalId)?.stats();
  }

  pidOf(terminalId: string): number | undefined {
    return this.terminals.get(terminalId)?.pid;
  }

  /** The session ended (or the agent exited, or the window closes): kill and free everything. */
  disposeAll(): void {
    this.disposed = true;
    for (const terminal of [...this.terminals.values()]) this.free(terminal);
  }

  private register(
    terminal: AgentTerminal,
    params: acp.CreateTerminalRequest,
    cwd: string,
  ): acp.CreateTerminalResponse {
    const info: TerminalInfo = {
      terminalId: terminal.id,
      commandLine: displayCommand(params.command, params.args ?? undefined),
      cwd,
      mode: terminal.mode,
    };
    this.terminals.set(terminal.id, terminal);
    this.infos.set(terminal.id, info);
    if (terminal.pid !== undefined) {
      this.options.liveGroups.add(terminal);
    }
    this.options.log(`[switchboard] terminal ${terminal.id}: ${info.commandLine} (in ${cwd}, ${info.mode})`);
    // A command that never started reports its exit asynchronously, so always after `created`.
    this.events.created(info);
    return { terminalId: terminal.id };
  }

  private stop(terminal: AgentTerminal, by: StoppedBy): void {
    if (terminal.exitStatus) return; // already ended: nothing to kill, nothing to attribute
    this.events.killRequested(terminal.id, by);
    terminal.kill();
  }

  private free(terminal: AgentTerminal): void {
    const id = terminal.id;
    terminal.release();
    this.options.liveGroups.delete(terminal);
    this.terminals.delete(id);
    this.releasedTails.set(id, terminal.rawTail.text());
    while (this.releasedTails.size > MAX_RELEASED_KEPT) {
      const oldest = this.releasedTails.keys().next().value!;
      this.releasedTails.delete(oldest);
      // infos grew with every terminal ever created: it now forgets those nothing can replay.
      this.infos.delete(oldest);
      this.exitListeners.delete(oldest);
    }
    this.dataListeners.delete(id);
    this.events.released(id);
  }

  private live(terminalId: unknown): AgentTerminal {
    if (typeof terminalId !== 'string') throw new RequestFailure(ErrorCodes.invalidParams, 'A terminalId is required');
    const terminal = this.terminals.get(terminalId);
    if (terminal) return terminal;
    if (this.releasedTails.has(terminalId) || this.infos.has(terminalId)) {
      throw new RequestFailure(
        ErrorCodes.invalidParams,
        `Terminal ${terminalId} was released; it can no longer be used`,
      );
    }
    throw new RequestFailure(ErrorCodes.invalidParams, `Unknown terminal: ${terminalId}`);
  }

  private onData(terminalId: string, data: string): void {
    this.events.data(terminalId, data);
    for (const listener of this.dataListeners.get(terminalId) ?? []) listener(data);
  }

  private onExit(terminalId: string, status: acp.TerminalExitStatus): void {
    const terminal = this.terminals.get(terminalId);
    if (terminal) this.options.liveGroups.delete(terminal);
    this.events.exited(terminalId, status);
    for (const listener of this.exitListeners.get(terminalId) ?? []) listener(status);
    this.exitListeners.delete(terminalId);
  }

  private warnIfPipes(mode: TerminalMode): void {
    if (mode !== 'pipes' || this.warnedAboutPipes || this.options.mode === 'pipes') return;
    this.warnedAboutPipes = true;
    this.options.log(
      `[switchboard] node-pty could not load (${ptyLoadProblem() ?? 'unknown'}); terminals run with plain pipes: no colours or line editing`,
    );
  }
}

/** `work`, or a -32800 failure as soon as `signal` fires (the terminal keeps running). */
function untilCancelled<T>(work: Promise<T>, signal: CancelSignal): Promise<T> {
  const cancelled = () => new RequestFailure(ErrorCodes.requestCancelled, 'Request cancelled');
  if (signal.isCancellationRequested) return Promise.reject(cancelled());
  return new Promise<T>((resolve, reject) => {
    const subscription = signal.onCancellationRequested(() => reject(cancelled()));
    work.then(resolve, reject).finally(() => subscription.dispose());
  });
}

function subscribe<T>(
  map: Map<string, Set<(value: T) => void>>,
  key: string,
  listener: (value: T) => void,
): Disposable {
  let set = map.get(key);
  if (!set) map.set(key, (set = new Set()));
  set.add(listener);
  return { dispose: () => void map.get(key)?.delete(listener) };
}
