// @vitest-environment jsdom
// A chat in its own worktree says so: the header's chip (its tooltip the worktree's folder) and the row above the
// composer, which names the folder's tail and posts Bring back and Discard. A chat in the workspace shows neither.
import { describe, expect, it } from 'vitest';
import { worktreeTail } from '../../../webview/render/worktreeBar';
import { mount, thread } from './helpers';

const FOLDER = '/home/user/.config/Code/User/workspaceStorage/abc/switchboard/worktrees/wt-1/0-app';

describe('the worktree of a chat', () => {
  it('is not shown for a chat in the workspace', () => {
    const m = mount();
    m.snapshot(thread());
    expect(m.$('.worktree-bar').hidden).toBe(true);
    expect(m.$('.agent-line .worktree-chip').hidden).toBe(true);
  });

  it('shows the chip with the folder in its tooltip, and the bar posts Bring back and Discard', () => {
    const m = mount();
    m.snapshot({ ...thread(), worktree: { id: 'wt-1', folders: [FOLDER] } });
    const chip = m.$('.agent-line .worktree-chip');
    expect(chip.hidden).toBe(false);
    expect(chip.textContent).toBe('Worktree');
    expect(chip.title).toContain(FOLDER);
    const bar = m.$('.worktree-bar');
    expect(bar.hidden).toBe(false);
    expect(bar.querySelector('.worktree-where')?.textContent).toBe('wt-1/0-app');
    expect((bar.querySelector('.worktree-where') as HTMLElement).title).toContain(FOLDER);
    (bar.querySelector('button.worktree-bring-back') as HTMLElement).click();
    (bar.querySelector('button.worktree-discard') as HTMLElement).click();
    expect(m.posted.filter((message) => message.type === 'worktree')).toEqual([
      { type: 'worktree', action: 'bringBack' },
      { type: 'worktree', action: 'discard' },
    ]);
  });

  it('shows the last two parts of the folder', () => {
    expect(worktreeTail(FOLDER)).toBe('wt-1/0-app');
    expect(worktreeTail('C:\\storage\\wt-2\\1-lib\\')).toBe('wt-2/1-lib');
  });
});
