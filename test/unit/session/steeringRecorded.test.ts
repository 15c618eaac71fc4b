// The initialize answers recorded from the real agents that steer (codex-acp 2.6 and claude-agent-acp 0.101,
// test/fixtures/transcripts), replayed as they are: Switchboard finds steering where they put it (the
// response's top-level `_meta`, not agentCapabilities), the chat offers Send now into the running turn, and
// the request passes the capability guard.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type * as acp from '@agentclientprotocol/sdk';
import { describe, expect, it, vi } from 'vitest';
import { controlState } from '../../../src/shared/controlRules';
import { ANSWER_DEADLINE_MS } from '../../within';
import { deferred, setup } from './harness';

const TRANSCRIPTS = resolve(__dirname, '../../fixtures/transcripts');

/** The recorded answer to `initialize`: the first response of the recording that carries a protocolVersion. */
function recordedInitialize(file: string): acp.InitializeResponse {
  for (const line of readFileSync(join(TRANSCRIPTS, file), 'utf8').split('\n')) {
    if (!line.trim()) continue;
    const message = JSON.parse(line) as { result?: { protocolVersion?: unknown } };
    if (typeof message.result?.protocolVersion === 'number') return message.result as acp.InitializeResponse;
  }
  throw new Error(`${file} holds no initialize answer`);
}

describe.each([
  ['codex-acp 2.6', 'codex-acp-2.6-cancel.jsonl', 'Codex'],
  ['claude-agent-acp 0.101', 'claude-agent-acp-0.101-notices.wire.jsonl', 'Claude Agent'],
])('%s, its recorded initialize answer', (_agent, file, title) => {
  const answer = recordedInitialize(file);

  it('steering is found in the response _meta: Send now adds the queued message to the running turn', async () => {
    expect(answer.agentInfo?.title).toBe(title);
    expect(JSON.stringify(answer.agentCapabilities)).not.toContain('steering');
    const turn = deferred<acp.PromptResponse>();
    const t = setup((fake) => {
      fake.agent.onRequest('initialize', () => answer);
      fake.agent.onRequest('session/new', () => ({ sessionId: 'recorded-1' }));
      fake.agent.onRequest('session/prompt', () => turn.promise);
      fake.agent.onRequest('_session/steering', () => ({ outcome: 'injected' }));
    });
    await t.controller.start();
    const state = t.state();
    expect(state.initializeMeta).toMatchObject({ steering: { supported: true } });
    const sendNow = controlState('steerTurn', {
      capabilities: state.agentCapabilities,
      agentName: title,
      initializeMeta: state.initializeMeta,
    });
    expect(sendNow).toEqual({ kind: 'available' });

    void t.controller.prompt('Answer slowly please');
    await vi.waitFor(() => expect(t.state().turn.kind).toBe('prompting'), { timeout: ANSWER_DEADLINE_MS });
    await t.controller.queuePrompt('and say hi');
    await t.controller.sendNow({ id: t.state().queue![0]!.id });
    expect(t.spawner.last.sent('_session/steering')).toHaveLength(1);
    expect(t.spawner.last.sent('session/cancel')).toEqual([]);
    expect(t.logs.join('\n')).not.toContain('not sent:');
    turn.resolve({ stopReason: 'end_turn' });
    await vi.waitFor(() => expect(t.state().turn.kind).toBe('idle'), { timeout: ANSWER_DEADLINE_MS });
  });
});
