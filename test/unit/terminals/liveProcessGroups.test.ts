// The host's registry of live terminal process groups: a terminal the agent started is in it while it runs,
// leaves it when it ends, and killAll (what extension.ts's exit hook runs) takes the whole group down at once,
// grandchildren included. Registries are separate: one host's hook never touches another's terminals.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { TerminalManager } from '../../../src/session/requests/terminalManager';
import { LiveProcessGroups } from '../../../src/terminals/liveProcessGroups';

const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

const noEvents = {
  created: () => undefined,
  data: () => undefined,
  exited: () => undefined,
  killRequested: () => undefined,
  released: () => undefined,
};

function managerWith(liveGroups: LiveProcessGroups): TerminalManager {
  const cwd = mkdtempSync(join(tmpdir(), 'switchboard-groups-'));
  const manager = new TerminalManager(
    { sessionCwd: () => cwd, baseEnv: () => process.env, liveGroups, log: () => undefined, mode: 'pipes' },
    noEvents,
  );
  cleanups.push(() => {
    manager.disposeAll();
    rmSync(cwd, { recursive: true, force: true });
  });
  return manager;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function until(condition: () => boolean, what: string): Promise<void> {
  // Generous: under load (Stryker instruments the terminal code, other jobs share the 2 cores) output takes longer.
  const deadline = Date.now() + 20_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('LiveProcessGroups', () => {
  it('holds running terminals, and killAll kills their groups, grandchildren included', async () => {
    const groups = new LiveProcessGroups();
    const other = new LiveProcessGroups();
    const manager = managerWith(groups);
    const bystander = managerWith(other);
    // `sh -c` by name, not a shell line: a line runs through the user's $SHELL, and this machine's bash
    // startup (pyenv's rehash, waiting on a lock other shells hold) kept it silent past the deadline when
    // test files ran one after another (Stryker's initial run).
    const { terminalId } = await manager.create({
      sessionId: 's',
      command: 'sh',
      args: ['-c', 'sleep 1000 & echo "grandchild $!"; wait'],
    });
    const { terminalId: otherId } = await bystander.create({ sessionId: 's', command: 'sleep', args: ['1000'] });
    let grandchild = 0;
    await until(() => {
      grandchild = Number(/grandchild (\d+)/.exec(manager.output({ sessionId: 's', terminalId }).output)?.[1] ?? 0);
      return grandchild > 0;
    }, 'the grandchild pid');
    expect(groups.size).toBe(1);
    groups.killAll();
    await until(() => !alive(grandchild), 'the grandchild to die');
    expect(groups.size).toBe(0);
    // The other host's terminal runs on.
    expect(bystander.output({ sessionId: 's', terminalId: otherId }).exitStatus ?? null).toBeNull();
  });

  it('a terminal that ends leaves the registry', async () => {
    const groups = new LiveProcessGroups();
    const manager = managerWith(groups);
    const { terminalId } = await manager.create({ sessionId: 's', command: 'true' });
    await manager.waitForExit({ sessionId: 's', terminalId });
    await until(() => groups.size === 0, 'the ended terminal to leave');
  });
});
