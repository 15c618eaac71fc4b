// "Edit" on a previous user message (src/session/turn/messageEdit.ts) over the in-memory agent: which
// way the chat goes on (session/fork when offered and switched on, else a new session seeded with
// the conversation before the message), what the transcript says, and what a failed fork falls
// back to. The end-to-end version with a real agent process is test/integration/conformanceEdit.test.ts.
import type * as acp from '@agentclientprotocol/sdk';
import { describe, expect, it } from 'vitest';
import { RequestFailure } from '../../../src/session/api';
import { noForkWords } from '../../../src/shared/entryWords';
import { scriptBasicAgent, type FakeAgentProcess } from './fakeAgent';
import { setup } from './harness';

const FORK_OFFERED: Partial<acp.InitializeResponse> = {
  agentCapabilities: { loadSession: false, sessionCapabilities: { fork: {} } } as acp.AgentCapabilities,
};
const MODES: acp.SessionModeState = {
  currentModeId: 'ask',
  availableModes: [
    { id: 'ask', name: 'Ask' },
    { id: 'code', name: 'Code' },
  ],
};

function agentAnswering(fork?: (params: unknown) => unknown) {
  return (fake: FakeAgentProcess) => {
    scriptBasicAgent(fake, fork ? FORK_OFFERED : {});
    if (fork) fake.agent.onRequest('session/fork', async (params) => fork(params));
    fake.agent.onRequest('session/prompt', async ({ sessionId, prompt }) => {
      const text = (prompt as Array<{ text?: string }>)[0]?.text ?? '';
      fake.agent.notify('session/update', {
        sessionId,
        update: { sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: `answer to ${text}` } },
      });
      return { stopReason: 'end_turn' };
    });
  };
}

async function chatWithTwoTurns(script: (fake: FakeAgentProcess) => void, fork: boolean) {
  const t = setup(script, { experimental: { fork } });
  await t.controller.start();
  await t.controller.prompt('first question');
  await t.controller.prompt('second question');
  const users = t.state().entries.filter((entry) => entry.kind === 'user');
  return { t, first: users[0]!, second: users[1]! };
}

function lastPrompt(fake: FakeAgentProcess) {
  return fake.sent('session/prompt').at(-1) as { sessionId: string; prompt: Array<{ type: string; text: string }> };
}

describe('Edit on a previous message', () => {
  it('forks when offered and on: the note follows the edited text, the chat moves to the fork, modes come from it', async () => {
    const { t, first } = await chatWithTwoTurns(
      agentAnswering(() => ({ sessionId: 'forked-1', modes: MODES })),
      true,
    );
    await t.controller.editFrom(first.id, 'first, rewritten', [{ type: 'text', text: 'context block' }], 3);

    const fake = t.spawner.last;
    expect(fake.sent('session/fork')).toEqual([{ sessionId: 'session-1', cwd: '/work/project', mcpServers: [] }]);
    expect(fake.sent('session/new')).toHaveLength(1);
    const prompt = lastPrompt(fake);
    expect(prompt.sessionId).toBe('forked-1');
    expect(prompt.prompt[0]).toEqual({ type: 'text', text: 'first, rewritten' });
    expect(prompt.prompt[1]).toEqual({ type: 'text', text: 'context block' });
    expect(prompt.prompt[2]!.text.startsWith('\n\n')).toBe(true);
    expect(prompt.prompt[2]!.text).toContain('"first question"');
    expect(prompt.prompt[2]!.text).toContain('(4 messages)');

    const state = t.state();
    expect(state.sessionId).toBe('forked-1');
    expect(state.modes?.currentModeId).toBe('ask');
    expect(state.entries.find((entry) => entry.kind === 'continued')).toMatchObject({
      how: 'forked',
      edit: { excerpt: 'first question', restoredFiles: 3 },
    });
    expect(state.entries.at(-2)).toMatchObject({
      kind: 'agent',
      parts: [{ kind: 'text', text: 'answer to first, rewritten' }],
    });
  });

  it('a fork the agent refuses: a new session seeded with what came before, and the transcript says why', async () => {
    const { t, second } = await chatWithTwoTurns(
      agentAnswering(() => {
        throw new RequestFailure(-32603, `fork failed ${'x'.repeat(400)}`);
      }),
      true,
    );
    await t.controller.editFrom(second.id, 'second, rewritten', [], 0);

    const fake = t.spawner.last;
    expect(fake.sent('session/fork')).toHaveLength(1);
    expect(fake.sent('session/new')).toHaveLength(2);
    expect(
      t.logs.some((line) => line.includes('session/fork of session-1 failed') && line.includes('fork failed')),
    ).toBe(true);
    const prompt = lastPrompt(fake);
    expect(prompt.sessionId).toBe('session-2');
    expect(prompt.prompt[0]).toEqual({ type: 'text', text: 'second, rewritten' });
    expect(prompt.prompt[1]!.text).toContain('User: first question');
    expect(prompt.prompt[1]!.text).toContain('Assistant: answer to first question');
    expect(prompt.prompt[1]!.text).not.toContain('second question');
    expect(prompt.prompt).toHaveLength(2);
    const marker = t.state().entries.find((entry) => entry.kind === 'continued');
    expect(marker).toMatchObject({ how: 'seeded', edit: { excerpt: 'second question', restoredFiles: 0 } });
    const reason = marker?.kind === 'continued' ? marker.edit?.reason : undefined;
    if (reason?.kind !== 'forkFailed') throw new Error(`expected a failed fork, not ${JSON.stringify(reason)}`);
    // The agent's words, capped at 300 characters with a note of how many more there were; ours are the view's.
    expect(reason.error).toMatch(/^fork failed x+… \[\d+ more characters\]$/);
    expect(reason.error.indexOf('…')).toBe(300);
    expect(noForkWords(reason)).toBe(`The agent could not fork the session: ${reason.error}`);
  });

  it('forking switched off: never session/fork, seeded, and editing the first message sends no seed', async () => {
    const { t, first } = await chatWithTwoTurns(
      agentAnswering(() => ({ sessionId: 'never' })),
      false,
    );
    await t.controller.editFrom(first.id, 'again', [], 1);
    const fake = t.spawner.last;
    expect(fake.sent('session/fork')).toEqual([]);
    expect(lastPrompt(fake)).toEqual({ sessionId: 'session-2', prompt: [{ type: 'text', text: 'again' }] });
    expect(t.state().entries.find((entry) => entry.kind === 'continued')).toMatchObject({
      how: 'seeded',
      edit: { reason: { kind: 'forkOff' } },
    });
  });

  it('refuses a message that is not a user message of this chat, sending nothing', async () => {
    const { t } = await chatWithTwoTurns(agentAnswering(), true);
    const agentEntry = t.state().entries.find((entry) => entry.kind === 'agent')!;
    await expect(t.controller.editFrom(agentEntry.id, 'x', [], 0)).rejects.toThrow('not in this chat');
    await expect(t.controller.editFrom('no-such-entry', 'x', [], 0)).rejects.toThrow('not in this chat');
    expect(t.spawner.last.sent('session/new')).toHaveLength(1);
    expect(t.state().entries.some((entry) => entry.kind === 'continued')).toBe(false);
  });

  it('the agent exits while the fork is asked for: nothing more is sent and no marker is added', async () => {
    let crash!: () => void;
    const { t, first } = await chatWithTwoTurns((fake) => {
      agentAnswering(() => new Promise(() => crash()))(fake);
      crash = () => fake.crash(1);
    }, true);
    await t.controller.editFrom(first.id, 'lost', [], 0);
    expect(t.spawner.last.sent('session/new')).toHaveLength(1);
    expect(t.state().entries.some((entry) => entry.kind === 'continued')).toBe(false);
  });
});
