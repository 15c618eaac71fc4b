// The client terminals of one thread across agent process generations. The current generation's
// manager runs the agent's commands; managers of ended generations are kept (bounded) so their
// tool-call cards can still replay their output after a crash or restart.
import type { ThreadAction } from '../shared/actions';
import { TerminalManager, type TerminalHandle } from './terminalManager';
import type { LiveProcessGroups } from '../terminals/liveProcessGroups';
import type { TerminalMode } from '../terminals/processes';

/** Terminals of ended generations stay replayable (bounded) so their cards keep their output. */
const RETIRED_TERMINAL_MANAGERS = 3;

export interface ThreadTerminalsDeps {
  baseEnv(): NodeJS.ProcessEnv;
  liveGroups: LiveProcessGroups;
  log(line: string): void;
  dispatch(action: ThreadAction): void;
  /** Tests force the pipes fallback; otherwise node-pty when it loads. */
  terminalMode?: TerminalMode;
}

export class ThreadTerminals {
  private current: TerminalManager | null = null;
  private retired: TerminalManager[] = [];
  private readonly outputListeners = new Set<(terminalId: string, data: string) => void>();

  constructor(private readonly deps: ThreadTerminalsDeps) {}

  /** The terminal manager for a new session whose cwd is `cwd`. */
  open(cwd: string): TerminalManager {
    const dispatch = (action: ThreadAction) => this.dispatchIfLive(manager, action);
    const manager: TerminalManager = new TerminalManager(
      {
        sessionCwd: () => cwd,
        baseEnv: () => this.deps.baseEnv(),
        log: (line) => this.deps.log(line),
        liveGroups: this.deps.liveGroups,
        mode: this.deps.terminalMode,
      },
      {
        created: (info) => dispatch({ type: 'terminalCreated', terminal: info }),
        data: (terminalId, data) => {
          for (const listener of this.outputListeners) listener(terminalId, data);
        },
        exited: (terminalId, exitStatus) => dispatch({ type: 'terminalExited', terminalId, exitStatus }),
        killRequested: (terminalId, by) => dispatch({ type: 'terminalKillRequested', terminalId, by }),
        released: (terminalId) => dispatch({ type: 'terminalReleased', terminalId }),
      },
    );
    this.current = manager;
    return manager;
  }

  /** Kills every terminal of an ended generation (no orphans) and keeps it for replays. */
  end(manager: TerminalManager | undefined): void {
    if (!manager) return;
    if (this.current === manager) this.current = null;
    this.retired = [manager, ...this.retired.filter((m) => m !== manager)].slice(0, RETIRED_TERMINAL_MANAGERS);
    manager.disposeAll();
  }

  onOutput(listener: (terminalId: string, data: string) => void): { dispose(): void } {
    this.outputListeners.add(listener);
    return { dispose: () => void this.outputListeners.delete(listener) };
  }

  replay(terminalId: string): string | undefined {
    for (const manager of this.managers()) {
      const replay = manager.replay(terminalId);
      if (replay !== undefined) return replay;
    }
    return undefined;
  }

  stopByUser(terminalId: string): void {
    this.current?.stopByUser(terminalId);
  }

  handle(terminalId: string): TerminalHandle | undefined {
    return this.current?.handle(terminalId);
  }

  private managers(): TerminalManager[] {
    return this.current ? [this.current, ...this.retired] : this.retired;
  }

  /** Terminal events keep updating the thread while their manager is current or just retired. */
  private dispatchIfLive(manager: TerminalManager, action: ThreadAction): void {
    if (this.managers().includes(manager)) this.deps.dispatch(action);
  }
}
