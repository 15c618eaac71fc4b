// fs/read_text_file and fs/write_text_file against the real editor: unsaved edits are what the
// agent reads, and an agent write is one undoable edit that leaves other files' edits alone.
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { createFsHandlers } from '../../src/vscode/fs/fsHandlers';
import type { OutsideChoice, OutsideRequest } from '../../src/fs/outsideAccess';
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
  log: () => {},
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
    await rejectsWith(
      handlers.readTextFile({ sessionId: 's', path: path.join(dir, 'nope.txt') }, notCancelled),
      -32002,
      'Resource not found',
    );
    await rejectsWith(
      handlers.readTextFile({ sessionId: 's', path: 'relative.txt' }, notCancelled),
      -32602,
      'path must be absolute',
    );
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

    const outcome = await handlers.writeTextFile(
      { sessionId: 's', path: target, content: 'after\nmore\n' },
      notCancelled,
    );
    assert.deepEqual(outcome.view(outcome.revision).diff.removed, 1);
    assert.deepEqual(outcome.view(outcome.revision).diff.added, 2);
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

  test('an agent write to an open file just changed on disk (the editor not yet reloaded) is saved, onto the new text', async () => {
    const file = path.join(dir, 'changed-on-disk.md');
    fs.writeFileSync(file, 'first\n');
    const document = await vscode.workspace.openTextDocument(file);
    await vscode.window.showTextDocument(document);
    assert.equal(document.getText(), 'first\n');
    // Someone else (a build, git, the journey's set-up) rewrites the file; at once, before the editor reloads it,
    // the agent writes. Three times: on an idle machine the reload can win the race.
    for (let round = 0; round < 3; round++) {
      fs.writeFileSync(file, `from disk ${round}\n`);
      await handlers.writeTextFile({ sessionId: 's', path: file, content: `by the agent ${round}\n` }, notCancelled);
      assert.equal(fs.readFileSync(file, 'utf8'), `by the agent ${round}\n`);
      assert.equal(document.isDirty, false);
    }
  });

  test("a write to a file VS Code has not reloaded goes to disk, and the active editor keeps the user's unsaved text", async () => {
    // A folder VS Code does not watch: a change on disk never reaches its open document, as when its watcher is slow.
    const unwatched = path.join(dir, 'unwatched');
    fs.mkdirSync(unwatched);
    const files = vscode.workspace.getConfiguration('files');
    await files.update('watcherExclude', { '**/unwatched/**': true }, vscode.ConfigurationTarget.Global);
    try {
      const file = path.join(unwatched, 'stale.md');
      fs.writeFileSync(file, 'first\n');
      const document = await vscode.workspace.openTextDocument(file);
      // The user is typing in another file, unsaved: it is the active editor.
      const typed = path.join(dir, 'typing.md');
      fs.writeFileSync(typed, 'saved text\n');
      const typing = await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(typed));
      assert.ok(await typing.edit((edit) => edit.insert(new vscode.Position(0, 0), 'unsaved, ')));
      fs.writeFileSync(file, 'from disk\n');
      await new Promise((resolve) => setTimeout(resolve, 500));
      assert.equal(document.getText(), 'first\n', 'the document reloaded: the test needs it stale');
      await handlers.writeTextFile({ sessionId: 's', path: file, content: 'by the agent\n' }, notCancelled);
      assert.equal(fs.readFileSync(file, 'utf8'), 'by the agent\n');
      assert.equal(document.isDirty, false);
      assert.equal(typing.document.getText(), 'unsaved, saved text\n', "the user's unsaved text is kept");
      assert.ok(typing.document.isDirty);
    } finally {
      await files.update('watcherExclude', undefined, vscode.ConfigurationTarget.Global);
    }
  });

  test("a write creates missing folders and the file, and keeps the agent's CRLF", async () => {
    const file = path.join(dir, 'new', 'deeper', 'created.txt');
    const outcome = await handlers.writeTextFile({ sessionId: 's', path: file, content: 'x\r\ny\r\n' }, notCancelled);
    assert.equal(outcome.view(outcome.revision).created, true);
    assert.equal(fs.readFileSync(file, 'utf8'), 'x\r\ny\r\n');
  });

  test('a write outside the workspace asks first, and a denial writes nothing', async () => {
    const asked: string[] = [];
    const denying = createFsHandlers({
      confirmOutsideWorkspace: async (request) => {
        asked.push(request.realPath);
        return 'deny';
      },
      log: () => {},
    });
    const outside = path.join(fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'switchboard-outside-'))), 'x.txt');
    await rejectsWith(
      denying.writeTextFile({ sessionId: 's', path: outside, content: 'no' }, notCancelled),
      -32602,
      'was refused',
    );
    assert.deepEqual(asked, [outside]);
    assert.equal(fs.existsSync(outside), false);
    await rejectsWith(
      denying.writeTextFile({ sessionId: 's', path: 'rel.txt', content: 'no' }, notCancelled),
      -32602,
      'path must be absolute',
    );
  });

  test('writes through symlinks that lead out of the workspace ask with the real path; a denial writes nothing', async () => {
    const home = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'switchboard-home-')));
    fs.writeFileSync(path.join(home, '.bashrc'), 'original\n');
    fs.symlinkSync(path.join(home, '.bashrc'), path.join(dir, 'bashrc-link'));
    fs.symlinkSync(home, path.join(dir, 'home-link'));
    const asked: OutsideRequest[] = [];
    const denying = createFsHandlers({
      confirmOutsideWorkspace: async (request) => {
        asked.push(request);
        return 'deny';
      },
      log: () => {},
    });
    await rejectsWith(
      denying.writeTextFile({ sessionId: 's', path: path.join(dir, 'bashrc-link'), content: 'pwned\n' }, notCancelled),
      -32602,
      'was refused',
    );
    await rejectsWith(
      denying.writeTextFile(
        { sessionId: 's', path: path.join(dir, 'home-link', 'planted.txt'), content: 'x' },
        notCancelled,
      ),
      -32602,
      'was refused',
    );
    assert.deepEqual(
      asked.map((request) => request.realPath),
      [path.join(home, '.bashrc'), path.join(home, 'planted.txt')],
    );
    assert.equal(fs.readFileSync(path.join(home, '.bashrc'), 'utf8'), 'original\n');
    assert.equal(fs.existsSync(path.join(home, 'planted.txt')), false);
    fs.rmSync(home, { recursive: true, force: true });
  });

  test('a write onto a FIFO or a folder is refused at once, and a symlink inside the workspace still works', async () => {
    const fifo = path.join(dir, 'pipe');
    execFileSync('mkfifo', [fifo]);
    await rejectsWith(
      handlers.writeTextFile({ sessionId: 's', path: fifo, content: 'x' }, notCancelled),
      -32602,
      'FIFO',
    );
    await rejectsWith(handlers.readTextFile({ sessionId: 's', path: fifo }, notCancelled), -32602, 'FIFO');
    await rejectsWith(
      handlers.writeTextFile({ sessionId: 's', path: dir, content: 'x' }, notCancelled),
      -32602,
      'path is a directory',
    );
    const target = path.join(dir, 'real-target.txt');
    fs.writeFileSync(target, 'before\n');
    fs.symlinkSync(target, path.join(dir, 'inside-link.txt'));
    await handlers.writeTextFile(
      { sessionId: 's', path: path.join(dir, 'inside-link.txt'), content: 'after\n' },
      notCancelled,
    );
    assert.equal(fs.readFileSync(target, 'utf8'), 'after\n');
  });

  test('reads outside the workspace: asked per folder, a folder grant covers the next read there, the user setting "deny" refuses', async () => {
    const home = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'switchboard-home-')));
    fs.writeFileSync(path.join(home, 'a.txt'), 'a\n');
    fs.writeFileSync(path.join(home, 'b.txt'), 'b\n');
    const asked: OutsideRequest[] = [];
    const logged: string[] = [];
    let answer: OutsideChoice = 'folder';
    const asking = createFsHandlers({
      readOutsideWorkspace: () => 'ask',
      confirmOutsideWorkspace: async (request) => {
        asked.push(request);
        return answer;
      },
      log: (line) => logged.push(line),
    });
    assert.equal(
      (await asking.readTextFile({ sessionId: 's', path: path.join(home, 'a.txt') }, notCancelled)).content,
      'a\n',
    );
    answer = 'deny';
    assert.equal(
      (await asking.readTextFile({ sessionId: 's', path: path.join(home, 'b.txt') }, notCancelled)).content,
      'b\n',
    );
    assert.equal(asked.length, 1);
    assert.equal(logged.length, 2);

    // The default reads the user's setting.
    const config = vscode.workspace.getConfiguration('switchboard.fs');
    await config.update('readOutsideWorkspace', 'deny', vscode.ConfigurationTarget.Global);
    try {
      const bySetting = createFsHandlers({
        confirmOutsideWorkspace: async () => {
          throw new Error('the setting says deny: no question');
        },
        log: () => {},
      });
      await rejectsWith(
        bySetting.readTextFile({ sessionId: 's', path: path.join(home, 'a.txt') }, notCancelled),
        -32602,
        'readOutsideWorkspace is "deny"',
      );
    } finally {
      await config.update('readOutsideWorkspace', undefined, vscode.ConfigurationTarget.Global);
      fs.rmSync(home, { recursive: true, force: true });
    }
  });

  test('the read cap is the user setting switchboard.fs.maxReadMiB, read from VS Code', async () => {
    const big = path.join(dir, 'two-mib.txt');
    fs.writeFileSync(big, ('z'.repeat(1023) + '\n').repeat(2048));
    const config = vscode.workspace.getConfiguration('switchboard.fs');
    await config.update('maxReadMiB', 1, vscode.ConfigurationTarget.Global);
    try {
      await rejectsWith(
        handlers.readTextFile({ sessionId: 's', path: big }, notCancelled),
        -32602,
        'over the 1 MiB read cap (setting switchboard.fs.maxReadMiB)',
      );
      // A slice within the cap is still read.
      assert.equal(
        (await handlers.readTextFile({ sessionId: 's', path: big, line: 2048, limit: 1 }, notCancelled)).content,
        'z'.repeat(1023) + '\n',
      );
    } finally {
      await config.update('maxReadMiB', undefined, vscode.ConfigurationTarget.Global);
    }
    assert.equal(
      (await handlers.readTextFile({ sessionId: 's', path: big }, notCancelled)).content.length,
      2 * 1024 * 1024,
    );
  });
});
