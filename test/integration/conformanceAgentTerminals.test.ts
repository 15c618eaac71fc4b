// Conformance on ACP v1 and v2 (conformanceVersions.ts) of what an agent runs and keeps itself: a command in a
// terminal of its own (v1: codex-acp's tool call `_meta` terminal_info / terminal_output / terminal_exit; v2:
// terminal_update and base64 terminal_output_chunk) shows in its tool call's card with its output and exit
// status, and a reload that replays the session (v1 session/load, v2 session/resume from the start) shows it
// once, as it was; and the sessions it keeps are listed for Chat History (`session/list`: on v1 where the agent
// advertises it, on v2 always, part of the session baseline). Every v2 message is checked against the schema.
import { afterEach, describe, expect, it } from 'vitest';
import { spawnAgentProcess } from '../../src/agents/agentProcess';
import { agentHistory } from '../../src/session/agent/historyAgent';
import { ChatJournal } from '../../src/session/journal/chatJournal';
import type { AgentTerminalView, ThreadState } from '../../src/shared/thread';
import { hostEnv, scriptedAgent, stopAll } from './conformanceHarness';
import { ACP_VERSIONS, excludedOnV2, onVersion } from './conformanceVersions';
import { tempDir } from './tempDirs';
import { within } from '../within';

afterEach(stopAll);

/** The agent terminals of every tool card, in order. */
function agentTerminals(state: ThreadState): AgentTerminalView[] {
  return state.entries.flatMap((entry) => (entry.kind === 'tool' ? (entry.tool.agentTerminals ?? []) : []));
}

const OUTPUT = 'ok 1 - passes\nok 2 - ünïcode\n';

describe.each(ACP_VERSIONS)('ACP v%i', (version) => {
  const v = onVersion(version);

  describe('a terminal the agent runs itself', () => {
    v.it('its output and exit show in the tool card; a failing command shows its exit code', async () => {
      const t = await v.startThread({ scenario: 'agent-terminal' });
      await within(t.controller.prompt('run'), 'the turn');
      await within(t.controller.prompt('exit 3'), 'the failing turn');
      const [passed, failed] = agentTerminals(t.state());
      expect(passed).toMatchObject({
        terminalId: 'agent-term-1',
        cwd: t.cwd,
        output: OUTPUT,
        received: OUTPUT.length,
        status: 'exited',
        exitStatus: { exitCode: 0 },
      });
      expect(failed).toMatchObject({ terminalId: 'agent-term-2', status: 'exited', exitStatus: { exitCode: 3 } });
      const tools = t.state().entries.flatMap((entry) => (entry.kind === 'tool' ? [entry.tool] : []));
      expect(tools.map((tool) => [tool.toolCallId, tool.kind, tool.status])).toEqual([
        ['tc-shell-1', 'execute', 'completed'],
        ['tc-shell-2', 'execute', 'failed'],
      ]);
      // Switchboard started nothing: no terminal of its own.
      expect(t.state().terminals ?? []).toEqual([]);
    });

    v.it('a reload that replays the session shows the terminal once, as it was', async () => {
      const sessionDir = tempDir('switchboard-agent-sessions-');
      const journalDir = tempDir('switchboard-journal-');
      const keeping = { scenario: 'agent-terminal', extraArgs: ['--session-dir', sessionDir, '--caps', 'load'] };
      const first = await v.startThread(keeping);
      const journal = new ChatJournal(journalDir, () => undefined, 10);
      journal.watch(first.controller);
      await within(first.controller.prompt('run'), 'the turn');
      await journal.flushAll();
      journal.dispose();
      await first.controller.dispose();

      const decoded = await new ChatJournal(journalDir, () => undefined).load('t');
      const again = await v.startThread(keeping, { restored: decoded!.state });
      expect(again.state().connection.kind).toBe('ready');
      expect(again.received(v.wireMethod('session/load'))).toHaveLength(1);
      const terminals = agentTerminals(again.state());
      expect(terminals).toHaveLength(1);
      expect(terminals[0]).toMatchObject({ output: OUTPUT, status: 'exited', exitStatus: { exitCode: 0 } });
    });
  });

  describe('Chat History: the sessions the agent keeps (session/list)', () => {
    v.it(
      `lists them${version === 2 ? ' though nothing advertises list (the v2 baseline)' : ' where advertised'}`,
      async () => {
        const sessionDir = tempDir('switchboard-agent-sessions-');
        // v1 lists only where sessionCapabilities.list is advertised; v2's session baseline includes it.
        const caps = version === 2 ? 'load' : 'load,list';
        const switches = { extraArgs: ['--session-dir', sessionDir, '--caps', caps] };
        const t = await v.startThread(switches);
        await within(t.controller.prompt('remember me'), 'the turn');
        const sessionId = t.state().sessionId;
        await t.controller.dispose();

        // The history's own short-lived agent process, with its own record of the wire.
        const wire = tempDir('switchboard-history-wire-');
        const { agent, received } = scriptedAgent(wire, switches, version);
        const env = hostEnv(wire, { acp: version });
        const options = { agent, env, spawn: spawnAgentProcess, clientInfo: env.clientInfo(), stopGraceMs: 500 };
        const listed = await within(agentHistory(options, t.cwd), 'the history listing');
        expect(listed.map((item) => [item.sessionId, item.agent.id])).toEqual([[sessionId, 'scripted']]);
        expect(received('session/list').map((message) => message.params)).toEqual([{ cwd: t.cwd }]);
        // Another folder's history does not list it.
        expect(await within(agentHistory(options, tempDir('switchboard-elsewhere-')), 'another listing')).toEqual([]);
      },
    );

    if (version === 1)
      v.it('v1: an agent that does not advertise list is not asked', async () => {
        const sessionDir = tempDir('switchboard-agent-sessions-');
        const t = await v.startThread({ extraArgs: ['--session-dir', sessionDir, '--caps', 'load'] });
        const wire = tempDir('switchboard-history-wire-');
        const { agent, received } = scriptedAgent(wire, {
          extraArgs: ['--session-dir', sessionDir, '--caps', 'load'],
        });
        const env = hostEnv(wire, {});
        const options = { agent, env, spawn: spawnAgentProcess, clientInfo: env.clientInfo(), stopGraceMs: 500 };
        expect(await within(agentHistory(options, t.cwd), 'the history listing')).toEqual([]);
        expect(received('session/list')).toEqual([]);
      });
  });
});

describe('what ACP v2 dropped, as this suite leaves it out', () => {
  it('leaves out nothing: every case runs on v2', () => {
    expect(excludedOnV2()).toEqual([]);
  });
});
