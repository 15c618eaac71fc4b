import { describe, expect, it } from 'vitest';
import { Listeners } from '../../../src/shared/listeners';

describe('Listeners', () => {
  it('calls every listener in the order added, with the arguments', () => {
    const listeners = new Listeners<[string, number]>();
    const calls: string[] = [];
    listeners.add((a, b) => calls.push(`first ${a} ${b}`));
    listeners.add((a, b) => calls.push(`second ${a} ${b}`));
    listeners.fire('x', 1);
    expect(calls).toEqual(['first x 1', 'second x 1']);
  });

  it('a disposed listener is not called again, and disposing twice is harmless', () => {
    const listeners = new Listeners<[]>();
    let calls = 0;
    const sub = listeners.add(() => calls++);
    listeners.fire();
    sub.dispose();
    sub.dispose();
    listeners.fire();
    expect(calls).toBe(1);
    expect(listeners.size).toBe(0);
  });

  it('a listener added or removed during a call takes effect from the next call', () => {
    const listeners = new Listeners<[]>();
    const calls: string[] = [];
    const later: Array<{ dispose(): unknown }> = [];
    listeners.add(() => {
      calls.push('a');
      for (const sub of later.splice(0)) sub.dispose();
      listeners.add(() => calls.push('late'));
    });
    later.push(listeners.add(() => calls.push('b')));
    listeners.fire();
    expect(calls).toEqual(['a', 'b']);
    calls.length = 0;
    listeners.fire();
    expect(calls).toEqual(['a', 'late']);
  });

  it('a throwing listener does not keep the others from being called; the error goes to onError', () => {
    const errors: unknown[] = [];
    const listeners = new Listeners<[]>((error) => errors.push(error));
    let called = false;
    listeners.add(() => {
      throw new Error('boom');
    });
    listeners.add(() => (called = true));
    listeners.fire();
    expect(called).toBe(true);
    expect(String(errors[0])).toContain('boom');
  });

  it('without onError the first error reaches the caller after every listener ran', () => {
    const listeners = new Listeners<[]>();
    let called = false;
    listeners.add(() => {
      throw new Error('first');
    });
    listeners.add(() => {
      called = true;
      throw new Error('second');
    });
    expect(() => listeners.fire()).toThrow('first');
    expect(called).toBe(true);
  });

  it('clear removes every listener', () => {
    const listeners = new Listeners<[]>();
    let calls = 0;
    listeners.add(() => calls++);
    listeners.clear();
    listeners.fire();
    expect(calls).toBe(0);
  });
});
