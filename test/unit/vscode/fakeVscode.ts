// A small stand-in for the `vscode` module, for unit tests of VS Code glue that only needs a few calls: what it
// is asked to show, register and log is recorded. Use it as
//   vi.mock('vscode', async () => (await import('./fakeVscode')).fakeVscode);
// and read or reset `fakeVscode.recorded` in the test. Anything the glue calls that is not here fails loudly
// (a TypeError), so a test cannot pass on a call it did not expect.

export interface Recorded {
  /** Each showErrorMessage: the message and its buttons. */
  errors: Array<{ message: string; items: string[] }>;
  /** The button the next showErrorMessage resolves with (undefined: dismissed). */
  errorChoice: string | undefined;
  /** Registered command ids (removed again when their registration is disposed). */
  commands: Map<string, (...args: unknown[]) => unknown>;
  /** Each executeCommand: its id and arguments. */
  executed: unknown[][];
  /** Each output channel: its name, the lines as `level: text`, whether shown and disposed. */
  channels: Array<{ name: string; lines: string[]; shown: boolean; disposed: boolean }>;
  /** Listeners of workspace.onDidChangeConfiguration not disposed yet. */
  configListeners: Set<unknown>;
}

const recorded: Recorded = {
  errors: [],
  errorChoice: undefined,
  commands: new Map(),
  executed: [],
  channels: [],
  configListeners: new Set(),
};

export function resetRecorded(): Recorded {
  recorded.errors = [];
  recorded.errorChoice = undefined;
  recorded.commands = new Map();
  recorded.executed = [];
  recorded.channels = [];
  recorded.configListeners = new Set();
  return recorded;
}

function format(message: string, ...args: unknown[]): string {
  return message.replace(/\{(\d+)\}/g, (_match, index: string) => String(args[Number(index)]));
}

function text(value: unknown): string {
  return value instanceof Error ? `${value.message}` : String(value);
}

/** VS Code's EventEmitter, as far as the glue uses it. */
class EventEmitter<T> {
  private readonly listeners = new Set<(value: T) => void>();
  readonly event = (listener: (value: T) => void) => {
    this.listeners.add(listener);
    return { dispose: () => void this.listeners.delete(listener) };
  };
  fire(value: T): void {
    for (const listener of [...this.listeners]) listener(value);
  }
  dispose(): void {
    this.listeners.clear();
  }
}

export const fakeVscode = {
  recorded,
  l10n: { t: format, bundle: undefined },
  window: {
    createOutputChannel(name: string) {
      const channel = { name, lines: [] as string[], shown: false, disposed: false };
      recorded.channels.push(channel);
      const write =
        (level: string) =>
        (line: unknown, ...args: unknown[]) =>
          void channel.lines.push(`${level}: ${[line, ...args].map(text).join(' ')}`);
      return {
        info: write('info'),
        warn: write('warn'),
        error: write('error'),
        show: () => void (channel.shown = true),
        dispose: () => void (channel.disposed = true),
      };
    },
    async showErrorMessage(message: string, ...items: string[]) {
      recorded.errors.push({ message, items });
      return recorded.errorChoice;
    },
  },
  commands: {
    registerCommand(id: string, handler: (...args: unknown[]) => unknown) {
      if (recorded.commands.has(id)) throw new Error(`command '${id}' already exists`);
      recorded.commands.set(id, handler);
      return { dispose: () => void recorded.commands.delete(id) };
    },
    async executeCommand(...args: unknown[]) {
      recorded.executed.push(args);
    },
  },
  workspace: {
    workspaceFolders: undefined,
    isTrusted: true,
    /** No setting is set: every read gives undefined (the defaults). */
    getConfiguration: () => ({ get: () => undefined, inspect: () => undefined }),
    onDidChangeConfiguration(listener: unknown) {
      recorded.configListeners.add(listener);
      return { dispose: () => void recorded.configListeners.delete(listener) };
    },
  },
  EventEmitter,
  ThemeIcon: class {
    constructor(readonly id: string) {}
  },
};
