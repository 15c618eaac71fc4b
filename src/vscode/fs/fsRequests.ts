// ACP's fs/read_text_file and fs/write_text_file without the editor: every check a request goes
// through before anything touches the disk, the read itself, and the answers to failures. The
// editor comes in as a small interface (FsEditor): src/vscode/fs/fsHandlers.ts implements it with
// VS Code's documents and WorkspaceEdits; unit tests pass a stand-in over real files.
//
// The checks: the path string (src/fs/paths.ts), where it really leads and whether the user allows
// that (src/fs/outsideAccess.ts), and the kind of file (only regular files are read or written;
// src/fs/fileSlice.ts reads them in bounded, cancellable chunks).
import type * as acp from '@agentclientprotocol/sdk';
import { answersMissingFileAsEmpty, type AgentIdentity } from '../../agents/quirks/gemini';
import { RequestFailure, type CancelSignal, type ClientHandlers, type WriteOutcome } from '../../session/api';
import { DEFAULT_TURN_LIMITS } from '../../review/budget';
import { OutsideAccess, type OutsideChoice, type OutsidePolicy, type OutsideRequest } from '../../fs/outsideAccess';
import { readFileSlice, type FileSlice, type LineRequest } from '../../fs/fileSlice';
import { fileKind, FileReadError, regularFileOrMissing } from '../../fs/regularFile';
import { sliceLines } from '../../fs/lineSlice';
import type { ReviewWriteHooks } from '../../review/agentWrites';
import { FileTexts } from '../../review/fileTexts';
import { checkRequestPath, displayPath } from '../../fs/paths';
import { checkExecutionConfigWrite, type ConfirmExecutionConfig } from '../../fs/executionConfigGate';

export type { ExecutionConfigRequest } from '../../fs/executionConfigGate';
import { ErrorCodes } from '../../protocol/methods';
import { errorMessage } from '../../shared/errorMessage';

/** Review's per-file cap (src/review/budget.ts): above it a read hands review no text. */
const REVIEW_MAX_FILE_BYTES = DEFAULT_TURN_LIMITS.maxFileBytes;

export interface FsRequestOptions {
  /** Shown in the confirmation before an access outside the workspace ("Gemini CLI wants to ..."). */
  agentName: string;
  /** Asks the user before a read or write outside every workspace folder (the one home of that question, for both). */
  confirmOutsideWorkspace: (request: OutsideRequest) => Promise<OutsideChoice>;
  /**
   * Asks before each write to a file inside the workspace that configures what runs (.git/config, .vscode/tasks.json,
   * .envrc, ...); true allows that one write. Absent: such writes are refused.
   */
  confirmExecutionConfig?: ConfirmExecutionConfig;
  /** switchboard.fs.readOutsideWorkspace. */
  readOutsideWorkspace: () => OutsidePolicy;
  /** The most bytes of text one read keeps (switchboard.fs.maxReadMiB). */
  maxReadBytes: () => number;
  /** The agent log: every access outside the workspace is recorded there. */
  log: (line: string) => void;
  /**
   * The folders the agent may use without asking (its cwd and the additionalDirectories it took,
   * src/shared/workspaceRoots.ts); asked at each request. Default: every workspace folder.
   */
  workspaceFolders?: () => readonly string[];
  /** Who the agent is, for its quirks (src/agents/quirks/); asked at each request. */
  agent?: () => AgentIdentity;
  /** Review: writes merge onto the live document as minimal edits and are recorded. */
  review?: ReviewWriteHooks;
  /**
   * Without review, the keeper of the writes' texts: the window's one (extension.ts), so "Open diff" finds them
   * as it does with review on. Default: a keeper of these handlers' own (tests).
   */
  texts?: FileTexts;
}

/** An open editor document, as the read path sees it. */
export interface OpenText {
  readonly isDirty: boolean;
  getText(): string;
}

/** A write that passed every check, for the editor to apply. */
export interface EditorWrite {
  filePath: string;
  content: string;
  /** What the path held when checked: a regular file, or nothing. */
  onDisk: 'file' | 'missing';
  signal: CancelSignal;
  review?: ReviewWriteHooks;
  /** Without review, the keeper of the writes' texts (with review, its keeper holds them). */
  texts: FileTexts;
}

/** The editor the handlers work against. */
export interface FsEditor {
  /** The workspace folders on disk (`file:` ones). */
  workspaceFolders(): string[];
  /** The open document of that file, if any. */
  openDocument(filePath: string): OpenText | undefined;
  /** Applies a checked write through the editor (so Undo reverts it) and saves it. */
  write(request: EditorWrite): Promise<WriteOutcome>;
}

export function createFsRequestHandlers(options: FsRequestOptions, editor: FsEditor): ClientHandlers {
  const workspaceFolders = options.workspaceFolders ?? (() => editor.workspaceFolders());
  const outside = new OutsideAccess({
    workspaceFolders,
    readPolicy: options.readOutsideWorkspace,
    confirm: options.confirmOutsideWorkspace,
    log: options.log,
  });
  const context: RequestContext = {
    outside,
    executionConfig: (filePath, realPath) =>
      checkExecutionConfigWrite(filePath, realPath, workspaceFolders(), options.confirmExecutionConfig, options.log),
    editor,
    maxReadBytes: options.maxReadBytes,
    missingAsEmpty: () => (options.agent ? answersMissingFileAsEmpty(options.agent()) : false),
    review: options.review,
    texts: options.texts ?? new FileTexts(),
  };
  return {
    readTextFile: (params, signal) => readTextFile(params, signal, context),
    writeTextFile: async (params, signal) => {
      const filePath = requirePath(params.path);
      return options.review
        ? options.review.ownEdit(filePath, () => writeTextFile(filePath, params, signal, context))
        : writeTextFile(filePath, params, signal, context);
    },
  };
}

interface RequestContext {
  outside: OutsideAccess;
  /** Asks before a write to a workspace file that configures what runs; throws when denied. */
  executionConfig: (filePath: string, realPath: string) => Promise<void>;
  editor: FsEditor;
  maxReadBytes: () => number;
  missingAsEmpty: () => boolean;
  review?: ReviewWriteHooks;
  texts: FileTexts;
}

async function readTextFile(
  params: acp.ReadTextFileRequest,
  signal: CancelSignal,
  context: RequestContext,
): Promise<acp.ReadTextFileResponse> {
  const filePath = requirePath(params.path);
  const request = requireLineRequest(params);
  const realPath = await orCancelled(signal, () => context.outside.check('read', filePath));
  throwIfCancelled(signal);
  let slice: FileSlice;
  try {
    slice = await currentSlice(filePath, realPath, request, signal, context);
  } catch (error) {
    // Gemini CLI cannot create a file unless the read of the missing file succeeds (its quirk file).
    if (isMissing(error) && context.missingAsEmpty()) return { content: '' };
    throw error;
  }
  throwIfCancelled(signal);
  // The whole text, even for a slice: the agent's next write is a diff against the file as it was
  // now. Absent for a file on disk over review's per-file cap: the disk watcher, the tool-call
  // snapshots and the checkpoints skip such a file at that same cap, and decoding all of it would
  // cost a whole-file string per read. An agent write of it then has the live document as its
  // merge base, as for a file it never read.
  context.review?.agentRead(filePath, slice.wholeText ?? null);
  return { content: slice.content };
}

/**
 * The requested lines of the text the user sees: a dirty editor buffer wins; otherwise the disk,
 * which is fresher than a clean cached document when the agent has just changed the file by other
 * means. The disk path reads only as far as the slice of a big file (src/fs/fileSlice.ts).
 */
async function currentSlice(
  filePath: string,
  realPath: string,
  request: LineRequest,
  signal: CancelSignal,
  context: RequestContext,
): Promise<FileSlice> {
  const open = context.editor.openDocument(filePath) ?? context.editor.openDocument(realPath);
  if (open?.isDirty) return editorSlice(open, request);
  try {
    return await readFileSlice(realPath, request, REVIEW_MAX_FILE_BYTES, {
      maxBytes: context.maxReadBytes(),
      isCancelled: () => signal.isCancellationRequested,
    });
  } catch (error) {
    // A file deleted on disk while its editor is still open: the editor's text is what exists.
    if (open && isNotFound(error)) return editorSlice(open, request);
    throw toReadFailure(filePath, error);
  }
}

function editorSlice(document: OpenText, request: LineRequest): FileSlice {
  const wholeText = document.getText();
  return { content: sliceLines(wholeText, request.line, request.limit), wholeText };
}

async function writeTextFile(
  filePath: string,
  params: acp.WriteTextFileRequest,
  signal: CancelSignal,
  context: RequestContext,
): Promise<WriteOutcome> {
  if (typeof params.content !== 'string')
    throw new RequestFailure(ErrorCodes.invalidParams, 'content must be a string');
  const realPath = await orCancelled(signal, () => context.outside.check('write', filePath));
  throwIfCancelled(signal);
  await orCancelled(signal, () => context.executionConfig(filePath, realPath));
  throwIfCancelled(signal);
  const onDisk = await writableTarget(filePath, realPath);
  return context.editor.write({
    filePath,
    content: params.content,
    onDisk,
    signal,
    review: context.review,
    texts: context.texts,
  });
}

/**
 * Whether the target is an existing regular file or missing; anything else is refused before the
 * editor is involved: saving onto a FIFO would block, onto a device would write into it.
 */
async function writableTarget(filePath: string, realPath: string): Promise<'file' | 'missing'> {
  let found: Awaited<ReturnType<typeof regularFileOrMissing>>;
  try {
    found = await regularFileOrMissing(realPath);
  } catch (error) {
    throw new RequestFailure(ErrorCodes.internalError, `Cannot write ${displayPath(filePath)}: ${errorMessage(error)}`);
  }
  if (typeof found === 'string') return found;
  if (found.isDirectory())
    throw new RequestFailure(ErrorCodes.invalidParams, `path is a directory: ${displayPath(filePath)}`);
  throw new RequestFailure(
    ErrorCodes.invalidParams,
    `only regular files can be written, and ${displayPath(filePath)} is ${fileKind(found)}`,
  );
}

function requirePath(candidate: unknown): string {
  const checked = checkRequestPath(candidate);
  if (!checked.ok) throw new RequestFailure(ErrorCodes.invalidParams, checked.message);
  return checked.path;
}

/** `line` and `limit` are non-negative integers or absent (the schema's uint32 | null). */
function requireLineRequest(params: acp.ReadTextFileRequest): LineRequest {
  for (const key of ['line', 'limit'] as const) {
    const value: unknown = params[key];
    if (value === undefined || value === null) continue;
    if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) {
      throw new RequestFailure(ErrorCodes.invalidParams, `${key} must be a non-negative integer`);
    }
  }
  return { line: params.line, limit: params.limit };
}

/**
 * The check `start` begins, or -32800 as soon as the request is cancelled: the consent dialog may stay open for
 * minutes, and an agent that gave up (or exited) gets its answer now, not when the user clicks.
 */
function orCancelled<T>(signal: CancelSignal, start: () => Promise<T>): Promise<T> {
  // Already cancelled: the check (and the question it may ask) does not even start.
  if (signal.isCancellationRequested) {
    return Promise.reject(new RequestFailure(ErrorCodes.requestCancelled, 'Request cancelled'));
  }
  const work = start();
  return new Promise<T>((resolve, reject) => {
    const subscription = signal.onCancellationRequested(() =>
      reject(new RequestFailure(ErrorCodes.requestCancelled, 'Request cancelled')),
    );
    work.then(resolve, reject).finally(() => subscription.dispose());
  });
}

export function throwIfCancelled(signal: CancelSignal): void {
  if (signal.isCancellationRequested) throw new RequestFailure(ErrorCodes.requestCancelled, 'Request cancelled');
}

function toReadFailure(filePath: string, error: unknown): RequestFailure {
  const shown = displayPath(filePath);
  if (error instanceof FileReadError) {
    if (error.reason === 'cancelled') return new RequestFailure(ErrorCodes.requestCancelled, 'Request cancelled');
    return new RequestFailure(ErrorCodes.invalidParams, error.message);
  }
  if (isNotFound(error))
    return new RequestFailure(ErrorCodes.resourceNotFound, `Resource not found: ${shown}`, { uri: filePath });
  if (errorCode(error) === 'ELOOP')
    return new RequestFailure(
      ErrorCodes.invalidParams,
      `${shown} was replaced by a symbolic link while being read; try again`,
    );
  return new RequestFailure(ErrorCodes.internalError, `Cannot read ${shown}: ${errorMessage(error)}`);
}

function isMissing(error: unknown): boolean {
  return error instanceof RequestFailure && error.code === ErrorCodes.resourceNotFound;
}

function isNotFound(error: unknown): boolean {
  const code = errorCode(error);
  return code === 'ENOENT' || code === 'ENOTDIR';
}

function errorCode(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : undefined;
}
