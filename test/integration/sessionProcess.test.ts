// Real child processes: spawn failures, exits with stderr, and stop() taking down a whole
// process group including a grandchild (the agent's own subprocesses).
import { readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { spawnAgentProcess, type AgentProcess } from '../../src/agents/agentProcess';
import type { AgentConfig } from '../../src/session/api';
import { tempDir } from './tempDirs';
import { failureWords } from '../../src/shared/failureWords';

const started: AgentProcess[] = [];
afterEach(async () => {
  await Promise.all(started.splice(0).map((proc) => proc.stop()));
});

function agent(command: string, args: string[] = [], env: Record<string, string> = {}): AgentConfig {
  return { id: 'test', displayName: 'Test', command, args, env, isDemo: false };
}

function start(config: AgentConfig, extra: { cwd?: string; stopGraceMs?: number } = {}) {
  const log: string[] = [];
  const proc = spawnAgentProcess(config, {
    cwd: extra.cwd ?? tmpdir(),
    baseEnv: process.env,
    log: { append: (line) => log.push(line) },
    stopGraceMs: extra.stopGraceMs,
  });
  started.push(proc);
  return { proc, log };
}

/** Alive and not a zombie (a container's PID 1 may never reap orphans). */
function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return false;
  }
}

async function waitFor<T>(probe: () => T | undefined, timeoutMs = 5000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('spawnAgentProcess', () => {
  it('reports a missing command with the command line and a PATH hint', async () => {
    const { proc } = start(agent('switchboard-no-such-agent', ['--acp', 'two words']));
    const exit = await proc.exited;
    expect(exit.requested).toBe(false);
    expect(exit.failure).toMatchObject({
      reason: { kind: 'commandNotFound', command: 'switchboard-no-such-agent' },
      commandLine: "switchboard-no-such-agent --acp 'two words'",
    });
    expect(failureWords(exit.failure).title).toBe('Command not found: switchboard-no-such-agent');
    expect(failureWords(exit.failure).hint).toContain(
      'Check that `switchboard-no-such-agent` is installed and on PATH',
    );
  });

  it('reports a file that is not executable', async () => {
    const script = join(tempDir('switchboard-'), 'agent.sh');
    writeFileSync(script, '#!/bin/sh\necho hi\n', { mode: 0o644 });
    const { proc } = start(agent(script));
    const exit = await proc.exited;
    expect(failureWords(exit.failure).title).toBe(`Permission denied running ${script}`);
    expect(failureWords(exit.failure).hint).toContain('chmod +x');
  });

  it('reports a missing working folder instead of blaming the command', async () => {
    const { proc } = start(agent('sh', ['-c', 'exit 0']), { cwd: '/no/such/folder' });
    const exit = await proc.exited;
    expect(failureWords(exit.failure).title).toBe('The working folder does not exist: /no/such/folder');
  });

  it('reports an exit with its code and the last stderr lines, also forwarded to the log', async () => {
    const { proc, log } = start(agent('sh', ['-c', 'echo starting >&2; echo "fatal: no key" >&2; exit 3']));
    const exit = await proc.exited;
    expect(exit.exitCode).toBe(3);
    expect(failureWords(exit.failure).title).toBe('Agent exited with code 3');
    expect(exit.failure).toMatchObject({
      reason: { kind: 'exited' },
      exitCode: 3,
      signal: null,
      stderrTail: ['starting', 'fatal: no key'],
      commandLine: `sh -c 'echo starting >&2; echo "fatal: no key" >&2; exit 3'`,
    });
    expect(failureWords(exit.failure).hint).toMatch(/Restart/);
    // Stderr reaches the log in batches (one append per interval): lines, not appends.
    expect(log.join('\n').split('\n')).toContain('fatal: no key');
  });

  it('runs in the given cwd with the agent env applied over the editor env, PATH included', async () => {
    const { proc } = start(
      agent('sh', ['-c', 'pwd >&2; echo "$EXTRA:$PATH" >&2'], {
        EXTRA: 'yes',
        PATH: `/opt/agent-tools:${process.env.PATH}`,
      }),
      {
        cwd: '/tmp',
      },
    );
    const exit = await proc.exited;
    expect(exit.failure.stderrTail).toEqual(['/tmp', `yes:/opt/agent-tools:${process.env.PATH}`]);
  });

  it('applies a PATH without the system folders as written, and the failure says why the command is not found', async () => {
    const { proc, log } = start(agent('sh', ['-c', 'exit 0'], { PATH: '/nowhere' }));
    const exit = await proc.exited;
    expect(failureWords(exit.failure).title).toBe('Command not found: sh');
    expect(failureWords(exit.failure).hint).toMatch(
      /Check the agent's env: .*\.env\.PATH has none of the system folders \/usr\/bin, \/bin/,
    );
    expect(log.some((line) => line.startsWith('[switchboard] warning:') && line.includes('.env.PATH'))).toBe(true);
  });

  it('stop() kills the whole process group, including a grandchild', async () => {
    const { proc, log } = start(agent('sh', ['-c', 'sleep 1000 & echo "grandchild $!" >&2; wait']));
    const line = await waitFor(() => log.find((entry) => entry.startsWith('grandchild ')));
    const grandchild = Number(line.split(' ')[1]);
    expect(isAlive(grandchild)).toBe(true);

    await proc.stop();
    const exit = await proc.exited;
    expect(exit.requested).toBe(true);
    await waitFor(() => (isAlive(grandchild) ? undefined : true));
  });

  it('stop() escalates to SIGKILL when the group ignores SIGTERM', async () => {
    const { proc, log } = start(agent('sh', ['-c', 'trap "" TERM; sleep 1000 & echo "grandchild $!" >&2; wait']), {
      stopGraceMs: 300,
    });
    const line = await waitFor(() => log.find((entry) => entry.startsWith('grandchild ')));
    const grandchild = Number(line.split(' ')[1]);

    const began = Date.now();
    await proc.stop();
    expect(Date.now() - began).toBeGreaterThanOrEqual(250);
    expect((await proc.exited).signal).toBe('SIGKILL');
    await waitFor(() => (isAlive(grandchild) ? undefined : true));
  });
});
