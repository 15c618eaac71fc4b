// An in-memory agent for session tests: a fake AgentProcess whose stdin/stdout are PassThrough
// streams, with a real ACP connection on the agent's end. Tests script it by registering
// handlers on `agent`; crash() and stop() settle `exited` like a real process would.
import { PassThrough } from 'node:stream';
import type * as acp from '@agentclientprotocol/sdk';
import type { AgentExit, AgentProcess, SpawnAgentProcess } from '../../../src/agents/agentProcess';
import { exitFailure, type FailureContext } from '../../../src/agents/failure';
import { createAcpConnection, type AcpConnection } from '../../../src/protocol/connection';
import type { AgentConfig, ClientHandlers, HostEnvironment, WriteOutcome } from '../../../src/session/api';
import { LiveProcessGroups } from '../../../src/terminals/liveProcessGroups';
import { FileTexts } from '../../../src/review/fileTexts';

/** The keeper of the fake writes' texts. */
const fileTexts = new FileTexts();

export class FakeAgentProcess implements AgentProcess {
  readonly commandLine = 'fake-agent --acp';
  readonly stdin = new PassThrough();
  readonly stdout = new PassThrough();
  readonly exited: Promise<AgentExit>;
  /** The agent's end of the connection. */
  readonly agent: AcpConnection;
  /** Every message the client sent, in order. */
  readonly received: Array<{ method?: string; params?: unknown }> = [];
  stopCalls = 0;
  private settle!: (exit: AgentExit) => void;
  private settled = false;

  constructor() {
    this.exited = new Promise((resolve) => (this.settle = resolve));
    this.agent = createAcpConnection(this.stdin, this.stdout, {
      traffic: { record: (direction, message) => direction === 'recv' && this.received.push(message as never) },
    });
  }

  stderrTail(): string[] {
    return ['fake: last words'];
  }

  failureContext(): FailureContext {
    return { command: 'fake-agent', commandLine: this.commandLine, stderrTail: this.stderrTail() };
  }

  /** The process dies on its own: output closes first, then the exit is reported. */
  crash(exitCode = 1): void {
    this.finish(exitCode, null, false);
  }

  async stop(): Promise<void> {
    this.stopCalls += 1;
    this.finish(null, 'SIGTERM', true);
    await this.exited;
  }

  get isRunning(): boolean {
    return !this.settled;
  }

  /** Params of every request or notification the client sent with this method. */
  sent(method: string): unknown[] {
    return this.received.filter((message) => message.method === method).map((message) => message.params);
  }

  private finish(exitCode: number | null, signal: string | null, requested: boolean): void {
    if (this.settled) return;
    this.settled = true;
    const exit = () => {
      this.agent.dispose();
      this.stdout.end();
      setTimeout(
        () =>
          this.settle({ exitCode, signal, requested, failure: exitFailure(this.failureContext(), exitCode, signal) }),
        5,
      );
    };
    // Like a real agent on SIGTERM, it still reads what was already written to its stdin.
    if (requested) setTimeout(exit, 5);
    else exit();
  }
}

/** Registers the usual happy-path handlers; tests override what they need afterwards. */
export function scriptBasicAgent(fake: FakeAgentProcess, overrides: Partial<acp.InitializeResponse> = {}): void {
  let sessions = 0;
  fake.agent.onRequest('initialize', () => ({
    protocolVersion: 1,
    agentCapabilities: { loadSession: false },
    agentInfo: { name: 'fake', title: 'Fake Agent', version: '1.0.0' },
    authMethods: [],
    ...overrides,
  }));
  fake.agent.onRequest('session/new', () => ({ sessionId: `session-${++sessions}` }));
  fake.agent.onRequest('session/prompt', () => ({ stopReason: 'end_turn' }));
}

export function fakeSpawner(script: (fake: FakeAgentProcess) => void = scriptBasicAgent) {
  const processes: FakeAgentProcess[] = [];
  const configs: AgentConfig[] = [];
  /** The folder each process was started in (what the real spawner passes to child_process). */
  const cwds: string[] = [];
  const spawn: SpawnAgentProcess = (config, options) => {
    const fake = new FakeAgentProcess();
    script(fake);
    processes.push(fake);
    configs.push(config);
    cwds.push(options.cwd);
    return fake;
  };
  return {
    spawn,
    processes,
    configs,
    cwds,
    get last(): FakeAgentProcess {
      const last = processes.at(-1);
      if (!last) throw new Error('no agent process was spawned yet');
      return last;
    },
  };
}

export const CLIENT_INFO: acp.Implementation = { name: 'switchboard', title: 'Switchboard', version: '0.1.0' };

export function fakeEnv(settings: Partial<ReturnType<HostEnvironment['settings']>> = {}) {
  const logs: string[] = [];
  const env: HostEnvironment = {
    workspaceCwd: () => '/work/project',
    baseEnv: () => ({ PATH: '/usr/bin' }),
    liveProcessGroups: new LiveProcessGroups(),
    fileTexts,
    agentLog: () => ({ append: (line) => logs.push(line) }),
    traffic: () => ({ record: () => undefined }),
    settings: () => ({ maxMessageBytes: 1_000_000, initializeTimeoutMs: 2000, ...settings }),
    clientInfo: () => CLIENT_INFO,
  };
  return { env, logs };
}

export function fakeHandlers() {
  const writes: acp.WriteTextFileRequest[] = [];
  const handlers: ClientHandlers = {
    readTextFile: async (params) => ({ content: `contents of ${params.path}` }),
    writeTextFile: async (params): Promise<WriteOutcome> => {
      writes.push(params);
      return fileTexts.record(params.path, 'old text', params.content);
    },
  };
  return { handlers, writes };
}

export const TEST_AGENT: AgentConfig = {
  id: 'fake',
  displayName: 'Fake',
  command: 'fake-agent',
  args: ['--acp'],
  env: {},
  isDemo: false,
};
