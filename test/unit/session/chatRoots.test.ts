// A chat with folders of its own: its environment names them in place of the workspace's, and its terminals start
// only inside them (real paths: a link inside that leads out is outside).
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { confinedEnvironment } from '../../../src/session/chatRoots';
import { terminalCwdProblem } from '../../../src/fs/confinedCwd';
import { testHostEnv } from '../../integration/hostEnv';

let root: string;
let workspace: string;
let worktree: string;
beforeAll(() => {
  root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'switchboard-chatroots-')));
  workspace = path.join(root, 'workspace');
  worktree = path.join(root, 'worktree');
  fs.mkdirSync(path.join(worktree, 'sub'), { recursive: true });
  fs.mkdirSync(workspace);
  fs.symlinkSync(workspace, path.join(worktree, 'out'));
});
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

describe('a chat confined to its own folders', () => {
  it("gives the agent the chat's folders, the first as its cwd, and leaves review's reports out", () => {
    const env = { ...testHostEnv(workspace), reportFileChange: async () => undefined };
    const confined = confinedEnvironment(env, [worktree, `${worktree}-2`]);
    expect(confined.workspaceCwd()).toBe(worktree);
    expect(confined.workspaceFolders?.()).toEqual([worktree, `${worktree}-2`]);
    expect(confined.confinedTo?.()).toEqual([worktree, `${worktree}-2`]);
    expect(confined.reportFileChange).toBeUndefined();
    expect(env.workspaceCwd()).toBe(workspace);
    expect(() => confinedEnvironment(env, [])).toThrow(/at least one folder/);
  });

  it("asks the permission policy with the chat's folders, so workspace rules do not cover the workspace for it", () => {
    const asked: Array<readonly string[] | undefined> = [];
    const env = {
      ...testHostEnv(workspace),
      permissionPolicy: (_agentId: string, _threadId: string, folders?: readonly string[]) => {
        asked.push(folders);
        return { answer: () => undefined, chosen: () => undefined };
      },
    };
    confinedEnvironment(env, [worktree]).permissionPolicy?.('agent', 'chat');
    env.permissionPolicy('agent', 'other');
    expect(asked).toEqual([[worktree], undefined]);
  });

  it('starts terminals only inside its folders', async () => {
    expect(await terminalCwdProblem(worktree, [worktree])).toBeNull();
    expect(await terminalCwdProblem(path.join(worktree, 'sub'), [worktree])).toBeNull();
    expect(await terminalCwdProblem(workspace, [worktree])).toMatch(/outside this chat's worktree/);
    expect(await terminalCwdProblem(path.join(worktree, 'out'), [worktree])).toMatch(/outside/);
    expect(await terminalCwdProblem(workspace, undefined)).toBeNull();
  });
});
