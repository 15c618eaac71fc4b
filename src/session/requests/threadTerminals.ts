// The client terminals of one thread across agent process generations. The current generation's
// manager runs the agent's commands (one for the chat's session, one per subagent session, each
// dispatching into its own transcript); managers of ended generations are kept (bounded) so their
// tool-call cards can still replay their output after a crash or restart.
import type { ThreadAction } from '../../shared/actions';
import { TerminalManager, type TerminalHandle } from './terminalManager';
import type { LiveProcessGroups } from '../../terminals/liveProcessGroups';
import type { TerminalMode } from '../../terminals/processes';
import { Listeners } from '../../shared/listeners';
import type { Disposable } from '../../shared/disposableStore';

/** Terminals of ended generations (and subagent sessions) stay replayable (bounded) so their cards keep their output. */
const RETIRED_TERMINAL_MANAGERS = 3;

export interface ThreadTerminalsDeps {
  baseEnv(): NodeJS.ProcessEnv;
  liveGroups: LiveProcessGroups;
  log(line: string): void;
  dispatch(action: ThreadAction): void;
  /** Tests force the pipes fallback; otherwise node-pty when it loads. */
  terminalMode?: TerminalMode;
  /** A chat confined to folders of its own: its terminals start only inside them (HostEnvironment.confinedTo). */
  confinedTo?(): readonly string[] | undefined;
}

export class ThreadTerminals {
  private current: TerminalManager | null = null;
  /** The live managers of subagent sessions (shared/subagents.ts), beside the chat's own. */
  private readonly subagents = new Set<TerminalManager>();
  private retired: TerminalManager[] = [];
  private readonly outputListeners = new Listeners<[string, string]>();

  constructor(private readonly deps: ThreadTerminalsDeps) {}

  /** The terminal manager for a new session whose cwd is `cwd`. */
  open(cwd: string): TerminalManager {
    const manager = this.create(
      () => cwd,
      'terminal-',
      (action) => this.deps.dispatch(action),
    );
    this.current = manager;
    return manager;
  }

  /**
   * The terminal manager of a subagent session: its terminals' ids start with `idPrefix` (unique in the
   * thread), its actions go through `dispatch` (into the child's transcript), its default cwd is `cwd()`.
   */
  openSubagent(cwd: () => string, idPrefix: string, dispatch: (action: ThreadAction) => void): TerminalManager {
    const manager = this.create(cwd, idPrefix, dispatch);
    this.subagents.add(manager);
    return manager;
  }

  private create(cwd: () => string, idPrefix: string, send: (action: ThreadAction) => void): TerminalManager {
    const dispatch = (action: ThreadAction) => {
      if (this.managers().includes(manager)) send(action);
    };
    const manager: TerminalManager = new TerminalManager(
      {
        sessionCwd: cwd,
        baseEnv: () => this.deps.baseEnv(),
        log: (line) => this.deps.log(line),
        liveGroups: this.deps.liveGroups,
        mode: this.deps.terminalMode,
        idPrefix,
        confinedTo: () => this.deps.confinedTo?.(),
        othersLive: () => this.live().reduce((sum, other) => sum + (other === manager ? 0 : other.liveCount), 0),
      },
      {
        created: (info) => dispatch({ type: 'terminalCreated', terminal: info }),
        data: (terminalId, data) => {
          this.outputListeners.fire(terminalId, data);
        },
        exited: (terminalId, exitStatus) => dispatch({ type: 'terminalExited', terminalId, exitStatus }),
        killRequested: (terminalId, by) => dispatch({ type: 'terminalKillRequested', terminalId, by }),
        released: (terminalId) => dispatch({ type: 'terminalReleased', terminalId }),
      },
    );
    return manager;
  }

  /** Kills every terminal of an ended generation (no orphans) and keeps it for replays. */
  end(manager: TerminalManager | undefined): void {
    if (!manager) return;
    if (this.current === manager) this.current = null;
    this.subagents.delete(manager);
    this.retired = [manager, ...this.retired.filter((m) => m !== manager)].slice(0, RETIRED_TERMINAL_MANAGERS);
    manager.disposeAll();
  }

  onOutput(listener: (terminalId: string, data: string) => void): Disposable {
    return this.outputListeners.add(listener);
  }

  replay(terminalId: string): string | undefined {
    for (const manager of this.managers()) {
      const replay = manager.replay(terminalId);
      if (replay !== undefined) return replay;
    }
    return undefined;
  }

  stopByUser(terminalId: string): void {
    for (const manager of this.live()) manager.stopByUser(terminalId);
  }

  handle(terminalId: string): TerminalHandle | undefined {
    for (const manager of this.live()) {
      const handle = manager.handle(terminalId);
      if (handle) return handle;
    }
    return undefined;
  }

  /** The managers whose terminals may still run: the chat's current one and its subagent sessions'. */
  private live(): TerminalManager[] {
    return this.current ? [this.current, ...this.subagents] : [...this.subagents];
  }

  /** Terminal events keep updating the thread while their manager is live or just retired. */
  private managers(): TerminalManager[] {
    return [...this.live(), ...this.retired];
  }
}
