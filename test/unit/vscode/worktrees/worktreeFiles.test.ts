// A chat in its own worktree reads and writes the worktree's files on disk, under the same checks as any chat, with
// "outside" meaning outside the worktree: the user's own workspace is outside for it (asked, and refused when
// denied), and ../ or a symbolic link out of the worktree is refused like any other path outside. Real files.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { OutsideRequest } from '../../../../src/fs/outsideAccess';
import type { CancelSignal, ClientHandlers } from '../../../../src/session/api';
import { createFsRequestHandlers } from '../../../../src/vscode/fs/fsRequests';
import { worktreeFiles } from '../../../../src/vscode/worktrees/worktreeFiles';

const notCancelled: CancelSignal = {
  isCancellationRequested: false,
  onCancellationRequested: () => ({ dispose() {} }),
};

let root: string;
let workspace: string;
let worktree: string;
beforeAll(() => {
  root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'switchboard-wtfiles-')));
  workspace = path.join(root, 'workspace');
  worktree = path.join(root, 'storage', 'worktrees', 'wt-1', 'workspace');
  fs.mkdirSync(workspace, { recursive: true });
  fs.mkdirSync(worktree, { recursive: true });
  fs.writeFileSync(path.join(workspace, 'a.txt'), "the user's file\n");
  fs.writeFileSync(path.join(worktree, 'a.txt'), "the chat's copy\n");
  fs.symlinkSync(path.join(workspace, 'a.txt'), path.join(worktree, 'link-out.txt'));
  fs.symlinkSync(workspace, path.join(worktree, 'workspace-link'));
});
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

let asked: OutsideRequest[];
let handlers: ClientHandlers;
beforeEach(() => {
  asked = [];
  handlers = createFsRequestHandlers(
    {
      agentName: 'Agent',
      readOutsideWorkspace: () => 'ask',
      maxReadBytes: () => 1024 * 1024,
      confirmOutsideWorkspace: async (request) => {
        asked.push(request);
        return 'deny';
      },
      log: () => undefined,
    },
    worktreeFiles(() => [worktree]),
  );
});

const read = (filePath: string) => handlers.readTextFile({ sessionId: 's', path: filePath }, notCancelled);
const write = (filePath: string, content: string) =>
  handlers.writeTextFile({ sessionId: 's', path: filePath, content }, notCancelled);
const workspaceText = () => fs.readFileSync(path.join(workspace, 'a.txt'), 'utf8');

describe('the files of a chat in its own worktree', () => {
  it("reads the worktree's copy, not the workspace's file, without asking", async () => {
    expect(await read(path.join(worktree, 'a.txt'))).toEqual({ content: "the chat's copy\n" });
    expect(asked).toEqual([]);
  });

  it('writes into the worktree on disk (new folders made), never into the workspace', async () => {
    const outcome = await write(path.join(worktree, 'src', 'new.txt'), 'written by the agent\n');
    expect(fs.readFileSync(path.join(worktree, 'src', 'new.txt'), 'utf8')).toBe('written by the agent\n');
    expect(fs.existsSync(path.join(workspace, 'src'))).toBe(false);
    expect(outcome.view(outcome.revision)).toMatchObject({ created: true });
    await write(path.join(worktree, 'a.txt'), 'changed in the worktree\n');
    expect(workspaceText()).toBe("the user's file\n");
    expect(asked).toEqual([]);
  });

  it("treats the user's workspace as outside: a read is asked, and refused when denied", async () => {
    await expect(read(path.join(workspace, 'a.txt'))).rejects.toThrow(/outside the workspace folders/);
    expect(asked).toMatchObject([{ kind: 'read', realPath: path.join(workspace, 'a.txt') }]);
  });

  it("treats the user's workspace as outside: a write is asked, and the file is untouched when denied", async () => {
    await expect(write(path.join(workspace, 'a.txt'), 'overwritten')).rejects.toThrow(/refused/);
    expect(asked).toMatchObject([{ kind: 'write', realPath: path.join(workspace, 'a.txt') }]);
    expect(workspaceText()).toBe("the user's file\n");
  });

  it('refuses a ../ escape out of the worktree like any path outside', async () => {
    const escape = `${worktree}/../../../../workspace/a.txt`;
    await expect(write(escape, 'escaped')).rejects.toThrow();
    expect(workspaceText()).toBe("the user's file\n");
  });

  it('follows a symbolic link out of the worktree to where it leads: outside, asked and refused', async () => {
    await expect(read(path.join(worktree, 'link-out.txt'))).rejects.toThrow(/refused/);
    await expect(write(path.join(worktree, 'workspace-link', 'a.txt'), 'through the link')).rejects.toThrow(/refused/);
    expect(asked.map((request) => request.realPath)).toEqual([
      path.join(workspace, 'a.txt'),
      path.join(workspace, 'a.txt'),
    ]);
    expect(workspaceText()).toBe("the user's file\n");
  });
});
