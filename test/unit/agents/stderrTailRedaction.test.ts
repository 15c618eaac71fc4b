// The failure card shows the last lines of an agent's stderr (and copies them with the details). An agent may
// echo the key it was given at sign-in; the tail gets the same redaction as the agent's log, so a kept key
// never reaches the card. A real process writes the key to stderr and exits 1.
import { describe, expect, it } from 'vitest';
import { spawnAgentProcess } from '../../../src/agents/agentProcess';
import { REDACTED, SecretRedactor } from '../../../src/agents/secretRedactor';

const KEY = 'sk-live-4f9a81c2d3e4';

const ECHO_KEY = `process.stderr.write('starting\\nusing key ' + process.env.SCRIPTED_API_KEY + '\\n'); process.exit(1)`;

function crashingAgent(redact?: (text: string) => string, script = ECHO_KEY) {
  const logged: string[] = [];
  const agent = spawnAgentProcess(
    {
      id: 'echoes-key',
      displayName: 'Echoes its key',
      command: process.execPath,
      args: ['-e', script],
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

/** Any 6 characters of the key in `text` (a prefix or suffix of it leaks as much as the whole). */
function leaksKey(text: string): boolean {
  for (let i = 0; i + 6 <= KEY.length; i++) if (text.includes(KEY.slice(i, i + 6))) return true;
  return false;
}

function redacting() {
  const redactor = new SecretRedactor();
  redactor.add(KEY);
  return (text: string) => redactor.redact(text);
}

describe('a key on a long stderr line', () => {
  it('after a 1,985-character prefix: redacted before the line is cut, in the tail and in the log', async () => {
    const script = `process.stderr.write('p'.repeat(1985) + process.env.SCRIPTED_API_KEY + ' done\\n'); process.exit(1)`;
    const { agent, logged } = crashingAgent(redacting(), script);
    const exit = await agent.exited;
    const [line] = exit.failure.stderrTail;
    // Redacted first, the line is short enough to show whole.
    expect(line).toBe(`${'p'.repeat(1985)}${REDACTED} done`);
    expect(leaksKey(JSON.stringify(exit.failure))).toBe(false);
    expect(leaksKey(logged.join('\n'))).toBe(false);
  });

  it('split across a long line without a newline, in two writes: neither part of it shows', async () => {
    const script = [
      'const key = process.env.SCRIPTED_API_KEY; const out = (text) => new Promise((done) => process.stderr.write(text, done));',
      "(async () => { await out('q'.repeat(7995) + key.slice(0, 9)); await new Promise((done) => setTimeout(done, 150));",
      "await out(key.slice(9) + ' rest of the line\\nlast words\\n'); process.exit(1); })();",
    ].join(' ');
    const { agent, logged } = crashingAgent(redacting(), script);
    const exit = await agent.exited;
    expect(exit.failure.stderrTail.at(-1)).toBe('last words');
    expect(exit.failure.stderrTail[0]).toBe(`${'q'.repeat(2000)}…`);
    expect(leaksKey(JSON.stringify(exit.failure))).toBe(false);
    expect(leaksKey(logged.join('\n'))).toBe(false);
  });
});
