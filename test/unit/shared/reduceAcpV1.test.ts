// The reducer's side of the ACP v1 details: the live prompt echo, PromptResponse usage and
// _meta, refused settings, session_info_update.updatedAt, and _meta kept where agents send it.
import type * as acp from '@agentclientprotocol/sdk';
import { describe, expect, it } from 'vitest';
import type { ThreadAction } from '../../../src/shared/actions';
import type { Entry, ThreadState } from '../../../src/shared/thread';
import { agent, freshState, run, tool, toolCall, toolUpdate, update, user } from './helpers';

const sent = (text: string): ThreadAction => ({ type: 'promptSent', prompt: [{ type: 'text', text }] });
const ended: ThreadAction = { type: 'turnEnded', stopReason: 'end_turn' };

function texts(state: ThreadState): [Entry['kind'], string][] {
  return state.entries.map((e) => [
    e.kind,
    'parts' in e ? e.parts.map((p) => (p.kind === 'text' ? p.text : `[${p.block.type}]`)).join('') : '',
  ]);
}

describe('user_message_chunk during a live turn', () => {
  it('an echo of the prompt, in any number of chunks, adds no second user entry', () => {
    const s = run(
      freshState(),
      sent('Fix the bug'),
      user('Fix ', 'u1'),
      user('the ', 'u1'),
      user('bug', 'u1'),
      agent('On it.'),
    );
    expect(texts(s)).toEqual([
      ['user', 'Fix the bug'],
      ['agent', 'On it.'],
    ]);
  });

  it('a prompt sent again after sign-in starts a turn on the message shown, and its echo is absorbed there', () => {
    const signIn: ThreadAction = { type: 'turnFailed', needsSignIn: true };
    const s = run(freshState(), sent('Fix the bug'), signIn, { type: 'promptResent' }, user('Fix the bug', 'u1'));
    expect(s.turn).toEqual({ kind: 'prompting' });
    expect(texts(run(s, agent('On it.'), ended))).toEqual([
      ['user', 'Fix the bug'],
      ['turnEnd', ''],
      ['agent', 'On it.'],
      ['turnEnd', ''],
    ]);
  });

  it('a user chunk that is not the prompt shows, and later chunks show too (the echo tracking ends)', () => {
    const s = run(freshState(), sent('Fix the bug'), user('Something else'), user('Fix the bug'));
    expect(texts(s)).toEqual([
      ['user', 'Fix the bug'],
      ['user', 'Something elseFix the bug'],
    ]);
    expect(s.promptEcho).toBeUndefined();
  });

  it('an echo that goes on past the prompt shows from the chunk that does not fit', () => {
    const s = run(freshState(), sent('hi'), user('hi'), user(' and more'));
    expect(texts(s)).toEqual([
      ['user', 'hi'],
      ['user', ' and more'],
    ]);
  });

  it('a non-text user chunk during the turn shows', () => {
    const link: acp.ContentBlock = { type: 'resource_link', uri: 'file:///w/a.ts', name: 'a.ts' };
    const s = run(freshState(), sent('look'), user(link));
    expect(texts(s)).toEqual([
      ['user', 'look'],
      ['user', '[resource_link]'],
    ]);
  });

  it('after the turn ended (or failed, or the agent failed) the same text shows again', () => {
    for (const end of [ended, { type: 'turnFailed', message: 'x' } as ThreadAction]) {
      const s = run(freshState(), sent('again'), end, user('again'));
      expect(texts(s).filter(([kind]) => kind === 'user')).toEqual([
        ['user', 'again'],
        ['user', 'again'],
      ]);
      expect(s.promptEcho).toBeUndefined();
    }
    const failed = run(freshState(), sent('again'), {
      type: 'agentFailed',
      failure: { reason: { kind: 'exited' }, commandLine: 'x', stderrTail: [] },
    });
    expect(failed.promptEcho).toBeUndefined();
  });

  it('during a cancelled turn the echo is still absorbed until the prompt answers', () => {
    const s = run(freshState(), sent('stop me'), { type: 'cancelRequested' }, user('stop me'));
    expect(texts(s)).toEqual([['user', 'stop me']]);
  });

  it('without a live turn (a session/load replay) every user chunk is the only copy and shows', () => {
    const s = run(freshState(), user('First question'), agent('Answer.'), user('First question'));
    expect(texts(s)).toEqual([
      ['user', 'First question'],
      ['agent', 'Answer.'],
      ['user', 'First question'],
    ]);
  });

  it('the echo of the second prompt is compared with the second prompt', () => {
    const s = run(freshState(), sent('one'), user('one'), ended, sent('two'), user('one'), user('two'));
    expect(texts(s).filter(([kind]) => kind === 'user')).toEqual([
      ['user', 'one'],
      ['user', 'two'],
      ['user', 'onetwo'],
    ]);
  });
});

describe('PromptResponse usage and _meta', () => {
  it('the turn end keeps usage in the state and _meta on the entry; a turn without usage keeps the last one', () => {
    const usage = { totalTokens: 30, inputTokens: 20, outputTokens: 10 };
    let s = run(freshState(), sent('a'), { type: 'turnEnded', stopReason: 'end_turn', usage, meta: { trace: 'x' } });
    expect(s.turnUsage).toEqual(usage);
    expect(s.entries.at(-1)).toEqual({ kind: 'turnEnd', id: 'e2', stopReason: 'end_turn', meta: { trace: 'x' } });
    s = run(s, sent('b'), ended);
    expect(s.turnUsage).toEqual(usage);
    expect(s.entries.at(-1)).not.toHaveProperty('meta');
  });
});

describe('refused settings', () => {
  const model: acp.SessionConfigOption = {
    id: 'model',
    name: 'Model',
    type: 'select',
    currentValue: 'fast',
    options: [{ value: 'fast', name: 'Fast' }],
  };
  const modes: acp.SessionModeState = { currentModeId: 'ask', availableModes: [{ id: 'ask', name: 'Ask' }] };
  const started: ThreadAction = { type: 'sessionStarted', sessionId: 's', modes, configOptions: [model] };
  const failed: ThreadAction = { type: 'settingFailed', target: { kind: 'config', configId: 'model' }, error: 'no' };

  it('settingFailed records the error and leaves the options as the agent has them', () => {
    const s = run(freshState(), started, failed);
    expect(s.settingError).toEqual({ target: { kind: 'config', configId: 'model' }, error: 'no' });
    expect(s.configOptions).toEqual([model]);
  });

  it('the next successful change, of the options or the mode, or a new session clears it', () => {
    expect(
      run(freshState(), started, failed, { type: 'configOptionsReplaced', configOptions: [model] }).settingError,
    ).toBeNull();
    expect(run(freshState(), started, failed, { type: 'modeChanged', modeId: 'ask' }).settingError).toBeNull();
    expect(run(freshState(), started, failed, started).settingError).toBeNull();
  });

  it("an agent-side update does not clear it (it is about the user's last attempt)", () => {
    const s = run(
      freshState(),
      started,
      failed,
      update({ sessionUpdate: 'config_option_update', configOptions: [model] }),
    );
    expect(s.settingError).not.toBeNull();
  });

  it('boolean options are kept as the agent sent them', () => {
    const thinking: acp.SessionConfigOption = { id: 'thinking', name: 'Thinking', type: 'boolean', currentValue: true };
    const s = run(freshState(), update({ sessionUpdate: 'config_option_update', configOptions: [model, thinking] }));
    expect(s.configOptions).toEqual([model, thinking]);
  });
});

describe('session_info_update and _meta', () => {
  it('updatedAt: set, kept when omitted, cleared by null; a non-string is ignored', () => {
    let s = run(
      freshState(),
      update({ sessionUpdate: 'session_info_update', title: 'T', updatedAt: '2026-11-23T15:00:00Z' }),
    );
    expect([s.title, s.updatedAt]).toEqual(['T', '2026-11-23T15:00:00Z']);
    s = run(s, update({ sessionUpdate: 'session_info_update', title: 'T2' }));
    expect([s.title, s.updatedAt]).toEqual(['T2', '2026-11-23T15:00:00Z']);
    s = run(s, update({ sessionUpdate: 'session_info_update', updatedAt: 5 } as unknown as acp.SessionUpdate));
    expect(s.updatedAt).toBe('2026-11-23T15:00:00Z');
    s = run(s, update({ sessionUpdate: 'session_info_update', updatedAt: null }));
    expect([s.title, s.updatedAt]).toEqual(['T2', null]);
  });

  it('its _meta is kept, replaced by the next, cleared by null, kept when omitted', () => {
    let s = run(freshState(), update({ sessionUpdate: 'session_info_update', _meta: { messageCount: 3 } }));
    expect(s.sessionMeta).toEqual({ messageCount: 3 });
    s = run(s, update({ sessionUpdate: 'session_info_update', title: 'x' }));
    expect(s.sessionMeta).toEqual({ messageCount: 3 });
    s = run(s, update({ sessionUpdate: 'session_info_update', _meta: { messageCount: 4 } }));
    expect(s.sessionMeta).toEqual({ messageCount: 4 });
    s = run(s, update({ sessionUpdate: 'session_info_update', _meta: null }));
    expect(s.sessionMeta).toBeNull();
  });

  it('an update that changes nothing returns the same state', () => {
    const s = run(freshState(), update({ sessionUpdate: 'session_info_update', title: 'T' }));
    expect(run(s, update({ sessionUpdate: 'session_info_update', title: 'T' }))).toBe(s);
  });

  it('usage_update keeps its _meta', () => {
    const s = run(freshState(), update({ sessionUpdate: 'usage_update', used: 1, size: 2, _meta: { exact: true } }));
    expect(s.usage).toEqual({ used: 1, size: 2, cost: null, meta: { exact: true } });
    expect(run(s, update({ sessionUpdate: 'usage_update', used: 1, size: 2 })).usage).toEqual({
      used: 1,
      size: 2,
      cost: null,
    });
  });

  it('a tool call keeps its _meta: the latest object replaces it, null removes it, omitted keeps it', () => {
    let s = run(freshState(), toolCall('t1', { _meta: { origin: 'mcp' } }));
    expect(tool(s, 't1').meta).toEqual({ origin: 'mcp' });
    s = run(s, toolUpdate('t1', { status: 'completed' }));
    expect(tool(s, 't1').meta).toEqual({ origin: 'mcp' });
    s = run(s, toolUpdate('t1', { _meta: { origin: 'builtin' } }));
    expect(tool(s, 't1').meta).toEqual({ origin: 'builtin' });
    s = run(s, toolUpdate('t1', { _meta: null }));
    expect(tool(s, 't1')).not.toHaveProperty('meta');
  });

  it("a permission request's toolCall _meta reaches the tool", () => {
    const s = run(freshState(), {
      type: 'permissionRequested',
      permissionId: 'p1',
      toolCall: { toolCallId: 't1', _meta: { risk: 'high' } },
      options: [{ optionId: 'ok', name: 'OK', kind: 'allow_once' }],
    });
    expect(tool(s, 't1').meta).toEqual({ risk: 'high' });
  });
});
