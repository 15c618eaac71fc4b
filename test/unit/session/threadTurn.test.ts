// The chat's turn belongs to its agent process generation (src/session/turn/threadTurn.ts, generation.ts): a restart
// ends the running turn `cancelled` and tells the agent, and an answer to that turn which comes later (the process
// lives on for the agent's other chat) is the ended generation's: it never ends the turn the chat runs next.
import { afterEach, describe, expect, it } from 'vitest';
import { AgentPool } from '../../../src/session/agent/agentPool';
import type { ThreadController } from '../../../src/session/api';
import { createThreadController } from '../../../src/session/threadController';
import type { ThreadState } from '../../../src/shared/thread';
import { eventually, within } from '../../within';
import { fakeEnv, fakeHandlers, fakeSpawner, scriptBasicAgent, TEST_AGENT } from './fakeAgent';
import { deferred } from './harness';

const controllers: ThreadController[] = [];

afterEach(async () => {
  await Promise.all(controllers.splice(0).map((controller) => controller.dispose()));
});

describe('the turn of a chat', () => {
  it("a restart mid-turn ends it cancelled; that turn's late answer does not end the next turn", async () => {
    // Each session/prompt waits for the test to answer it, per process.
    const held: Array<Array<(answer: { stopReason: 'end_turn' }) => void>> = [];
    const spawner = fakeSpawner((fake) => {
      scriptBasicAgent(fake);
      const answers: Array<(answer: { stopReason: 'end_turn' }) => void> = [];
      held.push(answers);
      fake.agent.onRequest('session/prompt', () => {
        const answer = deferred<{ stopReason: 'end_turn' }>();
        answers.push(answer.resolve);
        return answer.promise;
      });
    });
    const pool = new AgentPool();
    const { env } = fakeEnv();
    const chat = (threadId: string) => {
      const { handlers } = fakeHandlers();
      const controller = createThreadController({
        threadId,
        agent: TEST_AGENT,
        env,
        handlers,
        spawn: spawner.spawn,
        agentPool: pool,
      });
      controllers.push(controller);
      return controller;
    };
    const turnOf = (controller: ThreadController): ThreadState['turn']['kind'] => controller.snapshot().state.turn.kind;
    const chatA = chat('a');
    const chatB = chat('b'); // keeps the first process running after chat A's restart
    await within(chatA.start(), 'chat A starting');
    await within(chatB.start(), 'chat B starting');
    expect(spawner.processes).toHaveLength(1);
    const first = spawner.processes[0]!;
    const oldSession = chatA.snapshot().state.sessionId;

    const firstTurn = chatA.prompt('one');
    await eventually(() => held[0]!.length === 1, 'the first prompt reaching the agent');
    await within(chatA.restart(), 'the restart');
    // The turn ended with the generation; its session/prompt is still open on the old process.
    expect(turnOf(chatA)).toBe('idle');
    expect(first.sent('session/cancel')).toEqual([{ sessionId: oldSession }]);
    expect(first.isRunning).toBe(true);
    expect(spawner.processes).toHaveLength(2);

    const secondTurn = chatA.prompt('two');
    await eventually(() => held[1]?.length === 1, 'the second prompt reaching the new process');
    held[0]![0]!({ stopReason: 'end_turn' }); // the old process answers the cancelled turn, late
    await within(firstTurn, 'the first prompt settling');
    expect(turnOf(chatA)).toBe('prompting');

    held[1]![0]!({ stopReason: 'end_turn' });
    await within(secondTurn, 'the second prompt settling');
    expect(turnOf(chatA)).toBe('idle');
    const ends = chatA.snapshot().state.entries.filter((entry) => entry.kind === 'turnEnd');
    expect(ends.map((entry) => entry.kind === 'turnEnd' && entry.stopReason)).toEqual(['cancelled', 'end_turn']);
  });
});
