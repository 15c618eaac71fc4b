// Spawns the flood agent (bench/agents/flood-agent.mjs) for one ingest run.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { join } from 'node:path';

export const FLOOD_AGENT = join(process.cwd(), 'bench', 'agents', 'flood-agent.mjs');
export const FLOOD_SESSION = 'bench-session';

export function floodArgs(chunks: number): string[] {
  return [FLOOD_AGENT, '--chunks', String(chunks)];
}

export function spawnFlood(chunks: number): ChildProcessWithoutNullStreams {
  return spawn(process.execPath, floodArgs(chunks), { stdio: 'pipe' });
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
