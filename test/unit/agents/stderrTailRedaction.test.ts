// The failure card shows the last lines of an agent's stderr (and copies them with the details). An agent may
// echo the key it was given at sign-in; the tail gets the same redaction as the agent's log, so a kept key
// never reaches the card. A real process writes the key to stderr and exits 1.
import { describe, expect, it } from 'vitest';
import { spawnAgentProcess } from '../../../src/agents/agentProcess';
import { REDACTED, SecretRedactor } from '../../../src/agents/secretRedactor';

const KEY = 'sk-live-4f9a81c2d3e4';

function crashingAgent(redact?: (text: string) => string) {
  const logged: string[] = [];
  const agent = spawnAgentProcess(
    {
      id: 'echoes-key',
      displayName: 'Echoes its key',
      command: process.execPath,
      args: [
        '-e',
        `process.stderr.write('starting\\nusing key ' + process.env.SCRIPTED_API_KEY + '\\n'); process.exit(1)`,
      ],
      env: {},
      isDemo: false,
    },
    {
      cwd: process.cwd(),
      baseEnv: { ...process.env, SCRIPTED_API_KEY: KEY },
      log: { append: (line) => logged.push(line), ...(redact ? { redact } : {}) },
    },
  );
  return { agent, logged };
}

describe('the stderr tail on the failure card', () => {
  it('is redacted like the log: a key kept at sign-in never appears in it', async () => {
    const redactor = new SecretRedactor();
    redactor.add(KEY);
    const { agent } = crashingAgent((text) => redactor.redact(text));
    const exit = await agent.exited;
    expect(exit.exitCode).toBe(1);
    expect(exit.failure.stderrTail).toEqual(['starting', `using key ${REDACTED}`]);
    expect(agent.stderrTail()).toEqual(['starting', `using key ${REDACTED}`]);
    expect(JSON.stringify(exit.failure)).not.toContain(KEY);
  });

  it('without a redactor the tail is as written (the test above can fail)', async () => {
    const { agent } = crashingAgent();
    const exit = await agent.exited;
    expect(exit.failure.stderrTail).toEqual(['starting', `using key ${KEY}`]);
  });
});
