// A terminal the agent ran itself, through the chat's journal: written as it streamed, read back after a
// reload with its output and exit; one still running when the window closed comes back ended, status
// unknown (no agent runs for a restored chat); a tampered line is skipped, not shown.
import { describe, expect, it } from 'vitest';
import { decodeJournal } from '../../../src/session/journal/journalDecode';
import { entryLine, fullJournal, JOURNAL_VERSION, linesSince } from '../../../src/session/journal/journalFormat';
import { reduce } from '../../../src/shared/reduce';
import type { ThreadState, ToolCallView } from '../../../src/shared/thread';
import { recordedUpdates } from '../../fixtures/recordedTraffic';
import { freshState, run, update } from '../shared/helpers';

const header = {
  v: JOURNAL_VERSION,
  threadId: 't1',
  agent: { id: 'test-agent', displayName: 'Test Agent', isDemo: false },
  created: 0,
};

/** The states after each recorded update (the journal writes between any two of them). */
function states(name: string): ThreadState[] {
  let state = run(freshState(), { type: 'promptSent', prompt: [{ type: 'text', text: 'go' }] });
  const out = [state];
  for (const { update: u } of recordedUpdates(name)) out.push((state = reduce(state, update(u))));
  return out;
}

function toolOf(state: ThreadState): ToolCallView {
  const entry = state.entries.find((e) => e.kind === 'tool');
  if (entry?.kind !== 'tool') throw new Error('no tool entry');
  return entry.tool;
}

describe('agent terminals in the journal', () => {
  it('written while the output streamed, read back whole with its exit', () => {
    const all = states('codex-acp-2.6-colours');
    let text = fullJournal(header, all[0]!);
    for (let i = 1; i < all.length; i++) text += linesSince(all[i - 1]!, all[i]!);
    const restored = decodeJournal(text)!;
    expect(restored.notes).toEqual([]);
    expect(toolOf(restored.state).agentTerminals).toEqual(toolOf(all.at(-1)!).agentTerminals);
    expect(toolOf(restored.state).agentTerminals![0]).toMatchObject({
      output: 'second line\n\x1b[31mlast\x1b[0m\n',
      status: 'exited',
      exitStatus: { exitCode: 3, signal: null },
    });
  });

  it('a command still running when the window closed comes back ended, its status unknown', () => {
    const running = states('codex-acp-2.6-cancel').at(-1)!;
    expect(toolOf(running).agentTerminals![0]!.status).toBe('running');
    const restored = decodeJournal(fullJournal(header, running))!.state;
    expect(toolOf(restored).agentTerminals![0]).toMatchObject({
      output: 'still waiting\n',
      status: 'unknown',
      exitStatus: null,
    });
  });

  it('also one of a tool call of an earlier turn', () => {
    let state = run(states('codex-acp-2.6-shell').at(-1)!, { type: 'turnEnded', stopReason: 'end_turn' });
    const toolCallId = toolOf(state).toolCallId;
    state = run(
      state,
      { type: 'promptSent', prompt: [{ type: 'text', text: 'again' }] },
      update({
        sessionUpdate: 'tool_call_update',
        toolCallId,
        _meta: { terminal_info: { terminal_id: 'late' }, terminal_output_delta: { terminal_id: 'late', data: 'x' } },
      }),
    );
    const restored = decodeJournal(fullJournal(header, state))!.state;
    expect(toolOf(restored).agentTerminals!.map((t) => [t.terminalId, t.status, t.output])).toEqual([
      [toolOf(state).agentTerminals![0]!.terminalId, 'exited', 'acp-shell-ok\n'],
      ['late', 'unknown', 'x'],
    ]);
  });

  it('skips a tool line whose agent terminal is not one (a hand-edited journal)', () => {
    const state = states('codex-acp-2.6-shell').at(-1)!;
    const entry = state.entries.find((e) => e.kind === 'tool')!;
    for (const bad of [{ output: 5 }, { status: 'weird' }, { received: 'x' }, { terminalId: null }]) {
      const tampered = JSON.parse(JSON.stringify(entry)) as { tool: { agentTerminals: object[] } };
      tampered.tool.agentTerminals[0] = { ...tampered.tool.agentTerminals[0], ...bad };
      const text = fullJournal(header, state) + entryLine(tampered as never);
      const decoded = decodeJournal(text)!;
      expect(decoded.notes.join(' '), JSON.stringify(bad)).toContain('agentTerminals');
      // The good line of the same entry stands.
      expect(toolOf(decoded.state).agentTerminals![0]!.output).toBe('acp-shell-ok\n');
    }
  });
});
