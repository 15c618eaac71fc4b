// The agent's own `initialize` and `session/new` round trips, the start-up figures' baseline: the agent is started as
// the extension starts it, given time to load, and then timed from writing each request to reading its answer. A
// pooled agent's new chat waits for the agent's `session/new` (a real agent may start a model session there), so the
// start-up target allows for both.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { median } from './stats.mjs';

const LOAD_MS = 1000;
const ANSWER_TIMEOUT_MS = 20_000;

/** The medians over `repeats` fresh processes of `agent` ({command, args, env?}): {initialize, sessionNew} in ms. */
export async function agentRoundTrips(agent, repeats) {
  const times = [];
  for (let i = 0; i < repeats; i++) times.push(await once(agent));
  return {
    initialize: median(times.map((t) => t.initialize)),
    sessionNew: median(times.map((t) => t.sessionNew)),
  };
}

async function once({ command, args = [], env = {} }) {
  const child = spawn(command, args, { stdio: ['pipe', 'pipe', 'ignore'], env: { ...process.env, ...env } });
  const what = `${command} ${args.join(' ')}`;
  try {
    await new Promise((resolve) => setTimeout(resolve, LOAD_MS));
    const lines = createInterface({ input: child.stdout });
    const exited = new Promise((_, reject) =>
      child.once('exit', (code) => reject(new Error(`${what} exited (${code})`))),
    );
    exited.catch(() => undefined); // killed once measured: only a race below may see it
    /** Writes request `id` and resolves with the ms until its answer. */
    const roundTrip = (id, method, params) => {
      const answered = new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`${what} did not answer ${method}`)), ANSWER_TIMEOUT_MS);
        const onLine = (line) => {
          if (!new RegExp(`"id":\\s*${id}\\b`).test(line)) return;
          clearTimeout(timer);
          lines.off('line', onLine);
          if (/"result"/.test(line)) resolve(performance.now());
          else reject(new Error(`${what} answered ${method} with an error: ${line.slice(0, 300)}`));
        };
        lines.on('line', onLine);
      });
      const start = performance.now();
      child.stdin.write(JSON.stringify({ jsonrpc: '2.0', id, method, params }) + '\n');
      return Promise.race([answered, exited]).then((end) => end - start);
    };
    const initialize = await roundTrip(1, 'initialize', {
      protocolVersion: 1,
      clientCapabilities: { fs: { readTextFile: true, writeTextFile: true }, terminal: true },
      clientInfo: { name: 'switchboard-bench', version: '1' },
    });
    const sessionNew = await roundTrip(2, 'session/new', { cwd: process.cwd(), mcpServers: [] });
    return { initialize, sessionNew };
  } finally {
    child.kill();
  }
}
