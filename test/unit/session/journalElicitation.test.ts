// A chat read back after a reload has no agent request waiting: a form or link card that was waiting
// shows as cancelled (no Submit or Open that would reach nobody), an answered one keeps its answer, and a
// link card with a malformed address view is skipped like any bad line.
import { describe, expect, it } from 'vitest';
import { decodeJournal } from '../../../src/session/journal/journalDecode';

const AGENT = { id: 'demo', displayName: 'Demo', isDemo: true };
const header = JSON.stringify({ v: 2, threadId: 't1', agent: AGENT, created: 5 });
const link = { message: 'Sign in', url: 'https://example.com/', host: 'example.com', warnings: [], unusable: null };
const form = { message: 'Which?', title: null, fields: [], unusable: null };
const line = (entry: Record<string, unknown>) => JSON.stringify({ e: entry });

describe('elicitations in a restored chat', () => {
  it('settle a waiting form or link card as cancelled and keep the answered ones', () => {
    const text = [
      header,
      line({ kind: 'elicitation', id: 'e1', elicitationId: 'elicitation-1', form, answer: null }),
      line({ kind: 'elicitationUrl', id: 'e2', elicitationId: 'elicitation-2', link, answer: null, completed: false }),
      line({
        kind: 'elicitationUrl',
        id: 'e3',
        elicitationId: 'elicitation-3',
        link,
        answer: 'accept',
        completed: true,
      }),
    ].join('\n');
    const decoded = decodeJournal(`${text}\n`)!;
    expect(decoded.notes).toEqual([]);
    expect(decoded.state.entries.map((entry) => 'answer' in entry && entry.answer)).toEqual([
      'cancel',
      'cancel',
      'accept',
    ]);
    expect(decoded.state.entries[2]).toMatchObject({ completed: true });
  });

  it('skips a link card whose address view is malformed, naming the line', () => {
    const text = [
      header,
      line({ kind: 'elicitationUrl', id: 'e1', elicitationId: 'x', link: { url: 5 }, answer: null, completed: false }),
    ].join('\n');
    const decoded = decodeJournal(`${text}\n`)!;
    expect(decoded.notes).toEqual([expect.stringContaining('line 2')]);
    expect(decoded.state.entries.filter((entry) => entry.kind === 'elicitationUrl')).toEqual([]);
  });
});
