// Terminals the agent runs itself (codex-acp 2.6: a tool call with terminal content it created and its
// output and exit in `_meta`), reduced from the exact updates the real agent sent (test/fixtures/transcripts).
import type * as acp from '@agentclientprotocol/sdk';
import { describe, expect, it } from 'vitest';
import { AGENT_TERMINAL_TAIL_CHARS, MAX_AGENT_TERMINALS_PER_TOOL } from '../../../src/shared/agentTerminals';
import type { ThreadAction } from '../../../src/shared/actions';
import type { ThreadState, ToolCallView } from '../../../src/shared/thread';
import { recordedStopReason, recordedUpdates } from '../../fixtures/recordedTraffic';
import { deepFreeze, freshState, run, tool, toolCall, toolUpdate, update } from './helpers';

/** The thread after the recorded updates (`upTo` of them), each frozen so a mutation throws. */
function replay(name: string, upTo?: number): ThreadState {
  const updates = recordedUpdates(name).slice(0, upTo);
  let state = run(freshState(), { type: 'promptSent', prompt: [{ type: 'text', text: 'go' }] });
  for (const { update: u } of updates) state = run(deepFreeze(state), update(u));
  return state;
}

function theTool(state: ThreadState): ToolCallView {
  const entries = state.entries.filter((entry) => entry.kind === 'tool');
  expect(entries).toHaveLength(1);
  return (entries[0] as { tool: ToolCallView }).tool;
}

/** The terminal id and cwd codex-acp named in the recorded tool_call. */
function recordedTerminal(name: string): { terminalId: string; cwd: string } {
  const call = recordedUpdates(name).find((n) => n.update.sessionUpdate === 'tool_call')!.update as acp.ToolCall;
  const info = (call._meta as { terminal_info: { terminal_id: string; cwd: string } }).terminal_info;
  return { terminalId: info.terminal_id, cwd: info.cwd };
}

describe('terminals the agent runs itself (codex-acp 2.6)', () => {
  it('one command: the output and the exit arrive in one update', () => {
    const { terminalId, cwd } = recordedTerminal('codex-acp-2.6-shell');
    const state = replay('codex-acp-2.6-shell');
    const shell = theTool(state);
    expect(shell.content).toEqual([{ type: 'terminal', terminalId }]);
    expect(shell.agentTerminals).toEqual([
      {
        terminalId,
        cwd,
        output: 'acp-shell-ok\n',
        received: 'acp-shell-ok\n'.length,
        status: 'exited',
        exitStatus: { exitCode: 0, signal: null },
      },
    ]);
    // No terminal of ours: nothing a Stop or "Open in Terminal" could act on.
    expect(state.terminals).toBeUndefined();
    // The output is kept once, in the terminal, not again in the tool call's _meta.
    expect(shell.meta).toEqual({ terminal_exit: { exit_code: 0, signal: null, terminal_id: terminalId } });
  });

  it('streams: each delta is appended as it arrives, ANSI colours kept, then a failing exit', () => {
    const name = 'codex-acp-2.6-colours';
    const updates = recordedUpdates(name);
    const afterFirstDelta = updates.findIndex((n) => n.update.sessionUpdate === 'tool_call_update') + 1;
    const streaming = theTool(replay(name, afterFirstDelta)).agentTerminals![0]!;
    expect(streaming).toMatchObject({ output: 'second line\n', status: 'running', exitStatus: null });
    const done = theTool(replay(name)).agentTerminals![0]!;
    expect(done.output).toBe('second line\n\x1b[31mlast\x1b[0m\n');
    expect(done.received).toBe(done.output.length);
    expect(done).toMatchObject({ status: 'exited', exitStatus: { exitCode: 3, signal: null } });
  });

  it('a turn that ends without an exit leaves the terminal ended, status unknown, never running', () => {
    const name = 'codex-acp-2.6-cancel';
    let state = replay(name);
    expect(theTool(state).agentTerminals![0]).toMatchObject({ output: 'still waiting\n', status: 'running' });
    // Cancelling does not end it yet: the agent may still report the output and the exit until it answers.
    state = run(state, { type: 'cancelRequested' });
    expect(theTool(state).agentTerminals![0]!.status).toBe('running');
    state = run(state, { type: 'turnEnded', stopReason: recordedStopReason(name) });
    expect(theTool(state).agentTerminals![0]).toMatchObject({
      output: 'still waiting\n',
      status: 'unknown',
      exitStatus: null,
    });
  });

  it('ends running terminals when the turn fails or the agent exits too', () => {
    for (const end of [
      { type: 'turnFailed', message: 'boom' },
      {
        type: 'agentFailed',
        failure: { reason: { kind: 'exited' }, commandLine: 'codex-acp', stderrTail: [] },
      },
    ] as ThreadAction[]) {
      const state = run(replay('codex-acp-2.6-cancel'), end);
      expect(theTool(state).agentTerminals![0]!.status, end.type).toBe('unknown');
    }
  });

  it('ends at the next turn end a terminal reported for a tool call of an earlier turn', () => {
    let state = run(replay('codex-acp-2.6-shell'), { type: 'turnEnded', stopReason: 'end_turn' });
    const toolCallId = theTool(state).toolCallId;
    state = run(
      state,
      { type: 'promptSent', prompt: [{ type: 'text', text: 'again' }] },
      toolUpdate(toolCallId, { _meta: { terminal_info: { terminal_id: 'late', cwd: '/w' } } }),
    );
    expect(theTool(state).agentTerminals!.map((t) => t.status)).toEqual(['exited', 'running']);
    state = run(state, { type: 'turnEnded', stopReason: 'end_turn' });
    expect(theTool(state).agentTerminals!.map((t) => t.status)).toEqual(['exited', 'unknown']);
  });

  it('an exit reported after the turn ended still shows (a command that outlived its turn)', () => {
    const { terminalId } = recordedTerminal('codex-acp-2.6-cancel');
    let state = run(replay('codex-acp-2.6-cancel'), { type: 'turnEnded', stopReason: 'cancelled' });
    const toolCallId = theTool(state).toolCallId;
    state = run(
      state,
      toolUpdate(toolCallId, {
        _meta: {
          terminal_output_delta: { terminal_id: terminalId, data: 'late\n' },
          terminal_exit: { terminal_id: terminalId, exit_code: null, signal: 'SIGTERM' },
        },
      }),
    );
    expect(theTool(state).agentTerminals![0]).toMatchObject({
      output: 'still waiting\nlate\n',
      status: 'exited',
      exitStatus: { exitCode: null, signal: 'SIGTERM' },
    });
  });
});

describe('the _meta convention beyond what codex-acp 2.6 sent', () => {
  it('terminal_output (the key Zed declares) appends like terminal_output_delta', () => {
    const state = run(
      freshState(),
      toolCall('c1', { _meta: { terminal_info: { terminal_id: 'x', cwd: '/w' } } }),
      toolUpdate('c1', { _meta: { terminal_output: { terminal_id: 'x', data: 'a' } } }),
      toolUpdate('c1', { _meta: { terminal_output: { terminal_id: 'x', data: 'b' } } }),
    );
    expect(tool(state, 'c1').agentTerminals).toEqual([
      { terminalId: 'x', cwd: '/w', output: 'ab', received: 2, status: 'running', exitStatus: null },
    ]);
  });

  it('terminal content whose id no terminal/create made is the agent’s, even without terminal_info', () => {
    const state = run(freshState(), toolCall('c1', { content: [{ type: 'terminal', terminalId: 'theirs' }] }));
    expect(tool(state, 'c1').agentTerminals).toEqual([
      { terminalId: 'theirs', cwd: null, output: '', received: 0, status: 'running', exitStatus: null },
    ]);
  });

  it('leaves our own terminals (terminal/create) alone, whatever _meta says about them', () => {
    const state = run(
      freshState(),
      { type: 'terminalCreated', terminal: { terminalId: 'terminal-1', commandLine: 'ls', cwd: '/w', mode: 'pty' } },
      toolCall('c1', {
        content: [{ type: 'terminal', terminalId: 'terminal-1' }],
        _meta: { terminal_output_delta: { terminal_id: 'terminal-1', data: 'forged' } },
      }),
    );
    expect(tool(state, 'c1').agentTerminals).toBeUndefined();
    expect(state.terminals?.['terminal-1']?.status).toBe('running');
  });

  it('keeps the newest output within its bound, linear in what arrived', () => {
    let state = run(freshState(), toolCall('c1', { _meta: { terminal_info: { terminal_id: 'x' } } }));
    const line = `${'y'.repeat(1023)}\n`;
    const chunks = Math.ceil((3 * AGENT_TERMINAL_TAIL_CHARS) / line.length);
    for (let i = 0; i < chunks; i++)
      state = run(state, toolUpdate('c1', { _meta: { terminal_output_delta: { terminal_id: 'x', data: line } } }));
    state = run(state, toolUpdate('c1', { _meta: { terminal_output_delta: { terminal_id: 'x', data: 'END' } } }));
    const terminal = tool(state, 'c1').agentTerminals![0]!;
    expect(terminal.received).toBe(chunks * line.length + 3);
    expect(terminal.output.length).toBeLessThanOrEqual(AGENT_TERMINAL_TAIL_CHARS * 1.25);
    expect(terminal.output.length).toBeGreaterThanOrEqual(AGENT_TERMINAL_TAIL_CHARS - line.length);
    expect(terminal.output.endsWith(`${line}END`)).toBe(true);
    // Cut at a line start: a replay never begins in the middle of a line (or an escape sequence).
    expect(terminal.output.startsWith('y'.repeat(1023))).toBe(true);
  });

  it('holds a bounded number of terminals per tool call', () => {
    const content = Array.from({ length: 100 }, (_, i) => ({ type: 'terminal' as const, terminalId: `t${i}` }));
    const state = run(freshState(), toolCall('c1', { content }));
    expect(tool(state, 'c1').agentTerminals).toHaveLength(MAX_AGENT_TERMINALS_PER_TOOL);
  });

  it('ignores malformed reports and ids that are object keys elsewhere, without throwing', () => {
    const state = run(
      freshState(),
      toolCall('c1', {
        content: [{ type: 'terminal', terminalId: '__proto__' }],
        _meta: {
          terminal_info: { terminal_id: 5 },
          terminal_output_delta: { terminal_id: '__proto__', data: 42 },
          terminal_output: 'text',
          terminal_exit: { terminal_id: 'constructor', exit_code: 'x', signal: 9 },
        },
      }),
    );
    expect(tool(state, 'c1').agentTerminals).toEqual([
      { terminalId: '__proto__', cwd: null, output: '', received: 0, status: 'running', exitStatus: null },
      {
        terminalId: 'constructor',
        cwd: null,
        output: '',
        received: 0,
        status: 'exited',
        exitStatus: { exitCode: null, signal: null },
      },
    ]);
  });
});
