// The question before an agent writes a file inside the workspace that configures what runs
// (src/fs/executionConfig.ts): asked at every such write, whatever the permission rules or auto-approve say,
// and logged. Outside the workspace the write was asked about already (src/fs/outsideAccess.ts). No `vscode`
// here: the dialog is injected (src/vscode/fs/consent.ts words it).
import { RequestFailure } from '../protocol/types';
import { ErrorCodes } from '../protocol/methods';
import { executionConfigOf, type ExecutionConfigKind } from './executionConfig';
import { describeTarget } from './outsideAccess';
import { displayPath, isInsideAnyFolder } from './paths';
import { resolveRealPath } from './realPath';

export interface ExecutionConfigRequest {
  /** The path as the agent sent it. */
  requestedPath: string;
  /** Where it really leads (symlinks followed): what the dialog shows first. */
  realPath: string;
  kind: ExecutionConfigKind;
}

/** Resolves true when the user allows this one write. Absent: nobody can be asked, and the write is refused. */
export type ConfirmExecutionConfig = (request: ExecutionConfigRequest) => Promise<boolean>;

/**
 * Returns when the write may go on; throws a RequestFailure the agent can show when the user denies it. Judged
 * on the requested path and the real one: a link named innocent.txt that leads to .git/config is asked.
 */
export async function checkExecutionConfigWrite(
  requestedPath: string,
  realPath: string,
  folders: readonly string[],
  confirm: ConfirmExecutionConfig | undefined,
  log: (line: string) => void,
): Promise<void> {
  const realFolders = await Promise.all(folders.map((folder) => resolveRealPath(folder).catch(() => folder)));
  if (!isInsideAnyFolder(realPath, realFolders)) return;
  const kind = executionConfigOf(realPath, realFolders) ?? executionConfigOf(requestedPath, folders);
  if (!kind) return;
  const shown = describeTarget(requestedPath, realPath);
  const allowed = confirm ? await confirm({ requestedPath, realPath, kind }).catch(() => false) : false;
  if (!allowed) {
    log(`fs: write of a file that configures what runs (${kind}) denied${confirm ? ' by the user' : ''}: ${shown}`);
    const why = confirm ? 'the user denied it' : 'nobody could be asked';
    throw new RequestFailure(
      ErrorCodes.invalidParams,
      `Writing ${displayPath(realPath)} was refused: it configures what runs (${kind}) and ${why}. Do not retry; ask the user.`,
    );
  }
  log(`fs: write of a file that configures what runs (${kind}) allowed by the user once: ${shown}`);
}
