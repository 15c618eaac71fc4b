// An FsEditor (src/vscode/fs/fsRequests.ts) over the disk alone, for tests of the fs handlers without
// VS Code: the workspace folders and open documents are what the test sets, and a write lands in the
// file as VS Code's WorkspaceEdit + save would leave it. The editor itself is tested in the real VS Code
// (test/vscode/fsHandlers.test.ts).
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { EditorWrite, FsEditor, OpenText } from '../../../../src/vscode/fs/fsRequests';
import { expect } from 'vitest';
import { RequestFailure, type WriteOutcome } from '../../../../src/session/api';

export class DiskEditor implements FsEditor {
  folders: string[] = [];
  readonly documents = new Map<string, OpenText>();
  /** Every write that passed the checks, in order. */
  readonly writes: EditorWrite[] = [];

  workspaceFolders(): string[] {
    return this.folders;
  }

  openDocument(filePath: string): OpenText | undefined {
    return this.documents.get(path.resolve(filePath));
  }

  /** An editor tab on `filePath` showing `text`; dirty when the user has not saved it. */
  open(filePath: string, text: string, isDirty: boolean): void {
    this.documents.set(path.resolve(filePath), { isDirty, getText: () => text });
  }

  async write(request: EditorWrite): Promise<WriteOutcome> {
    this.writes.push(request);
    const oldText = request.onDisk === 'file' ? fs.readFileSync(request.filePath, 'utf8') : null;
    fs.mkdirSync(path.dirname(request.filePath), { recursive: true });
    fs.writeFileSync(request.filePath, request.content);
    return request.texts.record(request.filePath, oldText, request.content);
  }
}

/** The RequestFailure a handler's promise rejects with (the test fails if it resolves or throws anything else). */
export async function failure(promise: Promise<unknown>): Promise<RequestFailure> {
  const error = await promise.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(RequestFailure);
  return error as RequestFailure;
}
