// "Edit" on a previous message and session/fork behind switchboard.experimental.fork,
// end to end with the scripted agent: fork on and offered, fork on and not offered,
// fork offered and switched off. What the client sent is asserted on the wire. Every case runs on ACP v1
// and v2 (conformanceVersions.ts), but those that need what v2 dropped.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type startThread, stopAll } from './conformanceHarness';
import { ACP_VERSIONS, excludedOnV2, onVersion } from './conformanceVersions';
import { tempDir } from './tempDirs';
import { noForkWords } from '../../src/shared/entryWords';

afterEach(stopAll);

const FORK = { sessionCapabilities: { fork: {}, additionalDirectories: {} } };

async function twoTurns(t: Awaited<ReturnType<typeof startThread>>) {
  await t.controller.prompt('first question');
  await t.controller.prompt('second question');
  const users = t.state().entries.filter((entry) => entry.kind === 'user');
  expect(users).toHaveLength(2);
  return users;
}

describe.each(ACP_VERSIONS)('ACP v%i', (version) => {
  const v = onVersion(version);

  describe('Edit on a previous message', () => {
    v.it(
      'fork on and offered: session/fork with the same folders, the fork note before the edited text, marked forked',
      async () => {
        const other = tempDir('switchboard-root-b-');
        const t = await v.startThread({ capabilities: FORK }, { otherFolders: [other], experimental: { fork: true } });
        const [first] = await twoTurns(t);
        const before = t.state().sessionId;
        await t.controller.editFrom(first!.id, 'first question, rewritten', [], 2);

        const [fork] = t.received('session/fork');
        expect(fork?.params).toEqual({ sessionId: before, cwd: t.cwd, mcpServers: [], additionalDirectories: [other] });
        expect(t.received('session/new')).toHaveLength(1); // only the chat's first session
        const prompts = t.received('session/prompt');
        const last = prompts.at(-1)!.params as { sessionId: string; prompt: { type: string; text: string }[] };
        expect(last.sessionId).not.toBe(before);
        expect(last.sessionId).toBe(t.state().sessionId);
        // The edited text first (a slash command still starts the prompt), then the note.
        expect(last.prompt[0]).toEqual({ type: 'text', text: 'first question, rewritten' });
        expect(last.prompt[1]!.text).toContain(`rewrites the user's earlier message "first question"`);
        expect(last.prompt[1]!.text).toContain('Disregard that earlier message and everything after it (4 messages)');
        expect(last.prompt).toHaveLength(2);

        const marker = t.state().entries.find((entry) => entry.kind === 'continued');
        expect(marker).toMatchObject({ how: 'forked', edit: { excerpt: 'first question', restoredFiles: 2 } });
        // The transcript shows what the user typed, not the note.
        const users = t.state().entries.filter((entry) => entry.kind === 'user');
        expect(users.at(-1)).toMatchObject({ parts: [{ kind: 'text', text: 'first question, rewritten' }] });
        expect(t.state().turn.kind).toBe('idle');
      },
      'fork',
    );

    v.it(
      'fork on, not offered: session/new seeded with the conversation before the message, marked seeded with why',
      async () => {
        const t = await v.startThread({}, { experimental: { fork: true } });
        const [, second] = await twoTurns(t);
        await t.controller.editFrom(second!.id, 'second, rewritten', [], 0);

        expect(t.received('session/fork')).toEqual([]);
        expect(t.received('session/new')).toHaveLength(2);
        const last = t.received('session/prompt').at(-1)!.params as { prompt: { text: string }[] };
        expect(last.prompt[0]).toEqual({ type: 'text', text: 'second, rewritten' });
        const seed = last.prompt[1]!.text;
        expect(seed.startsWith('\n\nContext: ')).toBe(true);
        expect(seed).toContain('User: first question');
        expect(seed).toContain('Assistant: ');
        expect(seed).not.toContain('second question');
        expect(last.prompt).toHaveLength(2);
        const marker = t.state().entries.find((entry) => entry.kind === 'continued');
        expect(marker).toMatchObject({
          how: 'seeded',
          edit: { excerpt: 'second question', restoredFiles: 0, reason: { kind: 'notOffered', agent: 'Scripted' } },
        });
        expect(marker?.kind === 'continued' && marker.edit?.reason && noForkWords(marker.edit.reason)).toBe(
          'Scripted does not support forking a chat (it does not advertise sessionCapabilities.fork).',
        );
      },
    );

    v.it('offered but the setting is off: never session/fork; seeded, and the reason names the setting', async () => {
      const t = await v.startThread({ capabilities: FORK });
      const [first] = await twoTurns(t);
      await t.controller.editFrom(first!.id, 'again', [], 1);
      expect(t.received('session/fork')).toEqual([]);
      // Editing the first message: nothing before it to seed with.
      const last = t.received('session/prompt').at(-1)!.params as { prompt: unknown[] };
      expect(last.prompt).toEqual([{ type: 'text', text: 'again' }]);
      expect(t.state().entries.find((entry) => entry.kind === 'continued')).toMatchObject({
        how: 'seeded',
        edit: { reason: { kind: 'forkOff' } },
      });
    });

    v.it('during a turn: stopTurn cancels it and waits; an unknown message is refused with nothing sent', async () => {
      const t = await v.startThread({ scenario: 'slow-turn' });
      const running = t.controller.prompt('long job');
      await vi.waitFor(() => expect(t.state().turn.kind).not.toBe('idle'));
      await expect(t.controller.editFrom('e1', 'x', [], 0)).rejects.toThrow('stop it first');
      await t.controller.stopTurn();
      await running;
      expect(t.state().turn.kind).toBe('idle');
      await expect(t.controller.editFrom('no-such-entry', 'x', [], 0)).rejects.toThrow('not in this chat');
      expect(t.received('session/new')).toHaveLength(1);
    });
  });

  describe('additionalDirectories on session/resume and session/load', () => {
    const ROWS = [
      ['resume', { sessionCapabilities: { resume: {}, additionalDirectories: {} } }, 'session/resume', undefined],
      ['load', { loadSession: true, sessionCapabilities: { additionalDirectories: {} } }, 'session/load', 'load'],
    ] as const;
    for (const [name, capabilities, method, drop] of ROWS) {
      v.it(
        `${name}, advertised: the restart carries the other folders`,
        async () => {
          const other = tempDir('switchboard-root-b-');
          const t = await v.startThread({ capabilities }, { otherFolders: [other] });
          await t.controller.prompt('hello');
          await t.controller.restart();
          const [call] = t.received(method);
          expect(call?.params).toMatchObject({ cwd: t.cwd, mcpServers: [], additionalDirectories: [other] });
        },
        drop,
      );
    }

    v.it('resume without additionalDirectories advertised: only the cwd goes', async () => {
      const t = await v.startThread(
        { capabilities: { sessionCapabilities: { resume: {} } } },
        { otherFolders: [tempDir('switchboard-root-b-')] },
      );
      await t.controller.prompt('hello');
      await t.controller.restart();
      const [call] = t.received('session/resume');
      // v2 goes on with the agent's replay (session/resume from the start, reconciled with the transcript).
      const replay = version === 2 ? { replayFrom: { type: 'start' } } : {};
      expect(call?.params).toEqual({ sessionId: expect.any(String), cwd: t.cwd, mcpServers: [], ...replay });
    });
  });
});

describe('what ACP v2 dropped, as this suite leaves it out', () => {
  it('leaves out of v2 exactly the cases that need a drop, each named', () => {
    expect(excludedOnV2()).toEqual([
      {
        name: 'fork on and offered: session/fork with the same folders, the fork note before the edited text, marked forked',
        drop: 'fork',
      },
      { name: 'load, advertised: the restart carries the other folders', drop: 'load' },
    ]);
  });
});
