// The first markdown an app renders runs cold: marked's lexer, highlight.js's grammars and
// DOMPurify's setup are interpreted and their regular expressions compiled on first use, so the
// first frames of an answer cost 5-10 times what later ones do (a 1,300-character frame took 37 to
// 58 ms in bench/render's burst, where a warm one takes about 8). An app renders this sample once,
// off screen and while the webview is idle, so the first answer starts warm.
import { renderMarkdownOnce } from './markdown';

/** Renders the sample once when the webview is idle (nothing happens where idle callbacks do not exist). */
export function warmUpMarkdownWhenIdle(): void {
  if (typeof requestIdleCallback !== 'function') return;
  requestIdleCallback(
    () => {
      try {
        // One of each kind of block an answer is made of: heading, emphasis, code, links, lists, quote, table,
        // a highlighted fence and a plain one. Never shown (so not localised; the l10n test skips offScreen()).
        offScreen(
          '## Warm up',
          '',
          'Some **bold**, _emphasis_, `code`, a [link](https://example.invalid) and src/app.ts:12.',
          '',
          '- one item with `code`',
          '- two [items](https://example.invalid/b)',
          '',
          '1. first',
          '2. second',
          '',
          '> a quote',
          '',
          '| File | Lines |',
          '| --- | ---: |',
          '| src/a.ts | 12 |',
          '',
          '```ts',
          'export function add(a: number, b: number): number { return a + b; }',
          '```',
          '',
          '```',
          'plain text',
          '```',
        );
      } catch {
        // Only a warm-up: the real render reports its own errors.
      }
    },
    { timeout: 2000 },
  );
}

function offScreen(...lines: string[]): HTMLElement {
  return renderMarkdownOnce(lines.join('\n'));
}
