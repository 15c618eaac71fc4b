// Who may touch a file outside the workspace folders, decided on real paths (symlinks followed,
// src/fs/realPath.ts) so that a link inside the workspace cannot lead out unseen. Inside
// any workspace folder (multi-root: any of them) needs no question. Outside, reads follow
// `switchboard.fs.readOutsideWorkspace` (ask by default) and writes are always asked; the user can
// allow once, allow that one folder (not its subfolders) for the rest of this chat, or deny. Every
// access outside is written to the agent log, whatever was decided. No `vscode` here: the dialog,
// the setting and the log are injected (src/vscode/fs/consent.ts has the VS Code side).
import * as path from 'node:path';
import { RequestFailure } from '../protocol/types';
import { displayPath, isInsideAnyFolder } from './paths';
import { ErrorCodes } from '../protocol/methods';
import { RealPathError, resolveRealPath } from './realPath';
import { executionConfigOf } from './executionConfig';
import type { SettingValue } from '../shared/settingsTable';

export type AccessKind = 'read' | 'write';
/** The setting's values (ask, allow, deny); writes always behave as 'ask'. */
export type OutsidePolicy = SettingValue<'fs.readOutsideWorkspace'>;
/** The user's answer in the dialog. */
export type OutsideChoice = 'once' | 'folder' | 'deny';

export interface OutsideRequest {
  kind: AccessKind;
  /** The path as the agent sent it (normalised). */
  requestedPath: string;
  /** Where it really leads: what the dialog shows and what any grant is for. */
  realPath: string;
  /** The folder an "Allow for this folder" answer covers (the real parent folder). */
  folder: string;
}

export interface OutsideAccessOptions {
  /** Real or not: they are resolved here. Non-file folders are the caller's to leave out. */
  workspaceFolders: () => readonly string[];
  /** The setting for reads, read at each request so a change applies at once. */
  readPolicy: () => OutsidePolicy;
  /** Asks the user; resolves 'deny' when the dialog is dismissed. */
  confirm: (request: OutsideRequest) => Promise<OutsideChoice>;
  /** The agent log. */
  log: (line: string) => void;
}

/** One per chat: the folder grants live as long as the chat's handlers. */
export class OutsideAccess {
  private readonly grants = { read: new Set<string>(), write: new Set<string>() };
  /** Questions for the same folder wait for the one dialog instead of stacking up modals. */
  private readonly pending = new Map<string, Promise<OutsideChoice>>();

  constructor(private readonly options: OutsideAccessOptions) {}

  /**
   * Resolves the real path of `filePath` when the access is allowed; throws a RequestFailure the
   * agent can show when it is not.
   */
  async check(kind: AccessKind, filePath: string): Promise<string> {
    const realPath = await realPathOrFailure(filePath);
    const folders = await Promise.all(
      this.options.workspaceFolders().map((folder) => resolveRealPath(folder).catch(() => folder)),
    );
    if (isInsideAnyFolder(realPath, folders)) return realPath;

    const folder = path.dirname(realPath);
    const shown = describeTarget(filePath, realPath);
    const policy = kind === 'write' ? 'ask' : this.options.readPolicy();
    if (policy === 'allow') {
      this.options.log(
        `fs: ${kind} outside the workspace allowed by switchboard.fs.readOutsideWorkspace = "allow": ${shown}`,
      );
      return realPath;
    }
    if (policy === 'deny') {
      this.options.log(
        `fs: ${kind} outside the workspace denied by switchboard.fs.readOutsideWorkspace = "deny": ${shown}`,
      );
      throw denied(kind, realPath, 'switchboard.fs.readOutsideWorkspace is "deny"');
    }
    // A folder grant for writes never covers a file that configures what runs (~/.bashrc beside ~/notes.txt).
    if (this.grants[kind].has(folder) && !(kind === 'write' && executionConfigOf(realPath) !== undefined)) {
      this.options.log(`fs: ${kind} outside the workspace allowed (folder allowed earlier in this chat): ${shown}`);
      return realPath;
    }
    const choice = await this.ask({ kind, requestedPath: filePath, realPath, folder });
    if (choice === 'deny') {
      this.options.log(`fs: ${kind} outside the workspace denied by the user: ${shown}`);
      throw denied(kind, realPath, 'the user denied it');
    }
    if (choice === 'folder') this.grants[kind].add(folder);
    const scope = choice === 'folder' ? `for the folder ${displayPath(folder)} in this chat` : 'once';
    this.options.log(`fs: ${kind} outside the workspace allowed by the user ${scope}: ${shown}`);
    return realPath;
  }

  private async ask(request: OutsideRequest): Promise<OutsideChoice> {
    const key = `${request.kind}\0${request.folder}`;
    const waiting = this.pending.get(key);
    if (waiting) {
      // Another request for this folder is being asked about: a folder grant covers this one too,
      // anything else (once, deny) is asked again for this file.
      const earlier = await waiting;
      if (earlier === 'folder') return 'folder';
      if (earlier === 'deny') return 'deny';
      return this.ask(request);
    }
    const question = this.options.confirm(request).catch((): OutsideChoice => 'deny');
    this.pending.set(key, question);
    try {
      return await question;
    } finally {
      this.pending.delete(key);
    }
  }
}

async function realPathOrFailure(filePath: string): Promise<string> {
  try {
    return await resolveRealPath(filePath);
  } catch (error) {
    const message = error instanceof RealPathError ? error.message : String(error);
    throw new RequestFailure(ErrorCodes.invalidParams, `Cannot use ${displayPath(filePath)}: ${message}`);
  }
}

/** The agent's path, and where it really leads when that differs (escaped for the log). */
export function describeTarget(requestedPath: string, realPath: string): string {
  return requestedPath === realPath
    ? displayPath(realPath)
    : `${displayPath(requestedPath)} (really ${displayPath(realPath)})`;
}

function denied(kind: AccessKind, realPath: string, why: string): RequestFailure {
  const verb = kind === 'read' ? 'Reading' : 'Writing';
  // No `data.errorKind` on purpose: some agents (Qwen Code) read a file themselves after an error
  // that says "outside the workspace", which would undo the user's answer.
  return new RequestFailure(
    ErrorCodes.invalidParams,
    `${verb} ${displayPath(realPath)} was refused: it is outside the workspace folders and ${why}. Do not retry; ask the user.`,
  );
}

/** The modal's text and buttons, in order (Deny last: the close affordance). */
export interface OutsideQuestion {
  message: string;
  /** The real path first (symlinks followed), escaped: a newline or U+202E cannot reshape the dialog. */
  detail: string;
  choices: Array<{ title: string; choice: OutsideChoice }>;
}

/** What the user is asked before an agent reads or writes outside the workspace (src/vscode/fs/consent.ts shows it). */
export function outsideQuestion(agentName: string, request: OutsideRequest): OutsideQuestion {
  const verb = request.kind === 'read' ? 'read a file' : 'write a file';
  const lines = [displayPath(request.realPath)];
  if (request.requestedPath !== request.realPath) {
    lines.push(
      '',
      `(the agent asked for ${displayPath(request.requestedPath)}, which leads there through a symbolic link)`,
    );
  }
  lines.push(
    '',
    `"Allow for This Folder" allows ${request.kind === 'read' ? 'reading' : 'writing'} the files directly in ` +
      `${displayPath(request.folder)} (not its subfolders) until this chat ends.`,
    request.kind === 'read'
      ? 'Allow only if the agent needs this file; it may send what it reads to its model.'
      : 'Allow only if you expected this change.',
  );
  return {
    message: `${agentName} wants to ${verb} outside the workspace.`,
    detail: lines.join('\n'),
    // Deny first: VS Code makes the first button of a modal its primary one, so Enter refuses.
    choices: [
      { title: 'Deny', choice: 'deny' },
      { title: 'Allow Once', choice: 'once' },
      { title: 'Allow for This Folder', choice: 'folder' },
    ],
  };
}
