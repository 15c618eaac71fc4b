// one bad journal line hid every chat's history (`{"e":{"kind":"tool","id":"e2"}}`
// made the load throw, and the history list with it); deeply nested or huge-id journals broke restore.
// Now a bad line is skipped and named (the log, the restored chat's note, the history item), the rest
// loads, a chat that cannot be read at all is named in the history, and what loads is what the
// reducer, the chat list, the Markdown export and the next journal write can take.
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ChatJournal } from '../../../src/session/journal/chatJournal';
import { localItem, unreadableItem } from '../../../src/session/journal/historyItems';
import { chatTitle } from '../../../src/session/chatList';
import { chatMarkdown } from '../../../src/session/journal/chatMarkdown';
import { decodeJournal, MAX_LOADED_ENTRIES } from '../../../src/session/journal/journalDecode';
import { fullJournal } from '../../../src/session/journal/journalFormat';
import type { ThreadAction } from '../../../src/shared/actions';
import { reduce } from '../../../src/shared/reduce';
import type { ThreadState } from '../../../src/shared/thread';
import { noteWords } from '../../../src/shared/entryWords';

const AGENT = { id: 'demo', displayName: 'Demo', isDemo: true };
const header = (threadId = 't1') => JSON.stringify({ v: 2, threadId, agent: AGENT, created: 5 });
const user = (id: string, text: string) =>
  JSON.stringify({ e: { kind: 'user', id, messageId: null, parts: [{ kind: 'text', text }] } });
const agent = (id: string, text: string) =>
  JSON.stringify({ e: { kind: 'agent', id, messageId: null, parts: [{ kind: 'text', text }] } });
const journalText = (...lines: string[]) => `${lines.join('\n')}\n`;

/** What the host does with a loaded chat: list it, export it, reduce actions on it, write it again. */
function useEverywhere(state: ThreadState): void {
  chatTitle(state);
  chatMarkdown('chat', state);
  const actions: ThreadAction[] = [
    { type: 'promptSent', prompt: [{ type: 'text', text: 'next' }] },
    { type: 'sessionUpdate', update: { sessionUpdate: 'tool_call_update', toolCallId: 'c1', status: 'completed' } },
    { type: 'sessionUpdate', update: { sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: 'ok' } } },
    { type: 'turnEnded', stopReason: 'end_turn' },
  ];
  const after = actions.reduce(reduce, state);
  expect(new Set(after.entries.map((entry) => entry.id)).size).toBe(after.entries.length);
  fullJournal({ v: 2, threadId: 't1', agent: AGENT, created: 5 }, after);
  JSON.stringify(after);
}

/** [what is wrong, the line]: each is skipped, the others load. */
const BAD_LINES: Array<[string, string]> = [
  ['a tool entry with no fields (the issue)', '{"e":{"kind":"tool","id":"e2"}}'],
  ['parts that are not a list', '{"e":{"kind":"agent","id":"e2","messageId":null,"parts":"x"}}'],
  ['a text part without text', '{"e":{"kind":"agent","id":"e2","messageId":null,"parts":[{"kind":"text","text":5}]}}'],
  ['a block part without a block', '{"e":{"kind":"user","id":"e2","messageId":null,"parts":[{"kind":"block"}]}}'],
  [
    'a tool whose content is not a list',
    '{"e":{"kind":"tool","id":"e2","tool":{"toolCallId":"c1","title":"T","kind":"other","status":"pending","content":"x","locations":[],"permission":null,"writes":[]}}}',
  ],
  [
    'a tool with an unknown status',
    '{"e":{"kind":"tool","id":"e2","tool":{"toolCallId":"c1","title":"T","kind":"other","status":"weird","content":[],"locations":[],"permission":null,"writes":[]}}}',
  ],
  [
    'a permission without options',
    '{"e":{"kind":"tool","id":"e2","tool":{"toolCallId":"c1","title":"T","kind":"other","status":"pending","content":[],"locations":[],"permission":{"permissionId":"p","state":{"kind":"pending"}},"writes":[]}}}',
  ],
  [
    'a write without its diff',
    '{"e":{"kind":"tool","id":"e2","tool":{"toolCallId":"c1","title":"T","kind":"edit","status":"completed","content":[],"locations":[],"permission":null,"writes":[{"path":"/a","fromRevision":0,"revision":0,"created":false}]}}}',
  ],
  ['a turn end without its reason', '{"e":{"kind":"turnEnd","id":"e2"}}'],
  ['a failure without its details', '{"e":{"kind":"failure","id":"e2","failure":{"title":"x"}}}'],
  ['a notice without text', '{"e":{"kind":"notice","id":"e2"}}'],
  ['an elicitation without its form', '{"e":{"kind":"elicitation","id":"e2","elicitationId":"x","answer":null}}'],
  ['a continued entry of an unknown kind', '{"e":{"kind":"continued","id":"e2","how":"teleported"}}'],
  ['an entry kind nobody knows', '{"e":{"kind":"zzz","id":"e2"}}'],
  ['an id that is no entry id', '{"e":{"kind":"notice","id":"__proto__","text":"x"}}'],
  ['an id of two million digits', `{"e":{"kind":"notice","id":"e${'9'.repeat(2_000_000)}","text":"x"}}`],
  ['a line that is not JSON', '{"e":{"kind":'],
  ['a line that is neither an entry nor fields', '[1,2,3]'],
];

describe('one bad journal line hides nothing else', () => {
  it.each(BAD_LINES)('%s: that line is skipped and named, the others load and work', (_what, line) => {
    const decoded = decodeJournal(journalText(header(), user('e1', 'question'), line, agent('e3', 'answer')))!;
    expect(decoded.notes).toEqual([expect.stringContaining('line 3')]);
    expect(decoded.state.entries.filter((entry) => entry.kind !== 'notice').map((entry) => entry.id)).toEqual([
      'e1',
      'e3',
    ]);
    // The restored chat says what was skipped, in its transcript.
    const note = decoded.state.entries.at(-1);
    expect(note?.kind === 'notice' && noteWords(note.note)).toContain('line 3');
    expect(Number.isSafeInteger(decoded.state.nextEntryId)).toBe(true);
    expect(decoded.state.nextEntryId).toBeGreaterThan(3);
    useEverywhere(decoded.state);
  });

  it('a line nested 10,000 deep is skipped before it is parsed; the chat can be written again', () => {
    const deep = `{"e":{"kind":"notice","id":"e2","text":"x","deep":${'['.repeat(10_000)}${']'.repeat(10_000)}}}`;
    const decoded = decodeJournal(journalText(header(), user('e1', 'q'), deep))!;
    expect(decoded.notes).toEqual([expect.stringMatching(/line 3 .*nested/)]);
    useEverywhere(decoded.state);
  });

  it('an id of 60,000 digits that does not end in one is refused at once (no quadratic scan)', () => {
    const line = `{"e":{"kind":"notice","id":"${'1'.repeat(60_000)}x","text":"x"}}`;
    const started = performance.now();
    const decoded = decodeJournal(journalText(header(), user('e1', 'q'), line))!;
    expect(performance.now() - started).toBeLessThan(500);
    expect(decoded.notes).toEqual([expect.stringContaining('line 3')]);
  });

  it(`an absurd entry count is cut at ${MAX_LOADED_ENTRIES} entries with one note`, () => {
    const lines = [header()];
    for (let i = 1; i <= MAX_LOADED_ENTRIES + 500; i++)
      lines.push(JSON.stringify({ e: { kind: 'notice', id: `e${i}`, text: `${i}` } }));
    const decoded = decodeJournal(journalText(...lines))!;
    expect(decoded.notes).toEqual([expect.stringContaining('500')]);
    // The kept entries and the note that says what was cut.
    expect(decoded.state.entries).toHaveLength(MAX_LOADED_ENTRIES + 1);
  });

  it('thread fields of the wrong shape are dropped and named; the rest of the line applies', () => {
    const meta = JSON.stringify({
      m: { title: 'Kept', commands: 'x', terminals: { t1: 5 }, modes: { availableModes: 3 }, nextEntryId: 'x' },
    });
    const decoded = decodeJournal(journalText(header(), user('e1', 'q'), meta))!;
    expect(decoded.notes).toEqual([expect.stringMatching(/line 3: .*nextEntryId, commands, modes, terminals/)]);
    expect(decoded.state.title).toBe('Kept');
    expect(decoded.state.commands).toEqual([]);
    expect(decoded.state.modes).toBeNull();
    useEverywhere(decoded.state);
  });

  it('a write an older version journaled with its texts (no hunks) loads with hunks the card can show', () => {
    const tool = {
      kind: 'tool',
      id: 'e2',
      tool: {
        ...{ toolCallId: 'c1', title: 'Edit', kind: 'edit', status: 'completed', content: [], locations: [] },
        ...{ permission: null, writes: [{ path: '/w/a.ts', oldText: 'a\n', newText: 'b\n' }] },
      },
    };
    const decoded = decodeJournal(journalText(header(), user('e1', 'q'), JSON.stringify({ e: tool })))!;
    expect(decoded.notes).toEqual([]);
    const entry = decoded.state.entries[1];
    if (entry?.kind !== 'tool') throw new Error('no tool entry');
    expect(entry.tool.writes).toEqual([
      {
        path: '/w/a.ts',
        fromRevision: 0,
        revision: 0,
        diff: expect.objectContaining({ added: 1, removed: 1 }),
        created: false,
      },
    ]);
  });

  it('many bad lines make one bounded note list', () => {
    const lines = [header(), user('e1', 'q')];
    for (let i = 0; i < 1000; i++) lines.push('garbage');
    const decoded = decodeJournal(journalText(...lines))!;
    expect(decoded.notes.length).toBeLessThanOrEqual(21);
    expect(decoded.notes.at(-1)).toContain('980');
  });
});

describe('the history never fails because of one chat', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('lists the good chats, the tampered one without its bad line, and names the unreadable ones', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'switchboard-tamper-'));
    dirs.push(dir);
    const logs: string[] = [];
    const journal = new ChatJournal(join(dir, 'chats'), (line) => logs.push(line));
    mkdirSync(journal.dir);
    writeFileSync(journal.fileOf('good'), journalText(header('good'), user('e1', 'good chat')));
    writeFileSync(
      journal.fileOf('tampered'),
      journalText(header('tampered'), user('e1', 'tampered chat'), '{"e":{"kind":"tool","id":"e2"}}'),
    );
    writeFileSync(journal.fileOf('garbage'), 'not a journal\n');
    writeFileSync(journal.fileOf('renamed'), journalText(header('someone-else'), user('e1', 'x')));

    const { chats, unreadable } = await journal.loadAll();
    expect(chats.map(({ journal: decoded }) => decoded.header.threadId).sort()).toEqual(['good', 'tampered']);
    const tampered = chats.find(({ journal: decoded }) => decoded.header.threadId === 'tampered')!.journal;
    expect(tampered.notes).toEqual([expect.stringContaining('line 3')]);
    expect(unreadable.map((chat) => chat.threadId).sort()).toEqual(['garbage', 'renamed']);
    expect(logs.join('\n')).toMatch(/chat tampered: line 3/);
    expect(logs.join('\n')).toMatch(/chat garbage/);

    // The history items say it: the tampered chat's skipped line, the unreadable chat by name.
    const item = localItem('tampered', tampered.header.agent, tampered.state, 0, tampered.notes);
    expect(item.problem).toContain('line 3');
    const broken = unreadableItem(unreadable.find((chat) => chat.threadId === 'garbage')!);
    expect(broken).toMatchObject({ key: 'garbage', threadId: 'garbage' });
    expect(broken.problem).toBeTruthy();
  });
});
