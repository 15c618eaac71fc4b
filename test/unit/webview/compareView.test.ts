// @vitest-environment jsdom
// The comparison view's columns (webview/compare/): one labelled region per chat in the host's order, what each shows
// and offers by its state and by "taken", what its buttons post, and the one clock (ticking only while something runs).
import { describe, expect, it } from 'vitest';
import { column, view } from '../../layout/compareViews';
import { mount } from './compareMount';

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
