// A tool call's own `diff` content: the texts go to the keeper once, the thread gets hunks and a revision.
import type * as acp from '@agentclientprotocol/sdk';
import { describe, expect, it } from 'vitest';
import { FileTexts, MAX_CARD_DIFF_LINES } from '../../../src/review/fileTexts';
import { MAX_REMEMBERED_DIFFS, ToolDiffs } from '../../../src/session/updates/toolDiffs';
import type { ToolContentView, ToolDiffView } from '../../../src/shared/thread';

function toolUpdate(toolCallId: string, content: unknown[]): acp.SessionUpdate {
  return { sessionUpdate: 'tool_call_update', toolCallId, content: content as acp.ToolCallContent[] };
}

function contentOf(update: ReturnType<ToolDiffs['update']>): ToolContentView[] {
  if (update.sessionUpdate !== 'tool_call_update' && update.sessionUpdate !== 'tool_call')
    throw new Error('not a tool');
  return update.content ?? [];
}

function diffOf(update: ReturnType<ToolDiffs['update']>, index = 0): ToolDiffView {
  const item = contentOf(update)[index];
  if (item?.type !== 'diff') throw new Error(`item ${index} is not a diff`);
  return item;
}

describe('ToolDiffs', () => {
  it('keeps the texts in the keeper and hands the thread hunks and a revision, no text', () => {
    const keeper = new FileTexts();
    const diffs = new ToolDiffs(keeper);
    const update = diffs.update(
      toolUpdate('c1', [
        { type: 'content', content: { type: 'text', text: 'editing' } },
        { type: 'diff', path: '/w/a.ts', oldText: 'a\nb\n', newText: 'a\nB\n', _meta: { x: 1 } },
      ]),
    );
    expect(contentOf(update)[0]).toEqual({ type: 'content', content: { type: 'text', text: 'editing' } });
    const diff = diffOf(update, 1);
    expect(JSON.stringify(update)).not.toMatch(/oldText|newText/);
    expect(diff).toMatchObject({ type: 'diff', path: '/w/a.ts', created: false });
    expect(diff.diff.added).toBe(1);
    expect(diff.diff.removed).toBe(1);
    expect(diff.diff.hunks[0]?.lines.map((line) => `${line.kind}:${line.text}`)).toEqual(['ctx:a', 'del:b', 'add:B']);
    expect(keeper.texts({ path: '/w/a.ts', revision: diff.revision })).toEqual({ before: 'a\nb\n', after: 'a\nB\n' });
  });

  it('a repeated diff of the same tool call keeps its revision and view; changed texts get a new one', () => {
    const keeper = new FileTexts();
    const diffs = new ToolDiffs(keeper);
    const item = { type: 'diff', path: '/w/a.ts', oldText: 'x\n', newText: 'y\n' };
    const first = diffOf(diffs.update(toolUpdate('c1', [item])));
    // The same texts as new strings (another JSON message), e.g. a status update repeating the content.
    const again = diffOf(diffs.update(toolUpdate('c1', [JSON.parse(JSON.stringify(item)) as unknown])));
    expect(again).toBe(first);
    const changed = diffOf(diffs.update(toolUpdate('c1', [{ ...item, newText: 'z\n' }])));
    expect(changed.revision).toBeGreaterThan(first.revision);
    expect(keeper.texts({ path: '/w/a.ts', revision: changed.revision })?.after).toBe('z\n');
    // Another tool call with the same texts is its own diff.
    expect(diffOf(diffs.update(toolUpdate('c2', [item]))).revision).toBeGreaterThan(changed.revision);
  });

  it('a diff whose texts the keeper forgot is kept again', () => {
    const keeper = new FileTexts(10);
    const diffs = new ToolDiffs(keeper);
    const item = { type: 'diff', path: '/w/a.ts', oldText: 'old\n', newText: 'new\n' };
    const first = diffOf(diffs.update(toolUpdate('c1', [item])));
    keeper.record('/w/b.ts', null, 'a long text that pushes the first one out');
    expect(keeper.texts({ path: '/w/a.ts', revision: first.revision })).toBeUndefined();
    const again = diffOf(diffs.update(toolUpdate('c1', [item])));
    expect(again.revision).not.toBe(first.revision);
    expect(keeper.texts({ path: '/w/a.ts', revision: again.revision })).toEqual({ before: 'old\n', after: 'new\n' });
  });

  it('a new file (no oldText), the DRAFT deleted flag, and items it cannot read', () => {
    const diffs = new ToolDiffs(new FileTexts());
    const created = diffOf(diffs.update(toolUpdate('c1', [{ type: 'diff', path: '/w/n.ts', newText: 'n\n' }])));
    expect(created.created).toBe(true);
    expect(created.deleted).toBeUndefined();
    const deleted = diffOf(
      diffs.update(
        toolUpdate('c2', [{ type: 'diff', path: '/w/d.ts', oldText: 'gone\n', newText: '', deleted: true }]),
      ),
    );
    expect(deleted).toMatchObject({ created: false, deleted: true });
    expect(deleted.diff.removed).toBe(1);
    const bad = diffs.update(
      toolUpdate('c3', [
        { type: 'diff', path: 5, newText: 'x' },
        { type: 'diff', path: '/w/x' },
      ]),
    );
    expect(contentOf(bad)).toEqual([]);
  });

  it('an agent-sized diff reaches the thread as a card of bounded lines with counts over everything', () => {
    const diffs = new ToolDiffs(new FileTexts());
    const oldText = Array.from({ length: 5000 }, (_, i) => `old ${i}\n`).join('');
    const newText = Array.from({ length: 5000 }, (_, i) => `new ${i}\n`).join('');
    const diff = diffOf(diffs.update(toolUpdate('c1', [{ type: 'diff', path: '/w/big.txt', oldText, newText }])));
    expect(diff.diff.hunks.reduce((n, hunk) => n + hunk.lines.length, 0)).toBe(MAX_CARD_DIFF_LINES);
    expect(diff.diff.added).toBe(5000);
    expect(diff.diff.removed).toBe(5000);
  });

  it('leaves other updates and tool calls without content as they are; a permission tool call is kept too', () => {
    const diffs = new ToolDiffs(new FileTexts());
    const chunk: acp.SessionUpdate = { sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: 'hi' } };
    expect(diffs.update(chunk)).toBe(chunk);
    const status: acp.SessionUpdate = { sessionUpdate: 'tool_call_update', toolCallId: 'c1', status: 'completed' };
    expect(diffs.update(status)).toBe(status);
    const toolCall = diffs.toolCall({
      toolCallId: 'p1',
      title: 'Edit',
      content: [{ type: 'diff', path: '/w/p.ts', oldText: 'p\n', newText: 'q\n' }],
    });
    expect(toolCall.title).toBe('Edit');
    expect(JSON.stringify(toolCall)).not.toMatch(/oldText|newText/);
    expect(toolCall.content?.[0]).toMatchObject({ type: 'diff', path: '/w/p.ts' });
  });

  it('remembers a bounded number of diffs for reuse', () => {
    const diffs = new ToolDiffs(new FileTexts());
    const item = (i: number) => ({ type: 'diff', path: `/w/${i}.ts`, oldText: 'a\n', newText: 'b\n' });
    const first = diffOf(diffs.update(toolUpdate('c', [item(0)])));
    for (let i = 1; i <= MAX_REMEMBERED_DIFFS; i++) diffs.update(toolUpdate('c', [item(i)]));
    // The first one fell out of the memory: the same diff again is kept under a new revision.
    expect(diffOf(diffs.update(toolUpdate('c', [item(0)]))).revision).not.toBe(first.revision);
    // The newest one is still remembered.
    const newest = diffOf(diffs.update(toolUpdate('c', [item(MAX_REMEMBERED_DIFFS)])));
    expect(diffOf(diffs.update(toolUpdate('c', [item(MAX_REMEMBERED_DIFFS)])))).toBe(newest);
  });
});
