import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ChatHost } from '../../../src/chat/controls/chatHost';
import { routeWebviewMessage } from '../../../src/chat/messageRouter';
import { codeKey } from '../../../src/shared/codeBlockFile';
import type { Entry } from '../../../src/shared/thread';
import { FakeThread } from './fakeThread';

const ROOT = path.resolve('/work/space');
const BLOCK = 'export const a = 2;';
const BIDI_NAME = '../\u202Etxt.exe';
const ANSWER = [
  'Change it to:',
  '',
  '```ts src/a.ts',
  BLOCK,
  '```',
  '',
  '```ts ../outside.ts',
  'x',
  '```',
  '',
  `\`\`\`ts ${BIDI_NAME}`,
  'y',
  '```',
].join('\n');

/** A chat with one user message and the agent's answer holding a block that names src/a.ts. */
function setup(existing: string[] = []) {
  const thread = new FakeThread('t1');
  const entries: Entry[] = [
    { kind: 'user', id: 'e0', messageId: null, parts: [{ kind: 'text', text: '```ts src/a.ts\nfrom the user\n```' }] },
    { kind: 'agent', id: 'e1', messageId: null, parts: [{ kind: 'text', text: ANSWER }] },
  ];
  thread.state = { ...thread.state, entries };
  const log: unknown[][] = [];
  const errors: string[] = [];
  const host = {
    activeThread: () => thread,
    findThread: () => thread,
    workspaceFolders: () => [ROOT],
    applyTarget: async (candidates: string[]) => {
      log.push(['applyTarget', candidates]);
      return candidates.find((candidate) => existing.includes(candidate)) ?? candidates[0];
    },
    openLocation: async (...args: unknown[]) => void log.push(['openLocation', ...args]),
    reportError: (message: string) => errors.push(message),
    reportInvalid: (raw: unknown) => errors.push(`invalid ${JSON.stringify(raw)}`),
  } as unknown as ChatHost;
  return { thread, host, log, errors };
}

describe('"Apply" on a code block of an answer', () => {
  it("writes the host's own copy of the block through the chat, then opens the file", async () => {
    const { thread, host, log, errors } = setup();
    await routeWebviewMessage({ type: 'applyCode', entryId: 'e1', path: 'src/a.ts', key: codeKey(BLOCK) }, host);
    const target = path.join(ROOT, 'src/a.ts');
    expect(errors).toEqual([]);
    expect(thread.calls).toEqual([['applyCode', target, BLOCK]]);
    expect(log).toEqual([
      ['applyTarget', [target]],
      ['openLocation', target, null],
    ]);
  });

  it('refuses a key that is not a block of that answer (the webview cannot choose the text)', async () => {
    const { thread, host, errors } = setup();
    await routeWebviewMessage({ type: 'applyCode', entryId: 'e1', path: 'src/a.ts', key: codeKey('rm -rf ~') }, host);
    expect(thread.calls).toEqual([]);
    expect(errors).toHaveLength(1);
    expect(errors).toEqual(['Switchboard could not apply the code block: that code block is no longer in the chat.']);
  });

  it("refuses a block of the user's own message and an entry that is gone", async () => {
    const { thread, host, errors } = setup();
    await routeWebviewMessage(
      { type: 'applyCode', entryId: 'e0', path: 'src/a.ts', key: codeKey('from the user') },
      host,
    );
    await routeWebviewMessage({ type: 'applyCode', entryId: 'e9', path: 'src/a.ts', key: codeKey(BLOCK) }, host);
    expect(thread.calls).toEqual([]);
    expect(errors).toHaveLength(2);
  });

  it('refuses a path outside the workspace folders, naming it', async () => {
    const { thread, host, errors } = setup();
    await routeWebviewMessage({ type: 'applyCode', entryId: 'e1', path: '../outside.ts', key: codeKey('x') }, host);
    expect(thread.calls).toEqual([]);
    // What helps is saving the block elsewhere; the agent has nothing to do with it (no log, no restart).
    expect(errors).toEqual([
      'Switchboard could not apply the code block: ../outside.ts is not a path inside the workspace. Copy the block to save it somewhere else.',
    ]);
  });

  it('names a refused path with its invisible characters shown (⟨U+202E⟩)', async () => {
    const { thread, host, errors } = setup();
    await routeWebviewMessage({ type: 'applyCode', entryId: 'e1', path: BIDI_NAME, key: codeKey('y') }, host);
    expect(thread.calls).toEqual([]);
    expect(errors[0]).toContain('../⟨U+202E⟩txt.exe is not a path inside the workspace');
    expect(errors[0]).not.toContain('\u202E');
  });

  it('a malformed message is refused before anything is read', async () => {
    const { thread, host, errors } = setup();
    await routeWebviewMessage({ type: 'applyCode', entryId: 'e1', path: 'src/a.ts' }, host);
    expect(thread.calls).toEqual([]);
    expect(errors[0]).toMatch(/^invalid/);
  });

  it('a refused write (the thread rejects) is reported, the file not opened', async () => {
    const { thread, host, log, errors } = setup();
    thread.failWith = new Error('the user denied the write');
    await routeWebviewMessage({ type: 'applyCode', entryId: 'e1', path: 'src/a.ts', key: codeKey(BLOCK) }, host);
    expect(errors).toEqual(['Switchboard could not apply the code block: the user denied the write.']);
    expect(log.filter((line) => line[0] === 'openLocation')).toEqual([]);
  });
});
