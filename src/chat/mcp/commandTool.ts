// run_command of the editor's MCP server: asked in a card (toolCards.ts, an `execute` request the command rules
// match as they match the agent's own), then run by the chat session's terminal/* handlers, so the card shows the
// same live terminal as an ACP terminal/create (Stop, Open in Terminal), and ending the session kills it. The agent
// gets the exit and the output's tail, both bounded; a command that outlives its time is killed.
import type { CancelSignal, OpenEditorSession } from '../../session/api';
import { errorMessage } from '../../shared/errorMessage';
import { absoluteToolPath, failed, ok, type ToolResult } from './toolResults';
import { ToolCard } from './toolCards';

export const DEFAULT_COMMAND_SECONDS = 120;
export const MAX_COMMAND_SECONDS = 600;
/** The output the terminal keeps for the agent (the card's own view keeps its own tail). */
const OUTPUT_BYTE_LIMIT = 64 * 1024;

export interface CommandArgs {
  command: string;
  /** Relative to the session's folder, or absolute. */
  cwd?: string;
  timeout_seconds?: number;
}

export async function runCommand(
  session: OpenEditorSession,
  args: CommandArgs,
  signal: CancelSignal,
): Promise<ToolResult> {
  const terminals = session.requests.terminals;
  if (!terminals) return failed('This session has no terminals.');
  const cwd = args.cwd === undefined ? session.cwd : absoluteToolPath(args.cwd, session.cwd);
  const card = new ToolCard(session);
  card.show({ title: args.command, kind: 'execute', rawInput: { command: args.command, cwd } });
  if (!(await card.allowed(signal))) return failed('The user did not allow running this command.');
  card.update({ status: 'in_progress' });
  let terminalId: string;
  try {
    ({ terminalId } = await terminals.create({
      sessionId: session.sessionId,
      command: args.command,
      cwd,
      outputByteLimit: OUTPUT_BYTE_LIMIT,
    }));
  } catch (error) {
    card.finish(errorMessage(error));
    throw error;
  }
  card.update({ content: [{ type: 'terminal', terminalId }] });
  const seconds = Math.min(args.timeout_seconds ?? DEFAULT_COMMAND_SECONDS, MAX_COMMAND_SECONDS);
  const ended = await untilExit(terminals, session.sessionId, terminalId, seconds * 1000, signal);
  if (ended !== 'exited') terminals.kill({ sessionId: session.sessionId, terminalId });
  const { output, truncated, exitStatus } = terminals.output({ sessionId: session.sessionId, terminalId });
  terminals.release({ sessionId: session.sessionId, terminalId });
  const exit = exitStatus ?? { exitCode: null, signal: null };
  const succeeded = ended === 'exited' && exit.exitCode === 0;
  card.update({ status: succeeded ? 'completed' : 'failed' });
  const how =
    ended === 'timeout'
      ? `killed after ${seconds} s (pass timeout_seconds, at most ${MAX_COMMAND_SECONDS}, for longer)`
      : ended === 'cancelled'
        ? 'stopped: the request was cancelled'
        : exit.signal
          ? `ended by signal ${exit.signal}`
          : `exit code ${exit.exitCode ?? 'unknown'}`;
  const text = `${how}\n${truncated ? '[only the last part of the output]\n' : ''}${output}`;
  return succeeded ? ok(text) : failed(text);
}

/** Waits for the exit, at most `ms`; a cancelled request stops waiting at once. */
async function untilExit(
  terminals: NonNullable<OpenEditorSession['requests']['terminals']>,
  sessionId: string,
  terminalId: string,
  ms: number,
  signal: CancelSignal,
): Promise<'exited' | 'timeout' | 'cancelled'> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let subscription: { dispose(): void } | undefined;
  const timeout = new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), ms)));
  const cancelled = new Promise<'cancelled'>((resolve) => {
    if (signal.isCancellationRequested) resolve('cancelled');
    subscription = signal.onCancellationRequested(() => resolve('cancelled'));
  });
  const exited = terminals.waitForExit({ sessionId, terminalId }, signal).then(
    () => 'exited' as const,
    () => 'cancelled' as const,
  );
  try {
    return await Promise.race([exited, timeout, cancelled]);
  } finally {
    clearTimeout(timer);
    subscription?.dispose();
  }
}
