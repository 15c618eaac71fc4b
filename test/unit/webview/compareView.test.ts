// @vitest-environment jsdom
// The comparison view's rendering decisions (webview/compare/): what each column shows and hides by its state and by
// "taken", what its buttons post, the one clock (ticking only while something runs), the follow-up box's keys and
// targets, the changed files unfolding to the chat's diff, what a screen reader hears, and the agent's words as text.
import { describe, expect, it } from 'vitest';
import type { CompareFromWebview, CompareView } from '../../../src/shared/compare';
import { createCompareApp, type CompareClock } from '../../../webview/compare/app';
import { column, view } from '../../layout/compareViews';

function fakeClock(start = 1_000_000): CompareClock & { at: number; ticks: (() => void)[]; advance(ms: number): void } {
  const clock = {
    at: start,
    ticks: [] as (() => void)[],
    now: () => clock.at,
    every(_ms: number, tick: () => void) {
      clock.ticks.push(tick);
      return () => clock.ticks.splice(clock.ticks.indexOf(tick), 1);
    },
    advance(ms: number) {
      clock.at += ms;
      for (const tick of [...clock.ticks]) tick();
    },
  };
  return clock;
}

function mount(draft = '') {
  const root = document.createElement('div');
  document.body.replaceChildren(root);
  const posted: CompareFromWebview[] = [];
  const drafts: string[] = [];
  const clock = fakeClock();
  const app = createCompareApp(root, (msg) => posted.push(msg), {
    clock,
    initialDraft: draft,
    onDraftChange: (text) => drafts.push(text),
  });
  const show = (v: CompareView) => app.receive({ type: 'compareView', view: v });
  const col = (threadId: string) => root.querySelector<HTMLElement>(`.compare-column[data-thread-id="${threadId}"]`)!;
  const visibleButtons = (threadId: string) =>
    Array.from(col(threadId).querySelectorAll<HTMLButtonElement>('.compare-actions button'))
      .filter((b) => !b.hidden)
      .map((b) => b.textContent);
  return { root, app, posted, drafts, clock, show, col, visibleButtons };
}

describe('the comparison view', () => {
  it('shows nothing but a wait until the host sends the comparison, then one labelled region per chat', () => {
    const m = mount();
    expect(m.root.querySelector<HTMLElement>('.compare-header')!.hidden).toBe(true);
    expect(m.root.querySelector('.compare-waiting')?.textContent).toBe('Starting the comparison…');
    m.show(view([column('a', 'Claude Code'), column('b', 'Gemini CLI')]));
    const regions = Array.from(m.root.querySelectorAll('section.compare-column'));
    expect(regions.map((r) => r.getAttribute('aria-label'))).toEqual(['Claude Code', 'Gemini CLI']);
    expect(m.root.querySelector('.compare-prompt')?.textContent).toContain('Validate the input');
    expect(Array.from(m.root.querySelectorAll('.compare-chip')).map((c) => c.textContent)).toEqual([
      'src/parse.ts',
      'Selection: test/parse.test.ts:1-20',
    ]);
  });

  it('offers Stop only while the agent works, and each button posts for its own chat', () => {
    const m = mount();
    m.show(view([column('a', 'A', { state: 'working', runningSince: m.clock.at }), column('b', 'B')]));
    expect(m.visibleButtons('a')).toEqual(['Take this one', 'Open chat', 'Stop', 'Run tests']);
    expect(m.visibleButtons('b')).toEqual(['Take this one', 'Open chat', 'Run tests']);
    for (const b of m.col('a').querySelectorAll<HTMLButtonElement>('.compare-actions button')) b.click();
    m.root.querySelector<HTMLButtonElement>('.compare-run-all')!.click();
    expect(m.posted).toEqual([
      { type: 'compareTake', threadId: 'a' },
      { type: 'compareOpenChat', threadId: 'a' },
      { type: 'compareStop', threadId: 'a' },
      { type: 'compareRunTests', threadId: 'a' },
      { type: 'compareRunTests' },
    ]);
  });

  it('once one is taken, marks it Taken and offers no Take, test runs or follow-up anywhere', () => {
    const m = mount('more please');
    m.show(view([column('a', 'A'), column('b', 'B', { state: 'closed' })], { taken: 'a' }));
    expect(m.col('a').querySelector<HTMLElement>('.compare-taken')!.hidden).toBe(false);
    expect(m.col('a').classList.contains('taken')).toBe(true);
    expect(m.col('b').querySelector<HTMLElement>('.compare-taken')!.hidden).toBe(true);
    expect(m.visibleButtons('a')).toEqual(['Open chat']);
    expect(m.visibleButtons('b')).toEqual(['Open chat']);
    expect(m.root.querySelector<HTMLElement>('.compare-run-all')!.hidden).toBe(true);
    expect(m.root.querySelector<HTMLTextAreaElement>('.compare-follow-up-input')!.disabled).toBe(true);
    expect(m.root.querySelector<HTMLButtonElement>('.compare-follow-up-send')!.disabled).toBe(true);
  });

  it('names the test command on "Run tests in each", or asks for one ("Run tests...") when the host has none', () => {
    const m = mount();
    m.show(view([column('a', 'A')]));
    expect(m.root.querySelector('.compare-run-all')?.textContent).toBe('Run tests in each');
    expect(m.root.querySelector('.compare-test-command')?.textContent).toBe('npm test');
    m.show(view([column('a', 'A')], { testCommand: null }));
    expect(m.root.querySelector('.compare-run-all')?.textContent).toBe('Run tests...');
    expect(m.root.querySelector<HTMLElement>('.compare-test-command')!.hidden).toBe(true);
  });

  it('counts a working column live on one clock, which stops when nothing runs (idle costs nothing)', () => {
    const m = mount();
    m.show(
      view([column('a', 'A', { state: 'working', elapsedMs: 60_000, runningSince: m.clock.at }), column('b', 'B')]),
    );
    const time = () => m.col('a').querySelector('.compare-time-value')?.textContent;
    expect(time()).toBe('1:00');
    expect(m.app.ticking).toBe(true);
    expect(m.clock.ticks).toHaveLength(1);
    m.clock.advance(5_000);
    expect(time()).toBe('1:05');
    // A second view while working does not start a second clock.
    m.show(
      view([
        column('a', 'A', { state: 'working', elapsedMs: 60_000, runningSince: m.clock.at - 5_000 }),
        column('b', 'B'),
      ]),
    );
    expect(m.clock.ticks).toHaveLength(1);
    m.show(view([column('a', 'A', { state: 'done', elapsedMs: 66_000 }), column('b', 'B')]));
    expect(m.app.ticking).toBe(false);
    expect(m.clock.ticks).toHaveLength(0);
    expect(time()).toBe('1:06');
  });

  it('counts a running test run live too, and says how each run ended', () => {
    const m = mount();
    const started = m.clock.at;
    m.show(
      view([column('a', 'A', { tests: { state: 'running', command: 'npm test', startedAt: started, tail: '' } })]),
    );
    const summary = () => m.col('a').querySelector('.compare-tests-summary')?.textContent;
    expect(m.app.ticking).toBe(true);
    expect(m.col('a').querySelector<HTMLButtonElement>('.compare-run-tests')!.disabled).toBe(true);
    m.clock.advance(3_000);
    expect(summary()).toBe('Tests running… 0:03');
    m.show(
      view([
        column('a', 'A', {
          tests: {
            state: 'failed',
            command: 'npm test',
            startedAt: started,
            exitCode: 1,
            tail: 'FAIL parse.test.ts\n1 failed',
          },
        }),
      ]),
    );
    expect(m.app.ticking).toBe(false);
    expect(summary()).toBe('Tests failed (exit code 1)');
    expect(m.col('a').querySelector('.compare-tests-tail')?.textContent).toBe('FAIL parse.test.ts\n1 failed');
    m.col('a').querySelector<HTMLButtonElement>('.compare-test-output')!.click();
    expect(m.posted).toEqual([{ type: 'compareShowTestOutput', threadId: 'a' }]);
    m.show(
      view([
        column('a', 'A', {
          tests: { state: 'error', command: '', startedAt: started, tail: '', error: 'The worktree is gone' },
        }),
      ]),
    );
    expect(summary()).toBe('Tests could not run: The worktree is gone');
  });

  it('shows tokens and cost only where the agent reported them', () => {
    const m = mount();
    m.show(view([column('a', 'A'), column('b', 'B', { usage: {} })]));
    expect(m.col('a').querySelector('.compare-usage')?.textContent).toBe('12k tokens · $0.042');
    expect(m.col('b').querySelector('.compare-usage')?.textContent).toBe('');
  });

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

  it('drops a column the host no longer sends and keeps the others in the host order', () => {
    const m = mount();
    m.show(view([column('a', 'A'), column('b', 'B'), column('c', 'C')]));
    const b = m.col('b');
    m.show(view([column('c', 'C'), column('b', 'B')]));
    expect(Array.from(m.root.querySelectorAll('.compare-column')).map((c) => c.getAttribute('aria-label'))).toEqual([
      'C',
      'B',
    ]);
    expect(m.col('b')).toBe(b);
  });
});

describe('the comparison view with odd data', () => {
  it('tells two chats of the same agent apart, in their regions and the follow-up targets', () => {
    const m = mount();
    m.show(view([column('a', 'Claude Code'), column('b', 'Claude Code'), column('c', 'Gemini CLI')]));
    expect(Array.from(m.root.querySelectorAll('.compare-column')).map((c) => c.getAttribute('aria-label'))).toEqual([
      'Claude Code',
      'Claude Code (2)',
      'Gemini CLI',
    ]);
    expect(
      Array.from(m.root.querySelectorAll<HTMLOptionElement>('.compare-follow-up-target option')).map(
        (o) => o.textContent,
      ),
    ).toEqual(['All agents', 'Claude Code', 'Claude Code (2)', 'Gemini CLI']);
  });

  it('leaves out a malformed column and renders the others', () => {
    const m = mount();
    const broken = { ...column('b', 'B'), files: 'nope', toolCalls: null, usage: null } as unknown as ReturnType<
      typeof column
    >;
    m.show(view([column('a', 'A'), broken, null as unknown as ReturnType<typeof column>]));
    expect(Array.from(m.root.querySelectorAll('.compare-column')).map((c) => c.getAttribute('aria-label'))).toEqual([
      'A',
      'B',
    ]);
    expect(m.col('b').querySelector('.compare-answer h1, .compare-answer p')).not.toBeNull();
  });
});
