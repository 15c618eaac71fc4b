// The edges of src/vscode/fs/fsRequests.ts that mutation testing found unchecked: the line/limit
// checks, cancellation before and during the consent question, the Gemini CLI quirk, a path through a
// file (ENOTDIR), and an open document found under the real path of a symlink.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AgentIdentity } from '../../../../src/agents/quirks/gemini';
import type { OutsideChoice } from '../../../../src/fs/outsideAccess';
import { ErrorCodes } from '../../../../src/protocol/methods';
import { RequestFailure, type CancelSignal } from '../../../../src/session/api';
import { createFsRequestHandlers } from '../../../../src/vscode/fs/fsRequests';
import { DiskEditor } from './diskEditor';

const notCancelled: CancelSignal = {
  isCancellationRequested: false,
  onCancellationRequested: () => ({ dispose() {} }),
};
const cancelled: CancelSignal = {
  isCancellationRequested: true,
  onCancellationRequested: () => ({ dispose() {} }),
};

let root: string;
let ws: string;
let outside: string;
beforeAll(() => {
  root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'switchboard-fsreq-')));
  ws = path.join(root, 'ws');
  outside = path.join(root, 'outside');
  fs.mkdirSync(ws);
  fs.mkdirSync(outside);
  fs.writeFileSync(path.join(ws, 'a.txt'), 'one\ntwo\nthree\n');
  fs.writeFileSync(path.join(outside, 'b.txt'), 'outside\n');
  fs.symlinkSync(path.join(ws, 'a.txt'), path.join(ws, 'link.txt'));
});
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

let editor: DiskEditor;
let asked: number;
let agent: AgentIdentity | undefined;
let answer: () => Promise<OutsideChoice>;
beforeEach(() => {
  editor = new DiskEditor();
  editor.folders = [ws];
  asked = 0;
  agent = undefined;
  answer = async () => 'once';
});

function handlers() {
  return createFsRequestHandlers(
    {
      agentName: 'Agent',
      readOutsideWorkspace: () => 'ask',
      confirmOutsideWorkspace: () => {
        asked++;
        return answer();
      },
      maxReadBytes: () => 1024 * 1024,
      log: () => {},
      ...(agent ? { agent: () => agent! } : {}),
    },
    editor,
  );
}

async function failure(promise: Promise<unknown>): Promise<RequestFailure> {
  const error = await promise.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(RequestFailure);
  return error as RequestFailure;
}

describe('line and limit', () => {
  const file = () => path.join(ws, 'a.txt');

  it('are non-negative integers, or absent, or null', async () => {
    const read = (line: unknown, limit: unknown) =>
      handlers().readTextFile(
        { sessionId: 's', path: file(), line: line as number, limit: limit as number },
        notCancelled,
      );
    expect(await read(null, null)).toEqual({ content: 'one\ntwo\nthree\n' });
    expect(await read(2, 0)).toEqual({ content: '' });
    expect(await read(0, 1)).toEqual({ content: 'one\n' });
    for (const [line, limit, key] of [
      [-1, undefined, 'line'],
      [1.5, undefined, 'line'],
      ['2', undefined, 'line'],
      [undefined, -1, 'limit'],
      [1, 2.5, 'limit'],
      [1, '3', 'limit'],
    ] as const) {
      const error = await failure(read(line, limit));
      expect(error.code).toBe(ErrorCodes.invalidParams);
      expect(error.message).toBe(`${key} must be a non-negative integer`);
    }
  });
});

describe('cancellation', () => {
  it('a request cancelled before it starts answers -32800 without asking or writing', async () => {
    const outsideFile = path.join(outside, 'b.txt');
    for (const request of [
      handlers().readTextFile({ sessionId: 's', path: outsideFile }, cancelled),
      handlers().writeTextFile({ sessionId: 's', path: outsideFile, content: 'x' }, cancelled),
      handlers().readTextFile({ sessionId: 's', path: path.join(ws, 'a.txt') }, cancelled),
    ]) {
      const error = await failure(request);
      expect(error.code).toBe(ErrorCodes.requestCancelled);
      expect(error.message).toBe('Request cancelled');
    }
    // Not asked later either: the check does not start for a request that is already cancelled.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(asked).toBe(0);
    expect(editor.writes).toEqual([]);
    expect(fs.readFileSync(path.join(outside, 'b.txt'), 'utf8')).toBe('outside\n');
  });

  it('cancelled while the user answers "Allow": nothing is read or written', async () => {
    const signal = { isCancellationRequested: false, onCancellationRequested: () => ({ dispose() {} }) };
    answer = async () => {
      signal.isCancellationRequested = true;
      return 'once';
    };
    const outsideFile = path.join(outside, 'b.txt');
    expect((await failure(handlers().readTextFile({ sessionId: 's', path: outsideFile }, signal))).code).toBe(
      ErrorCodes.requestCancelled,
    );
    signal.isCancellationRequested = false;
    expect(
      (await failure(handlers().writeTextFile({ sessionId: 's', path: outsideFile, content: 'x' }, signal))).code,
    ).toBe(ErrorCodes.requestCancelled);
    expect(asked).toBe(2);
    expect(editor.writes).toEqual([]);
  });

  it('the cancellation listener is let go once the question is answered', async () => {
    let disposed = 0;
    const signal: CancelSignal = {
      isCancellationRequested: false,
      onCancellationRequested: () => ({ dispose: () => void disposed++ }),
    };
    await handlers().readTextFile({ sessionId: 's', path: path.join(outside, 'b.txt') }, signal);
    expect(disposed).toBe(1);
  });
});

describe('missing files', () => {
  it('Gemini CLI gets empty text for a missing file; other agents -32002 with the path as data', async () => {
    const missing = path.join(ws, 'new.txt');
    const error = await failure(handlers().readTextFile({ sessionId: 's', path: missing }, notCancelled));
    expect(error.code).toBe(ErrorCodes.resourceNotFound);
    expect(error.message).toBe(`Resource not found: ${missing}`);
    expect(error.data).toEqual({ uri: missing });

    agent = { agentInfo: { name: 'gemini-cli', version: '0.61.0' }, command: 'gemini', args: [] };
    expect(await handlers().readTextFile({ sessionId: 's', path: missing }, notCancelled)).toEqual({ content: '' });
    agent = { agentInfo: { name: 'other', version: '1' }, command: 'other', args: [] };
    expect((await failure(handlers().readTextFile({ sessionId: 's', path: missing }, notCancelled))).code).toBe(
      ErrorCodes.resourceNotFound,
    );
  });

  it('a path through a regular file (ENOTDIR) is refused with the reason, not an internal error', async () => {
    const through = path.join(ws, 'a.txt', 'child.txt');
    const error = await failure(handlers().readTextFile({ sessionId: 's', path: through }, notCancelled));
    expect(error.code).toBe(ErrorCodes.invalidParams);
    expect(error.message).toContain('a parent of the path is not a folder');
  });

  it('a folder refused for a write is invalid params, not an internal error', async () => {
    const error = await failure(handlers().writeTextFile({ sessionId: 's', path: ws, content: 'x' }, notCancelled));
    expect(error.code).toBe(ErrorCodes.invalidParams);
    expect(error.message).toBe(`path is a directory: ${ws}`);
  });
});

describe('open documents', () => {
  it('a dirty document open under the real path of a symlink is what a read through the link sees', async () => {
    editor.open(path.join(ws, 'a.txt'), 'unsaved\n', true);
    expect(await handlers().readTextFile({ sessionId: 's', path: path.join(ws, 'link.txt') }, notCancelled)).toEqual({
      content: 'unsaved\n',
    });
  });
});
