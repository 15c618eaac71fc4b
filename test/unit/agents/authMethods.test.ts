// Sign-in methods as agents send them (stable terminal, the older _meta form, the env_var draft, agent), read
// into what the client must run or ask; hostile values bounded or dropped.
import { describe, expect, it } from 'vitest';
import { signInPlan } from '../../../src/agents/authMethods';

const agent = { command: '/usr/bin/agent', args: ['--acp'], env: { KEEP: 'user', OVER: 'user' } };

describe('signInPlan', () => {
  it('runs a terminal method as the agent command with its args appended and its env over', () => {
    expect(
      signInPlan({ id: 'login', name: 'Log in', type: 'terminal', args: ['--login'], env: { OVER: 'method' } }, agent),
    ).toEqual({
      kind: 'terminal',
      id: 'login',
      name: 'Log in',
      command: '/usr/bin/agent',
      args: ['--acp', '--login'],
      env: { KEEP: 'user', OVER: 'method' },
    });
  });

  it('reads the older _meta["terminal-auth"] form with its own command', () => {
    const plan = signInPlan(
      {
        id: 'claude-login',
        name: 'Log in with Claude',
        _meta: { 'terminal-auth': { command: 'node', args: ['cli.js', '/login'], label: 'Claude login' } },
      },
      agent,
    );
    expect(plan).toMatchObject({ kind: 'terminal', command: 'node', args: ['cli.js', '/login'], name: 'Claude login' });
  });

  it('asks for env_var keys (secret by default) and drops names that are not variable names', () => {
    const plan = signInPlan(
      {
        id: 'key',
        name: 'Use OPENAI_API_KEY',
        type: 'env_var',
        link: 'https://platform.example/keys',
        vars: [
          { name: 'OPENAI_API_KEY' },
          { name: 'ORG', secret: false, optional: true, label: 'Organisation' },
          { name: 'BAD NAME' },
          5,
        ],
      },
      agent,
    );
    expect(plan).toEqual({
      kind: 'envVar',
      id: 'key',
      name: 'Use OPENAI_API_KEY',
      link: 'https://platform.example/keys',
      vars: [
        { name: 'OPENAI_API_KEY', label: 'OPENAI_API_KEY', secret: true, optional: false },
        { name: 'ORG', label: 'Organisation', secret: false, optional: true },
      ],
    });
    expect(
      signInPlan({ id: 'k', name: 'n', type: 'env_var', vars: [], link: 'javascript:alert(1)' }, agent),
    ).not.toHaveProperty('link');
  });

  it('treats anything else as an agent method, and bounds what the agent chose', () => {
    expect(signInPlan({ id: 'oauth', name: 'Browser' }, agent)).toEqual({
      kind: 'agent',
      id: 'oauth',
      name: 'Browser',
    });
    expect(signInPlan(null, agent)).toEqual({ kind: 'agent', id: '', name: '' });
    const many = signInPlan(
      { id: 't', name: 't', type: 'terminal', args: Array.from({ length: 1000 }, () => 'x'.repeat(10_000)) },
      agent,
    );
    expect(many.kind === 'terminal' && many.args.length).toBe(1 + 64);
    expect(many.kind === 'terminal' && many.args[1]?.length).toBe(4096);
  });
});
