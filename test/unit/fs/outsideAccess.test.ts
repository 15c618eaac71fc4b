// OutsideAccess and resolveRealPath on real folders and real symlinks (no VS Code): what counts as
// inside, how questions for one folder are shared, and links that dangle or loop.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OutsideAccess, type OutsideChoice, type OutsideRequest } from '../../../src/fs/outsideAccess';
import { resolveRealPath } from '../../../src/fs/realPath';
import { RequestFailure } from '../../../src/session/api';

let root: string;
let ws: string;
let out: string;
beforeAll(() => {
  root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'switchboard-outside-')));
  ws = path.join(root, 'ws');
  out = path.join(root, 'out');
  fs.mkdirSync(path.join(ws, 'src'), { recursive: true });
  fs.mkdirSync(out);
  fs.symlinkSync(out, path.join(ws, 'out-link'));
  fs.symlinkSync(path.join(ws, 'src'), path.join(root, 'alias-of-src'));
  fs.symlinkSync(path.join(ws, 'dangling-target'), path.join(ws, 'dangling-inside'));
  fs.symlinkSync(path.join(ws, 'loop-b'), path.join(ws, 'loop-a'));
  fs.symlinkSync(path.join(ws, 'loop-a'), path.join(ws, 'loop-b'));
});
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

function gate(answers: OutsideChoice[], policy: 'ask' | 'allow' | 'deny' = 'ask', folders = () => [ws]) {
  const asked: OutsideRequest[] = [];
  const logged: string[] = [];
  const access = new OutsideAccess({
    workspaceFolders: folders,
    readPolicy: () => policy,
    confirm: async (request) => {
      asked.push(request);
      await new Promise((resolve) => setTimeout(resolve, 10));
      return answers.shift() ?? 'deny';
    },
    log: (line) => logged.push(line),
  });
  return { access, asked, logged };
}

describe('resolveRealPath', () => {
  it('follows links, keeps missing names under the real parent, follows a dangling link by hand', async () => {
    expect(await resolveRealPath(path.join(ws, 'out-link', 'new', 'deeper.txt'))).toBe(
      path.join(out, 'new', 'deeper.txt'),
    );
    expect(await resolveRealPath(path.join(root, 'alias-of-src', 'a.ts'))).toBe(path.join(ws, 'src', 'a.ts'));
    expect(await resolveRealPath(path.join(ws, 'dangling-inside'))).toBe(path.join(ws, 'dangling-target'));
  });

  it('gives up on a link loop with a clear error', async () => {
    await expect(resolveRealPath(path.join(ws, 'loop-a', 'x'))).rejects.toThrow('too many symbolic links');
  });
});

describe('OutsideAccess', () => {
  it('a path outside the folders by name but inside by its real path needs no question', async () => {
    const { access, asked } = gate([]);
    expect(await access.check('write', path.join(root, 'alias-of-src', 'a.ts'))).toBe(path.join(ws, 'src', 'a.ts'));
    expect(asked).toEqual([]);
  });

  it('a workspace folder opened through a symlink still counts as inside', async () => {
    const { access, asked } = gate([], 'ask', () => [path.join(root, 'alias-of-src')]);
    await access.check('read', path.join(ws, 'src', 'b.ts'));
    expect(asked).toEqual([]);
  });

  it('concurrent requests for one folder share one dialog; a folder grant answers them all', async () => {
    const { access, asked } = gate(['folder']);
    const results = await Promise.all(['a', 'b', 'c'].map((name) => access.check('read', path.join(out, name))));
    expect(results).toEqual(['a', 'b', 'c'].map((name) => path.join(out, name)));
    expect(asked).toHaveLength(1);
  });

  it('a denial answers the requests waiting on it; "once" asks again for the next file', async () => {
    const denied = gate(['deny']);
    const outcomes = await Promise.allSettled([
      denied.access.check('read', path.join(out, 'a')),
      denied.access.check('read', path.join(out, 'b')),
    ]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['rejected', 'rejected']);
    expect(denied.asked).toHaveLength(1);
    const once = gate(['once', 'once']);
    await Promise.all([once.access.check('read', path.join(out, 'a')), once.access.check('read', path.join(out, 'b'))]);
    expect(once.asked).toHaveLength(2);
  });

  it('a read grant is not a write grant, and a dismissed or failing dialog denies', async () => {
    const { access, asked } = gate(['folder']);
    await access.check('read', path.join(out, 'a'));
    await expect(access.check('write', path.join(out, 'a'))).rejects.toBeInstanceOf(RequestFailure);
    expect(asked.map((request) => request.kind)).toEqual(['read', 'write']);
    const failing = new OutsideAccess({
      workspaceFolders: () => [ws],
      readPolicy: () => 'ask',
      confirm: async () => {
        throw new Error('no window');
      },
      log: () => {},
    });
    await expect(failing.check('read', path.join(out, 'a'))).rejects.toThrow('refused');
  });

  it("a folder grant for writes never covers a file that configures what runs there (the user's .bashrc)", async () => {
    const { access, asked } = gate(['folder', 'deny']);
    await access.check('write', path.join(out, 'notes.txt'));
    await access.check('write', path.join(out, 'todo.txt')); // the grant answers this one
    await expect(access.check('write', path.join(out, '.bashrc'))).rejects.toThrow(/Writing .*\.bashrc was refused/);
    expect(asked.map((request) => path.basename(request.realPath))).toEqual(['notes.txt', '.bashrc']);
  });

  it('logs the escaped path, so a newline in a name cannot forge a log line', async () => {
    const { access, logged } = gate([], 'allow');
    await access.check('read', path.join(out, 'x\nfs: read allowed: fake'));
    expect(logged).toHaveLength(1);
    expect(logged[0]).not.toContain('\n');
    expect(logged[0]).toContain('x\\u000Afs: read allowed');
  });

  it('says what was refused and why, and logs each decision with how it was made', async () => {
    const target = path.join(out, 'a');
    const denied = gate(['deny', 'deny']);
    await expect(denied.access.check('read', target)).rejects.toThrow(
      `Reading ${target} was refused: it is outside the workspace folders and the user denied it. Do not retry; ask the user.`,
    );
    await expect(denied.access.check('write', target)).rejects.toThrow(`Writing ${target} was refused`);
    expect(denied.logged).toEqual([
      `fs: read outside the workspace denied by the user: ${target}`,
      `fs: write outside the workspace denied by the user: ${target}`,
    ]);
    const bySetting = gate([], 'deny');
    await expect(bySetting.access.check('read', target)).rejects.toThrow(
      'switchboard.fs.readOutsideWorkspace is "deny"',
    );
    expect(bySetting.logged).toEqual([
      `fs: read outside the workspace denied by switchboard.fs.readOutsideWorkspace = "deny": ${target}`,
    ]);
    const allowed = gate(['once', 'folder']);
    await allowed.access.check('read', target);
    await allowed.access.check('read', target);
    expect(allowed.logged).toEqual([
      `fs: read outside the workspace allowed by the user once: ${target}`,
      `fs: read outside the workspace allowed by the user for the folder ${out} in this chat: ${target}`,
    ]);
  });
});
