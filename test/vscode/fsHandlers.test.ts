// fs/read_text_file and fs/write_text_file against the real editor: unsaved edits are what the
// agent reads, and an agent write is one undoable edit that leaves other files' edits alone.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { createFsHandlers } from '../../src/client/fsHandlers';
import { RequestFailure, type CancelSignal } from '../../src/session/api';
import { revertAndCloseAll, workspaceRoot } from './helpers';

const notCancelled: CancelSignal = {
  isCancellationRequested: false,
  onCancellationRequested: () => ({ dispose() {} }),
};

/** Every path here is inside the workspace: a confirmation would be a bug (and block the test). */
const handlers = createFsHandlers({
  confirmOutsideWorkspace: async (request) => {
    throw new Error(`unexpected confirmation for ${request.realPath}`);
  },
});

async function rejectsWith(promise: Promise<unknown>, code: number, messagePart: string): Promise<void> {
  await assert.rejects(promise, (error: unknown) => {
    assert.ok(error instanceof RequestFailure, `expected a RequestFailure, got ${String(error)}`);
    assert.equal(error.code, code);
    assert.ok(error.message.includes(messagePart), error.message);
    return true;
  });
}

suite('fs handlers in the real editor', () => {
  let dir: string;

  suiteSetup(async () => {
    dir = fs.mkdtempSync(path.join(workspaceRoot(), 'fs-handlers-'));
    // VS Code for the Web (code-server) auto-saves after a delay by default, which would save the
    // "unsaved" edits these tests are about.
    await vscode.workspace.getConfiguration('files').update('autoSave', 'off', vscode.ConfigurationTarget.Global);
  });

  teardown(revertAndCloseAll);

  suiteTeardown(async () => {
    await vscode.workspace.getConfiguration('files').update('autoSave', undefined, vscode.ConfigurationTarget.Global);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  test('reading an open document returns its unsaved text, honouring line and limit', async () => {
    const file = path.join(dir, 'dirty.txt');
    fs.writeFileSync(file, 'one\ntwo\nthree\n');
    const document = await vscode.workspace.openTextDocument(file);
    const editor = await vscode.window.showTextDocument(document);
    assert.ok(await editor.edit((edit) => edit.insert(new vscode.Position(1, 0), 'unsaved ')));
    assert.ok(document.isDirty);

    const whole = await handlers.readTextFile({ sessionId: 's', path: file }, notCancelled);
    assert.equal(whole.content, 'one\nunsaved two\nthree\n');
    const slice = await handlers.readTextFile({ sessionId: 's', path: file, line: 2, limit: 1 }, notCancelled);
    assert.equal(slice.content, 'unsaved two\n');
    assert.equal(fs.readFileSync(file, 'utf8'), 'one\ntwo\nthree\n', 'reading must not save');
  });

  test('reading a closed file comes from disk; missing and relative paths are errors', async () => {
    const file = path.join(dir, 'closed.txt');
    fs.writeFileSync(file, 'a\r\nb\r\nc');
    const result = await handlers.readTextFile({ sessionId: 's', path: file, line: 0, limit: 2 }, notCancelled);
    assert.equal(result.content, 'a\r\nb\r\n');
    await rejectsWith(handlers.readTextFile({ sessionId: 's', path: path.join(dir, 'nope.txt') }, notCancelled), -32002, 'Resource not found');
    await rejectsWith(handlers.readTextFile({ sessionId: 's', path: 'relative.txt' }, notCancelled), -32602, 'path must be absolute');
  });

  test('an agent write is saved, can be undone, and leaves unsaved edits in other files alone', async () => {
    const other = path.join(dir, 'other.txt');
    const target = path.join(dir, 'target.txt');
    fs.writeFileSync(other, 'other file\n');
    fs.writeFileSync(target, 'before\n');

    const otherDocument = await vscode.workspace.openTextDocument(other);
    const otherEditor = await vscode.window.showTextDocument(otherDocument);
    assert.ok(await otherEditor.edit((edit) => edit.insert(new vscode.Position(0, 0), 'user edit, ')));
    const targetDocument = await vscode.workspace.openTextDocument(target);
    await vscode.window.showTextDocument(targetDocument);

    const outcome = await handlers.writeTextFile({ sessionId: 's', path: target, content: 'after\nmore\n' }, notCancelled);
    assert.deepEqual(outcome, { oldText: 'before\n', newText: 'after\nmore\n' });
    assert.equal(fs.readFileSync(target, 'utf8'), 'after\nmore\n');
    assert.equal(targetDocument.isDirty, false);
    assert.equal(otherDocument.getText(), 'user edit, other file\n');
    assert.ok(otherDocument.isDirty, 'the other file must keep its unsaved edit');
    assert.equal(fs.readFileSync(other, 'utf8'), 'other file\n', 'the other file must not be saved');

    await vscode.window.showTextDocument(targetDocument);
    await vscode.commands.executeCommand('undo');
    assert.equal(targetDocument.getText(), 'before\n', 'Undo reverts the agent write');
    assert.equal(otherDocument.getText(), 'user edit, other file\n');
  });

  test('a write creates missing folders and the file, and keeps the agent\'s CRLF', async () => {
    const file = path.join(dir, 'new', 'deeper', 'created.txt');
    const outcome = await handlers.writeTextFile({ sessionId: 's', path: file, content: 'x\r\ny\r\n' }, notCancelled);
    assert.equal(outcome.oldText, null);
    assert.equal(outcome.newText, 'x\r\ny\r\n');
    assert.equal(fs.readFileSync(file, 'utf8'), 'x\r\ny\r\n');
  });

  test('a write outside the workspace asks first, and a denial writes nothing', async () => {
    const asked: string[] = [];
    const denying = createFsHandlers({
      confirmOutsideWorkspace: async (request) => {
        asked.push(request.realPath);
        return 'deny';
      },
    });
    const outside = path.join(fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'switchboard-outside-'))), 'x.txt');
    await rejectsWith(denying.writeTextFile({ sessionId: 's', path: outside, content: 'no' }, notCancelled), -32602, 'was refused');
    assert.deepEqual(asked, [outside]);
    assert.equal(fs.existsSync(outside), false);
    await rejectsWith(denying.writeTextFile({ sessionId: 's', path: 'rel.txt', content: 'no' }, notCancelled), -32602, 'path must be absolute');
  });
});
