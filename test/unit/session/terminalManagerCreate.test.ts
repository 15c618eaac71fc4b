// terminal/create checks the cwd and finds the program with asynchronous file checks (a slow file
// system must not stall the window). What may change during those checks is decided after them:
// a session that ended meanwhile creates nothing, and creates sent together stay within the limit.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { TerminalManager } from '../../../src/session/terminalManager';
import { LiveProcessGroups } from '../../../src/terminals/liveProcessGroups';

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
});
