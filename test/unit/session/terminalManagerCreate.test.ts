// terminal/create checks the cwd and finds the program with asynchronous file checks (a slow file
// system must not stall the window). What may change during those checks is decided after them:
// a session that ended meanwhile creates nothing, and creates sent together stay within the limit.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { TerminalManager } from '../../../src/session/requests/terminalManager';
import { LiveProcessGroups } from '../../../src/terminals/liveProcessGroups';
import { within } from '../../within';

const managers: TerminalManager[] = [];
const dirs: string[] = [];
afterEach(() => {
  for (const manager of managers.splice(0)) manager.disposeAll();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function manager(created: string[] = []): TerminalManager {
  const cwd = mkdtempSync(join(tmpdir(), 'switchboard-create-'));
  dirs.push(cwd);
  const m = new TerminalManager(
    {
      sessionCwd: () => cwd,
      baseEnv: () => process.env,
      liveGroups: new LiveProcessGroups(),
      log: () => undefined,
      mode: 'pipes',
    },
    {
      created: (terminal) => created.push(terminal.terminalId),
      data: () => undefined,
      exited: () => undefined,
      killRequested: () => undefined,
      released: () => undefined,
    },
  );
  managers.push(m);
  return m;
}

describe('terminal/create', () => {
  it('a session that ends while the file checks run creates no terminal', async () => {
    const created: string[] = [];
    const m = manager(created);
    const pending = m.create({ sessionId: 's', command: 'sleep', args: ['1000'] });
    m.disposeAll();
    await expect(pending).rejects.toMatchObject({ message: 'The session has ended' });
    expect(created).toEqual([]);
  });

  it('creates sent at once stay within the live limit (32), each refused one says so', async () => {
    const m = manager();
    const results = await Promise.allSettled(
      Array.from({ length: 34 }, () => m.create({ sessionId: 's', command: 'sleep', args: ['1000'] })),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(32);
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(refused).toHaveLength(2);
    for (const r of refused) expect(String(r.reason.message)).toMatch(/Too many terminals/);
  });

  // ACP: the client keeps the newest outputByteLimit bytes, cut at a character boundary, and says so with
  // `truncated: true`. 'ab' and ten 'é' (two bytes each) are 22 bytes: 12 keep six 'é'; 11 would start inside
  // an 'é', so they keep five.
  it.each([
    [12, 'éééééé', true],
    [11, 'ééééé', true],
    [22, 'abéééééééééé', false],
  ])(
    'outputByteLimit %i keeps the newest bytes from a character boundary',
    async (outputByteLimit, kept, truncated) => {
      const m = manager();
      const { terminalId } = await m.create({
        sessionId: 's',
        command: process.execPath,
        args: ['-e', "process.stdout.write('ab' + 'é'.repeat(10))"],
        outputByteLimit,
      });
      await within(m.waitForExit({ sessionId: 's', terminalId }), 'the exit of the node command');
      expect(m.output({ sessionId: 's', terminalId })).toEqual({
        output: kept,
        truncated,
        exitStatus: { exitCode: 0, signal: null },
      });
    },
  );
});
