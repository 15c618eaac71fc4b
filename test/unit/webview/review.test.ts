// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import type { ThreadAction } from '../../../src/shared/actions';
import type { ReviewFileState } from '../../../src/shared/thread';
import { fileWritten } from '../shared/helpers';
import { mount, READY, thread, update, type Mounted } from './helpers';

/** The review state reaches the webview as one more numbered action of the thread (no channel of its own). */
function review(m: Mounted, files: ReviewFileState[], sessionPending: number): void {
  m.act({ type: 'reviewChanged', review: { files, sessionPending } });
}

const write: ThreadAction = fileWritten('/ws/a.md', 'a\nb\n', 'a\nB\n');

describe('review controls in the chat', () => {
  const written = () =>
    thread([
      ...READY,
      { type: 'promptSent', prompt: [{ type: 'text', text: 'go' }] },
      update({ sessionUpdate: 'tool_call', toolCallId: 'c1', title: 'Edit a.md', kind: 'edit', status: 'in_progress' }),
      write,
    ]);
  const pending: ReviewFileState = {
    path: '/ws/a.md',
    status: 'pending',
    added: 1,
    removed: 1,
    hunks: 1,
    conflicts: 0,
  };

  it('a written file’s card has Keep and Undo once the host says it is under review; they post reviewFile', () => {
    const m = mount();
    m.snapshot(written());
    const keep = m.$('.tool-write .diff button.review-keep');
    const undo = m.$('.tool-write .diff button.review-undo');
    // No review state yet (nothing known to be written): no controls.
    expect(keep.hidden && undo.hidden).toBe(true);
    review(m, [pending], 1);
    expect(keep.hidden || undo.hidden).toBe(false);
    expect(m.$('.tool-write .diff .review-state').textContent).toBe('1 pending change');
    expect(m.$('.tool-write .diff').dataset.review).toBe('pending');
    keep.click();
    undo.click();
    expect(m.posted.filter((msg) => msg.type === 'reviewFile')).toEqual([
      { type: 'reviewFile', path: '/ws/a.md', action: 'keep' },
      { type: 'reviewFile', path: '/ws/a.md', action: 'undo' },
    ]);
  });

  it('shows Kept / Undone / conflicts and disables Keep and Undo once resolved', () => {
    const m = mount();
    m.snapshot(written());
    review(m, [{ ...pending, hunks: 2, conflicts: 1 }], 1);
    expect(m.$('.diff .review-state').textContent).toBe('2 pending changes · 1 conflict');
    review(m, [{ ...pending, status: 'kept', hunks: 0 }], 0);
    expect(m.$('.diff .review-state').textContent).toBe('Kept');
    expect((m.$('.diff button.review-keep') as HTMLButtonElement).disabled).toBe(true);
    expect((m.$('.diff button.review-undo') as HTMLButtonElement).disabled).toBe(true);
    review(m, [{ ...pending, status: 'undone', hunks: 0 }], 0);
    expect(m.$('.diff .review-state').textContent).toBe('Undone');
    // A card built after the state arrived starts from it.
    m.act(
      update({
        sessionUpdate: 'tool_call',
        toolCallId: 'c2',
        title: 'Edit a.md again',
        kind: 'edit',
        status: 'pending',
        content: [{ type: 'diff', path: '/ws/a.md', oldText: 'a\n', newText: 'b\n' }],
      }),
    );
    expect(m.$$('.diff .review-state').map((badge) => badge.textContent)).toEqual(['Undone', 'Undone']);
  });

  it('a snapshot carries the review state: cards and the pending row render from it at once (after a reload too)', () => {
    const m = mount();
    m.snapshot(
      thread([
        ...READY,
        { type: 'promptSent', prompt: [{ type: 'text', text: 'go' }] },
        update({
          sessionUpdate: 'tool_call',
          toolCallId: 'c1',
          title: 'Edit a.md',
          kind: 'edit',
          status: 'in_progress',
        }),
        write,
        { type: 'reviewChanged', review: { files: [pending], sessionPending: 1 } },
      ]),
    );
    expect(m.$('.tool-write .diff').dataset.review).toBe('pending');
    expect(m.$('.tool-write .diff button.review-keep').hidden).toBe(false);
    expect(m.$('.session-review').hidden).toBe(false);
    // Another chat's snapshot without review: its cards and header show none.
    m.snapshot(written());
    expect(m.$('.tool-write .diff button.review-keep').hidden).toBe(true);
    expect(m.$('.session-review').hidden).toBe(true);
  });

  it('a proposed diff of a file with no review shows no Keep or Undo', () => {
    const m = mount();
    m.snapshot(
      thread([
        ...READY,
        update({
          sessionUpdate: 'tool_call',
          toolCallId: 'c1',
          title: 'Edit b',
          kind: 'edit',
          status: 'pending',
          content: [{ type: 'diff', path: '/ws/b.md', oldText: 'a\n', newText: 'b\n' }],
        }),
      ]),
    );
    review(m, [pending], 1);
    expect(m.$('.diff button.review-keep').hidden).toBe(true);
    expect(m.$('.diff .review-state').hidden).toBe(true);
  });

  it('one row above the composer offers Keep All / Undo All for the chat while it has pending changes', () => {
    const m = mount();
    m.snapshot(written());
    const group = m.$('.session-review');
    expect(group.nextElementSibling?.classList.contains('composer')).toBe(true);
    expect(group.hidden).toBe(true);
    review(m, [pending], 2);
    expect(group.hidden).toBe(false);
    expect(group.querySelector('.session-pending')?.textContent).toBe('2 pending files');
    (group.querySelector('button.session-keep-all') as HTMLElement).click();
    (group.querySelector('button.session-undo-all') as HTMLElement).click();
    expect(m.posted.filter((msg) => msg.type === 'reviewSession')).toEqual([
      { type: 'reviewSession', action: 'keep' },
      { type: 'reviewSession', action: 'undo' },
    ]);
  });

  it('each user message offers Restore checkpoint for its own entry', () => {
    const m = mount();
    m.snapshot(
      thread([
        ...READY,
        { type: 'promptSent', prompt: [{ type: 'text', text: 'first' }] },
        { type: 'turnEnded', stopReason: 'end_turn' },
      ]),
    );
    const user = m.$('.entry.user');
    (user.querySelector('button.restore-checkpoint') as HTMLElement).click();
    expect(m.posted.filter((msg) => msg.type === 'restoreCheckpoint')).toEqual([
      { type: 'restoreCheckpoint', entryId: user.dataset.entryId },
    ]);
  });
});
