// The fs handlers against hostile requests, on real files: /dev/zero, a FIFO, a 1 GiB sparse file,
// cancellation, symlinks that lead out of the workspace, paths that are not paths, writes onto
// things that are not regular files, and the outside-the-workspace policy with its log. The few
// editor inputs the handlers read (open documents, workspace folders) come from a stand-in editor
// (diskEditor.ts); every refusal tested here happens before the editor is asked to write.
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { createFsRequestHandlers } from '../../../../src/vscode/fs/fsRequests';
import { DiskEditor } from './diskEditor';
import { FileTexts } from '../../../../src/review/fileTexts';
import { ErrorCodes } from '../../../../src/protocol/methods';
import type { OutsideChoice, OutsideRequest } from '../../../../src/fs/outsideAccess';
import { RequestFailure, type CancelSignal, type WriteOutcome } from '../../../../src/session/api';

const notCancelled: CancelSignal = {
  isCancellationRequested: false,
  onCancellationRequested: () => ({ dispose() {} }),
};
const MiB = 1024 * 1024;

let root: string;
let ws: string;
let ws2: string;
let outside: string;
beforeAll(() => {
  root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'switchboard-fssafety-')));
  ws = path.join(root, 'ws');
  ws2 = path.join(root, 'ws2');
  outside = path.join(root, 'home');
  for (const dir of [ws, ws2, outside, path.join(outside, '.ssh')]) fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(outside, '.bashrc'), 'export SECRET=1\n');
  fs.writeFileSync(path.join(outside, '.ssh', 'id_rsa'), 'PRIVATE KEY\n');
  fs.writeFileSync(path.join(outside, 'notes.txt'), 'notes\n');
  fs.writeFileSync(path.join(ws2, 'second.txt'), 'second root\n');
  fs.symlinkSync(path.join(outside, '.bashrc'), path.join(ws, 'bashrc-link'));
  fs.symlinkSync(outside, path.join(ws, 'home-link'));
  fs.symlinkSync(path.join(outside, '.profile-new'), path.join(ws, 'dangling'));
});
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

let asked: OutsideRequest[];
let answer: OutsideChoice;
let logged: string[];
let policy: 'ask' | 'allow' | 'deny';
let handlers: ReturnType<typeof createFsRequestHandlers>;
let editor: DiskEditor;
beforeEach(() => {
  asked = [];
  answer = 'deny';
  logged = [];
  policy = 'ask';
  editor = new DiskEditor();
  editor.folders = [ws, ws2];
  handlers = createFsRequestHandlers(
    {
      agentName: 'Agent',
      readOutsideWorkspace: () => policy,
      maxReadBytes: () => 8 * MiB,
      confirmOutsideWorkspace: async (request) => {
        asked.push(request);
        return answer;
      },
      log: (line) => logged.push(line),
    },
    editor,
  );
});

function read(filePath: unknown, line?: number, limit?: number, signal = notCancelled) {
  return handlers.readTextFile({ sessionId: 's', path: filePath as string, line, limit }, signal);
}
function write(filePath: unknown, content = 'agent text') {
  return handlers.writeTextFile({ sessionId: 's', path: filePath as string, content }, notCancelled);
}

/** The texts the keeper holds for a write that reached the editor (the last one). */
function texts(outcome: WriteOutcome, filePath: string) {
  return editor.writes.at(-1)?.texts.texts({ path: filePath, revision: outcome.revision });
}

async function failure(promise: Promise<unknown>): Promise<RequestFailure> {
  const error = await promise.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(RequestFailure);
  return error as RequestFailure;
}

describe('reads of things that are not regular files', () => {
  it('refuses /dev/zero at once instead of reading until the host dies', async () => {
    policy = 'allow';
    const before = process.memoryUsage().rss;
    const error = await failure(read('/dev/zero'));
    expect(error.code).toBe(ErrorCodes.invalidParams);
    expect(error.message).toContain('character device');
    expect(process.memoryUsage().rss - before).toBeLessThan(64 * MiB);
  });

  it('never opens a FIFO, so no pool thread is parked: other file I/O still runs', async () => {
    const fifo = path.join(ws, 'pipe');
    execFileSync('mkfifo', [fifo]);
    try {
      // Four stuck opens would take all of libuv's pool threads; ask for six.
      const reads = Promise.all(Array.from({ length: 6 }, () => failure(read(fifo))));
      // Not a time limit: a read parked in open(2) never answers at all. The valve only lets the
      // finally below release it, so that the run ends with a failure instead of hanging.
      const answered = await Promise.race([
        reads,
        new Promise<'stuck'>((resolve) => setTimeout(() => resolve('stuck'), 20_000)),
      ]);
      expect(answered, 'the reads of a FIFO must be answered, not parked in open(2)').not.toBe('stuck');
      for (const error of answered as RequestFailure[]) expect(error.message).toContain('FIFO');
      // Every pool thread is free: a read of a plain file is served (it would queue behind parked opens).
      expect(await fs.promises.readFile(path.join(ws2, 'second.txt'), 'utf8')).toBe('second root\n');
    } finally {
      // If a read did get parked (the protection is gone), a writer releases it so the run can end.
      try {
        fs.closeSync(fs.openSync(fifo, fs.constants.O_WRONLY | fs.constants.O_NONBLOCK));
      } catch {
        // ENXIO: nobody is waiting on the FIFO, as it should be.
      }
    }
  });

  it('refuses a folder with the directory message', async () => {
    const error = await failure(read(ws2));
    expect([error.code, error.message]).toEqual([ErrorCodes.invalidParams, `path is a directory: ${ws2}`]);
  });
});

describe('reads of big files', () => {
  let sparse: string;
  beforeAll(() => {
    sparse = path.join(ws, 'sparse.bin');
    fs.writeFileSync(sparse, 'first line\nsecond line\n');
    fs.truncateSync(sparse, 1024 * MiB);
  });

  it('reads line 1 of a 1 GiB sparse file without reading the file', async () => {
    const before = process.memoryUsage();
    const started = Date.now();
    expect(await read(sparse, 1, 1)).toEqual({ content: 'first line\n' });
    expect(await read(sparse, 2, 1)).toEqual({ content: 'second line\n' });
    const after = process.memoryUsage();
    expect(after.arrayBuffers - before.arrayBuffers).toBeLessThan(64 * MiB);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('refuses a whole read over the cap, naming the cap and the setting', async () => {
    const error = await failure(read(sparse));
    expect(error.code).toBe(ErrorCodes.invalidParams);
    expect(error.message).toContain('8 MiB');
    expect(error.message).toContain('switchboard.fs.maxReadMiB');
  });

  it('refuses a slice that grows past the cap (a line with no end)', async () => {
    const error = await failure(read(sparse, 3, 1));
    expect(error.message).toContain('switchboard.fs.maxReadMiB');
  });

  it('stops a long scan when the request is cancelled', async () => {
    let cancelled = false;
    const signal: CancelSignal = {
      get isCancellationRequested() {
        return cancelled;
      },
      onCancellationRequested: () => ({ dispose() {} }),
    };
    setTimeout(() => (cancelled = true), 20);
    // Line 1000 does not exist: without cancellation this scans all 1 GiB and answers '' (no error).
    const error = await failure(read(sparse, 1000, 1, signal));
    expect(error.code).toBe(ErrorCodes.requestCancelled);
  });
});

describe('paths that are not usable paths', () => {
  const bad: Array<[string, unknown, string]> = [
    ['relative', 'src/a.ts', 'must be absolute'],
    ['empty', '', 'must not be empty'],
    ['not a string', 42, 'must be a string'],
    ['NUL byte', '/tmp/a\0.txt', 'NUL'],
    ['.. segment', '/x/src/../../etc/passwd', '".." segments'],
    ['Windows drive', 'C:\\Users\\me\\.bashrc', 'Windows path'],
    ['UNC', '\\\\server\\share\\a.txt', 'Windows path'],
  ];
  for (const [name, candidate, message] of bad) {
    it(`refuses a ${name} path for reads and writes, writing nothing`, async () => {
      for (const error of [await failure(read(candidate)), await failure(write(candidate))]) {
        expect(error.code).toBe(ErrorCodes.invalidParams);
        expect(error.message).toContain(message);
      }
      expect(asked).toEqual([]);
    });
  }

  it('suggests the normalised path for a .. path', async () => {
    const error = await failure(read(`${ws}/src/../../home/.bashrc`));
    expect(error.message).toContain(`did you mean ${path.join(root, 'home', '.bashrc')}?`);
  });
});

describe('reads outside the workspace folders', () => {
  it('asks, shows the real path, and a denial answers an error the agent can show (and is logged)', async () => {
    const key = path.join(outside, '.ssh', 'id_rsa');
    const error = await failure(read(key));
    expect(error.code).toBe(ErrorCodes.invalidParams);
    expect(error.message).toContain('refused');
    expect(asked.map((request) => [request.kind, request.realPath, request.folder])).toEqual([
      ['read', key, path.dirname(key)],
    ]);
    expect(logged.join('\n')).toContain(`read outside the workspace denied by the user: ${key}`);
  });

  it('"Allow once" allows that read only; the next one asks again', async () => {
    answer = 'once';
    expect(await read(path.join(outside, 'notes.txt'))).toEqual({ content: 'notes\n' });
    expect(await read(path.join(outside, 'notes.txt'))).toEqual({ content: 'notes\n' });
    expect(asked).toHaveLength(2);
    expect(logged.filter((line) => line.includes('allowed by the user once'))).toHaveLength(2);
  });

  it('"Allow for this folder" covers that folder for this chat, not its subfolders nor other chats', async () => {
    answer = 'folder';
    expect(await read(path.join(outside, 'notes.txt'))).toEqual({ content: 'notes\n' });
    answer = 'deny';
    expect(await read(path.join(outside, '.bashrc'))).toEqual({ content: 'export SECRET=1\n' });
    expect(asked).toHaveLength(1);
    await failure(read(path.join(outside, '.ssh', 'id_rsa')));
    expect(asked).toHaveLength(2);
    expect(logged.join('\n')).toContain('folder allowed earlier in this chat');
    const otherChat = createFsRequestHandlers(
      {
        agentName: 'Agent',
        readOutsideWorkspace: () => 'ask',
        confirmOutsideWorkspace: async () => 'deny',
        maxReadBytes: () => 8 * MiB,
        log: () => {},
      },
      editor,
    );
    await failure(otherChat.readTextFile({ sessionId: 's', path: path.join(outside, 'notes.txt') }, notCancelled));
  });

  it('follows the setting: "deny" refuses without asking, "allow" reads without asking; both are logged', async () => {
    policy = 'deny';
    expect((await failure(read(path.join(outside, 'notes.txt')))).message).toContain(
      'switchboard.fs.readOutsideWorkspace is "deny"',
    );
    policy = 'allow';
    expect(await read(path.join(outside, 'notes.txt'))).toEqual({ content: 'notes\n' });
    expect(asked).toEqual([]);
    expect(logged).toHaveLength(2);
  });

  it('counts a symlink inside the workspace that leads out as outside, and shows where it leads', async () => {
    await failure(read(path.join(ws, 'bashrc-link')));
    await failure(read(path.join(ws, 'home-link', 'notes.txt')));
    expect(asked.map((request) => [request.requestedPath, request.realPath])).toEqual([
      [path.join(ws, 'bashrc-link'), path.join(outside, '.bashrc')],
      [path.join(ws, 'home-link', 'notes.txt'), path.join(outside, 'notes.txt')],
    ]);
    expect(logged[0]).toContain(`(really ${path.join(outside, '.bashrc')})`);
  });

  it('answers -32800 at once when the request is cancelled while the dialog is open', async () => {
    let cancel = () => {};
    let cancelled = false;
    const signal: CancelSignal = {
      get isCancellationRequested() {
        return cancelled;
      },
      onCancellationRequested: (listener) => {
        cancel = () => {
          cancelled = true;
          listener();
        };
        return { dispose() {} };
      },
    };
    const waiting = createFsRequestHandlers(
      {
        agentName: 'Agent',
        readOutsideWorkspace: () => 'ask',
        confirmOutsideWorkspace: () => new Promise(() => {}), // the user never answers
        maxReadBytes: () => 8 * MiB,
        log: () => {},
      },
      editor,
    );
    const pending = waiting.readTextFile({ sessionId: 's', path: path.join(outside, 'notes.txt') }, signal);
    setTimeout(() => cancel(), 20);
    expect((await failure(pending)).code).toBe(ErrorCodes.requestCancelled);
  });

  it('reads every workspace folder of a multi-root workspace without asking', async () => {
    expect(await read(path.join(ws2, 'second.txt'))).toEqual({ content: 'second root\n' });
    expect(asked).toEqual([]);
  });

  it('answers -32002 for a missing file (other agents than Gemini CLI)', async () => {
    const error = await failure(read(path.join(ws, 'missing.txt')));
    expect(error.code).toBe(ErrorCodes.resourceNotFound);
  });
});

describe('writes that would leave the workspace or hit a non-file', () => {
  // Every refusal happens before the editor is asked to write.
  afterEach(() => expect(editor.writes).toEqual([]));

  it('asks before overwriting through a symlink to a file outside, and a denial writes nothing', async () => {
    const error = await failure(write(path.join(ws, 'bashrc-link')));
    expect(error.message).toContain('refused');
    expect(asked.map((request) => [request.kind, request.realPath])).toEqual([
      ['write', path.join(outside, '.bashrc')],
    ]);
    expect(fs.readFileSync(path.join(outside, '.bashrc'), 'utf8')).toBe('export SECRET=1\n');
  });

  it('asks before creating a file through a symlinked folder or a dangling link', async () => {
    await failure(write(path.join(ws, 'home-link', 'planted.txt')));
    await failure(write(path.join(ws, 'dangling')));
    expect(asked.map((request) => request.realPath)).toEqual([
      path.join(outside, 'planted.txt'),
      path.join(outside, '.profile-new'),
    ]);
    expect(fs.existsSync(path.join(outside, 'planted.txt'))).toBe(false);
    expect(fs.existsSync(path.join(outside, '.profile-new'))).toBe(false);
  });

  it('the read setting "allow" does not allow writes', async () => {
    policy = 'allow';
    await failure(write(path.join(outside, 'notes.txt')));
    expect(asked).toHaveLength(1);
    expect(fs.readFileSync(path.join(outside, 'notes.txt'), 'utf8')).toBe('notes\n');
  });

  it('refuses to write onto a directory, a FIFO or a device', async () => {
    const fifo = path.join(ws, 'write-pipe');
    execFileSync('mkfifo', [fifo]);
    expect((await failure(write(ws2))).message).toContain('path is a directory');
    expect((await failure(write(fifo))).message).toContain('FIFO');
    policy = 'allow';
    answer = 'once';
    expect((await failure(write('/dev/null'))).message).toContain('character device');
  });
});

describe('writes that pass the checks', () => {
  it('reach the editor once, with what the path held: a file, or nothing yet', async () => {
    const existing = path.join(ws, 'existing.txt');
    fs.writeFileSync(existing, 'before\n');
    expect(texts(await write(existing, 'after\n'), existing)).toEqual({ before: 'before\n', after: 'after\n' });
    const created = path.join(ws, 'new', 'created.txt');
    expect(texts(await write(created, 'made\n'), created)).toEqual({ before: null, after: 'made\n' });
    expect(editor.writes.map(({ filePath, content, onDisk }) => [filePath, content, onDisk])).toEqual([
      [existing, 'after\n', 'file'],
      [created, 'made\n', 'missing'],
    ]);
    expect(asked).toEqual([]);
  });

  it("without review, the write's texts go to the keeper the handlers were given (the window's, which Open diff reads)", async () => {
    const windowTexts = new FileTexts();
    const withKeeper = createFsRequestHandlers(
      {
        agentName: 'Agent',
        readOutsideWorkspace: () => 'deny',
        maxReadBytes: () => MiB,
        confirmOutsideWorkspace: async () => 'deny',
        log: () => {},
        texts: windowTexts,
      },
      editor,
    );
    const file = path.join(ws, 'kept.txt');
    fs.writeFileSync(file, 'one\n');
    const outcome = await withKeeper.writeTextFile({ sessionId: 's', path: file, content: 'two\n' }, notCancelled);
    expect(windowTexts.texts({ path: outcome.path, revision: outcome.revision })).toEqual({
      before: 'one\n',
      after: 'two\n',
    });
  });

  it('outside the workspace, only after the user allowed it', async () => {
    answer = 'once';
    const notes = path.join(outside, 'notes.txt');
    await write(notes, 'allowed\n');
    expect(asked.map((request) => [request.kind, request.realPath])).toEqual([['write', notes]]);
    expect(fs.readFileSync(notes, 'utf8')).toBe('allowed\n');
    fs.writeFileSync(notes, 'notes\n');
  });

  it('refuses content that is not a string before asking anything', async () => {
    const error = await failure(
      handlers.writeTextFile(
        { sessionId: 's', path: path.join(outside, 'notes.txt'), content: 42 as unknown as string },
        notCancelled,
      ),
    );
    expect(error.code).toBe(ErrorCodes.invalidParams);
    expect(error.message).toBe('content must be a string');
    expect(asked).toEqual([]);
    expect(editor.writes).toEqual([]);
  });
});
