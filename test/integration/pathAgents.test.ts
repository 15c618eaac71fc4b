// An agent found on PATH starts a real session: the registry index is served on 127.0.0.1 and kept by the
// RegistryCache, the server then stops (found agents need no network: the cached copy is read), and programs
// named like the registry agents' commands sit in a temporary PATH folder, each running the scripted agent
// (test/fixtures/scriptedAgent.mjs): a binary agent by its cmd, an npm agent linked into node_modules as npm
// links it. Each runs with the registry's args and env, as found, without a settings entry.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { spawnAgentProcess } from '../../src/agents/agentProcess';
import { findAgentsOnPath, foundAgentConfig } from '../../src/agents/registry/pathAgents';
import { createPathLookup } from '../../src/agents/registry/pathLookup';
import { RegistryCache } from '../../src/agents/registry/registryCache';
import { platformKey } from '../../src/agents/registry/registryIndex';
import type { ClientHandlers, ThreadController } from '../../src/session/api';
import { createThreadController } from '../../src/session/threadController';
import { FixtureServer } from './registryServer';
import { agentText, SCRIPTED_AGENT } from './scriptedAgent';
import { testHostEnv } from './hostEnv';
import { tempDir } from './tempDirs';
import { ANSWER_DEADLINE_MS, PROCESS_DEADLINE_MS, within } from '../within';

const platform = platformKey();
const server = new FixtureServer();
const controllers: ThreadController[] = [];

/** A program that runs the scripted agent with its arguments. */
const launcher = `#!/bin/sh\nexec ${JSON.stringify(process.execPath)} ${JSON.stringify(SCRIPTED_AGENT)} "$@"\n`;

const index = () => ({
  version: '1.0.0',
  agents: [
    {
      id: 'fixture-binary',
      name: 'Fixture Binary',
      version: '2.0.0',
      description: 'the scripted agent as a release archive',
      distribution: {
        binary: {
          [platform!]: {
            archive: server.url('/never-downloaded.tar.gz'),
            cmd: './dist/fixture-binary-acp',
            args: [],
            // The scripted agent reads its scenario from here without --scenario: the registry's env arrives.
            env: { SCRIPTED_AGENT_SCENARIO: 'all-updates', PATH: '/nowhere' },
          },
        },
      },
    },
    {
      id: 'fixture-npm',
      name: 'Fixture npm',
      version: '3.0.0',
      description: 'the scripted agent as an npm package',
      distribution: { npx: { package: '@fixture/npm-agent-cli@3.0.0', args: ['--scenario', 'basic-turn'] } },
    },
  ],
});

beforeAll(async () => {
  await server.start();
  server.routes.set('/registry.json', { body: JSON.stringify(index()), etag: '"1"', type: 'application/json' });
});
afterAll(() => server.stop());
afterEach(async () => {
  await Promise.all(controllers.splice(0).map((controller) => controller.dispose()));
});

describe.skipIf(!platform || process.platform === 'win32')('an agent found on PATH', () => {
  it('is found from the cached index with the network gone, and each starts a session and answers a turn', async () => {
    const cache = new RegistryCache(tempDir('sb-found-cache-'));
    const url = server.url('/registry.json');
    expect((await within(cache.load(url), 'the index')).agents).toHaveLength(2);
    await server.stop();
    const cached = await cache.cached(url);
    expect(cached?.agents.map((agent) => agent.id)).toEqual(['fixture-binary', 'fixture-npm']);
    expect(await cache.cached(server.url('/another.json'))).toBeUndefined();

    const machine = tempDir('sb-found-machine-');
    const bin = path.join(machine, 'bin');
    const script = path.join(machine, 'lib/node_modules/@fixture/npm-agent-cli/cli.js');
    fs.mkdirSync(bin, { recursive: true });
    fs.mkdirSync(path.dirname(script), { recursive: true });
    fs.writeFileSync(path.join(bin, 'fixture-binary-acp'), launcher, { mode: 0o755 });
    fs.writeFileSync(script, launcher, { mode: 0o755 });
    fs.symlinkSync(script, path.join(bin, 'npm-agent'));
    const lookup = createPathLookup({ path: `${bin}:${process.env.PATH ?? ''}` });

    const found = await findAgentsOnPath(cached!.agents, lookup, { platform });
    expect(found.map((agent) => [agent.id, agent.path])).toEqual([
      ['fixture-binary', path.join(bin, 'fixture-binary-acp')],
      ['fixture-npm', path.join(bin, 'npm-agent')],
    ]);
    expect(found[0]?.droppedEnv).toEqual(['PATH']);

    for (const agent of found) {
      const config = foundAgentConfig(agent);
      const controller = createThreadController({
        threadId: agent.id,
        agent: config,
        env: testHostEnv(tempDir('sb-found-cwd-')),
        handlers: {} as ClientHandlers,
        spawn: spawnAgentProcess,
        stopGraceMs: 500,
      });
      controllers.push(controller);
      await within(controller.start(), `${agent.id} starting`, PROCESS_DEADLINE_MS);
      expect(controller.snapshot().state.connection, agent.id).toEqual({ kind: 'ready' });
      await within(controller.prompt('hello from PATH'), `${agent.id}'s turn`, ANSWER_DEADLINE_MS);
      const state = controller.snapshot().state;
      if (agent.id === 'fixture-binary') expect(state.plan?.map((entry) => entry.content)).toContain('Finish');
      else expect(agentText(state)).toContain('You said: hello from PATH');
    }
  });
});
