// Notices and compaction markers are part of what the user saw: the journal keeps them, a reload shows them
// again (a compaction the closed window left in progress ends `unfinished`), the Markdown export names them, and
// a hand-edited line that breaks their shape is skipped like any other bad line.
import { describe, expect, it } from 'vitest';
import { chatMarkdown } from '../../../src/session/journal/chatMarkdown';
import { decodeJournal } from '../../../src/session/journal/journalDecode';
import { fullJournal } from '../../../src/session/journal/journalFormat';
import { entryProblem } from '../../../src/session/journal/journalShapes';
import type { ThreadAction } from '../../../src/shared/actions';
import { reduce } from '../../../src/shared/reduce';
import { createThreadState, type ThreadState } from '../../../src/shared/thread';

const AGENT = { id: 'claude', displayName: 'Claude', isDemo: false };
const HEADER = { v: 2, threadId: 't1', agent: AGENT, created: 5 };
const update = (u: Record<string, unknown>): ThreadAction => ({ type: 'sessionUpdate', update: u as never });

function chat(): ThreadState {
  const actions: ThreadAction[] = [
    { type: 'promptSent', prompt: [{ type: 'text', text: 'go' }] },
    update({
      sessionUpdate: 'notice',
      severity: 'warning',
      title: 'MCP server "broken" failed to start',
      description: 'Run /mcp.',
    }),
    update({ sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: 'Done.' }, messageId: 'm1' }),
    update({
      sessionUpdate: 'compaction_update',
      compactionId: 'c1',
      status: 'completed',
      summary: [{ type: 'text', text: '## Kept\n\nthe plan' }],
    }),
    update({ sessionUpdate: 'compaction_update', compactionId: 'c2', status: 'in_progress' }),
    update({ sessionUpdate: 'compaction_summary_chunk', compactionId: 'c2', content: { type: 'text', text: 'half' } }),
  ];
  return actions.reduce(reduce, createThreadState({ agentId: 'claude', threadId: 't1' }, AGENT));
}

describe('journaled notices and compactions', () => {
  it('come back after a reload as they were; a compaction left in progress ends unfinished', () => {
    const state = chat();
    const decoded = decodeJournal(fullJournal(HEADER, state))!;
    expect(decoded.notes).toEqual([]);
    const [, notice, , done, open] = decoded.state.entries;
    expect(notice).toEqual(state.entries[1]);
    expect(done).toEqual(state.entries[3]);
    expect(open).toEqual({ ...state.entries[4], status: 'unfinished' });
    // The restored chat takes new updates for the same compaction in place (its index is rebuilt).
    const after = reduce(
      decoded.state,
      update({ sessionUpdate: 'compaction_update', compactionId: 'c2', status: 'completed' }),
    );
    expect(after.entries.filter((entry) => entry.kind === 'compaction')).toHaveLength(2);
  });

  it('the Markdown export says what the agent noted and where the context was compacted, with the summary', () => {
    const markdown = chatMarkdown('chat', chat());
    expect(markdown).toContain('> Notice (warning): MCP server "broken" failed to start — Run /mcp.');
    expect(markdown).toContain('> Context compacted. Summary:');
    expect(markdown).toContain('> ## Kept');
    expect(markdown).toContain('> Context compaction (in_progress)');
  });

  it('the Markdown export names the model the chat used (the option whose category is model)', () => {
    const state: ThreadState = {
      ...chat(),
      configOptions: [
        {
          id: 'llm',
          name: 'Brain',
          category: 'model',
          type: 'select',
          currentValue: 'o',
          options: [{ value: 'o', name: 'Opus 5.5' }],
        },
      ],
    };
    expect(chatMarkdown('chat', state)).toContain('Agent: Claude\nModel: Opus 5.5\n');
    expect(chatMarkdown('chat', chat())).not.toContain('Model:');
  });

  it('lines that break the shape of a notice or a compaction are refused, naming the field', () => {
    const notice = { kind: 'agentNotice', id: 'e2', severity: 'info', title: 'T', description: null };
    expect(entryProblem(notice)).toBeNull();
    expect(entryProblem({ ...notice, title: 5 })).toBe('title');
    expect(entryProblem({ ...notice, description: undefined })).toBe('description');
    const compaction = {
      kind: 'compaction',
      id: 'e3',
      compactionId: 'c1',
      status: 'completed',
      summary: [],
      error: null,
    };
    expect(entryProblem(compaction)).toBeNull();
    expect(entryProblem({ ...compaction, summary: 'x' })).toBe('summary');
    expect(entryProblem({ ...compaction, summary: [{ kind: 'text', text: 1 }] })).toBe('summary[0].text');
    expect(entryProblem({ ...compaction, compactionId: null })).toBe('compactionId');
    expect(entryProblem({ ...compaction, error: 3 })).toBe('error');
  });
});
