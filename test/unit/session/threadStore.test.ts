import { describe, expect, it } from 'vitest';
import { PendingPermissions } from '../../../src/session/requests/permissions';
import { ThreadStore } from '../../../src/session/threadStore';
import type { ThreadEvent } from '../../../src/session/api';
import { createThreadState } from '../../../src/shared/thread';
import { within } from '../../within';

const initial = () => createThreadState({ agentId: 'a', threadId: 't' }, { id: 'a', displayName: 'A', isDemo: false });

describe('ThreadStore', () => {
  it('applies actions with the reducer and numbers them from 1', () => {
    const store = new ThreadStore('t', initial());
    const events: ThreadEvent[] = [];
    store.onEvent((event) => events.push(event));
    store.dispatch({ type: 'connection', state: { kind: 'ready' } });
    store.dispatch({ type: 'promptSent', prompt: [{ type: 'text', text: 'hi' }] });
    expect(events.map((event) => [event.threadId, event.seq, event.action.type])).toEqual([
      ['t', 1, 'connection'],
      ['t', 2, 'promptSent'],
    ]);
    expect(store.snapshot().seq).toBe(2);
    expect(store.snapshot().state.connection).toEqual({ kind: 'ready' });
    expect(store.snapshot().state.turn).toEqual({ kind: 'prompting' });
  });

  it('delivers an action dispatched from a listener after the current one reached every listener', () => {
    const store = new ThreadStore('t', initial());
    const seen: string[] = [];
    store.onEvent((event) => {
      seen.push(`first:${event.seq}`);
      if (event.seq === 1) store.dispatch({ type: 'connection', state: { kind: 'stopped' } });
    });
    store.onEvent((event) => seen.push(`second:${event.seq}`));
    store.dispatch({ type: 'connection', state: { kind: 'ready' } });
    expect(seen).toEqual(['first:1', 'second:1', 'first:2', 'second:2']);
  });

  it('a throwing listener does not stop the others', () => {
    const errors: unknown[] = [];
    const store = new ThreadStore('t', initial(), (error) => errors.push(error));
    const seen: number[] = [];
    store.onEvent(() => {
      throw new Error('listener bug');
    });
    store.onEvent((event) => seen.push(event.seq));
    store.dispatch({ type: 'connection', state: { kind: 'ready' } });
    expect(seen).toEqual([1]);
    expect(errors).toHaveLength(1);
  });
});

describe('PendingPermissions', () => {
  const options = [{ optionId: 'yes', name: 'Yes', kind: 'allow_once' as const }];

  it('settles each request once, unknown options as cancelled', async () => {
    const pending = new PendingPermissions('p');
    const a = pending.open(options);
    const b = pending.open(options);
    expect([a.permissionId, b.permissionId]).toEqual(['p1', 'p2']);
    expect(pending.resolve('p1', 'yes')).toEqual({ kind: 'selected', optionId: 'yes' });
    expect(pending.resolve('p1', 'yes')).toBeUndefined();
    expect(pending.resolve('p2', 'no-such')).toEqual({ kind: 'cancelled' });
    expect(await within(a.response, 'the answer to permission a')).toEqual({
      outcome: { outcome: 'selected', optionId: 'yes' },
    });
    expect(await within(b.response, 'the answer to permission b')).toEqual({ outcome: { outcome: 'cancelled' } });
  });

  it('cancelAll answers every pending request cancelled', async () => {
    const pending = new PendingPermissions('p');
    const a = pending.open(options);
    expect(pending.cancelAll()).toEqual(['p1']);
    expect(pending.size).toBe(0);
    expect(await within(a.response, 'the answer to permission a')).toEqual({ outcome: { outcome: 'cancelled' } });
  });
});
