// The guard at the connection: a request the agent's capabilities do not allow never reaches the wire.
import { afterEach, describe, expect, it } from 'vitest';
import type * as acp from '@agentclientprotocol/sdk';
import { AgentConnection } from '../../../src/session/agent/agentConnection';
import { UnadvertisedRequestError } from '../../../src/session/agent/capabilityGuard';
import { CLIENT_INFO, fakeEnv, fakeSpawner, TEST_AGENT, type FakeAgentProcess } from './fakeAgent';
import { GATED_METHODS, METHOD_NEEDS } from '../shared/methodCapabilities';

const connections: AgentConnection[] = [];
afterEach(async () => {
  await Promise.all(connections.splice(0).map((connection) => connection.stop()));
});

function connect(agentCapabilities: acp.AgentCapabilities, initializeMeta?: Record<string, unknown>) {
  const spawner = fakeSpawner((fake: FakeAgentProcess) => {
    fake.agent.onRequest('initialize', () => ({
      protocolVersion: 1,
      agentCapabilities,
      authMethods: [],
      ...(initializeMeta ? { _meta: initializeMeta } : {}),
    }));
    fake.agent.onRequest('_session/steering', () => ({ outcome: 'injected' }));
    fake.agent.onRequest('session/load', () => ({}));
    fake.agent.onRequest('logout', () => ({}));
    fake.agent.onRequest('session/prompt', () => ({ stopReason: 'end_turn' }));
  });
  const { env, logs } = fakeEnv();
  const connection = new AgentConnection({ agent: TEST_AGENT, env, spawn: spawner.spawn });
  connections.push(connection);
  return { connection, fake: spawner.last, logs };
}

const LOAD = { sessionId: 's1', cwd: '/work/project', mcpServers: [] };
const IMAGE_PROMPT = {
  sessionId: 's1',
  prompt: [{ type: 'image', data: 'iVBORw0KGgo=', mimeType: 'image/png' }],
} as acp.PromptRequest;

describe('the capability guard', () => {
  it('refuses an optional method before initialize answered, without sending it', async () => {
    const { connection, fake, logs } = connect({ loadSession: true });
    await expect(connection.rpc.request('session/load', LOAD)).rejects.toBeInstanceOf(UnadvertisedRequestError);
    await connection.initialize(CLIENT_INFO, 2000);
    expect(fake.sent('session/load')).toEqual([]);
    expect(logs.join('\n')).toContain('not sent: session/load needs loadSession');
  });

  it('refuses what the agent did not advertise, and sends what it did', async () => {
    const { connection, fake } = connect({ loadSession: false, promptCapabilities: { image: false } });
    expect((await connection.initialize(CLIENT_INFO, 2000)).ok).toBe(true);
    await expect(connection.rpc.request('session/load', LOAD)).rejects.toThrow(
      'session/load needs loadSession, which the agent did not advertise',
    );
    await expect(connection.rpc.request('logout', {})).rejects.toThrow('logout needs auth.logout');
    await expect(connection.rpc.request('session/prompt', IMAGE_PROMPT)).rejects.toThrow(
      'session/prompt with image content needs promptCapabilities.image',
    );
    expect(fake.sent('session/load')).toEqual([]);
    expect(fake.sent('logout')).toEqual([]);
    expect(fake.sent('session/prompt')).toEqual([]);
  });

  it('lets advertised methods and content through', async () => {
    const { connection, fake } = connect({
      loadSession: true,
      auth: { logout: {} },
      promptCapabilities: { image: true },
    });
    await connection.initialize(CLIENT_INFO, 2000);
    await connection.rpc.request('session/load', LOAD);
    await connection.rpc.request('logout', {});
    await connection.rpc.request('session/prompt', IMAGE_PROMPT);
    expect(fake.sent('session/load')).toEqual([LOAD]);
    expect(fake.sent('logout')).toHaveLength(1);
    expect(fake.sent('session/prompt')).toHaveLength(1);
    expect(connection.capabilities).toEqual({
      loadSession: true,
      auth: { logout: {} },
      promptCapabilities: { image: true },
    });
  });

  // The expected pairs are written out in methodCapabilities.ts, not read from the rules the guard asks.
  it.each(GATED_METHODS)('%s: refused unsent until the agent advertises it, then sent', async (method, needs) => {
    const refusing = connect({});
    await refusing.connection.initialize(CLIENT_INFO, 2000);
    await expect(refusing.connection.rpc.request(method, LOAD)).rejects.toThrow(
      new UnadvertisedRequestError(method, `${method} needs ${needs.capability}, which the agent did not advertise`),
    );
    expect(refusing.fake.sent(method)).toEqual([]);

    const granting = connect(needs.advertised);
    await granting.connection.initialize(CLIENT_INFO, 2000);
    // The fake agent may not know the method: any answer but the guard's refusal means it reached the wire.
    await granting.connection.rpc.request(method, LOAD).catch((error: unknown) => {
      expect(error).not.toBeInstanceOf(UnadvertisedRequestError);
    });
    expect(granting.fake.sent(method)).toEqual([LOAD]);
  });

  it("_session/steering: refused unsent until initialize's own _meta advertises steering, then sent", async () => {
    const steer = {
      sessionId: 's1',
      prompt: [{ type: 'text' as const, text: 'also this' }],
      _meta: { steering: { idleBehavior: 'promptRequired' as const } },
    };
    // In agentCapabilities (even their _meta) it is not where the agents advertise it.
    const refusing = connect({ _meta: { steering: { supported: true } } }, { other: {} });
    await refusing.connection.initialize(CLIENT_INFO, 2000);
    await expect(refusing.connection.rpc.request('_session/steering', steer)).rejects.toThrow(
      new UnadvertisedRequestError(
        '_session/steering',
        '_session/steering needs _meta.steering.supported, which the agent did not advertise',
      ),
    );
    expect(refusing.fake.sent('_session/steering')).toEqual([]);

    const granting = connect({}, { steering: { supported: true } });
    await expect(granting.connection.rpc.request('_session/steering', steer)).rejects.toBeInstanceOf(
      UnadvertisedRequestError,
    ); // before initialize answered
    await granting.connection.initialize(CLIENT_INFO, 2000);
    expect(await granting.connection.rpc.request('_session/steering', steer)).toEqual({ outcome: 'injected' });
    expect(granting.fake.sent('_session/steering')).toEqual([steer]);
  });

  it('lets every baseline request through to an agent that advertised nothing', async () => {
    const { connection, fake } = connect({});
    await connection.initialize(CLIENT_INFO, 2000);
    const baseline = Object.entries(METHOD_NEEDS).filter(([method, needs]) => !needs && method !== 'session/cancel');
    expect(baseline.length).toBeGreaterThan(0);
    for (const [method] of baseline) {
      await connection.rpc.request(method, LOAD).catch((error: unknown) => {
        expect(error).not.toBeInstanceOf(UnadvertisedRequestError);
      });
      expect(fake.sent(method).at(-1)).toEqual(LOAD);
    }
  });
});
