// Signing in to the real scripted agent (scenario sign-in) through a real ThreadController: a terminal method runs
// the agent's own command with the method's args and env (here a child process instead of a VS Code terminal;
// the in-host suite uses the real terminal), a login that exits 0 signs in and the session opens; after Sign Out
// (`logout`, advertised) the card is back, and a login that exits 1 leaves it there with the reason. An env-var
// method: the key the host keeps reaches the agent's environment and `authenticate` follows the restart.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { SignInPlan } from '../../src/agents/authMethods';
import type { AgentConfig, HostSignIn, ThreadController } from '../../src/session/api';
import { createThreadController } from '../../src/session/threadController';
import { testHostEnv } from './hostEnv';
import { tempDir } from './tempDirs';
import { scriptedAgent } from './scriptedAgent';

const controllers: ThreadController[] = [];
afterEach(async () => {
  await Promise.all(controllers.splice(0).map((controller) => controller.dispose()));
});

function scripted(extra: string[] = [], scenario = 'sign-in'): AgentConfig {
  return scriptedAgent(scenario, { extraArgs: extra });
}

/** The host side with a child process for the terminal; records every plan it ran. */
function hostSignIn(keys: Record<string, string> = {}) {
  const plans: SignInPlan[] = [];
  const kept: Record<string, string> = {};
  const host: HostSignIn = {
    agentEnv: async () => ({ ...kept }),
    run: async (_agent, plan) => {
      plans.push(plan);
      if (plan.kind === 'envVar') {
        Object.assign(kept, keys);
        return { kind: 'signedIn' };
      }
      if (plan.kind !== 'terminal') return { kind: 'signedIn' };
      const code = await new Promise<number | null>((done) => {
        const child = spawn(plan.command, plan.args, { env: { ...process.env, ...plan.env }, stdio: 'ignore' });
        child.on('exit', (exitCode) => done(exitCode));
      });
      return code === 0 ? { kind: 'signedIn' } : { kind: 'failed', message: `The login exited with code ${code}.` };
    },
    forget: async () => {
      const had = Object.keys(kept).length > 0;
      for (const key of Object.keys(kept)) delete kept[key];
      return had;
    },
  };
  return { host, plans, kept };
}

function start(dir: string, agent: AgentConfig, signIn: HostSignIn): ThreadController {
  const controller = createThreadController({
    threadId: 'thread-1',
    agent,
    env: { ...testHostEnv(dir), signIn },
    handlers: {
      readTextFile: () => Promise.reject(new Error('unused')),
      writeTextFile: () => Promise.reject(new Error('unused')),
    },
  });
  controllers.push(controller);
  return controller;
}

describe('sign-in with the scripted agent', () => {
  it('a terminal login that exits 0 signs in; after Sign Out a login that exits 1 keeps the card', async () => {
    const dir = tempDir('sb-signin-');
    const authFile = join(dir, 'auth');
    const agent = scripted([
      '--auth-file',
      authFile,
      '--login-exits',
      '0,1',
      '--capabilities',
      JSON.stringify({ auth: { logout: {} } }),
    ]);
    const { host, plans } = hostSignIn();
    const controller = start(dir, agent, host);
    await controller.start();
    const state = () => controller.snapshot().state;
    expect(state().connection.kind).toBe('authRequired');
    const methods = (state().connection as { methods: { id: string }[] }).methods.map((method) => method.id);
    expect(methods).toEqual(['terminal-login', 'legacy-login', 'api-key']);

    await controller.authenticate('terminal-login');
    // The agent's own command with the method's args appended and its env over.
    expect(plans[0]).toMatchObject({
      kind: 'terminal',
      command: process.execPath,
      args: [...agent.args, '--login'],
      env: { SCRIPTED_LOGIN: '1' },
    });
    expect(existsSync(authFile)).toBe(true);
    expect(state().connection.kind).toBe('ready');
    expect(state().sessionId).toBeTruthy();

    expect(await controller.signOut!()).toBe('loggedOut');
    expect(existsSync(authFile)).toBe(false);
    expect(state().connection.kind).toBe('authRequired');

    await expect(controller.authenticate('terminal-login')).rejects.toThrow('exited with code 1');
    expect(state().connection.kind).toBe('authRequired');
    expect(existsSync(authFile)).toBe(false);
  });

  it('the legacy _meta["terminal-auth"] method runs the command it names', async () => {
    const dir = tempDir('sb-signin-');
    const authFile = join(dir, 'auth');
    const { host, plans } = hostSignIn();
    const controller = start(dir, scripted(['--auth-file', authFile]), host);
    await controller.start();
    await controller.authenticate('legacy-login');
    expect(plans[0]).toMatchObject({ kind: 'terminal', command: process.execPath, name: 'Legacy login' });
    expect(controller.snapshot().state.connection.kind).toBe('ready');
  });

  it('an env-var method: the kept key is in the restarted agent`s environment and authenticate follows', async () => {
    const dir = tempDir('sb-signin-');
    const { host, plans, kept } = hostSignIn({ SCRIPTED_API_KEY: 'sk-scripted-123456' });
    const logged: string[] = [];
    const controller = createThreadController({
      threadId: 'thread-1',
      agent: scripted(),
      env: { ...testHostEnv(dir, { log: (line) => logged.push(line) }), signIn: host },
      handlers: {
        readTextFile: () => Promise.reject(new Error('unused')),
        writeTextFile: () => Promise.reject(new Error('unused')),
      },
    });
    controllers.push(controller);
    await controller.start();
    expect(controller.snapshot().state.connection.kind).toBe('authRequired');
    await controller.authenticate('api-key');
    expect(plans[0]).toMatchObject({ kind: 'envVar', vars: [{ name: 'SCRIPTED_API_KEY', secret: true }] });
    expect(kept).toEqual({ SCRIPTED_API_KEY: 'sk-scripted-123456' });
    expect(controller.snapshot().state.connection.kind).toBe('ready');

    // Sign Out with no logout advertised forgets the key; the agent starts again without it.
    expect(await controller.signOut!()).toBe('forgotten');
    expect(controller.snapshot().state.connection.kind).toBe('authRequired');
  });

  // A sign-in that expires mid-chat (scenario prompt-auth-required): the session is open, then the request
  // answers -32000 auth_required. The same card shows, and the request runs again once signed in.
  const afterSignIn = [
    {
      request: 'session/prompt',
      send: (controller: ThreadController) => controller.prompt('hello again'),
      done: (state: ReturnType<ThreadController['snapshot']>['state']) =>
        JSON.stringify(state.entries).includes('hello again') && JSON.stringify(state.entries).includes('Done.'),
    },
    {
      request: 'session/set_mode',
      send: (controller: ThreadController) => controller.setMode('code'),
      done: (state: ReturnType<ThreadController['snapshot']>['state']) => state.modes?.currentModeId === 'code',
    },
    {
      request: 'session/set_config_option',
      send: (controller: ThreadController) => controller.setConfigOption('model', 'smart'),
      done: (state: ReturnType<ThreadController['snapshot']>['state']) =>
        state.configOptions?.find((option) => option.id === 'model')?.currentValue === 'smart',
    },
  ];
  for (const { request, send, done } of afterSignIn) {
    it(`auth_required from ${request} shows the sign-in card and runs it again after sign-in`, async () => {
      const dir = tempDir('sb-signin-');
      const { host } = hostSignIn();
      const controller = start(dir, scripted([], 'prompt-auth-required'), host);
      await controller.start();
      const state = () => controller.snapshot().state;
      expect(state().connection.kind).toBe('ready');
      const sessionId = state().sessionId;

      await send(controller);
      expect(state().connection).toMatchObject({ kind: 'authRequired', methods: [{ id: 'scripted-login' }] });
      expect(done(state())).toBe(false);

      await controller.authenticate('scripted-login');
      expect(state().connection.kind).toBe('ready');
      // The same session (an agent method signs in on the running process), and the request went through.
      expect(state().sessionId).toBe(sessionId);
      expect(done(state())).toBe(true);
    });
  }
});
