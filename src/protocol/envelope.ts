// The JSON-RPC 2.0 envelope of each message from the agent, checked before it is dispatched (a
// request whose id is an object, null, a boolean or an array must not pass for a notification,
// which is never answered). What this file decides (see also docs/security.md, Robustness):
//   - a request with an id that is not a string or a number: -32600 Invalid Request, id null
//     (JSON-RPC 2.0 §5: the id could not be read);
//   - a request without "jsonrpc":"2.0", or with a method that is not a string: -32600 with its id
//     (the agent can be told, so it is);
//   - a notification or response without "jsonrpc":"2.0": accepted and logged once per
//     connection (rejecting it would lose the agent's output or leave our request hanging, and
//     it cannot be told);
//   - a response with neither result nor error, or with an unreadable id: logged and dropped; an
//     error response with id null (the agent could not read something we sent) is logged.
// Batches (arrays) are answered in incomingGate.ts: ACP does not use them.

export type RequestIdValue = string | number;

export type EnvelopeVerdict =
  | { kind: 'ok' }
  /** Pass it on, but say once per connection that the agent is sloppy. */
  | { kind: 'lenient'; reason: string }
  /** Answer -32600 with this id (null when the id itself is unreadable). */
  | { kind: 'invalidRequest'; id: RequestIdValue | null; reason: string }
  | { kind: 'drop'; reason: string };

const OK: EnvelopeVerdict = { kind: 'ok' };

export function isRequestId(value: unknown): value is RequestIdValue {
  return typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value));
}

export function checkEnvelope(message: Record<string, unknown>): EnvelopeVerdict {
  const hasId = Object.hasOwn(message, 'id');
  const jsonrpcOk = message.jsonrpc === '2.0';
  if (Object.hasOwn(message, 'method')) {
    const method = message.method;
    if (hasId) {
      if (!isRequestId(message.id)) {
        return {
          kind: 'invalidRequest',
          id: null,
          reason: `request id ${describe(message.id)} is not a string or a number`,
        };
      }
      if (typeof method !== 'string')
        return { kind: 'invalidRequest', id: message.id, reason: 'method is not a string' };
      if (!jsonrpcOk)
        return {
          kind: 'invalidRequest',
          id: message.id,
          reason: `"jsonrpc" is ${describe(message.jsonrpc)}, not "2.0"`,
        };
      return OK;
    }
    if (typeof method !== 'string') return { kind: 'drop', reason: 'a notification whose method is not a string' };
    return jsonrpcOk
      ? OK
      : { kind: 'lenient', reason: `a notification whose "jsonrpc" is ${describe(message.jsonrpc)}, not "2.0"` };
  }
  const hasResult = Object.hasOwn(message, 'result');
  const hasError = Object.hasOwn(message, 'error');
  if (!hasId) return { kind: 'drop', reason: 'a message with neither a method nor an id' };
  if (message.id === null && hasError) {
    return { kind: 'drop', reason: `an error about a message it could not read: ${describe(message.error)}` };
  }
  if (!isRequestId(message.id))
    return { kind: 'drop', reason: `a response whose id ${describe(message.id)} is not a string or a number` };
  if (hasResult === hasError) {
    return {
      kind: 'drop',
      reason: `a response to request ${describe(message.id)} with ${hasResult ? 'both result and error' : 'neither result nor error'}`,
    };
  }
  if (hasError && !isErrorObject(message.error)) {
    return { kind: 'drop', reason: `a response to request ${describe(message.id)} whose error is not {code, message}` };
  }
  return jsonrpcOk
    ? OK
    : { kind: 'lenient', reason: `a response whose "jsonrpc" is ${describe(message.jsonrpc)}, not "2.0"` };
}

function isErrorObject(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const error = value as { code?: unknown; message?: unknown };
  return typeof error.code === 'number' && typeof error.message === 'string';
}

/** A short, always-serialisable description of an agent value for a log line or an error message. */
export function describe(value: unknown): string {
  if (value === undefined) return 'missing';
  if (Array.isArray(value)) return `an array (${value.length} items)`;
  if (typeof value === 'object' && value !== null) return 'an object';
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 80 ? `${text.slice(0, 80)}…` : text;
}

/** The key the queue of read-but-not-dispatched responses uses (1 and "1" are different ids). */
export function idKey(id: RequestIdValue): string {
  return typeof id === 'number' ? `n${id}` : `s${id}`;
}
