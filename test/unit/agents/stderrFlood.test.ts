// A real agent process flooding stderr (issue #9 item 10): the log gets a few batched appends with
// a counted drop note, the failure card keeps the exact last lines, and the CPU spent stays small.
import { describe, expect, it } from 'vitest';
import { spawnAgentProcess } from '../../../src/agents/agentProcess';

describe('an agent writing 64 MiB of empty stderr lines', () => {
  it('is logged in batches with a drop note, keeps its last lines for the failure card, and costs little CPU', async () => {
    const script = `const b = Buffer.alloc(1048576, 10); let n = 64; const w = () => { while (n > 0) { n--; if (!process.stderr.write(b)) return process.stderr.once('drain', w); } process.stderr.write('boom: last words\\n', () => process.exit(7)); }; w();`;
    const log: string[] = [];
    const cpu0 = process.cpuUsage();
    const agent = spawnAgentProcess(
      { id: 'noisy', displayName: 'noisy', command: process.execPath, args: ['-e', script], env: {}, isDemo: false },
      { cwd: process.cwd(), baseEnv: process.env, log: { append: (text) => log.push(text) } },
    );
    const exit = await agent.exited;
    const cpu = process.cpuUsage(cpu0);
    expect(exit.exitCode).toBe(7);
    expect(exit.failure.stderrTail.at(-1)).toBe('boom: last words');
    expect(exit.failure.stderrTail).toHaveLength(50);
    const stderrAppends = log.filter((text) => !text.startsWith('[switchboard]'));
    expect(stderrAppends.length).toBeLessThan(100);
    expect(stderrAppends.join('\n')).toMatch(/… \d+ lines dropped/);
    // The exit line comes after the last stderr batch (flushed first).
    expect(log.at(-1)).toMatch(/^\[switchboard\] Agent exited with code 7/);
    expect((cpu.user + cpu.system) / 1000).toBeLessThan(5000);
  });
});
