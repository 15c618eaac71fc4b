// @vitest-environment jsdom
// The chat's diff card on an agent-sized diff: bounded, says it is coarse, hides the rest (issue #9 item 10).
// How long that takes is a bench figure (bench/figures/hostile.ts), not a timed test: the coarse note below is
// what proves the line-by-line comparison was not attempted.
import { describe, expect, it } from 'vitest';
import { MAX_CARD_DIFF_LINES } from '../../../src/review/fileTexts';
import { diffHunks } from '../../../src/shared/diffHunks';
import { MAX_DIFF_LINES, renderDiff } from '../../../webview/render/tools/diff';

describe('the diff card of a huge rewrite', () => {
  it('is bounded: says the changed part is shown replaced whole, and counts the hidden lines', () => {
    const oldText = Array.from({ length: 40_000 }, (_, i) => `old ${i}\n`).join('');
    const newText = Array.from({ length: 40_000 }, (_, i) => `new ${i}\n`).join('');
    const card = renderDiff(
      {
        path: 'src/big.txt',
        diff: diffHunks(oldText, newText, 3, MAX_CARD_DIFF_LINES),
        created: false,
        open: { type: 'openDiff', path: 'src/big.txt', fromRevision: 1, revision: 1 },
      },
      () => undefined,
    );
    expect(card.querySelectorAll('.line')).toHaveLength(MAX_DIFF_LINES);
    const notes = [...card.querySelectorAll('.diff-truncated')].map((note) => note.textContent);
    expect(notes[0]).toBe(
      'Too many changes to compare line by line: the changed part is shown replaced whole (40000 lines → 40000 lines).',
    );
    expect(notes[1]).toBe(`${80_000 - MAX_DIFF_LINES} more lines: open the diff to see all.`);
    expect(card.querySelector('.diff-added')?.textContent).toBe('+40000');
  });
});
