// A minimal ACP client for wire-level tests: spawns an agent as a real child process and speaks NDJSON JSON-RPC to
// it, keeping everything the agent wrote in wire order. Nothing of Switchboard's own client is involved, so a test
// sees exactly what the agent sends.
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import type { WireMessage } from '../fixtures/subagentOrder';
import { PROCESS_DEADLINE_MS, within } from '../within';

/** The result for one of the agent's own requests, or `undefined` to answer it later with `answer()`. */
export type AgentRequestHandler = (message: WireMessage, client: WireClient) => unknown;

export class WireClient {
  /** Every message the agent wrote, in order. */
  readonly received: WireMessage[] = [];
  private readonly child: ChildProcessWithoutNullStreams;
  private readonly waiting = new Map<number, (message: WireMessage) => void>();
  private readonly watchers: Array<() => boolean> = [];
  private nextId = 0;
  private stderr = '';

  constructor(
    command: string,
    args: readonly string[],
    private readonly onRequest: AgentRequestHandler = () => undefined,
    env: NodeJS.ProcessEnv = process.env,
  ) {
    this.child = spawn(command, args, { stdio: ['pipe', 'pipe', 'pipe'], env });
    this.child.stderr.setEncoding('utf8').on('data', (text: string) => (this.stderr += text));
    let buffered = '';
    this.child.stdout.setEncoding('utf8').on('data', (text: string) => {
      buffered += text;
      for (let newline; (newline = buffered.indexOf('\n')) !== -1;) {
        const line = buffered.slice(0, newline);
        buffered = buffered.slice(newline + 1);
        if (line.trim()) this.take(JSON.parse(line) as WireMessage);
      }
    });
  }

  /** Sends a request and resolves with the agent's answer message (result or error). */
  request(method: string, params: unknown): Promise<WireMessage> {
    const id = this.nextId++;
    this.write({ id, method, params });
    return within(
      new Promise<WireMessage>((resolve) => this.waiting.set(id, resolve)),
      `the answer to ${method} (agent stderr: ${this.stderr.slice(-300)})`,
      PROCESS_DEADLINE_MS,
    );
  }

  notify(method: string, params: unknown): void {
    this.write({ method, params });
  }

  answer(id: WireMessage['id'], result: unknown): void {
    this.write({ id, result });
  }

  /** Resolves with the first message received (from now or earlier) that `match` accepts. */
  next(what: string, match: (message: WireMessage) => boolean): Promise<WireMessage> {
    return within(
      new Promise<WireMessage>((resolve) => {
        const check = () => {
          const found = this.received.find(match);
          if (!found) return false;
          resolve(found);
          return true;
        };
        if (!check()) this.watchers.push(check);
      }),
      what,
      PROCESS_DEADLINE_MS,
    );
  }

  /** Closes stdin (the agent exits) and waits for the exit. */
  async close(): Promise<void> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    const exited = new Promise((resolve) => this.child.once('exit', resolve));
    this.child.stdin.end();
    await within(exited, 'the agent to exit once its stdin closed', PROCESS_DEADLINE_MS).catch(() => this.child.kill());
  }

  private write(message: object): void {
    this.child.stdin.write(JSON.stringify({ jsonrpc: '2.0', ...message }) + '\n');
  }

  private take(message: WireMessage): void {
    this.received.push(message);
    const done = this.watchers.filter((check) => check());
    this.watchers.splice(0, this.watchers.length, ...this.watchers.filter((check) => !done.includes(check)));
    if (message.method === undefined) {
      this.waiting.get(Number(message.id))?.(message);
      return;
    }
    if (message.id === undefined) return;
    const result = this.onRequest(message, this);
    if (result !== undefined) this.answer(message.id, result);
  }
}
