// Spawns the flood agent (bench/agents/floodAgent.mjs) for one ingest run.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { join } from 'node:path';

export const FLOOD_AGENT = join(process.cwd(), 'bench', 'agents', 'floodAgent.mjs');
export const FLOOD_SESSION = 'bench-session';

/**
 * How the flood agent writes each chunk: 'sdk' exactly as SDK agents do (Switchboard's fast path
 * takes it), 'meta' with `"_meta":{}` added to the update (a valid shape only JSON.parse reads).
 */
export type FloodShape = 'sdk' | 'meta';

/** The flood agent's command line; `acp` 2: it speaks v2 to a client that asks for it. */
export function floodArgs(chunks: number, shape: FloodShape = 'sdk', acp: 1 | 2 = 1): string[] {
  return [FLOOD_AGENT, '--chunks', String(chunks), '--shape', shape, ...(acp === 2 ? ['--acp', '2'] : [])];
}

export function spawnFlood(chunks: number, shape: FloodShape = 'sdk'): ChildProcessWithoutNullStreams {
  return spawn(process.execPath, floodArgs(chunks, shape), { stdio: 'pipe' });
}

export function killed(child: ChildProcessWithoutNullStreams): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.stdin.end();
    child.kill('SIGTERM');
  });
}

export const INITIALIZE = { protocolVersion: 1, clientCapabilities: {}, clientInfo: { name: 'bench', version: '1' } };
export const NEW_SESSION = { cwd: process.cwd(), mcpServers: [] };
export const PROMPT = { sessionId: FLOOD_SESSION, prompt: [{ type: 'text', text: 'flood' }] };
