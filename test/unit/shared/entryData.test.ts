// The entries the reducer keeps hold data (a kind and its parameters), never a sentence of ours: a journal
// outlives the display language, and the view words what it shows (shared/entryWords.ts). Each case
// reduces real actions (an agent failure as the host builds it) and looks for the English words in the JSON
// that would be journaled.
import type * as acp from '@agentclientprotocol/sdk';
import { describe, expect, it } from 'vitest';
import { mergeAgentEnv } from '../../../src/agents/env';
import {
  exitFailure,
  initializeTimeoutFailure,
  missingCwdFailure,
  noAuthMethodFailure,
  protocolVersionFailure,
  spawnFailure,
  startupFailure,
} from '../../../src/agents/failure';
import { refusedAgentProcess, restrictedModeFailure } from '../../../src/agents/refusedProcess';
import { elicitationLink } from '../../../src/session/requests/elicitationLink';
import { missingAgentFailure } from '../../../src/session/lifecycle/missingAgent';
import type { ThreadAction } from '../../../src/shared/actions';
import { elicitationForm } from '../../../src/shared/elicitation';
import { MAX_SUBAGENTS } from '../../../src/shared/subagents';
import type { AgentFailure, Entry, ThreadState } from '../../../src/shared/thread';
import { MAX_AGENT_ENTRIES } from '../../../src/shared/threadEntries';
import { fileWritten, freshState, run, toolCall, toolUpdate } from './helpers';

const json = (entry: Entry | undefined): string => JSON.stringify(entry);

function nearlyFull(): ThreadState {
  const entries: Entry[] = Array.from({ length: MAX_AGENT_ENTRIES - 1 }, (_, i) => ({
    kind: 'turnEnd',
    id: `e${i + 1}`,
    stopReason: 'end_turn',
  }));
  return { ...freshState(), entries, nextEntryId: MAX_AGENT_ENTRIES };
}

const subagentUpdate = (sessionId: string): ThreadAction =>
  ({ type: 'sessionUpdate', update: { sessionUpdate: 'subagent_update', sessionId } }) as ThreadAction;

describe('entries hold data, not our sentences', () => {
  it('a full chat: the kind and the limit', () => {
    const state = run(nearlyFull(), toolCall('fits'), toolCall('one-too-many'));
    const entry = state.entries.at(-1);
    expect(json(entry)).not.toContain('This chat is full');
    expect(json(entry)).not.toContain('new ones are no longer shown');
    expect(entry).toEqual({
      kind: 'protocolError',
      id: expect.any(String),
      problem: { kind: 'chatFull', limit: MAX_AGENT_ENTRIES },
    });
    // Said once: a second one past the cap adds nothing.
    expect(run(state, toolCall('more'))).toBe(state);
  });

  it('too many subagent sessions: which bound and its limit', () => {
    let state: ThreadState = { ...freshState(), sessionId: 'chat-session', connection: { kind: 'ready' } };
    for (let i = 0; i <= MAX_SUBAGENTS; i++) state = run(state, subagentUpdate(`c${i}`));
    const errors = state.entries.filter((entry) => entry.kind === 'protocolError');
    expect(errors.map(json).join()).not.toContain('Too many subagent sessions');
    expect(errors).toEqual([
      expect.objectContaining({ problem: { kind: 'subagentLimit', bound: 'children', limit: MAX_SUBAGENTS } }),
    ]);
  });

  it('a tool call known only by an update has no title (not "Tool call")', () => {
    const state = run(freshState(), toolUpdate('unknown', { status: 'in_progress' }));
    const entry = state.entries.at(-1)!;
    expect(json(entry)).not.toContain('Tool call');
    expect(entry).toMatchObject({ kind: 'tool', tool: { toolCallId: 'unknown' } });
    expect(entry.kind === 'tool' && 'title' in entry.tool).toBe(false);
  });

  it('a write no tool call announced, or a code block applied: no title, the origin and the path', () => {
    const written = run(freshState(), fileWritten('/w/src/a.ts', 'a', 'b'));
    const applied = run(freshState(), { type: 'fileWritten', write: writeOf(written), applied: true });
    for (const [state, origin] of [
      [written, 'write'],
      [applied, 'applied'],
    ] as const) {
      const entry = state.entries.at(-1)!;
      expect(json(entry)).not.toMatch(/Write a\.ts|Applied to a\.ts/);
      expect(entry).toMatchObject({ kind: 'tool', tool: { origin, locations: [{ path: '/w/src/a.ts' }] } });
      expect(entry.kind === 'tool' && 'title' in entry.tool).toBe(false);
    }
  });

  it('a turn that waits for the user to sign in says so as a flag, and keeps an agent error as its text', () => {
    const signIn = run(freshState(), { type: 'promptSent', prompt: [] }, { type: 'turnFailed', needsSignIn: true });
    expect(json(signIn.entries.at(-1))).not.toContain('sign in');
    expect(signIn.entries.at(-1)).toEqual({ kind: 'turnEnd', id: 'e2', stopReason: 'error', needsSignIn: true });
    const failed = run(
      freshState(),
      { type: 'promptSent', prompt: [] },
      { type: 'turnFailed', message: 'Internal error' },
    );
    expect(failed.entries.at(-1)).toEqual({
      kind: 'turnEnd',
      id: 'e2',
      stopReason: 'error',
      message: 'Internal error',
    });
  });

  it('a form that cannot be shown says why as data', () => {
    const properties = Object.fromEntries(Array.from({ length: 60 }, (_, i) => [`f${i}`, { type: 'string' }]));
    const form = elicitationForm({
      mode: 'form',
      message: 'm',
      requestedSchema: { type: 'object', properties },
    } as never);
    const state = run(freshState(), { type: 'elicitationRequested', elicitationId: 'elicitation-1', form });
    expect(json(state.entries.at(-1))).not.toContain('Switchboard shows at most');
    expect(form.unusable).toEqual({ kind: 'tooManyFields', count: 60, max: expect.any(Number) });
    const unknown = elicitationForm({
      mode: 'form',
      message: 'm',
      requestedSchema: { type: 'object', properties: { a: { type: 'object' } }, required: ['a'] },
    } as never);
    expect(unknown.unusable).toEqual({ kind: 'unknownRequired', names: 'a' });
  });
});

/** A failure's context as the agent process gives it: with an env warning, data like the rest. */
const context = {
  command: 'gemini',
  commandLine: 'gemini --acp',
  stderrTail: ['boom'],
  envWarnings: mergeAgentEnv({}, { HOME: '/nope' }, 'e', { platform: 'linux', isDirectory: () => false }).warnings,
};
const osError = (code: string, message: string) => Object.assign(new Error(message), { code });
const refused = async (reason: Parameters<typeof refusedAgentProcess>[2]) =>
  (await refusedAgentProcess('gone', ['--acp'], reason).exited).failure;
/** English words of the failure cards (titles, hints, the env warning). */
const FAILURE_WORDS =
  /Command not found|Permission denied|Could not start|does not exist|Agent (exited|was stopped)|did not answer|wants ACP|needs authentication|failed:|Restricted Mode|no longer configured|Check |Press Restart|not an existing folder/;

describe('an agent failure holds why as data; the stderr tail and the command line stay as they are', () => {
  it.each<[string, () => AgentFailure | Promise<AgentFailure>, object]>([
    [
      'not found',
      () => spawnFailure(context, osError('ENOENT', 'spawn gemini ENOENT')),
      { kind: 'commandNotFound', command: 'gemini' },
    ],
    [
      'not runnable',
      () => spawnFailure(context, osError('EACCES', 'spawn EACCES')),
      { kind: 'permissionDenied', command: 'gemini' },
    ],
    [
      'another spawn error',
      () => spawnFailure(context, osError('EIO', 'spawn EIO')),
      { kind: 'spawnError', command: 'gemini', error: 'spawn EIO' },
    ],
    ['no working folder', () => missingCwdFailure(context, '/gone'), { kind: 'missingCwd', cwd: '/gone' }],
    ['an exit', () => exitFailure(context, 3, null), { kind: 'exited' }],
    ['no answer to initialize', () => initializeTimeoutFailure(context, 400), { kind: 'initializeTimeout', ms: 400 }],
    ['another protocol version', () => protocolVersionFailure(context, 99), { kind: 'protocolVersion', version: '99' }],
    ['no sign-in method', () => noAuthMethodFailure(context), { kind: 'noAuthMethod' }],
    [
      'an error answer',
      () => startupFailure(context, 'session/new', 'no model'),
      { kind: 'startup', step: 'session/new', error: 'no model' },
    ],
  ])('%s', async (_name, make, reason) => {
    const failure = await make();
    const state = run(freshState(), { type: 'agentFailed', failure });
    expect(json(state.entries.at(-1))).not.toMatch(FAILURE_WORDS);
    expect(state.entries.at(-1)).toMatchObject({
      kind: 'failure',
      failure: { reason, commandLine: 'gemini --acp', stderrTail: ['boom'] },
    });
    expect(failure).not.toHaveProperty('title');
    expect(failure).not.toHaveProperty('hint');
    expect(failure.envWarnings).toEqual([{ kind: 'homeMissing', setting: 'e.env.HOME', value: '"/nope"' }]);
  });

  it('an agent not started (Restricted Mode, an agent no longer configured)', async () => {
    const agent = { id: 'old', displayName: 'Old', command: '', args: [], env: {}, isDemo: false };
    for (const [failure, reason] of [
      [await refused(restrictedModeFailure()), { kind: 'restrictedMode' }],
      [await refused(missingAgentFailure(agent)), { kind: 'missingAgent', agentId: 'old', displayName: 'Old' }],
    ] as const) {
      expect(JSON.stringify(failure)).not.toMatch(FAILURE_WORDS);
      expect(failure).toEqual({ reason, commandLine: 'gone --acp', stderrTail: [] });
    }
  });
});

describe('a link card says why as data', () => {
  const link = (url: string) =>
    elicitationLink({
      mode: 'url',
      message: 'm',
      url,
      elicitationId: 'x',
      sessionId: 's',
    } as acp.CreateElicitationRequest).link;

  it('what makes it unusable', () => {
    expect(link('file:///etc/passwd').unusable).toEqual({ kind: 'scheme', scheme: 'file:' });
    expect(link('not an address').unusable).toEqual({ kind: 'notWeb' });
    expect(link(`https://x.example/${'a'.repeat(5000)}`).unusable).toEqual({
      kind: 'tooLong',
      length: 5018,
      max: 4096,
    });
  });

  it('what deserves a second look', () => {
    expect(link('http://me@127.0.0.1:8/').warnings).toEqual([
      { kind: 'userName', user: 'me', host: '127.0.0.1' },
      { kind: 'loopback', host: '127.0.0.1' },
    ]);
    expect(link('http://xn--pple-43d.com/').warnings).toEqual([
      { kind: 'lookAlike', unicode: '\u0430pple.com' },
      { kind: 'unencrypted' },
    ]);
    expect(link('https://203.0.113.7/').warnings).toEqual([{ kind: 'ipAddress' }]);
    const state = run(freshState(), {
      type: 'elicitationUrlRequested',
      elicitationId: 'elicitation-1',
      link: link('ftp://me@10.0.0.1/'),
    });
    expect(json(state.entries.at(-1))).not.toMatch(/Switchboard opens|user name|IP address/);
  });
});

function writeOf(state: ThreadState) {
  const entry = state.entries.at(-1)!;
  if (entry.kind !== 'tool') throw new Error('expected a tool entry');
  return entry.tool.writes[0]!;
}
