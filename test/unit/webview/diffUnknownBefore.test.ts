// @vitest-environment jsdom
// A v2 change the agent sent without a patch, of a file nothing saw before: the card says so plainly and
// offers what the user can do (open the file; the Changes view lists it), instead of "No changes". When
// review later finds the texts, the card shows their diff like a patched change.
import { describe, expect, it } from 'vitest';
import type { ThreadAction } from '../../../src/shared/actions';
import type { SessionUpdateView } from '../../../src/shared/thread';
import { diffViews } from '../../../src/protocol/v2/v2Shapes';
import { cardHunks } from '../../../src/shared/diffHunks';
import type * as acp2 from '@agentclientprotocol/sdk/experimental/v2';
import { mount, READY, thread } from './helpers';

const PATH = '/home/me/project/notes.txt';

function card(after: ThreadAction[]) {
  const content = diffViews({ type: 'diff', changes: [{ operation: 'modify', path: PATH }] } as unknown as acp2.Diff);
  const update = {
    sessionUpdate: 'tool_call',
    toolCallId: 'call-1',
    title: 'Edit',
    kind: 'edit',
    status: 'completed',
    content,
  } as unknown as SessionUpdateView;
  const m = mount();
  m.snapshot(
    thread([
      ...READY,
      { type: 'promptSent', prompt: [{ type: 'text', text: 'go' }] },
      { type: 'sessionUpdate', update },
      ...after,
    ]),
  );
  return m;
}

describe('diff card of a v2 change without a patch', () => {
  it('nothing known of the file before: says so, with Open file (not "No changes")', () => {
    const m = card([{ type: 'toolDiffUnknown', toolCallId: 'call-1', path: PATH }]);
    const note = m.$('.diff .diff-unknown');
    expect(note.textContent).toContain('did not see this file before the change');
    expect(note.textContent).toContain('Changes view');
    expect(m.$$('.diff .diff-empty:not(.diff-unknown)')).toHaveLength(0);
    (m.$('.diff .diff-unknown .open-file') as HTMLButtonElement).click();
    expect(m.posted).toContainEqual({ type: 'openLocation', path: PATH, line: null });
  });

  it('the texts review found: the card shows their hunks', () => {
    const diff = cardHunks('a\nb\nc\n', 'a\nB\nc\n');
    const m = card([{ type: 'toolDiffKept', toolCallId: 'call-1', path: PATH, revision: 7, diff }]);
    expect(m.$$('.diff .line.del').map((line) => line.textContent)).toEqual(['2-b']);
    expect(m.$$('.diff .line.add').map((line) => line.textContent)).toEqual(['2+B']);
    expect(m.$$('.diff .diff-empty')).toHaveLength(0);
  });
});

describe('diff card of a binary file under review', () => {
  it('says it is kept or undone whole, with one Keep / Undo (no line counts, no hunks)', () => {
    const binary = diffViews({
      type: 'diff',
      changes: [{ operation: 'modify', path: '/home/me/project/logo.png', fileType: 'binary' }],
    } as unknown as acp2.Diff);
    const m = mount();
    m.snapshot(
      thread([
        ...READY,
        { type: 'promptSent', prompt: [{ type: 'text', text: 'go' }] },
        {
          type: 'sessionUpdate',
          update: {
            sessionUpdate: 'tool_call',
            toolCallId: 'call-2',
            title: 'Edit',
            kind: 'edit',
            status: 'completed',
            content: binary,
          } as unknown as SessionUpdateView,
        },
      ]),
    );
    m.act({
      type: 'reviewChanged',
      review: {
        files: [
          {
            path: '/home/me/project/logo.png',
            status: 'pending',
            added: 0,
            removed: 0,
            hunks: 0,
            conflicts: 0,
            binary: true,
          },
        ],
        sessionPending: 1,
      },
    });
    const badge = m.$('.diff .review-state');
    expect(badge.textContent).toBe('Changed (binary file): Keep or Undo it whole');
    expect(badge.title).toBe('');
    expect(
      m.$$('.diff button.review-keep, .diff button.review-undo').map((b) => (b as HTMLButtonElement).disabled),
    ).toEqual([false, false]);
    expect(m.$('.diff .diff-empty').textContent).toBe('No text diff: binary file');
  });
});
