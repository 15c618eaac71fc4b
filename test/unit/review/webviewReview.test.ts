// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import type { ThreadAction } from '../../../src/shared/actions';
import { mount, READY, thread, update } from '../webview/helpers';

const write: ThreadAction = { type: 'fileWritten', path: '/ws/a.md', oldText: 'a\nb\n', newText: 'a\nB\n' };

describe('review controls in the chat', () => {
  it('a written file’s card has Keep and Undo, which post reviewFile for that path', () => {
    const m = mount();
    m.snapshot(
      thread([
        ...READY,
        { type: 'promptSent', prompt: [{ type: 'text', text: 'go' }] },
        update({ sessionUpdate: 'tool_call', toolCallId: 'c1', title: 'Edit a.md', kind: 'edit', status: 'in_progress' }),
        write,
      ]),
    );
    const keep = m.$('.tool-write .diff button.review-keep');
    const undo = m.$('.tool-write .diff button.review-undo');
    keep.click();
    undo.click();
    expect(m.posted.filter((msg) => msg.type === 'reviewFile')).toEqual([
      { type: 'reviewFile', path: '/ws/a.md', action: 'keep' },
      { type: 'reviewFile', path: '/ws/a.md', action: 'undo' },
    ]);
    expect(undo.dataset.done).toBe('true');
    expect(keep.dataset.done).toBeUndefined();
  });

  it('each user message offers Restore checkpoint for its own entry', () => {
    const m = mount();
    m.snapshot(thread([...READY, { type: 'promptSent', prompt: [{ type: 'text', text: 'first' }] }, { type: 'turnEnded', stopReason: 'end_turn' }]));
    const user = m.$('.entry.user');
    (user.querySelector('button.restore-checkpoint') as HTMLElement).click();
    expect(m.posted.filter((msg) => msg.type === 'restoreCheckpoint')).toEqual([{ type: 'restoreCheckpoint', entryId: user.dataset.entryId }]);
  });
});
