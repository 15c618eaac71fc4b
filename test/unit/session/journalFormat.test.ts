import { describe, expect, it } from 'vitest';
import { decodeJournal } from '../../../src/session/journal/journalDecode';
import { fullJournal, JOURNAL_VERSION, linesSince } from '../../../src/session/journal/journalFormat';
import type { ThreadAction } from '../../../src/shared/actions';
import { reduce } from '../../../src/shared/reduce';
import { createThreadState, type ThreadState } from '../../../src/shared/thread';
import { fileWritten, update } from '../shared/helpers';

const AGENT = { id: 'demo', displayName: 'Demo', isDemo: true };
const HEADER = { v: JOURNAL_VERSION, threadId: 't1', agent: AGENT, created: 5 };
const base = () => createThreadState({ agentId: 'demo', threadId: 't1' }, AGENT);
const chunk = (text: string): ThreadAction => ({
  type: 'sessionUpdate',
  update: { sessionUpdate: 'agent_message_chunk', content: { type: 'text', text } },
});
const START: ThreadAction[] = [
  { type: 'initialized', agentInfo: { name: 'demo', version: '1' }, agentCapabilities: { loadSession: true } },
  { type: 'sessionStarted', sessionId: 's1', modes: null, configOptions: null },
  { type: 'connection', state: { kind: 'ready' } },
];
const run = (state: ThreadState, ...actions: ThreadAction[]) => actions.reduce(reduce, state);

/** The journal a chat gets when written after each of `steps` (as the journal does once a second). */
function journalOf(steps: ThreadAction[][]): { text: string; state: ThreadState } {
  let written: ThreadState | null = null;
  let state = base();
  let text = '';
  for (const step of steps) {
    state = run(state, ...step);
    text += written === null ? fullJournal(HEADER, state) : linesSince(written, state);
    written = state;
  }
  return { text, state };
}

describe('journal format', () => {
  it('reads back what was written, mid-stream writes included, each entry once', () => {
    const { text, state } = journalOf([
      [...START, { type: 'promptSent', prompt: [{ type: 'text', text: 'hello' }] }, chunk('Hi')],
      [chunk(' there')],
      [chunk('!'), { type: 'sessionUpdate', update: { sessionUpdate: 'session_info_update', title: 'Greeting' } }],
      [{ type: 'turnEnded', stopReason: 'end_turn' }],
    ]);
    const decoded = decodeJournal(text)!;
    expect(decoded.notes).toEqual([]);
    expect(decoded.header).toEqual(HEADER);
    expect(decoded.state.entries).toEqual(state.entries);
    expect(decoded.state.title).toBe('Greeting');
    expect(decoded.state.sessionId).toBe('s1');
    expect(decoded.state.agentCapabilities).toEqual({ loadSession: true });
    expect(decoded.state.nextEntryId).toBe(state.nextEntryId);
    // The agent message was written once, then its growth twice (as appended text, not whole again).
    expect(text.split('\n').filter((line) => line.startsWith('{"a":'))).toHaveLength(2);
    expect(decoded.redundantLines).toBe(0);
    // Compacted: each entry once, the same state.
    const compacted = fullJournal(decoded.header, decoded.state);
    expect(compacted.split('\n').filter(Boolean)).toHaveLength(1 + state.entries.length + 1);
    expect(decodeJournal(compacted)!.state.entries).toEqual(decoded.state.entries);
  });

  it('only lines for what changed are appended', () => {
    const first = run(base(), ...START, { type: 'promptSent', prompt: [{ type: 'text', text: 'a' }] }, chunk('x'));
    const next = run(first, chunk('y'));
    const lines = linesSince(first, next).trim().split('\n');
    expect(lines).toHaveLength(1);
    // The message only grew: its new text, where it goes.
    expect(JSON.parse(lines[0]!)).toEqual({ a: { id: next.entries[1]!.id, at: 1, t: 'y' } });
    // Any other change writes the entry whole.
    const closed = run(next, { type: 'sessionUpdate', update: { sessionUpdate: 'plan', entries: [] } });
    expect(JSON.parse(linesSince(next, closed).split('\n')[0]!)).toEqual({ e: closed.entries[1] });
    expect(linesSince(next, next)).toBe('');
  });

  it('skips a torn last line with a note and keeps everything before it', () => {
    const { text } = journalOf([
      [...START, { type: 'promptSent', prompt: [{ type: 'text', text: 'q' }] }, chunk('answer')],
      [{ type: 'turnEnded', stopReason: 'end_turn' }],
    ]);
    const torn = text + '{"e":{"kind":"agent","id":"e9","messageId":null,"parts":[{"kind":"te';
    const decoded = decodeJournal(torn)!;
    expect(decoded.notes).toEqual([expect.stringMatching(/last line .* cut off .* skipped/)]);
    // The restored chat ends with a note saying what was lost.
    expect(decoded.state.entries.map((entry) => entry.kind)).toEqual(['user', 'agent', 'turnEnd', 'notice']);
    // A later entry never reuses an id the torn tail or the file holds.
    expect(decoded.state.nextEntryId).toBeGreaterThan(3);
  });

  it('a malformed line in the middle is skipped with a note; a file that is not a journal is refused', () => {
    const { text } = journalOf([[...START, { type: 'promptSent', prompt: [{ type: 'text', text: 'q' }] }]]);
    const lines = text.split('\n');
    lines.splice(1, 0, 'not json', '{"x":1}');
    const decoded = decodeJournal(lines.join('\n'))!;
    expect(decoded.notes).toHaveLength(2);
    expect(decoded.state.entries.map((entry) => entry.kind)).toEqual(['user', 'notice']);
    expect(decodeJournal('')).toBeNull();
    expect(decodeJournal('{"v":99,"threadId":"t","agent":{"id":"a","displayName":"A"}}\n')).toBeNull();
    expect(decodeJournal('garbage\n')).toBeNull();
  });

  it('a chat read back runs nothing: no turn, open tools unfinished, pending permissions cancelled, terminals released', () => {
    const { text } = journalOf([
      [
        ...START,
        { type: 'promptSent', prompt: [{ type: 'text', text: 'q' }] },
        {
          type: 'sessionUpdate',
          update: { sessionUpdate: 'tool_call', toolCallId: 'c1', title: 'Run', status: 'in_progress' },
        },
        {
          type: 'permissionRequested',
          permissionId: 'p1',
          toolCall: { toolCallId: 'c1' },
          options: [{ optionId: 'ok', name: 'Allow', kind: 'allow_once' }],
        },
        { type: 'terminalCreated', terminal: { terminalId: 'term1', commandLine: 'ls', cwd: '/', mode: 'pty' } },
      ],
    ]);
    const { state } = decodeJournal(text)!;
    expect(state.connection).toEqual({ kind: 'stopped' });
    expect(state.turn).toEqual({ kind: 'idle' });
    expect(state.promptEcho).toBeUndefined();
    const tool = state.entries.find((entry) => entry.kind === 'tool');
    expect(tool?.kind === 'tool' && tool.tool.status).toBe('unfinished');
    expect(tool?.kind === 'tool' && tool.tool.permission?.state).toEqual({ kind: 'cancelled' });
    expect(state.terminals?.term1?.released).toBe(true);
  });

  it("a chat read back names no revision of the closed window's keeper; a diff journaled with its texts gets hunks", () => {
    const { text } = journalOf([
      [
        ...START,
        { type: 'promptSent', prompt: [{ type: 'text', text: 'q' }] },
        update({
          sessionUpdate: 'tool_call',
          toolCallId: 'c1',
          title: 'Edit',
          status: 'in_progress',
          content: [{ type: 'diff', path: '/w/a.ts', oldText: 'a\n', newText: 'b\n' }],
        }),
        fileWritten('/w/b.ts', 'x\n', 'y\n', 7, 6),
      ],
    ]);
    // What an older version journaled: the agent's texts in the diff item.
    const legacy = text.replace(
      /\{"type":"diff","path":"\/w\/a.ts"[^]*?"created":false\}/,
      JSON.stringify({ type: 'diff', path: '/w/a.ts', oldText: 'old\n', newText: 'new\n' }),
    );
    expect(legacy).toContain('"newText"');
    for (const journal of [text, legacy]) {
      const tool = decodeJournal(journal)!.state.entries.find((entry) => entry.kind === 'tool');
      if (tool?.kind !== 'tool') throw new Error('no tool entry');
      const [diff] = tool.tool.content;
      expect(diff).toMatchObject({ type: 'diff', path: '/w/a.ts', revision: 0, created: false });
      expect(diff?.type === 'diff' && diff.diff.added).toBe(1);
      expect(JSON.stringify(diff)).not.toMatch(/oldText|newText/);
      expect(tool.tool.writes).toMatchObject([{ path: '/w/b.ts', fromRevision: 0, revision: 0 }]);
    }
  });

  it("keeps a chat's worktree, and reads an older journal without one as a chat in the workspace", () => {
    const worktree = { id: 'wt-1', folders: ['/storage/worktrees/wt-1/app', '/storage/worktrees/wt-1/lib'] };
    const state = run({ ...base(), worktree }, ...START);
    expect(decodeJournal(fullJournal(HEADER, state))!.state.worktree).toEqual(worktree);
    const older = fullJournal(HEADER, run(base(), ...START)).replace(',"worktree":null', '');
    expect(older).not.toContain('worktree');
    const decoded = decodeJournal(older)!;
    expect(decoded.state.worktree ?? null).toBeNull();
    expect(decoded.state.entries.filter((entry) => entry.kind === 'notice')).toEqual([]);
    const tampered = fullJournal(HEADER, state).replace('"id":"wt-1"', '"id":7');
    expect(decodeJournal(tampered)!.state.worktree ?? null).toBeNull();
  });
});
