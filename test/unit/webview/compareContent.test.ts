// @vitest-environment jsdom
// What a compared chat's column holds (webview/compare/): the answer as the chat's sanitised markdown, tool calls,
// changed files unfolding to the chat's diff, the follow-up box's keys and targets, and what a screen reader hears.
import { describe, expect, it } from 'vitest';
import { column, view } from '../../layout/compareViews';
import { mount } from './compareMount';

describe('a compared chat', () => {
  it('renders the answer as sanitised markdown, growing in place as it streams', () => {
    const m = mount();
    m.show(view([column('a', 'A', { answer: '# Plan\n\nFirst' })]));
    const answer = m.col('a').querySelector('.compare-answer .markdown')!;
    expect(answer.querySelector('h1')?.textContent).toBe('Plan');
    const heading = answer.querySelector('h1');
    m.show(view([column('a', 'A', { answer: '# Plan\n\nFirst, then **more**' })]));
    // The finished heading is frozen: the same node, not a new render of the whole answer.
    expect(answer.querySelector('h1')).toBe(heading);
    expect(answer.querySelector('strong')?.textContent).toBe('more');
  });

  it('says there is no answer yet while the agent works, and none once it ended without one', () => {
    const m = mount();
    m.show(view([column('a', 'A', { state: 'working', runningSince: m.clock.at, answer: '' })]));
    const note = m.col('a').querySelector<HTMLElement>('.compare-no-answer')!;
    expect(note.textContent).toBe('No answer yet');
    m.show(view([column('a', 'A', { state: 'failed', answer: '' })]));
    expect(note.textContent).toBe('No answer');
    m.show(view([column('a', 'A')]));
    expect(note.hidden).toBe(true);
  });

  it("keeps the agent's HTML from fetching or making buttons, forms or our classes", () => {
    const m = mount();
    m.show(
      view([
        column('a', 'A', {
          answer:
            '<img src="https://attacker.example/x.png"> <button class="primary compare-take">Take this one</button>' +
            '<form><input name="q"></form> <span class="compare-taken" style="color:red">Taken</span>',
        }),
      ]),
    );
    const answer = m.col('a').querySelector('.compare-answer')!;
    expect(answer.querySelectorAll('img, button, form, [style], .compare-taken, .compare-take')).toHaveLength(0);
    expect(answer.querySelector('.blocked-image')?.textContent).toContain('attacker.example');
    expect(m.root.querySelectorAll('button.compare-take')).toHaveLength(1);
  });

  it('lists tool calls folded under their count, their titles as visible text', () => {
    const m = mount();
    m.show(
      view([
        column('a', 'A', {
          toolCalls: [{ title: 'Read \u202Etxt.exe', kind: 'read', status: 'completed' }],
          toolCallCount: 51,
        }),
      ]),
    );
    const tools = m.col('a').querySelector<HTMLDetailsElement>('.compare-tools')!;
    expect(tools.open).toBe(false);
    expect(tools.querySelector('summary')?.textContent).toBe('Tool calls: 51');
    expect(tools.querySelector('.compare-tools-earlier')?.textContent).toBe('50 earlier calls not listed');
    expect(tools.querySelector('.compare-tool-title')?.textContent).toBe('Read ⟨U+202E⟩txt.exe');
    m.show(view([column('a', 'A', { toolCalls: [], toolCallCount: 0 })]));
    expect(tools.hidden).toBe(true);
  });

  it('unfolds a changed file to the chat diff, kept unfolded through the next view; Open diff posts its path', () => {
    const m = mount();
    m.show(view([column('a', 'A')]));
    const rows = () => Array.from(m.col('a').querySelectorAll('.compare-file'));
    expect(rows().map((r) => r.querySelector('.compare-file-counts')?.textContent)).toEqual([
      '+1 -0',
      'Too large to show',
    ]);
    const toggle = m.col('a').querySelector<HTMLButtonElement>('.compare-file-toggle')!;
    // Drawn only when unfolded.
    expect(m.col('a').querySelector('.diff')).toBeNull();
    toggle.click();
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(m.col('a').querySelector('.diff .line.add .line-text')?.textContent).toContain("throw new Error('empty')");
    // A file changed again: the row is rebuilt, still unfolded.
    const grown = column('a', 'A');
    grown.files[0]!.diff!.added = 2;
    m.show(view([grown]));
    expect(m.col('a').querySelector('.compare-file-toggle')?.getAttribute('aria-expanded')).toBe('true');
    expect(m.col('a').querySelector('.diff')).not.toBeNull();
    // No diff to show: the toggle is off, Open diff still works.
    expect(rows()[1]!.querySelector<HTMLButtonElement>('.compare-file-toggle')!.disabled).toBe(true);
    rows()[1]!.querySelector<HTMLButtonElement>('.compare-open-diff')!.click();
    // The diff card's own file link opens that file's diff as well.
    m.col('a').querySelector<HTMLElement>('.diff a.diff-path')!.click();
    expect(m.posted).toEqual([
      { type: 'compareOpenDiff', threadId: 'a', path: 'test/parse.test.ts' },
      { type: 'compareOpenDiff', threadId: 'a', path: 'src/parse.ts' },
    ]);
  });

  it('says why the files are not known instead of listing them', () => {
    const m = mount();
    m.show(view([column('a', 'A', { files: [], filesError: 'The worktree is gone' })]));
    expect(m.col('a').querySelector('.compare-files-error')?.textContent).toBe('The worktree is gone');
    expect(m.col('a').querySelector<HTMLElement>('.compare-files-list')!.hidden).toBe(true);
  });

  it('sends a follow-up with Enter to all agents or the chosen one, Shift+Enter a new line, and keeps the draft', () => {
    const m = mount('first');
    m.show(view([column('a', 'A'), column('b', 'B'), column('c', 'C', { state: 'closed' })]));
    const input = m.root.querySelector<HTMLTextAreaElement>('.compare-follow-up-input')!;
    const target = m.root.querySelector<HTMLSelectElement>('.compare-follow-up-target')!;
    expect(input.value).toBe('first');
    expect(Array.from(target.options).map((o) => o.textContent)).toEqual(['All agents', 'A', 'B']);
    const key = (init: KeyboardEventInit) =>
      input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', cancelable: true, ...init }));
    key({ shiftKey: true });
    expect(m.posted).toEqual([]);
    key({});
    expect(m.posted).toEqual([{ type: 'compareFollowUp', text: 'first' }]);
    expect(input.value).toBe('');
    expect(m.drafts.at(-1)).toBe('');
    input.value = 'only B';
    input.dispatchEvent(new Event('input'));
    expect(m.drafts.at(-1)).toBe('only B');
    target.value = 'b';
    m.root.querySelector<HTMLButtonElement>('.compare-follow-up-send')!.click();
    expect(m.posted.at(-1)).toEqual({ type: 'compareFollowUp', text: 'only B', threadId: 'b' });
    // Empty text sends nothing.
    key({});
    expect(m.posted).toHaveLength(2);
    // The chosen chat stays chosen across views while it is open.
    target.value = 'b';
    m.show(view([column('a', 'A'), column('b', 'B', { state: 'working', runningSince: m.clock.at })]));
    expect(target.value).toBe('b');
    m.show(view([column('a', 'A'), column('b', 'B', { state: 'closed' })]));
    expect(target.value).toBe('');
  });

  it('announces state changes politely, not the first view', () => {
    const m = mount();
    const region = () => m.root.querySelector('[role="status"][aria-live="polite"]')!.textContent;
    m.show(
      view([
        column('a', 'A', { state: 'working', runningSince: m.clock.at }),
        column('b', 'B', { state: 'working', runningSince: m.clock.at }),
      ]),
    );
    expect(region()).toBe('');
    m.show(view([column('a', 'A', { state: 'done' }), column('b', 'B', { state: 'failed', detail: 'exit code 1' })]));
    expect(region()).toBe('A: Done B: Failed (exit code 1)');
  });
});
