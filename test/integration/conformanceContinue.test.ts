// Conformance of continuing a chat and of signing in, on ACP v1 and v2 (conformanceVersions.ts), with the scripted
// agent keeping its sessions on disk (--session-dir) for the next process: a reload continues the chat with the
// agent's replay (v1 session/load, v2 session/resume with replayFrom) reconciled with the transcript, nothing
// twice, what the window lost back; a request answered auth_required shows the sign-in card, and signing in
// (v1 authenticate, v2 auth/login) runs the request again.
import { afterEach, describe, expect, it } from 'vitest';
import { ChatJournal } from '../../src/session/journal/chatJournal';
import type { Entry, ThreadState } from '../../src/shared/thread';
import { stopAll } from './conformanceHarness';
import { ACP_VERSIONS, excludedOnV2, onVersion } from './conformanceVersions';
import { tempDir } from './tempDirs';
import { eventually, within } from '../within';

afterEach(stopAll);

/** The conversation as lines (a message's first line), with the continuation markers. */
const texts = (entries: readonly Entry[]) =>
  entries.flatMap((entry) =>
    entry.kind === 'user' || entry.kind === 'agent'
      ? [
          `${entry.kind}: ${entry.parts.map((part) => (part.kind === 'text' ? part.text : '')).join('')}`.split(
            '\n',
          )[0]!,
        ]
      : entry.kind === 'continued'
        ? [`-- ${entry.how}`]
        : [],
  );

describe.each(ACP_VERSIONS)('ACP v%i', (version) => {
  const v = onVersion(version);
  // v1 replays with session/load (advertised here alone, so the chat is not resumed without a replay); v2 with
  // session/resume and replayFrom, part of its baseline.
  const keeping = (sessionDir: string) => ({ extraArgs: ['--session-dir', sessionDir, '--caps', 'load,list'] });

  describe('continuing a chat after a reload', () => {
    v.it(
      'the same session goes on; the replay adds nothing the transcript has; what the window lost comes back',
      async () => {
        const sessionDir = tempDir('switchboard-agent-sessions-');
        const journalDir = tempDir('switchboard-journal-');
        const first = await v.startThread(keeping(sessionDir));
        const journal = new ChatJournal(journalDir, () => undefined, 10);
        journal.watch(first.controller);
        await within(first.controller.prompt('kept'), 'the first turn');
        await journal.flushAll();
        journal.dispose(); // the host is "killed": the next turn never reaches the journal
        await within(first.controller.prompt('lost'), 'the second turn');
        const sessionId = first.state().sessionId;
        await first.controller.dispose();

        const decoded = await new ChatJournal(journalDir, () => undefined).load('t');
        expect(texts(decoded!.state.entries)).toEqual(['user: kept', 'agent: You said: kept']);
        const again = await v.startThread(keeping(sessionDir), { restored: decoded!.state });
        const state: ThreadState = again.state();
        expect(state.connection.kind).toBe('ready');
        expect(state.sessionId).toBe(sessionId);
        expect(texts(state.entries)).toEqual([
          'user: kept',
          'agent: You said: kept',
          'user: lost',
          'agent: You said: lost',
          '-- loaded',
        ]);
        const [continued] = again.received(v.wireMethod('session/load'));
        expect(continued?.params).toMatchObject({ sessionId, cwd: again.cwd });
        if (version === 2) expect(continued?.params.replayFrom).toEqual({ type: 'start' });
        expect(again.received('session/new')).toEqual([]);

        await within(again.controller.prompt('next'), 'the turn after the reload');
        expect(texts(again.state().entries).slice(-2)).toEqual(['user: next', 'agent: You said: next']);
      },
    );
  });

  describe('signing in', () => {
    v.it(
      'auth_required from session/new: the sign-in card; signing in sends the method and session/new again',
      async () => {
        const t = await v.startThread({ scenario: 'auth-required' });
        expect(t.state().connection.kind).toBe('authRequired');
        expect(t.received('session/new')).toHaveLength(1);
        await within(t.controller.authenticate('scripted-login'), 'the sign-in');
        await eventually(() => t.state().connection.kind === 'ready', 'the chat ready after the sign-in');
        expect(t.received(v.wireMethod('authenticate')).map((message) => message.params)).toEqual([
          { methodId: 'scripted-login' },
        ]);
        expect(t.received('session/new')).toHaveLength(2);
        await within(t.controller.prompt('hello'), 'the first turn');
        expect(texts(t.state().entries)).toEqual(['user: hello', 'agent: You said: hello']);
      },
    );

    v.it('auth_required from a prompt: the sign-in card; signing in runs the same prompt again', async () => {
      const t = await v.startThread({ scenario: 'prompt-auth-required' });
      expect(t.state().connection.kind).toBe('ready');
      await within(t.controller.prompt('hello'), 'the prompt answered auth_required');
      expect(t.state().connection).toMatchObject({ kind: 'authRequired', methods: [{ id: 'scripted-login' }] });
      await within(t.controller.authenticate('scripted-login'), 'the sign-in and the prompt again');
      expect(t.state().connection.kind).toBe('ready');
      expect(t.received(v.wireMethod('authenticate'))).toHaveLength(1);
      expect(t.received('session/prompt')).toHaveLength(2);
      await eventually(() => t.state().turn.kind === 'idle', 'the turn ending');
      // The retried prompt's answer (the chat shows the user's message once per attempt, on v1 as on v2).
      expect(texts(t.state().entries).slice(-2)).toEqual(['user: hello', 'agent: You said: hello']);
    });
  });
});

describe('what ACP v2 dropped, as this suite leaves it out', () => {
  it('leaves out nothing: every case runs on v2', () => {
    expect(excludedOnV2()).toEqual([]);
  });
});
