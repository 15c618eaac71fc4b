// Restricted Mode: an agent other than the Demo is not started, and the chat's error card says why and what to do;
// once allowed (the folder trusted), the same thread starts the real agent on Restart.
import { resolve } from 'node:path';
import { vi, afterEach, describe, expect, it } from 'vitest';
import { spawnAgentProcess } from '../../src/agents/agentProcess';
import { gatedSpawn, restrictedModeFailure } from '../../src/agents/refusedProcess';
import type { ThreadController } from '../../src/session/api';
import { createThreadController } from '../../src/session/threadController';
import { testHostEnv } from './hostEnv';
import { tempDir } from './tempDirs';
import { failureWords } from '../../src/shared/failureWords';

const controllers: ThreadController[] = [];
afterEach(async () => {
  await Promise.all(controllers.splice(0).map((controller) => controller.dispose()));
});

describe('Restricted Mode', () => {
  it('shows why the agent did not start, and starts it once trusted', async () => {
    let trusted = false;
    const spawned: string[] = [];
    const spawn = gatedSpawn(
      (config, options) => {
        spawned.push(config.id);
        return spawnAgentProcess(config, options);
      },
      (agent) => agent.isDemo || trusted,
      restrictedModeFailure(),
    );
    const agent = {
      id: 'scripted',
      displayName: 'Scripted',
      command: process.execPath,
      args: [resolve(__dirname, '../fixtures/scriptedAgent.mjs')],
      env: {},
      isDemo: false,
    };
    const controller = createThreadController({
      threadId: 't',
      agent,
      env: testHostEnv(tempDir('sb-restricted-')),
      handlers: {
        readTextFile: async () => ({ content: '' }),
        writeTextFile: async () => {
          throw new Error('this test writes nothing');
        },
      },
      spawn,
    });
    controllers.push(controller);
    await controller.start();
    const state = controller.snapshot().state;
    expect(state.connection.kind).toBe('failed');
    if (state.connection.kind !== 'failed') return;
    expect(state.connection.failure.reason).toEqual(restrictedModeFailure());
    expect(failureWords(state.connection.failure).title).toBe(
      'Switchboard runs only the Demo agent in Restricted Mode',
    );
    expect(failureWords(state.connection.failure).hint).toMatch(/Manage Workspace Trust/);
    expect(spawned).toEqual([]);

    trusted = true;
    await controller.restart();
    await vi.waitFor(() => expect(controller.snapshot().state.connection.kind).toBe('ready'), { timeout: 10_000 });
    expect(spawned).toEqual(['scripted']);
  });
});
