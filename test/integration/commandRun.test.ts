// A command of the user's run to its end in a folder (Run tests of a comparison), as real processes: its exit code
// and output, its folder, the time limit and Stop ending everything it started (a child it left running too), and
// the output kept bounded with the tail the view shows cleaned of terminal sequences.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MAX_RUN_OUTPUT_BYTES, outputTail, runCommand } from '../../src/terminals/commandRun';
import { MAX_TEST_TAIL_CHARS } from '../../src/shared/compare';
import { tempDir } from './tempDirs';

const WORDS = { timedOut: 'timed out', stopped: 'stopped' };
// Without CI: a CI runner sets its own, which the command keeps (the user's environment wins).
const { CI: _runnerCI, ...ENV_WITHOUT_CI } = process.env;
const run = (command: string, cwd: string, timeoutMs = 10_000, env: NodeJS.ProcessEnv = ENV_WITHOUT_CI) =>
  runCommand({ command, cwd, env, timeoutMs }, WORDS);

/** Running (a killed process not yet reaped by whoever inherited it is a zombie: not running). */
function alive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return false;
  }
}

describe('a command run to its end', () => {
  it('gives its exit code and output, run in the folder given, non-interactive', async () => {
    const dir = tempDir('sb-run-');
    writeFileSync(path.join(dir, 'here.txt'), 'x');
    const ok = await run('ls; echo "CI=$CI PAGER=$PAGER"; echo err >&2', dir).done;
    expect(ok.exitCode).toBe(0);
    expect(ok.output).toContain('here.txt');
    expect(ok.output).toContain('CI=1 PAGER=cat');
    expect(ok.output).toContain('err');
    expect(ok.error).toBeUndefined();
    const failed = await run('exit 3', dir).done;
    expect(failed.exitCode).toBe(3);
    const underCI = await run('echo "CI=$CI"', dir, 10_000, { ...ENV_WITHOUT_CI, CI: 'true' }).done;
    expect(underCI.output).toContain('CI=true');
  });

  it('ends the whole process group at the time limit, with why', async () => {
    const dir = tempDir('sb-run-');
    const pidFile = path.join(dir, 'child.pid');
    const started = Date.now();
    const result = await run(`sleep 30 & echo $! > ${pidFile}; wait`, dir, 500).done;
    expect(Date.now() - started).toBeLessThan(5000);
    expect(result).toMatchObject({ exitCode: null, error: 'timed out' });
    const child = Number(readFileSync(pidFile, 'utf8'));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(alive(child)).toBe(false);
  });

  it('Stop ends it at once', async () => {
    const running = run('sleep 30', tempDir('sb-run-'));
    setTimeout(() => running.stop(), 100);
    expect(await running.done).toMatchObject({ exitCode: null, error: 'stopped' });
  });

  it('a command that cannot start says so', async () => {
    const result = await run('true', path.join(tempDir('sb-run-'), 'missing')).done;
    expect(result.exitCode).toBeNull();
    expect(result.error).toMatch(/ENOENT|spawn/);
    expect(existsSync(path.join(tempDir('sb-run-'), 'missing'))).toBe(false);
  });

  it('keeps the newest output only, and the tail is plain text', async () => {
    const flood = await run(
      `head -c ${MAX_RUN_OUTPUT_BYTES * 3} /dev/zero | tr '\\0' 'a'; echo; echo END`,
      tempDir('sb-run-'),
    ).done;
    expect(flood.output.length).toBeLessThanOrEqual(MAX_RUN_OUTPUT_BYTES);
    expect(flood.output.endsWith('END\n')).toBe(true);
    const tail = outputTail('\x1b[32m✓ passed\x1b[0m\r\n 10%\r 50%\r100%\n\x1b]0;title\x07done\n');
    expect(tail).toBe('✓ passed\n100%\ndone\n');
    const long = outputTail('z'.repeat(1_000_000));
    expect(long.length).toBe(MAX_TEST_TAIL_CHARS + 1);
    expect(long.startsWith('…')).toBe(true);
  });
});
