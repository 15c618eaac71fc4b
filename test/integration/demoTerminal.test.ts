// The Demo agent's /terminal turn against the real client core: the bundled demo (a child process)
// runs a coloured build in a client terminal, then kills a command that hangs after 2 s.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildDemoAgent, demoChat } from './demoAgentProcess';

const workDir = mkdtempSync(join(tmpdir(), 'switchboard-demo-terminal-'));
let agentScript: string;
beforeAll(async () => {
  agentScript = await buildDemoAgent(workDir);
});
afterAll(() => rmSync(workDir, { recursive: true, force: true }));

it('/terminal shows a coloured build that exits 0 and a command the agent kills, both released', async () => {
  const controller = demoChat(agentScript, workDir);
  const raw = new Map<string, string>();
  controller.onTerminalOutput((id, data) => raw.set(id, (raw.get(id) ?? '') + data));
  try {
    await controller.start();
    // The killed command would run for ever: the turn ends only because the agent's kill stopped it.
    await controller.prompt('/terminal');
    const state = controller.snapshot().state;
    expect(state.terminals?.['terminal-1']).toMatchObject({
      status: 'exited',
      exitStatus: { exitCode: 0 },
      stoppedBy: null,
      released: true,
    });
    expect(state.terminals?.['terminal-2']).toMatchObject({ status: 'exited', stoppedBy: 'agent', released: true });
    expect(raw.get('terminal-1')).toMatch(/\x1b\[32m✔/); // colours reach the card
    expect(raw.get('terminal-1')).toContain('\r'); // progress drawn in place
    expect(controller.terminalReplay('terminal-2')).toContain('still waiting');
    const tools = state.entries.flatMap((entry) => (entry.kind === 'tool' ? [entry.tool] : []));
    expect(tools.map((tool) => [tool.status, tool.content[0]?.type])).toEqual([
      ['completed', 'terminal'],
      ['failed', 'terminal'],
    ]);
    const answer = state.entries
      .filter((entry) => entry.kind === 'agent')
      .map((entry) => JSON.stringify(entry))
      .join('');
    expect(answer).toContain('all 3 steps passed');
  } finally {
    await controller.dispose();
  }
}, 30_000);

it('/shell: a command the agent runs itself streams into a terminal it owns, with its exit, and no process of ours', async () => {
  const controller = demoChat(agentScript, workDir);
  try {
    await controller.start();
    await controller.prompt('/shell');
    const state = controller.snapshot().state;
    // Switchboard started nothing: no terminal/create, the agent's own terminal folded into its tool call.
    expect(state.terminals ?? {}).toEqual({});
    const tool = state.entries.flatMap((entry) => (entry.kind === 'tool' ? [entry.tool] : []))[0];
    expect(tool?.status).toBe('completed');
    expect(tool?.agentTerminals).toHaveLength(1);
    const terminal = tool!.agentTerminals![0]!;
    expect(terminal).toMatchObject({ status: 'exited', exitStatus: { exitCode: 0, signal: null }, cwd: workDir });
    expect(terminal.output).toMatch(/\x1b\[32m✔\x1b\[0m src\/greet\.ts/);
    expect(terminal.output).toContain('no problems found');
    const answer = state.entries.filter((entry) => entry.kind === 'agent').map((entry) => JSON.stringify(entry));
    expect(answer.join('')).toContain('exit code 0');
  } finally {
    await controller.dispose();
  }
}, 30_000);
