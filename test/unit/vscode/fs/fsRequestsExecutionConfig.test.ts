// fs/write_text_file to a file that configures what runs (src/fs/executionConfig.ts) inside the workspace is
// asked, whatever else allows it: core.fsmonitor written into .git/config would run at the next `git status`,
// which VS Code issues by itself. On real files and links, with a stand-in editor (diskEditor.ts).
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createFsRequestHandlers, type ExecutionConfigRequest } from '../../../../src/vscode/fs/fsRequests';
import { DiskEditor, failure } from './diskEditor';
import { ErrorCodes } from '../../../../src/protocol/methods';
import type { CancelSignal } from '../../../../src/session/api';

const notCancelled: CancelSignal = {
  isCancellationRequested: false,
  onCancellationRequested: () => ({ dispose() {} }),
};
const FSMONITOR = '[core]\n\tfsmonitor = "touch /tmp/pwned"\n';

let root: string;
let ws: string;
beforeAll(() => {
  root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'switchboard-execconfig-')));
  ws = path.join(root, 'ws');
  fs.mkdirSync(path.join(ws, '.git'), { recursive: true });
  fs.writeFileSync(path.join(ws, 'notes.txt'), 'notes\n');
  fs.symlinkSync(path.join(ws, '.git', 'config'), path.join(ws, 'innocent.txt'));
});
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

let asked: ExecutionConfigRequest[];
let answer: boolean;
let logged: string[];
let editor: DiskEditor;
let handlers: ReturnType<typeof createFsRequestHandlers>;
beforeEach(() => {
  fs.writeFileSync(path.join(ws, '.git', 'config'), '[core]\n\tbare = false\n');
  asked = [];
  answer = false;
  logged = [];
  editor = new DiskEditor();
  editor.folders = [ws];
  handlers = createFsRequestHandlers(
    {
      agentName: 'Agent',
      readOutsideWorkspace: () => 'ask',
      maxReadBytes: () => 1024 * 1024,
      confirmOutsideWorkspace: async () => 'deny',
      confirmExecutionConfig: async (request) => {
        asked.push(request);
        return answer;
      },
      log: (line) => logged.push(line),
    },
    editor,
  );
});

function write(filePath: string, content = FSMONITOR) {
  return handlers.writeTextFile({ sessionId: 's', path: filePath, content }, notCancelled);
}

describe('writes to files that configure what runs', () => {
  it('asks before writing .git/config, and a denial leaves the file as it was with a clear error', async () => {
    const config = path.join(ws, '.git', 'config');
    const error = await failure(write(config));
    expect(asked).toEqual([{ requestedPath: config, realPath: config, kind: 'git' }]);
    expect(error.code).toBe(ErrorCodes.invalidParams);
    expect(error.message).toBe(
      `Writing ${config} was refused: it configures what runs (git) and the user denied it. Do not retry; ask the user.`,
    );
    expect(fs.readFileSync(config, 'utf8')).toBe('[core]\n\tbare = false\n');
    expect(editor.writes).toEqual([]);
    expect(logged.some((line) => line.includes('denied') && line.includes(config))).toBe(true);
  });

  it('writes once the user allows it, and logs that', async () => {
    answer = true;
    const config = path.join(ws, '.git', 'config');
    await write(config);
    expect(asked).toHaveLength(1);
    expect(fs.readFileSync(config, 'utf8')).toBe(FSMONITOR);
    expect(logged.some((line) => line.includes('allowed') && line.includes(config))).toBe(true);
  });

  it('asks again at the next write: an answer is for one write', async () => {
    answer = true;
    await write(path.join(ws, '.git', 'config'));
    await write(path.join(ws, '.git', 'config'));
    expect(asked).toHaveLength(2);
  });

  it('judges a link by where it leads: innocent.txt -> .git/config is asked, with both paths', async () => {
    await failure(write(path.join(ws, 'innocent.txt')));
    expect(asked).toEqual([
      { requestedPath: path.join(ws, 'innocent.txt'), realPath: path.join(ws, '.git', 'config'), kind: 'git' },
    ]);
  });

  it('asks for a new file too (.vscode/tasks.json), and not for an ordinary file', async () => {
    await failure(write(path.join(ws, '.vscode', 'tasks.json'), '{"tasks": []}'));
    expect(asked.map((a) => a.kind)).toEqual(['editor']);
    expect(fs.existsSync(path.join(ws, '.vscode'))).toBe(false);
    await write(path.join(ws, 'notes.txt'), 'more notes\n');
    expect(asked).toHaveLength(1);
    expect(fs.readFileSync(path.join(ws, 'notes.txt'), 'utf8')).toBe('more notes\n');
  });

  it('refuses when nobody can be asked', async () => {
    const quiet = createFsRequestHandlers(
      {
        agentName: 'Agent',
        readOutsideWorkspace: () => 'ask',
        maxReadBytes: () => 1024 * 1024,
        confirmOutsideWorkspace: async () => 'deny',
        log: () => {},
      },
      editor,
    );
    const error = await failure(
      quiet.writeTextFile({ sessionId: 's', path: path.join(ws, '.git', 'config'), content: FSMONITOR }, notCancelled),
    );
    expect(error.message).toContain('configures what runs');
  });

  it('reads such a file without asking', async () => {
    const read = await handlers.readTextFile({ sessionId: 's', path: path.join(ws, '.git', 'config') }, notCancelled);
    expect(read.content).toContain('bare');
    expect(asked).toEqual([]);
  });
});
