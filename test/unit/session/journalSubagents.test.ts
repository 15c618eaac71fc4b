// Subagent sessions are journaled and restored like the chat: each child's lines carry its id (`s`), the session
// that announced it comes first (`p`), a child's streamed message costs its new text only, a child still working
// when the window closed comes back `unknown`, and a hand-edited child line is skipped and named like any other.
// The Markdown export writes a child's transcript under its card. Real files, the real ChatJournal and reducer.
import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { chatMarkdown } from '../../../src/session/journal/chatMarkdown';
import { decodeJournal } from '../../../src/session/journal/journalDecode';
import { fullJournal } from '../../../src/session/journal/journalFormat';
import type { ThreadAction } from '../../../src/shared/actions';
import { reduce } from '../../../src/shared/reduce';
import { MAX_SUBAGENTS } from '../../../src/shared/subagents';
import type { SubagentCard } from '../../../src/shared/subagentTypes';
import { createThreadState, type Entry, type ThreadState } from '../../../src/shared/thread';
import { fakeAgent } from '../chat/fakeThread';
import { journalSetup as setup, prompt, ReducingThread } from './journalHarness';

const AGENT = { id: 'codex', displayName: 'Codex', isDemo: false };
const HEADER = { v: 2, threadId: 't1', agent: AGENT, created: 5 };
const update = (u: Record<string, unknown>): ThreadAction => ({ type: 'sessionUpdate', update: u as never });
const inChild = (sessionId: string, action: ThreadAction): ThreadAction => ({ type: 'subagent', sessionId, action });
const announce = (sessionId: string, fields: Record<string, unknown> = {}) =>
  update({ sessionUpdate: 'subagent_update', sessionId, ...fields });
const childChunk = (sessionId: string, text: string) =>
  inChild(
    sessionId,
    update({ sessionUpdate: 'agent_message_chunk', messageId: 'cm', content: { type: 'text', text } }),
  );
const textOf = (entry: Entry | undefined): string =>
  entry && 'parts' in entry ? entry.parts.map((part) => (part.kind === 'text' ? part.text : '')).join('') : '';
const cardsOf = (state: ThreadState): SubagentCard[] =>
  state.entries.filter((entry): entry is SubagentCard => entry.kind === 'subagent');

function chatWithChildren(): ThreadState {
  const actions: ThreadAction[] = [
    prompt('explore the repo'),
    announce('c', { title: 'Explorer', capabilities: { cancel: {} }, state: { state: 'running' } }),
    childChunk('c', 'Reading files'),
    inChild('c', update({ sessionUpdate: 'tool_call', toolCallId: 't1', title: 'Read a.ts', status: 'in_progress' })),
    inChild('c', announce('g', { title: 'Helper', state: { state: 'idle', stopReason: 'end_turn' } })),
    inChild('g', update({ sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: 'helped' } })),
    update({
      sessionUpdate: 'session_message',
      messageId: 'sm',
      senderSessionId: 'c',
      content: [{ type: 'text', text: 'done?' }],
    }),
  ];
  return actions.reduce(reduce, {
    ...createThreadState({ agentId: 'codex', threadId: 't1' }, AGENT),
    sessionId: 'chat',
  });
}

describe('the journal of a chat with subagent sessions', () => {
  it('reads back every child, its parent and its transcript; a child still working comes back unknown', () => {
    const state = chatWithChildren();
    const decoded = decodeJournal(fullJournal(HEADER, state))!;
    expect(decoded.notes).toEqual([]);
    const back = decoded.state;
    expect(Object.keys(back.subagents!)).toEqual(['c', 'g']);
    expect(back.subagents!['g']!.parentSessionId).toBe('c');
    expect(back.subagents!['c']!.parentSessionId).toBeNull();
    expect(textOf(back.subagents!['c']!.state.entries[0])).toBe('Reading files');
    expect(back.subagents!['c']!.state.entries[1]).toMatchObject({ kind: 'tool', tool: { status: 'unfinished' } });
    expect(back.subagents!['c']!.state.connection).toEqual({ kind: 'stopped' });
    expect(cardsOf(back)[0]!.work).toEqual({ state: 'unknown' });
    expect(cardsOf(back.subagents!['c']!.state)[0]!.work).toEqual({
      state: 'idle',
      stopReason: 'end_turn',
      error: null,
    });
    expect(back.entries.find((entry) => entry.kind === 'sessionMessage')).toMatchObject({ senderSessionId: 'c' });
    // Everything else as it was.
    expect(cardsOf(back)[0]).toMatchObject({
      title: 'Explorer',
      cancellable: true,
      activity: state.entries[1]!.kind === 'subagent' ? state.entries[1]!.activity : {},
    });
    expect(textOf(back.subagents!['g']!.state.entries[0])).toBe('helped');
  });

  it("a child's streamed message is appended as its new text, not written again, and reads back whole", async () => {
    const { journal, tick } = setup();
    const thread = new ReducingThread('sub', fakeAgent());
    journal.watch(thread);
    thread.emit(prompt('go'));
    thread.emit(announce('c', { state: { state: 'running' } }));
    const piece = (i: number) => `${String(i).padStart(4, '0')} ${'y'.repeat(2000)}\n`;
    let text = '';
    for (let i = 0; i < 10; i++) {
      thread.emit(childChunk('c', piece(i)));
      text += piece(i);
      await tick();
    }
    const lines = readFileSync(journal.fileOf('sub'), 'utf8').trim().split('\n');
    const appends = lines.filter((line) => line.startsWith('{"s":"c","a":'));
    expect(appends).toHaveLength(9);
    // Each write costs its new text: the file holds the message about once.
    expect(readFileSync(journal.fileOf('sub'), 'utf8').length).toBeLessThan(1.5 * text.length);
    const back = (await journal.load('sub'))!;
    expect(back.notes).toEqual([]);
    expect(textOf(back.state.subagents!['c']!.state.entries[0])).toBe(text);
  });

  it('a bad child line is skipped and named; the rest loads', () => {
    const good = fullJournal(HEADER, chatWithChildren()).trimEnd().split('\n');
    const bad = [
      '{"s":"ghost","e":{"kind":"notice","id":"e1","text":"from nowhere"}}',
      '{"s":"orphan","p":"nobody"}',
      '{"s":"c","p":null}',
      '{"s":"c","e":{"kind":"subagent","id":"e9","sessionId":"x","title":5}}',
      '{"s":"c","e":{"kind":"sessionMessage","id":"e10","messageId":"m","senderSessionId":null,"recipientSessionId":null,"parts":"no"}}',
      '{"s":"c","a":{"id":"e1","at":3,"t":"does not fit"}}',
    ];
    const decoded = decodeJournal(`${[...good, ...bad].join('\n')}\n`)!;
    expect(decoded.notes).toEqual([
      expect.stringContaining(`line ${good.length + 1} is of a subagent session the transcript never named`),
      expect.stringContaining(`line ${good.length + 2} names a subagent session that does not fit`),
      expect.stringContaining(`line ${good.length + 3} names a subagent session that does not fit`),
      expect.stringContaining(`line ${good.length + 4} holds an entry whose title is not valid`),
      expect.stringContaining(`line ${good.length + 5} holds an entry whose parts is not valid`),
      expect.stringContaining(`line ${good.length + 6} adds text that does not fit`),
    ]);
    expect(Object.keys(decoded.state.subagents!)).toEqual(['c', 'g']);
    expect(decoded.state.entries.at(-1)).toMatchObject({ kind: 'notice' });
  });

  it(`holds at most ${MAX_SUBAGENTS} children, as a live chat does`, () => {
    const lines = [JSON.stringify(HEADER)];
    for (let i = 0; i <= MAX_SUBAGENTS; i++) lines.push(JSON.stringify({ s: `c${i}`, p: null }));
    const decoded = decodeJournal(`${lines.join('\n')}\n`)!;
    expect(Object.keys(decoded.state.subagents!)).toHaveLength(MAX_SUBAGENTS);
    expect(decoded.notes).toEqual([expect.stringContaining('one subagent session more than a chat holds')]);
  });

  it('survives a reload: the restored chat goes on journaling its children', async () => {
    const first = setup();
    const thread = new ReducingThread('again', fakeAgent());
    first.journal.watch(thread);
    thread.emit(announce('c'));
    thread.emit(childChunk('c', 'one '));
    await first.tick();
    first.journal.dispose();
    const decoded = (await first.journal.load('again'))!;
    const restored = new ReducingThread('again', fakeAgent());
    restored.state = decoded.state;
    first.journal.watch(restored, decoded);
    restored.emit(childChunk('c', 'two'));
    restored.emit(announce('d'));
    await first.journal.flushAll();
    const back = (await first.journal.load('again'))!;
    expect(back.notes).toEqual([]);
    expect(textOf(back.state.subagents!['c']!.state.entries[0])).toBe('one two');
    expect(Object.keys(back.state.subagents!)).toEqual(['c', 'd']);
    // Rewritten whole, the file reads the same.
    writeFileSync(first.journal.fileOf('again'), fullJournal(back.header, back.state));
    expect(decodeJournal(readFileSync(first.journal.fileOf('again'), 'utf8'))!.state.subagents).toEqual(
      back.state.subagents,
    );
  });
});

describe('the Markdown export', () => {
  it("writes a child's transcript under its card, quoted, a grandchild's one level deeper", () => {
    const markdown = chatMarkdown('chat', chatWithChildren());
    expect(markdown).toContain('> **Subagent: Explorer (running)**');
    expect(markdown).toContain('> Reading files');
    expect(markdown).toContain('> - Tool: Read a.ts (in_progress)');
    expect(markdown).toContain('> > **Subagent: Helper (idle: end_turn)**');
    expect(markdown).toContain('> > helped');
    expect(markdown).toContain('> Message from c to ?:');
  });
});
