// @vitest-environment jsdom
// A tool call's text is rendered as markdown at once (renderMarkdownOnce), not over frames like an
// answer: a 400 KB markdown table in a tool's content blocked the webview for 7-15 s. Long text shows as plain text: the card renders within a second, whatever its size.
import { describe, expect, it } from 'vitest';
import type { ThreadAction } from '../../../src/shared/actions';
import { mount, READY, thread, update } from './helpers';

function table(chars: number): string {
  const rows = ['| name | value | note |', '| --- | --- | --- |'];
  for (let i = 0, size = 0; size < chars; i++) {
    const row = `| item ${i} | ${i * 7} | some words here ${i % 13} |`;
    rows.push(row);
    size += row.length + 1;
  }
  return `${rows.join('\n')}\n`;
}

const toolWithText = (text: string): ThreadAction =>
  update({
    sessionUpdate: 'tool_call',
    toolCallId: 'read-1',
    title: 'Read data.md',
    kind: 'read',
    status: 'completed',
    content: [{ type: 'content', content: { type: 'text', text } }],
  });

describe("a tool call's text", () => {
  it('a 400 KB markdown table renders within a second, as plain text, its start shown and the rest counted', () => {
    const m = mount();
    m.snapshot(thread(READY));
    const text = table(400_000);
    const start = performance.now();
    m.act(toolWithText(text));
    const elapsed = performance.now() - start;
    expect(elapsed, `${Math.round(elapsed)} ms`).toBeLessThan(1000);
    expect(m.$$('.tool-text table')).toHaveLength(0);
    expect(m.$('.tool-text .content-note').textContent).toBe('Shown as plain text: longer than 32 KB.');
    const shown = m.$('.tool-text-plain').textContent ?? '';
    expect(shown.startsWith('| name | value | note |\n| --- |')).toBe(true);
    expect(shown.endsWith(`… (${text.length - 256 * 1024} more characters)`)).toBe(true);
  });

  it('short text is still markdown', () => {
    const m = mount();
    m.snapshot(thread(READY));
    m.act(toolWithText(table(2_000)));
    expect(m.$$('.tool-text table')).toHaveLength(1);
  });
});
