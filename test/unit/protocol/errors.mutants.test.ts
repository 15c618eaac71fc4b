// What the errors of src/protocol/errors.ts say and carry (mutation testing): the JSON-RPC
// code an agent gets back for what one of our handlers threw, and the text a user reads when a
// request fails. Each case pins a behaviour a mutant of errors.ts changed without any test noticing.
import { CancellationTokenSource, ResponseError, type CancellationToken } from 'vscode-jsonrpc/node';
import { describe, expect, it } from 'vitest';
import {
  AcpConnectionClosedError,
  AcpRpcError,
  AcpTimeoutError,
  RequestCancelledError,
  asError,
  formatBytes,
  formatDuration,
  fromResponseError,
  toResponseError,
} from '../../../src/protocol/errors';
import { RequestFailure } from '../../../src/protocol/types';

const running: CancellationToken = new CancellationTokenSource().token;
function cancelledToken(): CancellationToken {
  const source = new CancellationTokenSource();
  source.cancel();
  return source.token;
}

describe('formatDuration and formatBytes (the figures in messages users read)', () => {
  it('shows milliseconds below one second, whole or one-decimal seconds from there', () => {
    expect(formatDuration(0)).toBe('0 ms');
    expect(formatDuration(999)).toBe('999 ms');
    expect(formatDuration(1000)).toBe('1 s');
    expect(formatDuration(30_000)).toBe('30 s');
    expect(formatDuration(1500)).toBe('1.5 s');
    expect(formatDuration(61_234)).toBe('61.2 s');
  });

  it('shows bytes below 1 KiB, KiB below 1 MiB, MiB from there, with one decimal', () => {
    expect(formatBytes(0)).toBe('0 bytes');
    expect(formatBytes(1023)).toBe('1023 bytes');
    expect(formatBytes(1024)).toBe('1.0 KiB');
    expect(formatBytes(1536)).toBe('1.5 KiB');
    expect(formatBytes(1024 * 1024 - 1)).toBe('1024.0 KiB');
    expect(formatBytes(1024 * 1024)).toBe('1.0 MiB');
    expect(formatBytes(64 * 1024 * 1024)).toBe('64.0 MiB');
    expect(formatBytes(5.5 * 1024 * 1024)).toBe('5.5 MiB');
  });
});

describe('the errors a failed request rejects with', () => {
  it('a timeout names the method and the time, readable and exact', () => {
    const error = new AcpTimeoutError('initialize', 30_000);
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('AcpTimeoutError');
    expect(error.method).toBe('initialize');
    expect(error.timeoutMs).toBe(30_000);
    expect(error.message).toBe('The agent did not answer "initialize" within 30 s (waited 30000 ms)');
  });

  it('a closed connection names the method and why it closed', () => {
    const reason = { kind: 'ended' as const, message: 'the agent exited' };
    const error = new AcpConnectionClosedError('session/prompt', reason);
    expect(error.name).toBe('AcpConnectionClosedError');
    expect(error.reason).toBe(reason);
    expect(error.message).toBe(
      'The connection to the agent closed before it answered "session/prompt": the agent exited',
    );
  });

  it('an agent error answer keeps the method, code, message and data', () => {
    const error = fromResponseError(
      'session/new',
      new ResponseError(-32000, 'Authentication required', { methods: ['x'] }),
    );
    expect(error).toBeInstanceOf(AcpRpcError);
    expect(error).toMatchObject({
      name: 'AcpRpcError',
      method: 'session/new',
      code: -32000,
      message: 'Authentication required',
      data: { methods: ['x'] },
    });
  });

  it('anything else that failed the request comes through as an Error, the same one when it already is', () => {
    const failure = new Error('write EPIPE');
    expect(fromResponseError('initialize', failure)).toBe(failure);
    const fromString = fromResponseError('initialize', 'gone');
    expect(fromString).toBeInstanceOf(Error);
    expect(fromString).not.toBeInstanceOf(AcpRpcError);
    expect(fromString.message).toBe('gone');
    expect(asError(42).message).toBe('42');
  });
});

describe('toResponseError: what the agent gets back for what a handler threw', () => {
  it('a ResponseError goes out as it is', () => {
    const error = new ResponseError(-32602, 'bad path');
    expect(toResponseError(error, running)).toBe(error);
  });

  it('a RequestFailure keeps its code, message and data', () => {
    const answer = toResponseError(new RequestFailure(-32002, 'Resource not found: /a', { uri: '/a' }), running);
    expect(answer).toBeInstanceOf(ResponseError);
    expect([answer.code, answer.message, answer.data]).toEqual([-32002, 'Resource not found: /a', { uri: '/a' }]);
  });

  it.each([
    ['RequestCancelledError', new RequestCancelledError()],
    ['an AbortError (AbortSignal)', Object.assign(new Error('aborted'), { name: 'AbortError' })],
    ['a Canceled error (VS Code)', Object.assign(new Error('Canceled'), { name: 'Canceled' })],
    ['a CancellationError', Object.assign(new Error('cancelled'), { name: 'CancellationError' })],
  ])('%s is -32800 Request cancelled, even while the request is not cancelled', (_label, thrown) => {
    const answer = toResponseError(thrown, running);
    expect([answer.code, answer.message]).toEqual([-32800, 'Request cancelled']);
  });

  it('any failure after the agent cancelled the request is -32800', () => {
    const answer = toResponseError(new Error('EBADF'), cancelledToken());
    expect([answer.code, answer.message]).toEqual([-32800, 'Request cancelled']);
  });

  it('any other failure is -32603 with its message; a thrown non-Error (also null) with its text', () => {
    const fromError = toResponseError(new TypeError('boom'), running);
    expect([fromError.code, fromError.message]).toEqual([-32603, 'boom']);
    const fromString = toResponseError('plain text', running);
    expect([fromString.code, fromString.message]).toEqual([-32603, 'plain text']);
    const fromNull = toResponseError(null, running);
    expect([fromNull.code, fromNull.message]).toEqual([-32603, 'null']);
    // An error merely named like a cancellation is not one.
    const named = toResponseError(Object.assign(new Error('x'), { name: 'TimeoutError' }), running);
    expect(named.code).toBe(-32603);
  });

  it('RequestCancelledError says "Request cancelled" unless told otherwise', () => {
    expect(new RequestCancelledError().message).toBe('Request cancelled');
    expect(new RequestCancelledError('user stopped it').message).toBe('user stopped it');
    expect(new RequestCancelledError().name).toBe('RequestCancelledError');
  });
});
