// claude-agent-acp 0.101's `_auth/status_update` (agents/quirks/claudeAgentAcp.ts): its shape is checked, what
// it says is shown on one line, and the account's e-mail is never part of it.
import { describe, expect, it } from 'vitest';
import { describeClaudeAuthStatus } from '../../../src/agents/quirks/claudeAgentAcp';

describe("claude-agent-acp's _auth/status_update", () => {
  it('says the label and the detail the adapter sent', () => {
    expect(
      describeClaudeAuthStatus({
        authStatus: { kind: 'api_key', label: 'Anthropic API key', detail: 'ANTHROPIC_API_KEY' },
      }),
    ).toBe('Anthropic API key (ANTHROPIC_API_KEY)');
    expect(
      describeClaudeAuthStatus({
        authStatus: { kind: 'account', label: 'Claude Max', account: { email: 'someone@example.com', plan: 'max' } },
      }),
    ).toBe('Claude Max');
  });

  it('keeps it on one bounded line: no line break can forge a log line', () => {
    const said = describeClaudeAuthStatus({
      authStatus: { kind: 'none', label: 'Not logged in\n[switchboard] forged', detail: 'x'.repeat(500) },
    });
    expect(said).not.toContain('\n');
    expect(said!.length).toBeLessThan(260);
  });

  it('refuses another shape', () => {
    for (const params of [
      null,
      {},
      { authStatus: 'yes' },
      { authStatus: { kind: 1, label: 'x' } },
      { authStatus: { kind: 'none', label: 'x', detail: 5 } },
    ])
      expect(describeClaudeAuthStatus(params)).toBeNull();
  });
});
