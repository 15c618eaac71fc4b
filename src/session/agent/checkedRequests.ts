// What stands before each handler of a request from the agent: its params checked against the ACP
// schema (-32602 names what is wrong), the methods ACP v2 removed refused on a v2 connection, and the
// answer to a request the agent cancelled.
import { ClientMethod, ErrorCodes } from '../../protocol/methods';
import { checkV2PermissionRequest } from '../../protocol/v2/schema';
import { answerOnCancel } from '../../protocol/cancelAnswer';
import { checkParams, describeProblem, type CheckedMethod, type SchemaProblem } from '../../protocol/schema';
import { RequestFailure, type CancelSignal } from '../api';

/** The client methods ACP v2 removed: answered -32601 on a v2 connection. */
const V1_ONLY_METHODS: ReadonlySet<string> = new Set([
  ClientMethod.fsReadTextFile,
  ClientMethod.fsWriteTextFile,
  ClientMethod.terminalCreate,
  ClientMethod.terminalOutput,
  ClientMethod.terminalWaitForExit,
  ClientMethod.terminalKill,
  ClientMethod.terminalRelease,
]);

/** A v2 request's params checked against v2's schema where it differs from v1's (a permission request). */
function v2ParamsProblem(method: CheckedMethod, params: unknown): SchemaProblem | undefined {
  if (method !== ClientMethod.sessionRequestPermission) return checkParams(method, params);
  const checked = checkV2PermissionRequest(params);
  return checked.kind === 'invalid' ? checked.problem : undefined;
}

/**
 * `handler` behind the checks. A request the agent cancels is answered at once (answerOnCancel),
 * except a write: once its edit started it finishes, and the agent learns the real outcome (its
 * consent wait, the long part, answers -32800 itself: src/vscode/fs/fsHandlers.ts).
 */
export function checkedHandler<P, R>(
  method: CheckedMethod,
  handler: (params: P, signal: CancelSignal) => R | Promise<R>,
  isV2: () => boolean,
): (params: P, signal: CancelSignal) => R | Promise<R> {
  return (params, signal) => {
    const v2 = isV2();
    // ACP v2 removed the client's fs/* and terminal/* (not advertised in its initialize either).
    if (v2 && V1_ONLY_METHODS.has(method))
      throw new RequestFailure(ErrorCodes.methodNotFound, `${method} is not part of ACP v2`);
    const problem = v2 ? v2ParamsProblem(method, params) : checkParams(method, params);
    if (problem)
      throw new RequestFailure(ErrorCodes.invalidParams, `Invalid params for ${method}: ${describeProblem(problem)}`, {
        path: problem.path,
      });
    const result = handler(params, signal);
    return method === ClientMethod.fsWriteTextFile ? result : answerOnCancel(result, signal);
  };
}
