// The Demo agent's /shell: a command the agent runs itself, in its own process, and reports as a
// terminal it owns, the way codex-acp 2.x does: terminal content whose id no terminal/create made,
// and the command's start, output and exit in the tool call's `_meta` (terminal_info,
// terminal_output_delta, terminal_exit; src/shared/agentTerminals.ts reads them). The client starts
// nothing, so its card shows the output and the exit and offers no Stop.
import { spawn } from 'node:child_process';
import type * as acp from '@agentclientprotocol/sdk';
import type { DemoTurn } from './turn';

// Runs on the agent's own Node: coloured lines, a little apart, so the card is seen to stream.
const SHELL_SCRIPT = `
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
(async () => {
  console.log('\\x1b[1;36m$ demo lint\\x1b[0m (run by the agent itself)');
  for (const file of ['src/greet.ts', 'src/index.ts', 'switchboard-demo.md']) {
    await sleep(150);
    console.log('  \\x1b[32m✔\\x1b[0m ' + file);
  }
  console.log('\\x1b[1;32mno problems found\\x1b[0m');
})();
`;

/** Output the demo sends per report at most: what a real agent's delta looks like. */
const DELTA_CHARS = 4096;

export interface ShellRun {
  exitCode: number | null;
  signal: string | null;
  output: string;
}

/** Runs the script in the agent's process and reports it in the tool call's `_meta`. */
export async function agentShellTurn(turn: DemoTurn): Promise<ShellRun> {
  const n = turn.info.turnNumber;
  const toolCallId = `demo-shell-${n}`;
  const terminalId = `demo-agent-terminal-${n}`;
  const { cwd } = turn.info;
  turn.startToolCall({
    toolCallId,
    title: 'Run demo lint (the agent runs it itself)',
    kind: 'execute',
    status: 'in_progress',
    rawInput: { command: ['demo', 'lint'] },
    content: [{ type: 'terminal', terminalId }],
    _meta: { terminal_info: { terminal_id: terminalId, cwd } },
  });
  const child = spawn(process.execPath, ['-e', SHELL_SCRIPT], {
    cwd,
    env: { ...process.env, ELECTRON_RUN_AS_NODE: '1', FORCE_COLOR: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const onAbort = (): void => void child.kill('SIGTERM');
  turn.signal.addEventListener('abort', onAbort, { once: true });
  let output = '';
  const report = (data: string): void => {
    for (let at = 0; at < data.length; at += DELTA_CHARS) {
      const piece = data.slice(at, at + DELTA_CHARS);
      output += piece;
      turn.updateToolCall({ toolCallId, _meta: { terminal_output_delta: { terminal_id: terminalId, data: piece } } });
    }
  };
  child.stdout.setEncoding('utf8').on('data', report);
  child.stderr.setEncoding('utf8').on('data', report);
  try {
    const exit = await new Promise<{ exitCode: number | null; signal: string | null }>((resolve, reject) => {
      child.once('error', reject);
      child.once('close', (exitCode, signal) => resolve({ exitCode, signal }));
    });
    const exitStatus: acp.TerminalExitStatus = { exitCode: exit.exitCode, signal: exit.signal };
    turn.updateToolCall({
      toolCallId,
      status: exit.exitCode === 0 ? 'completed' : 'failed',
      _meta: { terminal_exit: { terminal_id: terminalId, exit_code: exit.exitCode, signal: exit.signal } },
      rawOutput: { exitStatus },
    });
    turn.throwIfCancelled();
    return { ...exit, output };
  } finally {
    turn.signal.removeEventListener('abort', onAbort);
  }
}

/** What the demo says after /shell. */
export function agentShellSummary(run: ShellRun): string {
  const lines = run.output.trim().split('\n');
  // eslint-disable-next-line no-control-regex -- the colour codes of its own script, left out of the quote
  const last = (lines[lines.length - 1] ?? '').replace(/\x1b\[[0-9;]*m/g, '');
  const ending = run.signal ?? `exit code ${run.exitCode ?? '?'}`;
  return [
    'I ran that command myself, in my own process, as codex-acp does: Switchboard did not start it, so its card',
    `shows the output I reported and how it ended (${ending}) but has no Stop or Open in Terminal.`,
    `Its last line: \`${last}\`.`,
  ].join('\n');
}
