// terminal/* end to end: the scripted agent (a real child process) drives the client's terminals
// through a real ThreadController, whose terminals run real processes (node-pty, or pipes).
import { mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { AgentConfig } from '../../src/session/api';
import { AcpThreadController } from '../../src/session/threadController';
import type { TerminalManager } from '../../src/session/requests/terminalManager';
import { ThreadTerminals } from '../../src/session/requests/threadTerminals';
import type { ThreadState } from '../../src/shared/thread';
import { testHostEnv } from './hostEnv';
import { FileTexts } from '../../src/review/fileTexts';
import { PROCESS_DEADLINE_MS, within } from '../within';

/** The keeper of the fake writes' texts. */
const fileTexts = new FileTexts();

const SCRIPTED_AGENT = resolve(__dirname, '../fixtures/scriptedAgent.mjs');
const tempDirs: string[] = [];
const controllers: AcpThreadController[] = [];
afterEach(async () => {
  await Promise.all(controllers.splice(0).map((controller) => controller.dispose()));
});
afterAll(() => {
  for (const dir of tempDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

interface Report {
  method: string;
  answer: { result?: Record<string, unknown>; error?: { code: number; message: string } };
}

/** The thread's real terminals, keeping the current manager so a test can read what it retains. */
class WatchedTerminals extends ThreadTerminals {
  manager: TerminalManager | undefined;
  override open(cwd: string): TerminalManager {
    this.manager = super.open(cwd);
    return this.manager;
  }
}

async function startThread() {
  const cwd = mkdtempSync(join(tmpdir(), 'switchboard-terminals-'));
  tempDirs.push(cwd);
  const log: string[] = [];
  const env = testHostEnv(cwd, { log: (line) => log.push(line) });
  const agent: AgentConfig = {
    id: 'scripted',
    displayName: 'Scripted',
    command: process.execPath,
    args: [SCRIPTED_AGENT, '--scenario', 'terminals'],
    env: {},
    isDemo: false,
  };
  let terminals: WatchedTerminals | undefined;
  const controller = new AcpThreadController({
    threadId: 't',
    agent,
    env,
    handlers: {
      readTextFile: async () => ({ content: '' }),
      writeTextFile: async ({ path, content }) => fileTexts.record(path, null, content),
    },
    stopGraceMs: 500,
    openTerminals: (deps) => (terminals = new WatchedTerminals(deps)),
  });
  controllers.push(controller);
  const output = new Map<string, string>();
  controller.onTerminalOutput((id, data) => output.set(id, (output.get(id) ?? '') + data));
  await controller.start();
  expect(controller.snapshot().state.connection.kind).toBe('ready');
  const stats = (terminalId: string) => terminals?.manager?.stats(terminalId);
  return { controller, cwd, log, output, stats, state: (): ThreadState => controller.snapshot().state };
}

/** Runs one flow of the scripted agent: its turn ends once each terminal/* call it made was answered. */
function runFlow(controller: AcpThreadController, flow: string): Promise<void> {
  const name = flow.split(':')[0];
  return within(controller.prompt(flow), `the end of the "${name}" flow's turn`, PROCESS_DEADLINE_MS);
}

/** The client answers the agent reported, in order. */
function reports(state: ThreadState): Report[] {
  const text = state.entries
    .flatMap((entry) => (entry.kind === 'agent' ? entry.parts : []))
    .map((part) => (part.kind === 'text' ? part.text : ''))
    .join('');
  return text
    .split('\n')
    .filter((line) => line.startsWith('client-calls: '))
    .map((line) => JSON.parse(line.slice('client-calls: '.length)) as Report);
}

/** The scripted agent's pid: the one child process of ours whose cwd is this test's own temp folder. */
function agentPidIn(cwd: string): number {
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const cmdline = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      if (cmdline.includes('scriptedAgent.mjs') && readlinkSync(`/proc/${entry}/cwd`) === cwd) return Number(entry);
    } catch {
      /* gone, or not ours */
    }
  }
  throw new Error(`no scripted agent runs in ${cwd}`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return false;
  }
}

async function waitFor(probe: () => boolean, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!probe()) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('terminals through the scripted agent', () => {
  it('create -> output -> wait_for_exit (two waiters) -> release, with rendered text and an exit code', async () => {
    const { controller, state, output } = await startThread();
    await runFlow(controller, 'lifecycle');
    const [create, wait1, wait2, out, release] = reports(state());
    expect(create).toMatchObject({ method: 'terminal/create', answer: { result: { terminalId: 'terminal-1' } } });
    expect(wait1?.answer.result).toEqual({ exitCode: 0, signal: null });
    expect(wait2?.answer.result).toEqual({ exitCode: 0, signal: null });
    // The \r progress line is shown as a person sees it; the colour codes are gone.
    expect(out?.answer.result).toEqual({
      output: 'downloading 100%\ndone é✓\n',
      truncated: false,
      exitStatus: { exitCode: 0, signal: null },
    });
    expect(release).toMatchObject({ method: 'terminal/release', answer: { result: {} } });
    // The raw bytes (with colours) went to the view stream.
    expect(output.get('terminal-1')).toContain('\x1b[32mdownloading');
    expect(state().terminals?.['terminal-1']).toMatchObject({
      status: 'exited',
      exitStatus: { exitCode: 0, signal: null },
      released: true,
      stoppedBy: null,
    });
    // After release the card can still replay its last output.
    expect(controller.terminalReplay('terminal-1')).toContain('done é✓');
  });

  it('kill ends the command with a signal and the terminal stays readable', async () => {
    const { controller, state } = await startThread();
    await runFlow(controller, 'kill');
    const [, kill, wait, out] = reports(state());
    expect(kill?.answer.result).toEqual({});
    expect(wait?.answer.result).toMatchObject({
      exitCode: null,
      signal: expect.stringMatching(/^SIG(TERM|HUP|KILL)$/),
    });
    expect(out?.answer.result).toMatchObject({ output: 'started\n', truncated: false, exitStatus: { exitCode: null } });
    expect(state().terminals?.['terminal-1']).toMatchObject({ stoppedBy: 'agent', status: 'exited' });
  });

  it('release while running kills it, and the id is invalid afterwards', async () => {
    const { controller, state } = await startThread();
    await runFlow(controller, 'release-running');
    const [, release, out] = reports(state());
    expect(release?.answer.result).toEqual({});
    expect(out?.answer.error).toMatchObject({ code: -32602, message: expect.stringContaining('released') });
    await waitFor(() => state().terminals?.['terminal-1']?.status === 'exited');
    expect(state().terminals?.['terminal-1']?.released).toBe(true);
  });

  it('every terminal/* call after release gets a clear error', async () => {
    const { controller, state } = await startThread();
    await runFlow(controller, 'after-release');
    const calls = reports(state()).slice(3);
    expect(calls.map((call) => call.method)).toEqual([
      'terminal/output',
      'terminal/wait_for_exit',
      'terminal/kill',
      'terminal/release',
    ]);
    for (const call of calls)
      expect(call.answer.error).toEqual({
        code: -32602,
        message: 'Terminal terminal-1 was released; it can no longer be used',
      });
  });

  it('a missing command ends like in a shell (exit 127 and a message), not with a protocol error', async () => {
    const { controller, state } = await startThread();
    await runFlow(controller, 'missing');
    const [create, wait, , out] = reports(state());
    expect(create?.answer.result).toEqual({ terminalId: 'terminal-1' });
    expect(wait?.answer.result).toEqual({ exitCode: 127, signal: null });
    expect(out?.answer.result).toMatchObject({
      output: 'switchboard-no-such-command: command not found\n',
      exitStatus: { exitCode: 127 },
    });
    expect(state().terminals?.['terminal-1']).toMatchObject({ mode: 'none', status: 'exited' });
  });

  it('a whole shell line in `command` runs through the shell', async () => {
    const { controller, state } = await startThread();
    await runFlow(controller, 'shell-line');
    const out = reports(state())[3];
    expect(out?.answer.result).toMatchObject({ output: 'one\nTWO\n', exitStatus: { exitCode: 0, signal: null } });
  });

  it('a relative cwd is rejected with -32602', async () => {
    const { controller, state } = await startThread();
    await runFlow(controller, 'relative-cwd');
    expect(reports(state())[0]?.answer.error).toMatchObject({
      code: -32602,
      message: expect.stringContaining('absolute cwd'),
    });
  });

  it('env reaches the command over the user environment, with TERM and pagers set', async () => {
    const { controller, state } = await startThread();
    const params = {
      command: 'sh',
      args: ['-c', 'echo "$TERM $PAGER $GIT_PAGER $EXTRA ${HOME:+home}"'],
      env: [{ name: 'EXTRA', value: 'extra' }],
    };
    await runFlow(controller, `env:${JSON.stringify(params)}`);
    expect(reports(state())[3]?.answer.result).toMatchObject({ output: 'xterm-256color cat cat extra home\n' });
  });

  it('ending the session kills a terminal the agent never released, grandchildren included', async () => {
    const { controller, state } = await startThread();
    await runFlow(controller, 'orphan');
    const out = reports(state())[1]?.answer.result as { output: string };
    const grandchild = Number(/grandchild (\d+)/.exec(out.output)?.[1]);
    expect(isAlive(grandchild)).toBe(true);
    await controller.dispose();
    await waitFor(() => !isAlive(grandchild));
    expect(state().terminals?.['terminal-1']?.released).toBe(true);
  });

  it('an agent that dies kills its unreleased terminals, grandchildren included', async () => {
    const { controller, cwd, state } = await startThread();
    await runFlow(controller, 'orphan');
    const out = reports(state())[1]?.answer.result as { output: string };
    const grandchild = Number(/grandchild (\d+)/.exec(out.output)?.[1]);
    expect(isAlive(grandchild)).toBe(true);
    process.kill(agentPidIn(cwd), 'SIGKILL');
    await waitFor(() => state().connection.kind === 'failed');
    await waitFor(() => !isAlive(grandchild));
    // The card follows: the command's exit arrives after the kill.
    await waitFor(() => state().terminals?.['terminal-1']?.status === 'exited');
  });

  it("the card's Stop kills a running command, grandchildren included, and the agent's wait_for_exit returns", async () => {
    const { controller, state } = await startThread();
    const hang = { command: 'sleep 1000 & echo "grandchild $!"; wait' };
    const turn = controller.prompt(`hang:${JSON.stringify(hang)}`);
    await waitFor(() => state().terminals?.['terminal-1'] !== undefined);
    let grandchild = 0;
    await waitFor(() => {
      grandchild = Number(/grandchild (\d+)/.exec(controller.terminalReplay('terminal-1') ?? '')?.[1] ?? 0);
      return grandchild > 0;
    });
    controller.stopTerminal('terminal-1');
    await turn;
    expect(isAlive(grandchild)).toBe(false);
    expect(state().terminals?.['terminal-1']).toMatchObject({ status: 'exited', stoppedBy: 'user' });
    const waited = reports(state()).filter((r) => r.method === 'terminal/wait_for_exit');
    expect(waited).toHaveLength(2);
    expect(waited[0]?.answer.result).toMatchObject({ signal: expect.any(String) });
  });

  it("the agent's outputByteLimit: the newest bytes from a character boundary, with truncated: true", async () => {
    const { controller, state } = await startThread();
    // 'ab' and ten 'é' (two bytes each) are 22 bytes; the newest 11 would start inside an 'é', so five are kept.
    const command = { command: process.execPath, args: ['-e', "process.stdout.write('ab' + 'é'.repeat(10))"] };
    await runFlow(controller, `limit:${JSON.stringify({ ...command, outputByteLimit: 11 })}`);
    const out = reports(state()).find((report) => report.method === 'terminal/output');
    expect(out?.answer.result).toEqual({
      output: 'ééééé',
      truncated: true,
      exitStatus: { exitCode: 0, signal: null },
    });
  });

  it('50 MB of output with a 1 MB limit keeps every retained buffer bounded', async () => {
    const { controller, state, stats } = await startThread();
    let maxPending = 0;
    let maxLines = 0;
    const sampler = setInterval(() => {
      const now = stats('terminal-1');
      if (!now) return;
      maxPending = Math.max(maxPending, now.pending);
      maxLines = Math.max(maxLines, now.bufferLines);
    }, 5);
    try {
      await controller.prompt('flood');
    } finally {
      clearInterval(sampler);
    }
    const out = reports(state())[3]?.answer.result as { output: string; truncated: boolean };
    expect(out.output.slice(-2100)).toMatch(/x{1023}\nx{1023}\n$/);
    const bytes = Buffer.byteLength(out.output);
    expect(out.truncated).toBe(true);
    expect(bytes).toBeLessThanOrEqual(1024 * 1024);
    expect(bytes).toBeGreaterThan(1024 * 1024 - 1024);
    expect(out.output.endsWith('x'.repeat(1023) + '\n')).toBe(true);
    const final = stats('terminal-1')!;
    expect(final.finishedBytes).toBeLessThanOrEqual(1024 * 1024);
    expect(final.rawTailChars).toBeLessThanOrEqual(320 * 1024);
    expect(maxLines).toBeLessThanOrEqual(final.maxBufferLines);
    // Back-pressure: the command waited for the emulator instead of our memory growing.
    expect(maxPending).toBeLessThanOrEqual(2 * 1024 * 1024);
  }, 60_000);
});
