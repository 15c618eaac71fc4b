// ThreadTerminals: the terminals of one chat across agent process generations, on real processes
// (the pipes fallback). Ending a generation kills what it started (no orphans) and keeps its
// output replayable for the cards (bounded to the newest few generations); events of a manager
// that fell out of that bound no longer reach the chat.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ThreadAction } from '../../../src/shared/actions';
import { ThreadTerminals } from '../../../src/session/requests/threadTerminals';
import type { TerminalManager } from '../../../src/session/requests/terminalManager';
import { LiveProcessGroups } from '../../../src/terminals/liveProcessGroups';
import { eventually } from '../../within';

const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

function setup() {
  const cwd = mkdtempSync(join(tmpdir(), 'switchboard-thread-terminals-'));
  const actions: ThreadAction[] = [];
  const logs: string[] = [];
  const liveGroups = new LiveProcessGroups();
  const terminals = new ThreadTerminals({
    baseEnv: () => ({ ...process.env, SWITCHBOARD_THREAD_TERMINALS: 'from-base-env' }),
    liveGroups,
    log: (line) => logs.push(line),
    dispatch: (action) => actions.push(action),
    terminalMode: 'pipes',
  });
  const opened: TerminalManager[] = [];
  const open = () => {
    const manager = terminals.open(cwd);
    opened.push(manager);
    return manager;
  };
  cleanups.push(() => {
    for (const manager of opened) manager.disposeAll();
    rmSync(cwd, { recursive: true, force: true });
  });
  return { cwd, actions, logs, liveGroups, terminals, open };
}

/** Resolves once `predicate` holds of the actions dispatched so far; fails saying which, within the deadline. */
function until(actions: ThreadAction[], predicate: (actions: ThreadAction[]) => boolean): Promise<void> {
  return eventually(() => predicate(actions), `the chat's actions never came to ${String(predicate)}`);
}

const exitedIds = (actions: ThreadAction[]) =>
  actions.flatMap((a) => (a.type === 'terminalExited' ? [a.terminalId] : []));

describe('ThreadTerminals', () => {
  it('runs a command in the session cwd with the base environment and reports it to the chat', async () => {
    const { cwd, actions, terminals, open } = setup();
    const output: string[] = [];
    const subscription = terminals.onOutput((terminalId, data) => output.push(`${terminalId}:${data}`));
    const manager = open();
    const { terminalId } = await manager.create({
      sessionId: 's1',
      command: 'sh',
      args: ['-c', 'pwd; echo "$SWITCHBOARD_THREAD_TERMINALS"'],
    });
    await until(actions, (list) => exitedIds(list).includes(terminalId));
    const created = actions.find((a) => a.type === 'terminalCreated');
    expect(created?.type === 'terminalCreated' && created.terminal).toMatchObject({ terminalId, cwd, mode: 'pipes' });
    expect(actions.find((a) => a.type === 'terminalExited')).toMatchObject({ exitStatus: { exitCode: 0 } });
    expect(output.join('')).toContain(`${terminalId}:`);
    expect(output.join('')).toContain('from-base-env');
    expect(terminals.replay(terminalId)).toContain(cwd);
    expect(terminals.handle(terminalId)?.commandLine).toContain('sh');

    subscription.dispose();
    const second = await manager.create({ sessionId: 's1', command: 'sh', args: ['-c', 'echo after'] });
    await until(actions, (list) => exitedIds(list).includes(second.terminalId));
    expect(output.join('')).not.toContain('after');
  });

  it("stops a running command when the user presses Stop, and says it was the user's", async () => {
    const { actions, terminals, open } = setup();
    const manager = open();
    const { terminalId } = await manager.create({ sessionId: 's1', command: 'sleep', args: ['30'] });
    terminals.stopByUser(terminalId);
    await until(actions, (list) => exitedIds(list).includes(terminalId));
    expect(actions).toContainEqual({ type: 'terminalKillRequested', terminalId, by: 'user' });
    terminals.stopByUser('terminal-unknown');
  });

  it('kills what an ended generation started, keeps its output replayable, and hands out no handle for it', async () => {
    const { actions, liveGroups, terminals, open } = setup();
    const manager = open();
    const { terminalId } = await manager.create({
      sessionId: 's1',
      command: 'sh',
      args: ['-c', 'echo started; sleep 30'],
    });
    const pid = manager.pidOf(terminalId);
    expect(pid).toBeGreaterThan(0);
    await until(actions, () => (terminals.replay(terminalId) ?? '').includes('started'));
    expect(liveGroups.size).toBe(1);

    terminals.end(manager);
    await until(actions, (list) => exitedIds(list).includes(terminalId));
    expect(actions).toContainEqual({ type: 'terminalReleased', terminalId });
    expect(liveGroups.size).toBe(0);
    expect(() => process.kill(pid!, 0)).toThrow();
    expect(terminals.replay(terminalId)).toContain('started');
    expect(terminals.handle(terminalId)).toBeUndefined();
    await expect(manager.create({ sessionId: 's1', command: 'true' })).rejects.toThrow(/session has ended/);
    terminals.end(undefined);
  });

  it("ending an older generation leaves the current one's terminals running", async () => {
    const { actions, terminals, open } = setup();
    const old = open();
    const current = open();
    const { terminalId } = await current.create({ sessionId: 's2', command: 'sleep', args: ['30'] });
    terminals.end(old);
    expect(terminals.handle(terminalId)).toBeDefined();
    expect(exitedIds(actions)).toEqual([]);
    terminals.stopByUser(terminalId);
    await until(actions, (list) => exitedIds(list).includes(terminalId));
  });

  it('keeps the newest 3 ended generations replayable; events of older ones no longer reach the chat', async () => {
    const { actions, terminals, open } = setup();
    const generations: Array<{ manager: TerminalManager; terminalId: string }> = [];
    for (let i = 0; i < 5; i++) {
      const manager = open();
      const { terminalId } = await manager.create({ sessionId: `s${i}`, command: 'sh', args: ['-c', `echo gen-${i}`] });
      // Every generation's first terminal is terminal-1: count the exits.
      await until(actions, (list) => exitedIds(list).length === i + 1);
      generations.push({ manager, terminalId });
      terminals.end(manager);
    }
    // Terminal ids restart with each manager, so replay finds the newest generation's terminal-1.
    expect(terminals.replay(generations[4]!.terminalId)).toContain('gen-4');
    // Ending a retired manager again moves it to the front without keeping it twice.
    terminals.end(generations[1]!.manager);
    expect(terminals.replay(generations[1]!.terminalId)).toContain('gen-1');

    const before = actions.length;
    // Generation 0 fell out of the bound: its late events are dropped; generation 1 is kept and dispatches.
    const dropped = generations[0]!.manager;
    (dropped as unknown as { events: { released(id: string): void } }).events.released('late-0');
    (generations[1]!.manager as unknown as { events: { released(id: string): void } }).events.released('late-1');
    expect(actions.slice(before)).toEqual([{ type: 'terminalReleased', terminalId: 'late-1' }]);
  });
});

describe('the terminals of subagent sessions', () => {
  it("run beside the chat's with ids of their own, into their own transcript, and share the chat's live limit", async () => {
    const { cwd, actions, terminals, open } = setup();
    const chat = open();
    const childActions: ThreadAction[] = [];
    const child = terminals.openSubagent(
      () => cwd,
      'subagent1-terminal-',
      (action) => childActions.push(action),
    );
    cleanups.unshift(() => child.disposeAll());
    const sleep = { sessionId: 's', command: 'sleep', args: ['1000'] };
    const { terminalId } = await child.create(sleep);
    expect(terminalId).toBe('subagent1-terminal-1');
    expect(childActions).toEqual([expect.objectContaining({ type: 'terminalCreated' })]);
    expect(actions).toEqual([]);
    for (let i = 0; i < 31; i++) await chat.create(sleep);
    await expect(chat.create(sleep)).rejects.toThrow(/Too many terminals/);
    await expect(child.create(sleep)).rejects.toThrow(/Too many terminals/);
    // The user's Stop and "Open in Terminal" find a child's terminal too.
    expect(terminals.handle(terminalId)?.terminalId).toBe(terminalId);
    terminals.stopByUser(terminalId);
    await eventually(
      () => childActions.some((action) => action.type === 'terminalExited'),
      'the child terminal exiting',
    );
    terminals.end(child);
    expect(terminals.handle(terminalId)).toBeUndefined();
    expect(terminals.replay(terminalId)).toBeDefined();
  });
});
