// The Demo agent's terminal steps (/terminal): a real command in a client terminal with coloured,
// progressively printed output, then a command the agent kills after a timeout, the way real
// agents build timeouts from terminal/create, wait_for_exit, kill, output and release.
import type * as acp from '@agentclientprotocol/sdk';
import { ClientMethod } from '../protocol/methods';
import type { DemoTurn } from './turn';

/** How long the demo lets the never-ending command run before it kills it. */
export const KILL_AFTER_MS = 2000;

// Runs on the agent's own Node (the extension host's runtime), so it works wherever the demo runs.
const BUILD_SCRIPT = `
const steps = ['compile', 'bundle', 'test'];
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
(async () => {
  console.log('\\x1b[1;36m▶ demo build\\x1b[0m in ' + process.cwd());
  for (const step of steps) {
    for (let p = 0; p <= 100; p += 20) {
      const bar = '█'.repeat(p / 10) + '░'.repeat(10 - p / 10);
      process.stdout.write('\\r  \\x1b[33m' + step.padEnd(8) + '\\x1b[0m ' + bar + ' ' + String(p).padStart(3) + '%');
      await sleep(40);
    }
    process.stdout.write('\\r  \\x1b[32m✔\\x1b[0m ' + step.padEnd(8) + ' done          \\n');
  }
  console.log('\\x1b[1;32mall 3 steps passed\\x1b[0m');
})();
`;

const SLOW_SCRIPT = `
let n = 0;
console.log('\\x1b[35mwaiting for a server that never answers…\\x1b[0m');
setInterval(() => console.log('  still waiting (' + (++n * 0.5).toFixed(1) + ' s)'), 500);
`;

function nodeCommand(script: string): Pick<acp.CreateTerminalRequest, 'command' | 'args' | 'env'> {
  // In VS Code desktop the runtime is Electron: ask it to behave as plain Node.
  return { command: process.execPath, args: ['-e', script], env: [{ name: 'ELECTRON_RUN_AS_NODE', value: '1' }] };
}

async function runInTerminal(
  turn: DemoTurn,
  toolCallId: string,
  title: string,
  script: string,
  killAfterMs: number | null,
): Promise<{ output: acp.TerminalOutputResponse; killed: boolean }> {
  const { sessionId, cwd } = turn.info;
  turn.startToolCall({ toolCallId, title, kind: 'execute', status: 'pending', rawInput: { command: title } });
  const { terminalId } = await turn.request<acp.CreateTerminalResponse>(ClientMethod.terminalCreate, {
    sessionId,
    cwd,
    outputByteLimit: 64 * 1024,
    ...nodeCommand(script),
  });
  try {
    turn.updateToolCall({ toolCallId, status: 'in_progress', content: [{ type: 'terminal', terminalId }] });
    const exited = turn.request<acp.WaitForTerminalExitResponse>(ClientMethod.terminalWaitForExit, {
      sessionId,
      terminalId,
    });
    let killed = false;
    if (killAfterMs !== null) {
      const timedOut = await Promise.race([exited.then(() => false), turn.pause(killAfterMs).then(() => true)]);
      if (timedOut) {
        killed = true;
        await turn.request(ClientMethod.terminalKill, { sessionId, terminalId });
      }
    }
    await exited;
    const output = await turn.request<acp.TerminalOutputResponse>(ClientMethod.terminalOutput, {
      sessionId,
      terminalId,
    });
    const ok = !killed && output.exitStatus?.exitCode === 0;
    turn.updateToolCall({ toolCallId, status: ok ? 'completed' : 'failed', rawOutput: output });
    return { output, killed };
  } finally {
    // Agents must release their terminals; the card keeps showing the output.
    await turn.request(ClientMethod.terminalRelease, { sessionId, terminalId }).catch(() => undefined);
  }
}

/** Both commands; the message summarises what the agent saw through terminal/output. */
export async function terminalTurn(turn: DemoTurn): Promise<string> {
  const n = turn.info.turnNumber;
  const build = await runInTerminal(turn, `demo-terminal-${n}-build`, 'Run the demo build', BUILD_SCRIPT, null);
  const slow = await runInTerminal(
    turn,
    `demo-terminal-${n}-slow`,
    'Wait for a server (killed after 2 s)',
    SLOW_SCRIPT,
    KILL_AFTER_MS,
  );
  const lastLine = build.output.output.trim().split('\n').pop() ?? '';
  const slowStatus = slow.output.exitStatus?.signal ?? `exit code ${slow.output.exitStatus?.exitCode ?? '?'}`;
  return [
    `The build ran in a real terminal (press **Open in Terminal** on its card to see it in VS Code's panel).`,
    `It ended with exit code ${build.output.exitStatus?.exitCode ?? '?'}; its last line as I read it: \`${lastLine}\`.`,
    '',
    `The second command never finishes, so I killed it after ${KILL_AFTER_MS / 1000} s (${slowStatus}); its card says the agent stopped it.`,
  ].join('\n');
}
