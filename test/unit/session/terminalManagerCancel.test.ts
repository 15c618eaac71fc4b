// terminal/wait_for_exit honours `$/cancel_request`: the wait answers -32800 at once while the
// command keeps running (only terminal/kill or release stops it), and a later wait still works.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { CancelSignal } from '../../../src/protocol/types';
import { RequestFailure } from '../../../src/protocol/types';
import { TerminalManager } from '../../../src/session/requests/terminalManager';
import { LiveProcessGroups } from '../../../src/terminals/liveProcessGroups';
import { within } from '../../within';

const managers: TerminalManager[] = [];
const dirs: string[] = [];
afterEach(() => {
  for (const manager of managers.splice(0)) manager.disposeAll();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function manager(): TerminalManager {
  const cwd = mkdtempSync(join(tmpdir(), 'switchboard-wait-'));
  dirs.push(cwd);
  const events = {
    created: () => undefined,
    data: () => undefined,
    exited: () => undefined,
    killRequested: () => undefined,
    released: () => undefined,
  };
  const m = new TerminalManager(
    {
      sessionCwd: () => cwd,
      baseEnv: () => process.env,
      liveGroups: new LiveProcessGroups(),
      log: () => undefined,
      mode: 'pipes',
    },
    events,
  );
  managers.push(m);
  return m;
}

function signal(): CancelSignal & { cancel(): void } {
  const listeners = new Set<() => void>();
  let cancelled = false;
  return {
    get isCancellationRequested() {
      return cancelled;
    },
    onCancellationRequested(listener) {
      listeners.add(listener);
      return { dispose: () => void listeners.delete(listener) };
    },
    cancel() {
      cancelled = true;
      for (const listener of listeners) listener();
    },
  };
}

const forever = { sessionId: 's', command: process.execPath, args: ['-e', 'setInterval(() => {}, 1000)'] };

describe('terminal/wait_for_exit and cancellation', () => {
  it('a cancelled wait rejects with -32800 at once; the command still runs and a new wait sees its exit', async () => {
    const m = manager();
    const { terminalId } = await m.create(forever);
    const cancel = signal();
    const waiting = m.waitForExit({ sessionId: 's', terminalId }, cancel);
    cancel.cancel();
    const error = await within(waiting, 'the -32800 answer to the cancelled wait').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RequestFailure);
    expect(error).toMatchObject({ code: -32800 });
    expect(m.output({ sessionId: 's', terminalId }).exitStatus ?? null).toBeNull();
    const second = m.waitForExit({ sessionId: 's', terminalId }, signal());
    m.kill({ sessionId: 's', terminalId });
    expect(await within(second, 'the exit after terminal/kill')).toMatchObject({ signal: expect.any(String) });
  });

  it('a wait whose request was already cancelled rejects without waiting', async () => {
    const m = manager();
    const { terminalId } = await m.create(forever);
    const cancel = signal();
    cancel.cancel();
    await expect(
      within(m.waitForExit({ sessionId: 's', terminalId }, cancel), 'the -32800 answer to the cancelled wait'),
    ).rejects.toMatchObject({ code: -32800 });
  });
});
