// The agent's own `initialize` round trip, the start-up figures' baseline: the agent is started as the
// extension starts it, given time to load, and then timed from writing `initialize` to reading its answer.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { median } from './stats.mjs';

const LOAD_MS = 1000;
const ANSWER_TIMEOUT_MS = 10_000;

/** The median over `repeats` fresh processes of `agent` ({command, args}), in ms. */
export async function initializeRoundTrip(agent, repeats) {
  const times = [];
  for (let i = 0; i < repeats; i++) times.push(await once(agent));
  return median(times);
}

async function once({ command, args }) {
  const child = spawn(command, args, { stdio: ['pipe', 'pipe', 'ignore'], env: { ...process.env } });
  try {
    await new Promise((resolve) => setTimeout(resolve, LOAD_MS));
    const lines = createInterface({ input: child.stdout });
    const answered = new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`${command} ${args.join(' ')} did not answer initialize`)),
        ANSWER_TIMEOUT_MS,
      );
      child.once('exit', (code) => reject(new Error(`${command} ${args.join(' ')} exited (${code})`)));
      lines.on('line', (line) => {
        if (/"id":\s*1\b/.test(line) && /"result"/.test(line)) {
          clearTimeout(timer);
          resolve(performance.now());
        }
      });
    });
    const start = performance.now();
    child.stdin.write(
      JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: {
          protocolVersion: 1,
          clientCapabilities: { fs: { readTextFile: true, writeTextFile: true }, terminal: true },
          clientInfo: { name: 'switchboard-bench', version: '1' },
        },
      }) + '\n',
    );
    return (await answered) - start;
  } finally {
    child.kill();
  }
}
