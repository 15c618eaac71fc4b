// Journals written before entries held data keep our sentences in them (a protocolError's title and
// detail, a notice's text, a form's reason, a card's title, a failure card's title and hint, a link card's
// warnings and reason, why an edit did not fork): they still load, nothing is skipped, and the stored words
// show as they are, in the chat, the Markdown export and the activity of a subagent card.
import { describe, expect, it } from 'vitest';
import { chatMarkdown } from '../../../src/session/journal/chatMarkdown';
import { decodeJournal } from '../../../src/session/journal/journalDecode';
import { failureWords } from '../../../src/shared/failureWords';
import {
  formProblemWords,
  linkProblemWords,
  linkWarningWords,
  noForkWords,
  noteWords,
  problemWords,
  toolTitle,
} from '../../../src/shared/entryWords';
import type { Entry } from '../../../src/shared/thread';

const AGENT = { id: 'demo', displayName: 'Demo', isDemo: true };
const header = JSON.stringify({ v: 2, threadId: 't1', agent: AGENT, created: 5 });
const line = (entry: Record<string, unknown>) => JSON.stringify({ e: entry });
const tool = (id: string, toolCallId: string, title: string) => ({
  kind: 'tool',
  id,
  tool: {
    toolCallId,
    title,
    kind: 'edit',
    status: 'completed',
    content: [],
    locations: [],
    permission: null,
    writes: [],
  },
});

/** Lines exactly as the previous version wrote them. */
const OLD_LINES = [
  header,
  line({
    kind: 'protocolError',
    id: 'e1',
    title: 'Dieser Chat ist voll',
    detail: 'Der Agent hat 20000 Nachrichten erstellt.',
    raw: '{}',
  }),
  line({ kind: 'notice', id: 'e2', text: 'Demo works in /a. /b is outside its workspace.' }),
  line({
    kind: 'elicitation',
    id: 'e3',
    elicitationId: 'elicitation-1',
    form: {
      message: 'Which?',
      title: null,
      fields: [],
      unusable: 'The form has 40 fields; Switchboard shows at most 32.',
    },
    answer: 'decline',
  }),
  line(tool('e4', 'write-4', 'Write a.ts')),
  line(tool('e5', 'x', 'Tool call')),
  line({
    kind: 'failure',
    id: 'e6',
    failure: {
      title: 'Agent exited with code 1',
      commandLine: 'gemini --acp',
      exitCode: 1,
      signal: null,
      stderrTail: ['boom'],
      hint: 'Drücke Neustart.',
    },
  }),
  line({ kind: 'failure', id: 'e7', failure: { title: 'Befehl nicht gefunden: x', commandLine: 'x', stderrTail: [] } }),
  line({
    kind: 'continued',
    id: 'e8',
    how: 'seeded',
    edit: { excerpt: 'hi', restoredFiles: 0, reason: 'Forking a chat is off (setting switchboard.experimental.fork).' },
  }),
  line({
    kind: 'elicitationUrl',
    id: 'e9',
    elicitationId: 'elicitation-2',
    link: { message: 'Open', url: 'ftp://x', host: null, warnings: ['Alte Warnung'], unusable: 'Nur http.' },
    answer: 'decline',
    completed: false,
  }),
];

function entries(): Entry[] {
  const decoded = decodeJournal(`${OLD_LINES.join('\n')}\n`)!;
  expect(decoded.notes).toEqual([]);
  return decoded.state.entries;
}

describe('a journal with the old sentences in it', () => {
  it('loads every line, and each stored sentence shows as it was written', () => {
    const [error, notice, form, write, placeholder] = entries();
    expect(error).toEqual({
      kind: 'protocolError',
      id: 'e1',
      problem: { kind: 'said', title: 'Dieser Chat ist voll', detail: 'Der Agent hat 20000 Nachrichten erstellt.' },
      raw: '{}',
    });
    if (error?.kind !== 'protocolError') throw new Error('expected the protocolError');
    expect(problemWords(error.problem)).toEqual({
      title: 'Dieser Chat ist voll',
      detail: 'Der Agent hat 20000 Nachrichten erstellt.',
    });
    if (notice?.kind !== 'notice') throw new Error('expected the notice');
    expect(noteWords(notice.note)).toBe('Demo works in /a. /b is outside its workspace.');
    if (form?.kind !== 'elicitation' || !form.form.unusable) throw new Error('expected the unusable form');
    expect(formProblemWords(form.form.unusable)).toBe('The form has 40 fields; Switchboard shows at most 32.');
    if (write?.kind !== 'tool' || placeholder?.kind !== 'tool') throw new Error('expected the tools');
    expect(toolTitle(write.tool)).toBe('Write a.ts');
    expect(toolTitle(placeholder.tool)).toBe('Tool call');
  });

  it('a failure card, an edit that did not fork and a link card show their stored sentences', () => {
    const [, , , , , exited, notFound, continued, link] = entries();
    expect(exited).toEqual({
      kind: 'failure',
      id: 'e6',
      failure: {
        reason: { kind: 'said', title: 'Agent exited with code 1', hint: 'Drücke Neustart.' },
        commandLine: 'gemini --acp',
        exitCode: 1,
        signal: null,
        stderrTail: ['boom'],
      },
    });
    if (exited?.kind !== 'failure' || notFound?.kind !== 'failure') throw new Error('expected the failures');
    expect(failureWords(exited.failure)).toEqual({ title: 'Agent exited with code 1', hint: 'Drücke Neustart.' });
    expect(failureWords(notFound.failure)).toEqual({ title: 'Befehl nicht gefunden: x', hint: undefined });
    if (continued?.kind !== 'continued' || !continued.edit?.reason) throw new Error('expected the edit');
    expect(noForkWords(continued.edit.reason)).toBe('Forking a chat is off (setting switchboard.experimental.fork).');
    if (link?.kind !== 'elicitationUrl' || !link.link.unusable) throw new Error('expected the link');
    expect(linkProblemWords(link.link.unusable)).toBe('Nur http.');
    expect(link.link.warnings.map(linkWarningWords)).toEqual(['Alte Warnung']);
  });

  it('exports to Markdown with the stored words', () => {
    const decoded = decodeJournal(`${OLD_LINES.join('\n')}\n`)!;
    const markdown = chatMarkdown('Old chat', decoded.state);
    expect(markdown).toContain('> Demo works in /a. /b is outside its workspace.');
    expect(markdown).toContain('Tool: Write a.ts (completed)');
    expect(markdown).toContain('> The agent stopped: Agent exited with code 1');
  });

  it('a line in the new form is read back as it was written', () => {
    const problem = { kind: 'chatFull', limit: 20000 };
    const failure = {
      reason: { kind: 'initializeTimeout', ms: 400 },
      commandLine: 'x',
      stderrTail: [],
      envWarnings: [{ kind: 'pathWithoutSystem', setting: 'e.env.PATH', folders: '/usr/bin, /bin', variables: true }],
    };
    const note = { kind: 'outsideWorkspace', agent: 'Demo', cwd: '/a', outside: ['/b'] };
    const text = [
      header,
      line({ kind: 'protocolError', id: 'e1', problem }),
      line({ kind: 'notice', id: 'e2', note }),
      line({
        ...tool('e3', 'write-3', ''),
        tool: { ...tool('e3', 'write-3', '').tool, title: undefined, origin: 'write' },
      }),
      line({ kind: 'failure', id: 'e4', failure }),
    ].join('\n');
    const decoded = decodeJournal(`${text}\n`)!;
    expect(decoded.notes).toEqual([]);
    expect(decoded.state.entries[0]).toEqual({ kind: 'protocolError', id: 'e1', problem });
    expect(decoded.state.entries[1]).toEqual({ kind: 'notice', id: 'e2', note });
    expect(decoded.state.entries[2]).toMatchObject({ tool: { origin: 'write' } });
    expect(decoded.state.entries[3]).toEqual({ kind: 'failure', id: 'e4', failure });
  });

  it('a problem or note of a kind this version does not know, or of the wrong shape, skips its line', () => {
    const text = [
      header,
      line({ kind: 'protocolError', id: 'e1', problem: { kind: 'fromTheFuture' } }),
      line({ kind: 'protocolError', id: 'e2', problem: { kind: 'chatFull', limit: 'many' } }),
      line({
        kind: 'failure',
        id: 'e5',
        failure: { reason: { kind: 'fromTheFuture' }, commandLine: 'x', stderrTail: [] },
      }),
      line({ kind: 'notice', id: 'e3', note: { kind: 'listed' } }),
      line({ kind: 'notice', id: 'e4', note: { kind: 'said', text: 'kept' } }),
    ].join('\n');
    const decoded = decodeJournal(`${text}\n`)!;
    expect(decoded.notes).toHaveLength(4);
    expect(decoded.state.entries.filter((entry) => entry.kind !== 'notice' || entry.id === 'e4')).toEqual([
      { kind: 'notice', id: 'e4', note: { kind: 'said', text: 'kept' } },
    ]);
  });
});
