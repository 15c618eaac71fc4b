// Send now into a running turn, against real child processes: the scripted agent serving `_session/steering`
// (test/fixtures/scripted/steering.mjs) and claude-agent-acp 0.101's recorded session replayed, whose real
// initialize answer advertises steering.
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ThreadController } from '../../src/session/api';
import { createThreadController } from '../../src/session/threadController';
import { FileTexts } from '../../src/review/fileTexts';
import type { ThreadState } from '../../src/shared/thread';
import { eventually, PROCESS_DEADLINE_MS, within } from '../within';
import { testHostEnv } from './hostEnv';
import { agentText, scriptedAgent } from './scriptedAgent';
import { tempDir } from './tempDirs';

const CLAUDE = resolve(__dirname, '../fixtures/transcripts/claude-agent-acp-0.101-notices.wire.jsonl');

const controllers: ThreadController[] = [];
afterEach(async () => {
  await Promise.all(controllers.splice(0).map((controller) => controller.dispose()));
});

async function chat(scenario: string, extraArgs: string[]) {
  const cwd = tempDir('switchboard-steering-');
  const record = join(cwd, 'received.jsonl');
  const log: string[] = [];
  const fileTexts = new FileTexts();
  const controller = createThreadController({
    threadId: 't',
    agent: scriptedAgent(scenario, { extraArgs: [...extraArgs, '--record', record] }),
    env: testHostEnv(cwd, { log: (line) => log.push(line) }),
    handlers: {
      readTextFile: async () => ({ content: '' }),
      writeTextFile: async ({ path, content }) => fileTexts.record(path, null, content),
    },
    stopGraceMs: 500,
  });
  controllers.push(controller);
  await within(controller.start(), 'the agent starting', PROCESS_DEADLINE_MS);
  const state = () => controller.snapshot().state;
  const received = (method: string) =>
    (existsSync(record) ? readFileSync(record, 'utf8') : '')
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => JSON.parse(line) as { method?: string; params?: Record<string, unknown> })
      .filter((message) => message.method === method)
      .map((message) => message.params);
  /** Sends a prompt and waits until the agent is working on it (its first words arrived). */
  const working = async (text: string) => {
    void controller.prompt(text);
    await eventually(() => agentText(state()).length > 0, 'the agent working on the prompt', PROCESS_DEADLINE_MS);
  };
  return { controller, log, state, received, working };
}

function shown(state: ThreadState): Array<[string, string]> {
  return state.entries.flatMap((entry): Array<[string, string]> => {
    if (entry.kind === 'turnEnd') return [['turnEnd', entry.stopReason]];
    if (entry.kind !== 'user' && entry.kind !== 'agent') return [];
    const text = entry.parts.map((part) => (part.kind === 'text' ? part.text : '')).join('');
    const who = entry.kind === 'user' && entry.steered ? 'user (steered)' : entry.kind;
    return [[who, entry.kind === 'agent' ? text.replace(/(working \d+ )+/, 'working… ') : text]];
  });
}

describe('steering a running turn, with the scripted agent as a child process', () => {
  it('Send now: the message joins the turn, which goes on, answers it and ends once', async () => {
    const t = await chat('steer-turn', ['--steering']);
    await t.working('Answer slowly please');
    await t.controller.queuePrompt('and say hi');
    await within(t.controller.sendNow({ id: t.state().queue![0]!.id }), 'Send now');
    expect(t.state().queue).toEqual([]);
    await eventually(() => t.state().turn.kind === 'idle', 'the turn ending', PROCESS_DEADLINE_MS);
    expect(shown(t.state())).toEqual([
      ['user', 'Answer slowly please'],
      ['agent', 'working… '],
      ['user (steered)', 'and say hi'],
      ['agent', 'Noted: and say hi.'],
      ['turnEnd', 'end_turn'],
    ]);
    expect(t.received('_session/steering')).toEqual([
      {
        sessionId: 'scripted-session-1',
        prompt: [{ type: 'text', text: 'and say hi' }],
        _meta: { steering: { idleBehavior: 'promptRequired' } },
      },
    ]);
    expect(t.received('session/prompt')).toHaveLength(1);
    expect(t.received('session/cancel')).toEqual([]);
  });

  it.each(['before', 'after'])('an agent that echoes the message %s answering: it shows once', async (when) => {
    const t = await chat('steer-turn', ['--steering', '--steer-echo', when]);
    await t.working('Answer slowly please');
    await within(t.controller.sendNow({ text: 'and say hi' }), 'Send now');
    await eventually(() => t.state().turn.kind === 'idle', 'the turn ending', PROCESS_DEADLINE_MS);
    expect(shown(t.state()).filter(([who]) => who.startsWith('user'))).toEqual([
      ['user', 'Answer slowly please'],
      ['user (steered)', 'and say hi'],
    ]);
  });

  it('a malformed answer: the message stays first in the queue and Send now says why', async () => {
    const t = await chat('steer-turn', ['--steering', '--steer-answer', '{"outcome":42}']);
    await t.working('Answer slowly please');
    await t.controller.queuePrompt('and say hi');
    await expect(within(t.controller.sendNow({ id: t.state().queue![0]!.id }), 'Send now')).rejects.toThrow(
      'the agent did not add it to its running turn (the agent answered {"outcome":42}, which Switchboard does not understand); it waits first in the queue',
    );
    expect(t.state().queue!.map((item) => item.text)).toEqual(['and say hi']);
    expect(t.state().turn.kind).toBe('prompting');
    expect(shown(t.state()).filter(([who]) => who.startsWith('user'))).toEqual([['user', 'Answer slowly please']]);
  });
});

describe('claude-agent-acp 0.101, its recorded session replayed', () => {
  it('its real initialize answer turns steering on; a steer it does not take (here: -32601) keeps the message', async () => {
    // The recording holds no steering: the replay answers -32601 for it, and never answers the prompt (a long turn).
    const t = await chat(CLAUDE, ['--never-answer', 'session/prompt']);
    expect(t.state().initializeMeta).toEqual({ steering: { supported: true } });
    void t.controller.prompt('Answer slowly please');
    await eventually(() => t.state().turn.kind === 'prompting', 'the turn starting');
    await t.controller.queuePrompt('and say hi');
    await expect(within(t.controller.sendNow({ id: t.state().queue![0]!.id }), 'Send now')).rejects.toThrow(
      /did not add it to its running turn \(Method not found: _session\/steering\)/,
    );
    expect(t.received('_session/steering')).toHaveLength(1);
    expect(t.received('session/cancel')).toEqual([]);
    expect(t.state().queue!.map((item) => item.text)).toEqual(['and say hi']);
  });
});
