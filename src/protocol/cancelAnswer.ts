// `$/cancel_request` from the agent: "the client MUST still respond" (checklist §11.24), and an
// agent that cancelled a request is waiting for that answer now, not when the work would have
// ended. Handlers should watch their signal (a wait_for_exit or a read stops its work); this is
// the backstop that makes the answer come at once even from one that does not.
import { ErrorCodes } from './methods';
import { RequestFailure, type CancelSignal } from './types';

/**
 * `result`, or a -32800 failure once `signal` fired and the handler has not answered within one
 * turn of the event loop. A handler that answers the cancel itself (a permission's `cancelled`
 * outcome, a partial result) does so within microtasks, so its answer wins.
 */
export function answerOnCancel<R>(result: R | Promise<R>, signal: CancelSignal): R | Promise<R> {
  if (!(result instanceof Promise)) return result;
  return new Promise<R>((resolve, reject) => {
    let timer: ReturnType<typeof setImmediate> | undefined;
    const cancelled = () => {
      timer ??= setImmediate(() => reject(new RequestFailure(ErrorCodes.requestCancelled, 'Request cancelled')));
    };
    const subscription = signal.onCancellationRequested(cancelled);
    if (signal.isCancellationRequested) cancelled();
    result.then(resolve, reject).finally(() => {
      subscription.dispose();
      if (timer) clearImmediate(timer);
    });
  });
}
