// The schema check of what the agent sends (src/protocol/schema.ts), on its own (mutation
// testing): which params are refused, and the problem text, which goes back to the agent in a
// -32602 answer ("Invalid params for fs/read_text_file: line must be >= 0") and into the log.
import { describe, expect, it, vi } from 'vitest';
import {
  checkParams,
  describeProblem,
  isCheckedMethod,
  pointerSegments,
  pointerToPath,
} from '../../../src/protocol/schema';

describe('checkParams', () => {
  it('accepts valid params of each request the agent may send', () => {
    expect(checkParams('fs/read_text_file', { sessionId: 's', path: '/a', line: 1, limit: null })).toBeUndefined();
    expect(checkParams('fs/write_text_file', { sessionId: 's', path: '/a', content: 'x' })).toBeUndefined();
    expect(checkParams('terminal/kill', { sessionId: 's', terminalId: 't' })).toBeUndefined();
    expect(checkParams('terminal/release', { sessionId: 's', terminalId: 't' })).toBeUndefined();
    expect(checkParams('terminal/output', { sessionId: 's', terminalId: 't' })).toBeUndefined();
    expect(checkParams('terminal/wait_for_exit', { sessionId: 's', terminalId: 't' })).toBeUndefined();
    expect(checkParams('terminal/create', { sessionId: 's', command: 'ls' })).toBeUndefined();
    expect(
      checkParams('session/request_permission', {
        sessionId: 's',
        toolCall: { toolCallId: 't' },
        options: [{ optionId: 'o', name: 'Allow', kind: 'allow_once' }],
      }),
    ).toBeUndefined();
  });

  it('checks each method against its own shape (a terminal id is not a file path)', () => {
    expect(checkParams('terminal/kill', { sessionId: 's', path: '/a' })).toMatchObject({
      keyword: 'required',
      missing: 'terminalId',
    });
    expect(checkParams('fs/read_text_file', { sessionId: 's', terminalId: 't' })).toMatchObject({
      keyword: 'required',
      missing: 'path',
    });
    expect(checkParams('fs/write_text_file', { sessionId: 's', path: '/a' })).toMatchObject({ missing: 'content' });
    expect(checkParams('terminal/create', { sessionId: 's' })).toMatchObject({ missing: 'command' });
    expect(checkParams('terminal/output', { sessionId: 's' })).toMatchObject({ missing: 'terminalId' });
    expect(checkParams('terminal/wait_for_exit', { sessionId: 's' })).toMatchObject({ missing: 'terminalId' });
    expect(checkParams('terminal/release', { sessionId: 's' })).toMatchObject({ missing: 'terminalId' });
    expect(checkParams('session/request_permission', { sessionId: 's', toolCall: { toolCallId: 't' } })).toMatchObject({
      missing: 'options',
    });
    expect(checkParams('session/update', { sessionId: 's' })).toMatchObject({ missing: 'update' });
  });

  it('names a missing property, at the params themselves', () => {
    const problem = checkParams('fs/read_text_file', { sessionId: 's' });
    expect(problem).toEqual({
      path: '',
      keyword: 'required',
      missing: 'path',
      message: "must have required property 'path'",
    });
    expect(describeProblem(problem!)).toBe("params must have required property 'path'");
  });

  it('says where a wrong value is and what it must be', () => {
    const problem = checkParams('fs/read_text_file', { sessionId: 's', path: '/a', line: -1 });
    expect(problem).toEqual({ path: '/line', keyword: 'minimum', missing: undefined, message: 'must be >= 0' });
    expect(describeProblem(problem!)).toBe('line must be >= 0');
  });

  it('lists the allowed values of an enum written as consts', () => {
    const problem = checkParams('session/request_permission', {
      sessionId: 's',
      toolCall: { toolCallId: 't' },
      options: [{ optionId: 'o', name: 'Allow', kind: 'maybe' }],
    });
    expect(problem).toMatchObject({ path: '/options/0/kind', keyword: 'const' });
    expect(describeProblem(problem!)).toBe(
      'options[0].kind must be one of ["allow_once","allow_always","reject_once","reject_always"]',
    );
  });

  it('names an unknown session update kind instead of listing every kind it is not', () => {
    const problem = checkParams('session/update', { sessionId: 's', update: { sessionUpdate: 'bogus' } });
    expect(problem).toMatchObject({ path: '/update', keyword: 'discriminator' });
    expect(describeProblem(problem!)).toBe('update has an unknown sessionUpdate "bogus"');
  });

  it('refuses a tagged union that is not an object at all (null, a number, a string)', () => {
    for (const update of [null, 5, 'abc']) {
      expect(checkParams('session/update', { sessionId: 's', update }), JSON.stringify(update)).toMatchObject({
        path: '/update',
        keyword: 'type',
      });
    }
    expect(
      checkParams('session/update', { sessionId: 's', update: { sessionUpdate: 'agent_message_chunk', content: 7 } }),
    ).toMatchObject({
      path: '/update/content',
    });
  });
});

describe('isCheckedMethod', () => {
  it('is true for the methods the agent may call on us, false for others and for inherited names', () => {
    for (const method of ['session/update', 'session/request_permission', 'fs/read_text_file', 'terminal/create'])
      expect(isCheckedMethod(method)).toBe(true);
    for (const method of ['session/prompt', 'initialize', 'toString', '__proto__', 'constructor'])
      expect(isCheckedMethod(method)).toBe(false);
  });
});

describe('JSON pointers', () => {
  it('read as a path: dots between names, [i] for indices, ~1 and ~0 unescaped', () => {
    expect(pointerToPath('')).toBe('');
    expect(pointerToPath('/update/locations/0/path')).toBe('update.locations[0].path');
    expect(pointerToPath('/0/a')).toBe('[0].a');
    expect(pointerToPath('/a~1b/c~0d')).toBe('a/b.c~d');
    expect(pointerToPath('/x/10y')).toBe('x.10y');
    expect(pointerToPath('/x/y1')).toBe('x.y1');
    expect(pointerToPath('/items/12/name')).toBe('items[12].name');
  });

  it('split into unescaped segments', () => {
    expect(pointerSegments('')).toEqual([]);
    expect(pointerSegments('/update/locations/0')).toEqual(['update', 'locations', '0']);
    expect(pointerSegments('/a~1b/c~0d/~01')).toEqual(['a/b', 'c~d', '~1']);
    expect(pointerSegments('/~1~1')).toEqual(['//']);
  });

  it('describeProblem puts the path first, or "params" for the params themselves', () => {
    expect(describeProblem({ path: '/a/0', message: 'must be string', keyword: 'type' })).toBe('a[0] must be string');
    expect(describeProblem({ path: '', message: 'must be object', keyword: 'type' })).toBe('params must be object');
  });
});

// The validators are compiled once per process and kept: a test process that already compiled them
// would never see how they are built. These tests each load the module afresh, so each compiles its
// own (and a mutation tool sees which test the building belongs to).
async function freshSchema(): Promise<typeof import('../../../src/protocol/schema')> {
  vi.resetModules();
  return import('../../../src/protocol/schema');
}

describe('validators compiled by a freshly loaded module', () => {
  it('name the unknown tag of a tagged union (the discriminator), not every branch', async () => {
    const fresh = await freshSchema();
    const problem = fresh.checkParams('session/update', { sessionId: 's', update: { sessionUpdate: 'bogus' } });
    expect(problem).toMatchObject({
      path: '/update',
      keyword: 'discriminator',
      message: 'has an unknown sessionUpdate "bogus"',
    });
  });

  it('refuse a tagged union that is not an object, and accept a valid one', async () => {
    const fresh = await freshSchema();
    for (const update of [null, 5, 'abc'])
      expect(fresh.checkParams('session/update', { sessionId: 's', update })).toMatchObject({ keyword: 'type' });
    const chunk = { sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: 'hi' } };
    expect(fresh.checkParams('session/update', { sessionId: 's', update: chunk })).toBeUndefined();
    expect(fresh.checkParams('fs/read_text_file', { sessionId: 's', path: '/a', line: -1 })).toMatchObject({
      path: '/line',
      message: 'must be >= 0',
    });
  });
});
