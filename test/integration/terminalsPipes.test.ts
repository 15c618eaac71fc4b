// The fallback when node-pty cannot load: plain pipes, a logged warning, and terminals still work.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type * as acp from '@agentclientprotocol/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TerminalManager as Manager } from '../../src/session/requests/terminalManager';
import { LiveProcessGroups } from '../../src/terminals/liveProcessGroups';

let TerminalManager: typeof Manager;
const cwd = mkdtempSync(join(tmpdir(), 'switchboard-pipes-'));
beforeAll(async () => {
  process.env.SWITCHBOARD_TERMINAL_PIPES = '1'; // what a failed native load looks like to the manager
  ({ TerminalManager } = await import('../../src/session/requests/terminalManager'));
});
afterAll(() => {
  delete process.env.SWITCHBOARD_TERMINAL_PIPES;
  rmSync(cwd, { recursive: true, force: true });
});

describe('terminals without node-pty', () => {
  it('run over pipes with stdout and stderr merged, and log one warning', async () => {
    const log: string[] = [];
    const exits: acp.TerminalExitStatus[] = [];
    const manager = new TerminalManager(
      {
        sessionCwd: () => cwd,
        baseEnv: () => process.env,
        liveGroups: new LiveProcessGroups(),
        log: (line) => log.push(line),
      },
      {
        created: () => undefined,
        data: () => undefined,
        exited: (_, status) => exits.push(status),
        killRequested: () => undefined,
        released: () => undefined,
      },
    );
    const { terminalId } = await manager.create({
      sessionId: 's',
      command: 'echo out; echo err >&2; printf "50%%\\r100%%\\n"; exit 3',
    });
    const status = await manager.waitForExit({ sessionId: 's', terminalId });
    expect(status).toEqual({ exitCode: 3, signal: null });
    // Two pipes have no order between them; each line arrives whole.
    const result = manager.output({ sessionId: 's', terminalId });
    expect(result.output.split('\n').sort()).toEqual(['', '100%', 'err', 'out']);
    expect(result).toMatchObject({ truncated: false, exitStatus: { exitCode: 3, signal: null } });
    expect(log.some((line) => line.includes('node-pty could not load') && line.includes('plain pipes'))).toBe(true);

    const sleeper = await manager.create({ sessionId: 's', command: 'sleep', args: ['1000'] });
    manager.kill({ sessionId: 's', terminalId: sleeper.terminalId });
    expect(await manager.waitForExit({ sessionId: 's', terminalId: sleeper.terminalId })).toEqual({
      exitCode: null,
      signal: 'SIGTERM',
    });
    manager.disposeAll();
    expect(exits).toHaveLength(2);
  });
});
