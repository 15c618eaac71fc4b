// The envelope verdicts (src/protocol/envelope.ts) one by one (mutation testing): which
// messages from the agent are answered -32600 (and with which id and text: the agent reads it),
// dropped, or accepted with a warning. Each case pins a rule a mutant changed unnoticed.
import { describe, expect, it } from 'vitest';
import { checkEnvelope, describe as describeValue, idKey, isRequestId } from '../../../src/protocol/envelope';

describe('request ids', () => {
  it('a string or a finite number is an id; NaN, Infinity, null, objects and booleans are not', () => {
    expect(isRequestId('a')).toBe(true);
    expect(isRequestId('')).toBe(true);
    expect(isRequestId(0)).toBe(true);
    expect(isRequestId(-1.5)).toBe(true);
    for (const bad of [Number.NaN, Number.POSITIVE_INFINITY, null, undefined, true, {}, [1]])
      expect(isRequestId(bad)).toBe(false);
  });

  it('1 and "1" are different ids', () => {
    expect(idKey(1)).not.toBe(idKey('1'));
    expect(idKey(1)).toBe(idKey(1));
    expect(idKey('a')).toBe(idKey('a'));
    expect(idKey('a')).not.toBe(idKey('b'));
    expect(idKey(1)).not.toBe(idKey(2));
  });
});

describe('requests (method and id)', () => {
  it('a well-formed request is ok', () => {
    expect(checkEnvelope({ jsonrpc: '2.0', id: 1, method: 'fs/read_text_file', params: {} })).toEqual({ kind: 'ok' });
    expect(checkEnvelope({ jsonrpc: '2.0', id: 'x', method: 'm' })).toEqual({ kind: 'ok' });
  });

  it('an unreadable id is answered with id null and says what the id was', () => {
    expect(checkEnvelope({ jsonrpc: '2.0', id: { a: 1 }, method: 'm' })).toEqual({
      kind: 'invalidRequest',
      id: null,
      reason: 'request id an object is not a string or a number',
    });
    expect(checkEnvelope({ jsonrpc: '2.0', id: true, method: 'm' })).toMatchObject({
      id: null,
      reason: 'request id true is not a string or a number',
    });
  });

  it('a method that is not a string, or a jsonrpc that is not "2.0", is answered with the request id', () => {
    expect(checkEnvelope({ jsonrpc: '2.0', id: 4, method: 7 })).toEqual({
      kind: 'invalidRequest',
      id: 4,
      reason: 'method is not a string',
    });
    expect(checkEnvelope({ jsonrpc: '1.0', id: 'r', method: 'm' })).toEqual({
      kind: 'invalidRequest',
      id: 'r',
      reason: '"jsonrpc" is "1.0", not "2.0"',
    });
    expect(checkEnvelope({ id: 5, method: 'm' })).toEqual({
      kind: 'invalidRequest',
      id: 5,
      reason: '"jsonrpc" is missing, not "2.0"',
    });
  });
});

describe('notifications (method, no id)', () => {
  it('ok with "2.0"; accepted with a warning without it; dropped when the method is not a string', () => {
    expect(checkEnvelope({ jsonrpc: '2.0', method: 'session/update' })).toEqual({ kind: 'ok' });
    expect(checkEnvelope({ method: 'session/update' })).toEqual({
      kind: 'lenient',
      reason: 'a notification whose "jsonrpc" is missing, not "2.0"',
    });
    expect(checkEnvelope({ jsonrpc: '2.0', method: null })).toEqual({
      kind: 'drop',
      reason: 'a notification whose method is not a string',
    });
  });
});

describe('responses (id, no method)', () => {
  it('a result or an error object answers; without "2.0" it is accepted with a warning', () => {
    expect(checkEnvelope({ jsonrpc: '2.0', id: 1, result: {} })).toEqual({ kind: 'ok' });
    expect(checkEnvelope({ jsonrpc: '2.0', id: 's', error: { code: -1, message: 'no' } })).toEqual({ kind: 'ok' });
    expect(checkEnvelope({ jsonrpc: '2', id: 1, result: {} })).toEqual({
      kind: 'lenient',
      reason: 'a response whose "jsonrpc" is "2", not "2.0"',
    });
  });

  it('drops what cannot answer anything, saying why', () => {
    expect(checkEnvelope({ jsonrpc: '2.0' })).toEqual({
      kind: 'drop',
      reason: 'a message with neither a method nor an id',
    });
    expect(checkEnvelope({ jsonrpc: '2.0', result: 1 })).toMatchObject({
      kind: 'drop',
      reason: 'a message with neither a method nor an id',
    });
    expect(checkEnvelope({ jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } })).toEqual({
      kind: 'drop',
      reason: 'an error about a message it could not read: an object',
    });
    // id null with a result is not about an unreadable message: its id is simply unusable.
    expect(checkEnvelope({ jsonrpc: '2.0', id: null, result: 1 })).toEqual({
      kind: 'drop',
      reason: 'a response whose id null is not a string or a number',
    });
    expect(checkEnvelope({ jsonrpc: '2.0', id: 2 })).toEqual({
      kind: 'drop',
      reason: 'a response to request 2 with neither result nor error',
    });
    expect(checkEnvelope({ jsonrpc: '2.0', id: 2, result: 1, error: { code: 1, message: 'm' } })).toEqual({
      kind: 'drop',
      reason: 'a response to request 2 with both result and error',
    });
  });

  it('an error must be {code: number, message: string}', () => {
    const bad = (error: unknown) => checkEnvelope({ jsonrpc: '2.0', id: 3, error });
    const reason = 'a response to request 3 whose error is not {code, message}';
    expect(bad(null)).toEqual({ kind: 'drop', reason });
    expect(bad('oops')).toEqual({ kind: 'drop', reason });
    expect(bad({ code: '1', message: 'm' })).toEqual({ kind: 'drop', reason });
    expect(bad({ code: 1, message: 2 })).toEqual({ kind: 'drop', reason });
    expect(bad({ code: 1 })).toEqual({ kind: 'drop', reason });
    expect(bad({ code: 1, message: '' })).toEqual({ kind: 'ok' });
  });
});

describe('describe: agent values in log lines and error messages', () => {
  it('names containers, quotes strings and cuts long ones at 80 characters', () => {
    expect(describeValue(undefined)).toBe('missing');
    expect(describeValue([1, 2, 3])).toBe('an array (3 items)');
    expect(describeValue({})).toBe('an object');
    expect(describeValue(null)).toBe('null');
    expect(describeValue('id-1')).toBe('"id-1"');
    expect(describeValue(12)).toBe('12');
    const exactly80 = `"${'a'.repeat(78)}"`;
    expect(describeValue('a'.repeat(78))).toBe(exactly80);
    expect(describeValue('a'.repeat(79))).toBe(`"${'a'.repeat(79)}…`);
    expect(describeValue(() => 1)).toBe('() => 1');
  });
});
