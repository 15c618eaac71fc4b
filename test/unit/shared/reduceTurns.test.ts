import { describe, expect, it } from 'vitest';
import { toolTitle } from '../../../src/shared/entryWords';
import type { AgentFailure, ThreadState } from '../../../src/shared/thread';
import { agent, allowOptions, freshState, run, text, tool, toolCall, toolUpdate } from './helpers';

/** A turn in flight: one finished, one running and one pending tool call waiting on permission. */
function midTurn(): ThreadState {
  return run(
    freshState(),
    { type: 'promptSent', prompt: [text('fix '), text('it')] },
    toolCall('done', { status: 'completed' }),
    toolCall('running', { status: 'in_progress' }),
    toolCall('asking', { status: 'pending' }),
    { type: 'permissionRequested', permissionId: 'p1', toolCall: { toolCallId: 'asking' }, options: allowOptions },
  );
}

const failure: AgentFailure = {
  reason: { kind: 'exited' },
  commandLine: 'gemini --acp',
  exitCode: 1,
  stderrTail: ['boom'],
};

describe('prompt turns', () => {
  it('promptSent adds a user entry with coalesced text and starts the turn', () => {
    const image = { type: 'image' as const, data: 'AA==', mimeType: 'image/png' };
    const s = run(freshState(), { type: 'promptSent', prompt: [text('a'), text('b'), image, text('c')] });
    expect(s.turn).toEqual({ kind: 'prompting' });
    expect(s.entries).toEqual([
      {
        kind: 'user',
        id: 'e1',
        messageId: null,
        parts: [
          { kind: 'text', text: 'ab' },
          { kind: 'block', block: image },
          { kind: 'text', text: 'c' },
        ],
      },
    ]);
  });

  it('turnEnded marks open tool calls unfinished, cancels pending permissions and appends a turnEnd', () => {
    const s = run(midTurn(), { type: 'turnEnded', stopReason: 'end_turn' });
    expect(s.turn).toEqual({ kind: 'idle' });
    expect(tool(s, 'done').status).toBe('completed');
    expect(tool(s, 'running').status).toBe('unfinished');
    expect(tool(s, 'asking').status).toBe('unfinished');
    expect(tool(s, 'asking').permission?.state).toEqual({ kind: 'cancelled' });
    expect(s.entries.at(-1)).toEqual({ kind: 'turnEnd', id: 'e5', stopReason: 'end_turn' });
  });

  it('turnEnded with stopReason cancelled marks open tool calls cancelled', () => {
    const s = run(midTurn(), { type: 'turnEnded', stopReason: 'cancelled' });
    expect(tool(s, 'running').status).toBe('cancelled');
    expect(s.entries.at(-1)).toMatchObject({ kind: 'turnEnd', stopReason: 'cancelled' });
  });

  it('turnFailed ends the turn with an error entry carrying the message', () => {
    const s = run(midTurn(), { type: 'turnFailed', message: 'Internal error: rate limited' });
    expect(s.turn).toEqual({ kind: 'idle' });
    expect(tool(s, 'running').status).toBe('unfinished');
    expect(tool(s, 'asking').permission?.state).toEqual({ kind: 'cancelled' });
    expect(s.entries.at(-1)).toEqual({
      kind: 'turnEnd',
      id: 'e5',
      stopReason: 'error',
      message: 'Internal error: rate limited',
    });
  });

  it('only touches tool calls of the current turn', () => {
    const s1 = run(
      freshState(),
      { type: 'promptSent', prompt: [text('one')] },
      toolCall('old', { status: 'completed' }),
      { type: 'turnEnded', stopReason: 'end_turn' },
    );
    // The agent reopens an old tool call after its turn ended (odd, but allowed): the next turn's
    // bookkeeping must not reach back into the finished turn.
    const s2 = run(
      s1,
      toolUpdate('old', { status: 'in_progress' }),
      { type: 'promptSent', prompt: [text('two')] },
      toolCall('new', { status: 'in_progress' }),
    );
    const s3 = run(s2, { type: 'turnEnded', stopReason: 'end_turn' });
    expect(tool(s3, 'new').status).toBe('unfinished');
    expect(tool(s3, 'old').status).toBe('in_progress');
  });
});

describe('cancel', () => {
  it('cancelRequested cancels open tool calls and pending permissions at once', () => {
    const s = run(midTurn(), { type: 'cancelRequested' });
    expect(s.turn).toEqual({ kind: 'cancelling' });
    expect(tool(s, 'done').status).toBe('completed');
    expect(tool(s, 'running').status).toBe('cancelled');
    expect(tool(s, 'asking').status).toBe('cancelled');
    expect(tool(s, 'asking').permission).toEqual({
      permissionId: 'p1',
      options: allowOptions,
      state: { kind: 'cancelled' },
    });
  });

  it('still applies agent updates after cancel: a late status wins, content lands', () => {
    const late = { type: 'content' as const, content: text('partial output') };
    const s = run(
      midTurn(),
      { type: 'cancelRequested' },
      toolUpdate('running', { status: 'completed', content: [late] }),
      toolUpdate('asking', { title: 'Write file (skipped)' }),
      agent('Stopped.'),
    );
    expect(tool(s, 'running')).toMatchObject({ status: 'completed', content: [late] });
    expect(tool(s, 'asking')).toMatchObject({ status: 'cancelled', title: 'Write file (skipped)' });
    expect(s.entries.at(-1)).toMatchObject({ kind: 'agent', parts: [{ kind: 'text', text: 'Stopped.' }] });
    expect(s.turn).toEqual({ kind: 'cancelling' });
  });

  it('turnEnded after cancel ends the turn and closes what the agent reopened', () => {
    const s = run(midTurn(), { type: 'cancelRequested' }, toolUpdate('running', { status: 'in_progress' }), {
      type: 'turnEnded',
      stopReason: 'cancelled',
    });
    expect(s.turn).toEqual({ kind: 'idle' });
    expect(tool(s, 'running').status).toBe('cancelled');
    expect(tool(s, 'asking').status).toBe('cancelled');
    expect(s.entries.at(-1)).toMatchObject({ kind: 'turnEnd', stopReason: 'cancelled' });
  });

  it('does not start cancelling when no turn is running', () => {
    const s = run(freshState(), { type: 'cancelRequested' });
    expect(s.turn).toEqual({ kind: 'idle' });
  });
});

describe('permissions', () => {
  it('puts a pending permission on a known tool call and applies the toolCall fields', () => {
    const s = run(freshState(), toolCall('t1', { title: 'Edit a.ts', kind: 'edit' }), {
      type: 'permissionRequested',
      permissionId: 'p1',
      toolCall: { toolCallId: 't1', title: 'Edit /w/a.ts' },
      options: allowOptions,
    });
    expect(s.entries).toHaveLength(1);
    expect(tool(s, 't1')).toMatchObject({
      title: 'Edit /w/a.ts',
      kind: 'edit',
      permission: { permissionId: 'p1', options: allowOptions, state: { kind: 'pending' } },
    });
  });

  it('creates a placeholder for an unknown tool call using its title and kind', () => {
    const s = run(freshState(), {
      type: 'permissionRequested',
      permissionId: 'p1',
      toolCall: { toolCallId: 'new', title: 'Run rm -rf build', kind: 'execute' },
      options: allowOptions,
    });
    expect(tool(s, 'new')).toMatchObject({
      title: 'Run rm -rf build',
      kind: 'execute',
      status: 'pending',
      permission: { state: { kind: 'pending' } },
    });
    const bare = run(freshState(), {
      type: 'permissionRequested',
      permissionId: 'p2',
      toolCall: { toolCallId: 'x' },
      options: allowOptions,
    });
    expect(tool(bare, 'x')).toMatchObject({ kind: 'other' });
    expect(toolTitle(tool(bare, 'x'))).toBe('Tool call');
  });

  it('permissionResolved records the selected option or cancellation on the right tool', () => {
    const base = run(
      freshState(),
      { type: 'permissionRequested', permissionId: 'p1', toolCall: { toolCallId: 'a' }, options: allowOptions },
      { type: 'permissionRequested', permissionId: 'p2', toolCall: { toolCallId: 'b' }, options: allowOptions },
    );
    const s = run(base, {
      type: 'permissionResolved',
      permissionId: 'p1',
      outcome: { kind: 'selected', optionId: 'allow' },
    });
    expect(tool(s, 'a').permission?.state).toEqual({ kind: 'selected', optionId: 'allow' });
    expect(tool(s, 'b').permission?.state).toEqual({ kind: 'pending' });
    const c = run(s, { type: 'permissionResolved', permissionId: 'p2', outcome: { kind: 'cancelled' } });
    expect(tool(c, 'b').permission?.state).toEqual({ kind: 'cancelled' });
  });

  it('a later request on the same tool call replaces the earlier one', () => {
    const s = run(
      freshState(),
      { type: 'permissionRequested', permissionId: 'p1', toolCall: { toolCallId: 'a' }, options: allowOptions },
      { type: 'permissionResolved', permissionId: 'p1', outcome: { kind: 'selected', optionId: 'allow' } },
      {
        type: 'permissionRequested',
        permissionId: 'p2',
        toolCall: { toolCallId: 'a' },
        options: allowOptions.slice(0, 1),
      },
    );
    expect(tool(s, 'a').permission).toEqual({
      permissionId: 'p2',
      options: allowOptions.slice(0, 1),
      state: { kind: 'pending' },
    });
  });

  it('ignores a resolution for an unknown permission', () => {
    const before = midTurn();
    expect(run(before, { type: 'permissionResolved', permissionId: 'nope', outcome: { kind: 'cancelled' } })).toBe(
      before,
    );
  });
});

describe('agent failure', () => {
  it('appends a failure entry, fails the connection and settles the turn', () => {
    const s = run(midTurn(), { type: 'agentFailed', failure });
    expect(s.connection).toEqual({ kind: 'failed', failure });
    expect(s.turn).toEqual({ kind: 'idle' });
    expect(tool(s, 'running').status).toBe('unfinished');
    expect(tool(s, 'asking').permission?.state).toEqual({ kind: 'cancelled' });
    expect(s.entries.at(-1)).toEqual({ kind: 'failure', id: 'e5', failure });
  });

  it('starts a new turn boundary: the next turn does not touch tool calls from before the failure', () => {
    const s = run(
      midTurn(),
      { type: 'agentFailed', failure },
      toolUpdate('running', { status: 'in_progress' }),
      { type: 'promptSent', prompt: [text('again')] },
      { type: 'turnEnded', stopReason: 'end_turn' },
    );
    expect(tool(s, 'running').status).toBe('in_progress');
  });
});
