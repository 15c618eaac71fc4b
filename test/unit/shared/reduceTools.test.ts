import { describe, expect, it } from 'vitest';
import type * as acp from '@agentclientprotocol/sdk';
import { toolTitle } from '../../../src/shared/entryWords';
import { toolEntryAt } from '../../../src/shared/threadEntries';
import { EMPTY_TOOL_INDEX, toolIndexSet } from '../../../src/shared/toolIndex';
import { agent, freshState, run, tool, toolCall, toolUpdate } from './helpers';
import type { SessionUpdateView } from '../../../src/shared/thread';

const diff: acp.ToolCallContent = { type: 'diff', path: '/w/a.ts', oldText: 'a\n', newText: 'b\n' };
/** What the thread holds of `diff`: the host kept its texts (src/session/updates/toolDiffs.ts). */
const diffView = { type: 'diff', path: '/w/a.ts', created: false, diff: { added: 1, removed: 1 } };

describe('tool calls', () => {
  it('creates a card from tool_call with the protocol defaults', () => {
    const s = run(freshState(), toolCall('t1', { title: 'Read a.ts' }));
    expect(s.entries).toEqual([
      {
        kind: 'tool',
        id: 'e1',
        tool: {
          toolCallId: 't1',
          title: 'Read a.ts',
          kind: 'other',
          status: 'pending',
          content: [],
          locations: [],
          permission: null,
          writes: [],
        },
      },
    ]);
    expect(toolEntryAt(s, 't1')).toBe(0);
  });

  it('upserts a second tool_call with a known id in place', () => {
    const s = run(
      freshState(),
      toolCall('t1', { title: 'Edit', kind: 'edit' }),
      agent('between'),
      toolCall('t1', { title: 'Edit a.ts', status: 'in_progress', content: [diff] }),
    );
    expect(s.entries.map((e) => e.kind)).toEqual(['tool', 'agent']);
    expect(tool(s, 't1')).toMatchObject({
      title: 'Edit a.ts',
      kind: 'edit',
      status: 'in_progress',
      content: [diffView],
    });
  });

  it('patches only the fields present in tool_call_update', () => {
    const s = run(
      freshState(),
      toolCall('t1', {
        title: 'Edit a.ts',
        kind: 'edit',
        content: [diff],
        locations: [{ path: '/w/a.ts', line: 3 }],
        rawInput: { x: 1 },
      }),
      toolUpdate('t1', { status: 'in_progress' }),
    );
    expect(tool(s, 't1')).toMatchObject({
      title: 'Edit a.ts',
      kind: 'edit',
      status: 'in_progress',
      content: [diffView],
      locations: [{ path: '/w/a.ts', line: 3 }],
      rawInput: { x: 1 },
    });
  });

  it('replaces content and locations instead of appending', () => {
    const output: acp.ToolCallContent = { type: 'content', content: { type: 'text', text: 'done' } };
    const s = run(
      freshState(),
      toolCall('t1', { content: [diff], locations: [{ path: '/w/a.ts' }] }),
      toolUpdate('t1', { content: [output], locations: [{ path: '/w/b.ts' }] }),
    );
    expect(tool(s, 't1').content).toEqual([output]);
    expect(tool(s, 't1').locations).toEqual([{ path: '/w/b.ts' }]);
  });

  it('clears nullable fields on null and ignores null for title, kind and status', () => {
    const s = run(
      freshState(),
      toolCall('t1', {
        title: 'T',
        kind: 'read',
        status: 'in_progress',
        content: [diff],
        locations: [{ path: '/w/a.ts' }],
        rawInput: 1,
        rawOutput: 2,
      }),
      toolUpdate('t1', {
        title: null,
        kind: null,
        status: null,
        content: null,
        locations: null,
        rawInput: null,
        rawOutput: null,
      }),
    );
    const t = tool(s, 't1');
    expect(t).toMatchObject({ title: 'T', kind: 'read', status: 'in_progress', content: [], locations: [] });
    expect('rawInput' in t).toBe(false);
    expect('rawOutput' in t).toBe(false);
  });

  it('creates a placeholder for an update with an unknown id', () => {
    const s = run(freshState(), toolUpdate('ghost', { status: 'completed' }));
    expect(tool(s, 'ghost')).toMatchObject({ kind: 'other', status: 'completed' });
    expect(tool(s, 'ghost').title).toBeUndefined();
    expect(toolTitle(tool(s, 'ghost'))).toBe('Tool call');
    const named = run(freshState(), toolUpdate('ghost', { title: 'Run tests', kind: 'execute' }));
    expect(tool(named, 'ghost')).toMatchObject({ title: 'Run tests', kind: 'execute', status: 'pending' });
  });

  it('wraps bare content blocks in tool-call content (checklist §10.6)', () => {
    const bare = { type: 'text', text: 'plain' } as unknown as acp.ToolCallContent;
    const s = run(freshState(), toolCall('t1', { content: [bare, diff] }));
    expect(tool(s, 't1').content).toMatchObject([
      { type: 'content', content: { type: 'text', text: 'plain' } },
      diffView,
    ]);
  });

  it('handles tool ids that collide with Object.prototype names', () => {
    const s = run(
      freshState(),
      toolUpdate('toString', { title: 'a' }),
      toolCall('__proto__', { title: 'b' }),
      toolUpdate('__proto__', { status: 'completed' }),
      toolUpdate('constructor'),
    );
    expect(s.entries).toHaveLength(3);
    expect(tool(s, 'toString').title).toBe('a');
    expect(tool(s, '__proto__')).toMatchObject({ title: 'b', status: 'completed' });
    expect(toolEntryAt(s, '__proto__')).toBe(1);
    expect(toolEntryAt(s, 'hasOwnProperty')).toBeUndefined();
  });

  it('rebuilds a missing tool index (e.g. a snapshot that dropped it) without duplicating cards', () => {
    const built = run(freshState(), toolCall('t1'), agent('x'), toolCall('t2'));
    const stripped = { ...built, toolIndex: undefined };
    const s = run(stripped, toolUpdate('t1', { status: 'completed' }), toolUpdate('t2', { status: 'failed' }));
    expect(s.entries).toHaveLength(3);
    expect(tool(s, 't1').status).toBe('completed');
    expect(tool(s, 't2').status).toBe('failed');
    expect([toolEntryAt(s, 't1'), toolEntryAt(s, 't2')]).toEqual([0, 2]);
  });

  it('repairs a stale tool index instead of trusting it', () => {
    const built = run(freshState(), agent('x'), toolCall('t1'));
    const stale = { ...built, toolIndex: toolIndexSet(EMPTY_TOOL_INDEX, 't1', 0) };
    const s = run(stale, toolUpdate('t1', { status: 'completed' }));
    expect(s.entries).toHaveLength(2);
    expect(tool(s, 't1').status).toBe('completed');
  });

  it('ignores a tool_call without a string toolCallId', () => {
    const before = freshState();
    const after = run(before, {
      type: 'sessionUpdate',
      update: { sessionUpdate: 'tool_call', title: 'x' } as unknown as SessionUpdateView,
    });
    expect(after).toBe(before);
  });
});
