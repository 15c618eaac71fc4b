import { describe, expect, it } from 'vitest';
import {
  agentItems,
  applyNames,
  listAllSessions,
  localItem,
  MAX_LIST_PAGES,
  MAX_LISTED_SESSIONS,
  mergeHistory,
} from '../../../src/session/journal/historyItems';
import { chatMarkdown } from '../../../src/session/journal/chatMarkdown';
import { hasConversation, listedSessionState } from '../../../src/session/lifecycle/sessionContinuation';
import { reduce } from '../../../src/shared/reduce';
import { createThreadState, type ThreadState } from '../../../src/shared/thread';

const agent = { id: 'gemini', displayName: 'Gemini', isDemo: false };

function chat(threadId: string, sessionId: string | null, prompt: string): ThreadState {
  const base = createThreadState({ agentId: 'gemini', threadId }, agent);
  const state = reduce(base, { type: 'promptSent', prompt: [{ type: 'text', text: prompt }] });
  return { ...state, sessionId };
}

describe('history items', () => {
  it('merges listed sessions with journals: a journaled session is one item, newest first', () => {
    const local = [localItem('t1', agent, chat('t1', 's1', 'fix the build'), 1000)];
    const listed = agentItems(
      agent,
      [
        { sessionId: 's1', cwd: '/w', title: 'Build fix', updatedAt: '1970-01-01T00:00:05.000Z' },
        { sessionId: 's2', cwd: '/w', title: 'Older', updatedAt: '1970-01-01T00:00:00.500Z' },
      ],
      '/w',
      true,
    );
    const merged = mergeHistory(local, listed);
    expect(merged.map((item) => [item.key, item.source, item.title])).toEqual([
      ['t1', 'both', 'fix the build'],
      ['gemini/s2', 'agent', 'Older'],
    ]);
    expect(merged[0]!.updatedAt).toBe(5000);
    expect(merged[0]!.agentDeletes).toBe(true);
    // The same session listed twice (two pages that overlap) is still one item.
    expect(mergeHistory(local, [...listed, ...listed])).toHaveLength(2);
  });

  it("the user's names win", () => {
    const items = [localItem('t1', agent, chat('t1', null, 'hello'), 0)];
    expect(applyNames(items, { t1: 'Renamed' })[0]!.title).toBe('Renamed');
    expect(applyNames(items, {})[0]!.title).toBe('hello');
  });

  it('drops what an agent lists that is not a session of this folder, and bounds what it is', () => {
    const items = agentItems(
      agent,
      [
        null,
        'junk',
        { sessionId: 42 },
        { sessionId: '' },
        { sessionId: 'x'.repeat(201) },
        { sessionId: 'other', cwd: '/elsewhere' },
        { sessionId: 'ok', title: `${'t'.repeat(500)}\n\nmore`, updatedAt: 'not a date' },
        { sessionId: 'untitled', cwd: '/w' },
      ],
      '/w',
      false,
    );
    expect(items.map((item) => item.sessionId)).toEqual(['ok', 'untitled']);
    expect(items[0]!.title).toHaveLength(200);
    expect(items[0]!.updatedAt).toBe(0);
    expect(items[1]!.title).toBe('Session untitled');
  });
});

describe('listing every page', () => {
  it('follows nextCursor to the last page, with the cwd', async () => {
    const asked: unknown[] = [];
    const sessions = await listAllSessions(async (params) => {
      asked.push(params);
      const page = Number(params.cursor ?? 0);
      return page < 2
        ? { sessions: [{ sessionId: `s${page}`, cwd: '/w' }], nextCursor: String(page + 1) }
        : { sessions: [{ sessionId: 's2', cwd: '/w' }] };
    }, '/w');
    expect(sessions).toHaveLength(3);
    expect(asked).toEqual([{ cwd: '/w' }, { cwd: '/w', cursor: '1' }, { cwd: '/w', cursor: '2' }]);
  });

  it('stops at a cursor seen before, and at the page and size bounds', async () => {
    let calls = 0;
    await listAllSessions(async () => {
      calls++;
      return { sessions: [], nextCursor: 'same' };
    }, '/w');
    expect(calls).toBe(2);

    calls = 0;
    await listAllSessions(async () => ({ sessions: [], nextCursor: String(++calls) }), '/w');
    expect(calls).toBe(MAX_LIST_PAGES);

    const huge = await listAllSessions(
      async (params) => ({
        sessions: Array.from({ length: 400 }, (_, i) => ({ sessionId: `s${i}`, cwd: '/w' })),
        nextCursor: `${Number(params.cursor ?? 0) + 1}`,
      }),
      '/w',
    );
    expect(huge).toHaveLength(MAX_LISTED_SESSIONS);
  });
});

describe('a session opened from the list', () => {
  it('has a conversation to continue (the agent holds it), without a local prompt', () => {
    const base = createThreadState({ agentId: 'gemini', threadId: 'h' }, agent);
    expect(hasConversation({ ...base, sessionId: 's1' })).toBe(false);
    const listed = listedSessionState(base, 's1', 'Build fix', null);
    expect(hasConversation(listed)).toBe(true);
    expect(listed.connection.kind).toBe('stopped');
    expect(listed.title).toBe('Build fix');
  });
});

describe('export as Markdown', () => {
  it('writes who said what, tool calls and where the agent lost the context', () => {
    let state = chat('t1', 's1', 'fix the build');
    state = reduce(state, {
      type: 'sessionUpdate',
      update: { sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: 'Done: **fixed**.' } },
    });
    state = reduce(state, {
      type: 'sessionUpdate',
      update: {
        sessionUpdate: 'tool_call',
        toolCallId: 'c1',
        title: 'Edit main.ts',
        status: 'completed',
        locations: [{ path: '/w/main.ts' }],
      },
    });
    state = reduce(state, { type: 'sessionContinued', how: 'new' });
    const markdown = chatMarkdown('Build\nfix', state);
    expect(markdown).toBe(
      [
        '# Build fix',
        '',
        'Agent: Gemini',
        'Session: `s1`',
        '',
        '## You',
        '',
        'fix the build',
        '',
        '## Agent',
        '',
        'Done: **fixed**.',
        '',
        '- Tool: Edit main.ts (completed) — `/w/main.ts`',
        '',
        '> The agent starts fresh from here (it does not know the conversation above).',
        '',
      ].join('\n'),
    );
  });
});
