// fs/read_text_file through the real handler (src/vscode/fs/fsRequests.ts) over real files, with a
// stand-in editor for the open documents (diskEditor.ts). Checks what review is handed (the whole
// text of a small file, nothing for a file over review's per-file cap), that a dirty editor wins,
// and that the error codes stay as they were.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { createFsRequestHandlers } from '../../../../src/vscode/fs/fsRequests';
import { DiskEditor } from './diskEditor';
import { ErrorCodes } from '../../../../src/protocol/methods';
import type { ReviewWriteHooks } from '../../../../src/review/agentWrites';
import { DEFAULT_TURN_LIMITS } from '../../../../src/review/budget';
import { RequestFailure, type CancelSignal } from '../../../../src/session/api';

const notCancelled: CancelSignal = {
  isCancellationRequested: false,
  onCancellationRequested: () => ({ dispose() {} }),
};

let dir: string;
beforeAll(() => {
  dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'switchboard-fsread-')));
  // The workspace: every read here is inside it (outside reads: fsHandlersSafety.test.ts).
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

let reads: Array<[string, string | null]>;
let handlers: ReturnType<typeof createFsRequestHandlers>;
let editor: DiskEditor;
beforeEach(() => {
  editor = new DiskEditor();
  editor.folders = [dir];
  reads = [];
  const review: ReviewWriteHooks = {
    agentRead: (filePath, text) => reads.push([filePath, text]),
    mergeWrite: () => {
      throw new Error('not a write test');
    },
    ownEdit: (_filePath, work) => work(),
    agentWrote: () => {
      throw new Error('not a write test');
    },
  };
  handlers = createFsRequestHandlers(
    {
      agentName: 'Agent',
      review,
      readOutsideWorkspace: () => 'deny',
      confirmOutsideWorkspace: () => Promise.reject(new Error('every read here is inside the workspace')),
      maxReadBytes: () => 50 * 1024 * 1024,
      log: () => {},
    },
    editor,
  );
});

function read(filePath: string, line?: number, limit?: number) {
  return handlers.readTextFile({ sessionId: 's', path: filePath, line, limit }, notCancelled);
}

function openDocument(filePath: string, text: string, isDirty: boolean): void {
  editor.open(filePath, text, isDirty);
}

async function failsWith(promise: Promise<unknown>, code: number, messagePart: string): Promise<void> {
  const error = await promise.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(RequestFailure);
  expect((error as RequestFailure).code).toBe(code);
  expect((error as RequestFailure).message).toContain(messagePart);
}

describe('readTextFile', () => {
  it('slices a small file from disk and hands review its whole text (BOM dropped)', async () => {
    const file = path.join(dir, 'small.txt');
    fs.writeFileSync(file, '\uFEFFone\r\ntwo\r\nthree');
    expect(await read(file, 2, 1)).toEqual({ content: 'two\r\n' });
    expect(reads).toEqual([[file, 'one\r\ntwo\r\nthree']]);
  });

  it('hands review the whole text at exactly the cap, and nothing above it, while still slicing', async () => {
    const cap = DEFAULT_TURN_LIMITS.maxFileBytes;
    const line = 'y'.repeat(1023) + '\n';
    const atCap = path.join(dir, 'at-cap.txt');
    fs.writeFileSync(atCap, line.repeat(cap / 1024));
    expect(fs.statSync(atCap).size).toBe(cap);
    expect(await read(atCap, 1024, 5)).toEqual({ content: line });
    expect(reads.map(([filePath, text]) => [filePath, text?.length])).toEqual([[atCap, cap]]);

    reads = [];
    const overCap = path.join(dir, 'over-cap.txt');
    fs.writeFileSync(overCap, line.repeat(cap / 1024) + 'last');
    expect(await read(overCap, 1025)).toEqual({ content: 'last' });
    expect(await read(overCap, 2, 1)).toEqual({ content: line });
    // Too big to keep: review is told to forget any older base rather than merge against it.
    expect(reads).toEqual([
      [overCap, null],
      [overCap, null],
    ]);
  });

  it('prefers a dirty open document (and hands review its text) over the disk', async () => {
    const file = path.join(dir, 'dirty.txt');
    fs.writeFileSync(file, 'one\ntwo\n');
    openDocument(file, 'one\nunsaved two\n', true);
    expect(await read(file, 2)).toEqual({ content: 'unsaved two\n' });
    expect(reads).toEqual([[file, 'one\nunsaved two\n']]);
  });

  it('reads the disk for a clean open document', async () => {
    const file = path.join(dir, 'clean.txt');
    fs.writeFileSync(file, 'disk\n');
    openDocument(file, 'stale cached text\n', false);
    expect(await read(file)).toEqual({ content: 'disk\n' });
  });

  it('falls back to an open document whose file was deleted', async () => {
    const file = path.join(dir, 'deleted.txt');
    openDocument(file, 'a\nb\n', false);
    expect(await read(file, 2)).toEqual({ content: 'b\n' });
    expect(reads).toEqual([[file, 'a\nb\n']]);
  });

  it('keeps the error codes: missing file, folder, relative path', async () => {
    await failsWith(read(path.join(dir, 'nope.txt')), ErrorCodes.resourceNotFound, 'Resource not found');
    await failsWith(read(dir), ErrorCodes.invalidParams, 'path is a directory');
    await failsWith(read('relative.txt'), ErrorCodes.invalidParams, 'path must be absolute');
    expect(reads).toEqual([]);
  });
});
