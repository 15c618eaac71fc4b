// @vitest-environment jsdom
// The webview words what entries hold as data, in the words the chat always showed: a full chat, too many
// subagents, a write no tool call announced, a tool call known only by id, a failure card, a link card, an
// edit that did not fork; and a sentence an older journal stored shows as it is.
import { describe, expect, it } from 'vitest';
import type { ThreadAction } from '../../../src/shared/actions';
import type { NoForkReason } from '../../../src/shared/entryReasons';
import { MAX_AGENT_ENTRIES } from '../../../src/shared/threadEntries';
import { mount, thread, update } from './helpers';

describe('entries worded by the view', () => {
  it('a protocolError of a full chat shows its title and explanation', () => {
    const m = mount();
    m.snapshot(thread());
    m.act({ type: 'protocolError', problem: { kind: 'chatFull', limit: MAX_AGENT_ENTRIES } });
    expect(m.$('.protocol-error .turn-end-title').textContent).toBe('This chat is full');
    expect(m.$('.protocol-error .turn-end-explanation').textContent).toBe(
      `The agent created ${MAX_AGENT_ENTRIES} messages and tool calls in this chat; new ones are no longer shown (updates to existing ones still are). Start a new chat.`,
    );
  });

  it('a protocolError an older journal stored shows its stored words', () => {
    const m = mount();
    m.snapshot(thread());
    m.act({ type: 'protocolError', problem: { kind: 'said', title: 'Dieser Chat ist voll', detail: 'Mehr nicht.' } });
    expect(m.$('.protocol-error .turn-end-title').textContent).toBe('Dieser Chat ist voll');
    expect(m.$('.protocol-error .turn-end-explanation').textContent).toBe('Mehr nicht.');
  });

  it('a card for a write no tool call announced, and one known only by id, are titled by the view', () => {
    const m = mount();
    m.snapshot(thread());
    m.act(
      {
        type: 'fileWritten',
        write: {
          path: '/w/src/a.ts',
          fromRevision: 1,
          revision: 1,
          diff: { hunks: [], added: 0, removed: 0 },
          created: false,
        },
      },
      update({ sessionUpdate: 'tool_call_update', toolCallId: 'ghost', status: 'in_progress' }),
    );
    expect(m.$$('.tool-title').map((el) => el.textContent)).toEqual(['Write a.ts', 'Tool call']);
  });

  it('a turn ended for sign-in shows our sentence; an agent error shows as it came', () => {
    const m = mount();
    m.snapshot(thread());
    m.act({ type: 'promptSent', prompt: [] }, { type: 'turnFailed', needsSignIn: true });
    m.act({ type: 'promptSent', prompt: [] }, { type: 'turnFailed', message: 'Internal error' });
    expect(m.$$('.turn-end-message').map((el) => el.textContent)).toEqual([
      'The agent asks you to sign in; this message is sent again after.',
      'Internal error',
    ]);
  });

  it("a failure card words its reason, the exit and the agent's env warnings as it always did", () => {
    const m = mount();
    m.snapshot(thread());
    const base = { commandLine: 'gemini --acp', stderrTail: ['boom'] };
    m.act(
      {
        type: 'agentFailed',
        failure: {
          ...base,
          reason: { kind: 'commandNotFound', command: 'gemini' },
          envWarnings: [{ kind: 'homeMissing', setting: 'e.env.HOME', value: '"/nope"' }],
        },
      },
      { type: 'agentFailed', failure: { ...base, reason: { kind: 'exited' }, exitCode: 3, signal: null } },
      { type: 'agentFailed', failure: { ...base, reason: { kind: 'said', title: 'Alt', hint: 'Alter Rat.' } } },
    );
    expect(m.$$('.entry.failure .error-title').map((el) => el.textContent)).toEqual([
      'Command not found: gemini',
      'Agent exited with code 3',
      'Alt',
    ]);
    expect(m.$$('.entry.failure .error-hint').map((el) => el.textContent)).toEqual([
      'Check that `gemini` is installed and on PATH, or set an absolute path in switchboard.agents. Check the agent\'s env: e.env.HOME is "/nope", which is not an existing folder: the agent may not find its login or config there.',
      'The agent exited; press Restart to start it again. The stderr lines above may say why.',
      'Alter Rat.',
    ]);
  });

  it('a link card words its warnings and why it cannot be opened', () => {
    const m = mount();
    m.snapshot(thread());
    m.act({
      type: 'elicitationUrlRequested',
      elicitationId: 'elicitation-1',
      link: {
        message: 'Sign in',
        url: 'ftp://me@10.0.0.1/',
        host: null,
        warnings: [
          { kind: 'userName', user: 'me', host: '10.0.0.1' },
          { kind: 'ipAddress' },
          { kind: 'said', text: 'Alt' },
        ],
        unusable: { kind: 'scheme', scheme: 'ftp:' },
      },
    });
    expect(m.$$('.elicitation-warning').map((el) => el.textContent)).toEqual([
      'The part before "@" (me) is a user name, not the site: this address goes to 10.0.0.1.',
      'The host is an IP address, not a name.',
      'Alt',
    ]);
    expect(m.$('.elicitation-problem').textContent).toBe('Switchboard opens only http and https addresses, not ftp:.');
  });

  it('an edit that did not fork says why', () => {
    const m = mount();
    m.snapshot(thread());
    const seeded = (reason: NoForkReason): ThreadAction => ({
      type: 'sessionContinued',
      how: 'seeded',
      edit: { excerpt: 'x', restoredFiles: 0, reason },
    });
    m.act(
      seeded({ kind: 'notOffered', agent: 'Demo' }),
      seeded({ kind: 'forkOff' }),
      seeded({ kind: 'forkFailed', error: 'busy' }),
    );
    expect(m.$$('.continued-reason').map((el) => el.textContent)).toEqual([
      'Demo does not support forking a chat (it does not advertise sessionCapabilities.fork).',
      'Forking a chat is off (setting switchboard.experimental.fork).',
      'The agent could not fork the session: busy',
    ]);
  });
});
