// @vitest-environment jsdom
// Streamed text is on screen at once as plain text and rendered as markdown later (message.ts,
// markdown.ts's queue): whatever the split, every frame shows all the text that arrived before the
// frame it may wait for, the queued text is only ever a text node (never parsed as HTML), and the
// end result is exactly the one-shot render.
import { describe, expect, it } from 'vitest';
import { MAX_QUEUED_FRAMES } from '../../../webview/render/transcript/message';
import { IncrementalMarkdown } from '../../../webview/render/markdown/markdown';
import { MAX_PENDING_SHOWN } from '../../../webview/render/markdown/queuedText';
import { agentChunk, mountBudgeted } from './helpers';

const DOCS: Record<string, string> = {
  mixed: [
    '# Title',
    '',
    'A paragraph with **bold**, `code` and a [link](https://example.com).',
    'Second line of the same paragraph.',
    '',
    '- item one',
    '- item two',
    '',
    '  continued item two after a blank line',
    '',
    '```ts',
    'const x = 1;',
    '',
    'function f() { return x; }',
    '```',
    'text right after the fence',
    '',
    '| a | b |',
    '|---|---|',
    '| 1 | 2 |',
    'x | y',
    '',
    '> quote',
    'lazy continuation',
    '',
    '1. first',
    '2. second',
    '',
    '    indented code',
    '',
    'Setext heading',
    '===',
    '',
    'See [ref] here.',
    '',
    '[ref]: https://example.com/ref',
    '',
    'Last words with an emoji 😀 and _emphasis_bar_.',
  ].join('\n'),
  unclosedFence: 'Intro\n\n```python\nprint(1)\n\nprint(2)\n',
  nestedList: '- a\n  - b\n\n    deep\n- c\n\nafter\n',
  // Long enough to be lexed from its last items and grouped (growingList.ts, growingRows.ts), then turning loose.
  longList:
    Array.from({ length: 45 }, (_, i) => `- [${i % 2 ? 'x' : ' '}] step ${i} reads \`a${i}.ts\``).join('\n') +
    '\n\n- loose after a blank line\n- last\n\nafter\n',
  crlf: 'one\r\n\r\ntwo\r\n- x\r\n',
  hostile: 'before <img src=x onerror=alert(1)> and <script>alert(2)</script>\n\n[x](javascript:alert(3)) **<b>bold',
};

/** Seeded splits: 1-char, small fixed and irregular chunks. */
function splits(text: string): Array<{ name: string; chunks: string[] }> {
  const fixed = (size: number) =>
    Array.from({ length: Math.ceil(text.length / size) }, (_, i) => text.slice(i * size, (i + 1) * size));
  let seed = 7;
  const irregular: string[] = [];
  for (let i = 0; i < text.length;) {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    const size = 1 + (seed % 23);
    irregular.push(text.slice(i, i + size));
    i += size;
  }
  return [
    { name: '1-char', chunks: fixed(1) },
    { name: '5-char', chunks: fixed(5) },
    { name: 'irregular', chunks: irregular },
  ];
}

function mount() {
  const { root, app, frames, markdown } = mountBudgeted();
  let seq = 0;
  return {
    root,
    frames,
    send(text: string) {
      app.receive({ type: 'actions', firstSeq: ++seq, actions: [agentChunk(text, 'm')] });
    },
    runFrame() {
      frames.splice(0).forEach((cb) => cb());
    },
    flush: () => app.flush(),
    markdown,
  };
}

/** The markdown's DOM without chapter and segment wrappers (where blocks were cut into segments may differ). */
function html(el: HTMLElement | null): string {
  const copy = el!.cloneNode(true) as HTMLElement;
  for (const segment of Array.from(copy.querySelectorAll('.md-chapter, .md-segment')))
    segment.replaceWith(...Array.from(segment.childNodes));
  return copy.innerHTML;
}

function oneShot(text: string): string {
  const m = mount();
  m.send(text);
  m.flush();
  return html(m.markdown());
}

function alnum(text: string): string {
  return text.replace(/[^A-Za-z0-9]/g, '');
}

/** `text` rendered as markdown at once (what a pass would show of it). */
function rendered(text: string): HTMLElement {
  const md = new IncrementalMarkdown();
  md.update(text);
  return md.el;
}

/** Text on screen, rendered or queued, without whitespace. */
function letters(el: HTMLElement | null): string {
  const copy = el?.cloneNode(true) as HTMLElement | undefined;
  for (const button of Array.from(copy?.querySelectorAll('button.copy-code') ?? [])) button.remove();
  return (copy?.textContent ?? '').replace(/\s+/g, '');
}

describe('streamed text shown before its markdown pass', () => {
  for (const [doc, text] of Object.entries(DOCS)) {
    for (const { name, chunks } of splits(text)) {
      it(`"${doc}" in ${name} chunks, one per frame: newest text within two frames, then the one-shot DOM`, () => {
        const expected = oneShot(text);
        const m = mount();
        let sent = '';
        for (const chunk of chunks) {
          m.send(chunk);
          sent += chunk;
          m.runFrame();
          m.runFrame(); // a frame may wait one frame (streamingFrames.ts): after two, it is on screen
          // Queued text is a text node in span.md-pending, never markup.
          for (const pending of Array.from(m.root.querySelectorAll('.md-pending'))) {
            expect(pending.children).toHaveLength(0);
            expect(pending.closest('.markdown')).toBe(m.markdown());
          }
          // The newest letter is on screen: the last one sent (queued text), or the last one a
          // render of everything sent shows (a link's address, a list marker, a definition show no
          // text; the sanitiser removes the hostile document's script).
          const shown = alnum(letters(m.markdown())).slice(-1);
          if (doc !== 'hostile' && shown !== alnum(sent).slice(-1))
            expect(alnum(letters(rendered(sent))).slice(-1)).toBe(shown);
        }
        let waited = 0;
        while (m.frames.length > 0 && waited++ < MAX_QUEUED_FRAMES + 2) m.runFrame();
        expect(m.frames).toHaveLength(0);
        expect(m.root.querySelector('.md-pending, .md-pending-block')).toBeNull();
        expect(html(m.markdown())).toBe(expected);
        expect(m.root.querySelector('script, [onerror]')).toBeNull();
        expect(m.root.querySelector('a[href^="javascript"]')).toBeNull();
      });
    }
  }

  it('writes the queued text only when it changed: a frame that resumes held-back text with nothing new leaves it alone', () => {
    const m = mount();
    m.send('A long paragraph starts here and ');
    m.runFrame();
    const watcher = new MutationObserver(() => undefined);
    watcher.observe(m.root, { characterData: true, characterDataOldValue: true, subtree: true });
    for (let i = 0; i < 6; i++) {
      m.send(`word${i} `);
      m.runFrame();
      m.runFrame();
    }
    const writes = watcher
      .takeRecords()
      .filter((record) => record.target.parentElement?.classList.contains('md-pending'));
    watcher.disconnect();
    expect(writes.length).toBeGreaterThan(0);
    // Each write's new value is the next write's old value (or what the node holds in the end).
    writes.forEach((record, i) => {
      const next = writes.slice(i + 1).find((later) => later.target === record.target);
      expect(next?.oldValue ?? record.target.textContent).not.toBe(record.oldValue);
    });
  });

  it('shows the queued text of a list inside its last item, and of a table in a paragraph after it', () => {
    // A table lays out all its rows again when a cell changes (about 35 us a row in Chromium): text written into its
    // last cell every frame made a long table streamed slowly quadratic.
    const m = mount();
    m.send('- one\n- two\n- th');
    m.runFrame();
    m.send('ree and more');
    m.runFrame();
    m.runFrame();
    expect(m.root.querySelector('li:last-child > .md-pending')?.textContent).toContain('and more');
    const t = mount();
    t.send('| a | b |\n| - | - |\n| 1 | 2 |\n| 3 | ');
    t.runFrame();
    t.send('4 |\n| 5');
    t.runFrame();
    t.runFrame();
    const pending = t.root.querySelector('.md-pending');
    expect(pending?.textContent).toContain('5');
    expect(pending?.closest('table')).toBeNull();
    expect(pending?.parentElement?.classList.contains('md-pending-block')).toBe(true);
  });

  it('continues a heading only while its line is written: the text after it waits in a paragraph of its own', () => {
    const m = mount();
    m.send('Intro\n\n## Step one: re');
    m.runFrame();
    m.send('ading files');
    m.runFrame();
    expect(m.root.querySelector('h2 > .md-pending')?.textContent).toBe('ading files');
    m.send('\n\nThe agent reads');
    m.runFrame();
    // The paragraph after the heading is not shown in the heading's size and weight.
    expect(m.root.querySelector('h2 .md-pending')).toBeNull();
    const pending = m.root.querySelector('.md-pending');
    expect(pending?.parentElement?.classList.contains('md-pending-block')).toBe(true);
    expect(pending?.textContent).toContain('The agent reads');
    const h = mount();
    h.send('## Done\n');
    h.runFrame();
    h.send('Next words');
    h.runFrame();
    h.runFrame();
    expect(h.root.querySelector('h2 .md-pending')).toBeNull();
    expect(h.root.querySelector('.md-pending')?.textContent).toBe('Next words');
  });

  it('shows the newest text of a burst far ahead of the markdown, and ends with all of it', () => {
    const m = mount();
    const paragraphs = Array.from({ length: 300 }, (_, i) => `Paragraph ${i} ${'words '.repeat(30)}`);
    const text = paragraphs.join('\n\n') + '\n\nTHE-END';
    m.send(text);
    m.runFrame();
    const pending = m.root.querySelector('.md-pending');
    expect(pending?.textContent?.endsWith('THE-END')).toBe(true);
    expect(pending!.textContent!.length).toBeLessThanOrEqual(MAX_PENDING_SHOWN + 2);
    expect(pending!.textContent!.startsWith('\u2026')).toBe(true);
    let frames = 1;
    while (m.frames.length > 0 && frames < 10_000) {
      m.runFrame();
      frames++;
    }
    expect(frames).toBeGreaterThan(2);
    expect(m.root.querySelector('.md-pending')).toBeNull();
    expect(html(m.markdown())).toBe(oneShot(text));
  });
});
