// The chat at the side bar's width in real chromium: what a new user sees in VS Code's default layout.
import { describe, expect, it } from 'vitest';
import { openChat, useBrowser, type ChatPage } from './chatPage';
import { DEMO, demoTurn, prompt, ready, thread, update } from './threads';
import { ANSWER_DEADLINE_MS } from '../within';

const browser = useBrowser();
let chat: ChatPage;

async function fresh(): Promise<ChatPage> {
  await chat?.close();
  chat = await openChat(browser());
  return chat;
}

const QUEUED = 'Then rename the helper to parseConfig and update its three callers';

describe('the side bar (300 px)', () => {
  it('a queued message can be read while the turn runs: its text wraps and its buttons stay reachable', async () => {
    const c = await fresh();
    await c.snapshot(
      thread([
        ...ready(),
        prompt('Refactor the parser'),
        { type: 'queueChanged', queue: [{ id: 'q1', text: QUEUED }] },
      ]),
      [DEMO],
    );
    const row = await c.page.locator('.queued').evaluate((li) => {
      const rect = (sel: string) => li.querySelector(sel)!.getBoundingClientRect();
      const text = li.querySelector('.queued-text') as HTMLElement;
      return {
        row: li.getBoundingClientRect().width,
        text: rect('.queued-text').width,
        textWhole: text.scrollWidth <= text.clientWidth + 1 && text.scrollHeight <= text.clientHeight + 1,
        buttons: [...li.querySelectorAll('button')].map((b) => {
          const r = b.getBoundingClientRect();
          return { label: b.textContent, visible: r.width > 0 && r.right <= li.getBoundingClientRect().right + 1 };
        }),
      };
    });
    // The text gets most of the row and shows whole (wrapped), not cut to a few pixels.
    expect(row.text).toBeGreaterThan(row.row * 0.6);
    expect(row.textWhole).toBe(true);
    expect(row.buttons.map((b) => b.label)).toEqual(['Send now', 'Edit', 'Remove']);
    expect(row.buttons.every((b) => b.visible)).toBe(true);
  });

  it('a card asking to edit a file shows no Keep / Undo of that file until the edit is allowed', async () => {
    const c = await fresh();
    const path = '/ws/notes.md';
    const edit = update({
      sessionUpdate: 'tool_call',
      toolCallId: 'e1',
      title: 'Edit notes.md',
      kind: 'edit',
      status: 'pending',
      content: [{ type: 'diff', path, oldText: 'one\n', newText: 'one\ntwo\n' }],
    });
    await c.snapshot(
      thread([
        ...ready(),
        prompt('Add a line'),
        edit,
        {
          type: 'permissionRequested',
          permissionId: 'p1',
          toolCall: { toolCallId: 'e1', title: 'Edit notes.md', kind: 'edit', status: 'pending' },
          options: [{ optionId: 'ok', name: 'Allow once', kind: 'allow_once' }],
        },
        // The file is under review already: an earlier turn changed it, not yet kept.
        {
          type: 'reviewChanged',
          review: {
            files: [{ path, status: 'pending', added: 1, removed: 0, hunks: 1, conflicts: 0 }],
            sessionPending: 1,
          },
        },
      ]),
      [DEMO],
    );
    const shown = () =>
      c.page.locator('.tool-card .diff').evaluate((diff) =>
        ['.review-state', '.review-keep', '.review-undo'].map((sel) => {
          const el = diff.querySelector(sel) as HTMLElement | null;
          return el !== null && el.getClientRects().length > 0;
        }),
      );
    // A proposal: the file's pending changes of before would read as if this edit were made.
    expect(await shown()).toEqual([false, false, false]);
    await c.act(
      { type: 'permissionResolved', permissionId: 'p1', outcome: { kind: 'selected', optionId: 'ok' } },
      update({ sessionUpdate: 'tool_call_update', toolCallId: 'e1', status: 'completed' }),
    );
    expect(await shown()).toEqual([true, true, true]);
  });

  it('a chat in its own worktree reads so: the header chip, the folder and both actions fit the row', async () => {
    const c = await fresh();
    const folder =
      '/home/user/.config/Code/User/workspaceStorage/0123456789abcdef/switchboard.switchboard/worktrees/wt-mx0ih05d-52c987a2/0-app';
    await c.snapshot(
      { ...thread([...ready(), prompt('Refactor the parser')]), worktree: { id: 'wt-1', folders: [folder] } },
      [DEMO],
    );
    const seen = await c.page.locator('.worktree-bar').evaluate((bar) => {
      const box = bar.getBoundingClientRect();
      const inside = (el: Element) => {
        const r = el.getBoundingClientRect();
        return r.width > 0 && r.left >= box.left - 1 && r.right <= box.right + 1;
      };
      const chip = document.querySelector('.agent-line .worktree-chip') as HTMLElement;
      const where = bar.querySelector('.worktree-where') as HTMLElement;
      return {
        chip: chip.getBoundingClientRect().width > 0 ? chip.textContent : null,
        chipTitle: chip.title,
        where: where.textContent,
        whereWidth: where.getBoundingClientRect().width,
        buttons: [...bar.querySelectorAll('button')].map((b) => [b.textContent, inside(b)]),
      };
    });
    expect(seen.chip).toBe('Worktree');
    expect(seen.chipTitle).toContain(folder);
    expect(seen.where).toBe('wt-mx0ih05d-52c987a2/0-app');
    // Room for the worktree's tail (at least its folder's name) beside the buttons.
    expect(seen.whereWidth).toBeGreaterThan(40);
    expect(seen.buttons).toEqual([
      ['Bring back', true],
      ['Discard', true],
    ]);
  });

  it('a message added to the running turn says so beside "You", and its Edit and Restore stay inside it', async () => {
    const c = await fresh();
    await c.snapshot(
      thread([
        ...ready(),
        prompt('Refactor the parser'),
        { type: 'steerSent', text: 'use tabs' },
        { type: 'steerJoined', prompt: [{ type: 'text', text: 'use tabs' }] },
      ]),
      [DEMO],
    );
    const entry = await c.page.locator('.entry.user.steered').evaluate(
      (el) => {
        const box = el.getBoundingClientRect();
        const inside = (sel: string) => {
          const r = el.querySelector(sel)!.getBoundingClientRect();
          return r.width > 0 && r.left >= box.left - 1 && r.right <= box.right + 1;
        };
        const note = el.querySelector('.message-steered') as HTMLElement;
        return {
          note: note.textContent,
          noteWhole: note.scrollWidth <= note.clientWidth + 1,
          inside: ['.message-steered', '.edit-message', '.restore-checkpoint'].map(inside),
          dashed: getComputedStyle(el).borderTopStyle,
        };
      },
      undefined,
      { timeout: ANSWER_DEADLINE_MS },
    );
    expect(entry).toEqual({
      note: 'sent while the agent worked',
      noteWhole: true,
      inside: [true, true, true],
      dashed: 'dashed',
    });
  });

  it('a boolean option keeps its name beside its checkbox', async () => {
    const c = await fresh();
    const options = [
      { id: 'model', name: 'Model', type: 'select', currentValue: 'opus', options: [{ value: 'opus', name: 'Opus' }] },
      { id: 'fast', name: 'fast', type: 'boolean', currentValue: false },
      { id: 'ultracode', name: 'ultracode', type: 'boolean', currentValue: true },
    ] as const;
    await c.snapshot(thread(ready(options as never)), [DEMO]);
    const labels = await c.page.locator('.config-boolean').evaluateAll((els) =>
      els.map((el) => {
        const label = el.querySelector('.selector-label') as HTMLElement;
        const r = label.getBoundingClientRect();
        return { text: label.textContent, shown: r.width > 0 && label.scrollWidth <= label.clientWidth + 1 };
      }),
    );
    expect(labels).toEqual([
      { text: 'fast', shown: true },
      { text: 'ultracode', shown: true },
    ]);
  });

  it('the header keeps the context percentage whole beside a long chat title', async () => {
    const c = await fresh();
    const title = { sessionUpdate: 'session_info_update', title: 'Demo: Add a farewell function next to greet' };
    await c.snapshot(
      thread([
        ...ready(),
        ...demoTurn(),
        update({ sessionUpdate: 'usage_update', used: 128_000, size: 200_000 }),
        update(title as never),
      ]),
      [DEMO],
    );
    const percent = await c.page.locator('.usage-text').evaluate((el) => ({
      text: el.querySelector('.usage-percent')!.textContent,
      whole:
        el.scrollWidth <= el.clientWidth + 1 ||
        el.clientWidth >= el.querySelector('.usage-percent')!.getBoundingClientRect().width,
    }));
    expect(percent).toEqual({ text: '64%', whole: true });
    // Who the chat is with shows whole too (it was cut to "Dem…"); the title gives way, keeping a few words.
    const line = await c.page.locator('.agent-line').evaluate((el) => {
      const name = el.querySelector('.agent-name') as HTMLElement;
      const title = el.querySelector('.session-title') as HTMLElement;
      return {
        name: name.textContent,
        nameWhole: name.scrollWidth <= name.clientWidth + 1,
        titleWidth: title.getBoundingClientRect().width,
      };
    });
    expect(line).toMatchObject({ name: 'Demo agent', nameWhole: true });
    expect(line.titleWidth).toBeGreaterThan(60);
  });
});
