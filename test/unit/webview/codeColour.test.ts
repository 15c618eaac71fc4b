// @vitest-environment jsdom
// Colouring code when the text has caught up (webview/render/markdown/codeColour.ts, FrameBudget.defer):
// while a burst is ahead of the renderer its code blocks are shown plain and coloured in the
// frames after it; a stream the renderer keeps up with colours each block as it closes; the end
// result is the DOM a message rendered whole gets.
import { describe, expect, it } from 'vitest';
import { FrameBudget } from '../../../webview/frameBudget';
import { clearRecentErrors, recentErrors } from '../../../webview/errors';
import { COLOUR_PENDING, colourWhenCaughtUp } from '../../../webview/render/markdown/codeColour';
import { renderMarkdownOnce } from '../../../webview/render/markdown/markdown';
import { agentChunk, mountBudgeted } from './helpers';

const codeBlock = (i: number) =>
  `\`\`\`ts\nexport function handler${i}(input: string): number {\n  return input.length * ${i};\n}\n\`\`\``;

/** The same text rendered whole (an answer's markdown, where only file-naming fences add Apply). */
function renderedWhole(text: string): string {
  return renderMarkdownOnce(text).innerHTML;
}

describe('code colouring when the text has caught up', () => {
  it('a burst shows its code plain first, colours it in the frames after, and ends as a whole render', () => {
    const { app, runFrame, markdown } = mountBudgeted();
    const text = Array.from({ length: 120 }, (_, i) => `Step ${i} ${'explains '.repeat(12)}\n\n${codeBlock(i)}`).join(
      '\n\n',
    );
    app.receive({ type: 'actions', firstSeq: 1, actions: [agentChunk(text, 'm')] });
    let sawPending = false;
    let frames = 0;
    while (runFrame() > 0 && frames < 10_000) {
      frames++;
      if (markdown()?.querySelector(`code.${COLOUR_PENDING}`)) sawPending = true;
    }
    expect(sawPending).toBe(true);
    expect(markdown()?.querySelector(`.${COLOUR_PENDING}`)).toBeNull();
    expect(markdown()?.querySelectorAll('code .hljs-keyword').length).toBeGreaterThanOrEqual(120);
    expect(markdown()?.innerHTML).toBe(renderedWhole(text));
  });

  it('a stream the renderer keeps up with colours each block in the frame its fence closes', () => {
    const { app, runFrame, markdown } = mountBudgeted();
    const pieces = ['Here it is:\n\n', '```ts\nconst a', ' = 1;\n', '```', '\n\nDone.'];
    let seq = 0;
    for (const piece of pieces) {
      app.receive({ type: 'actions', firstSeq: ++seq, actions: [agentChunk(piece, 'm')] });
      while (runFrame() > 0);
      expect(markdown()?.querySelector(`.${COLOUR_PENDING}`)).toBeNull();
      if (seq === 4) expect(markdown()?.querySelector('code .hljs-keyword')?.textContent).toBe('const');
    }
    expect(markdown()?.innerHTML).toBe(renderedWhole(pieces.join('')));
  });

  it('colours at once while nothing is held back; while behind, later, and only blocks still shown', () => {
    const budget = new FrameBudget(8, () => 0);
    const colouring = colourWhenCaughtUp(budget);
    const code = (text: string) => {
      const el = document.body.appendChild(document.createElement('code'));
      el.textContent = text;
      return el;
    };
    budget.startFrame();
    const atOnce = code('let x = 1;');
    expect(colouring.colour(atOnce, 'let x = 1;', 'typescript')).toBe(true);
    expect(atOnce.querySelector('.hljs-keyword')).not.toBeNull();

    budget.allow(1_000_000); // text held back: behind
    const kept = code('let y = 2;');
    const replaced = code('let z = 3;');
    const unknown = code('plain words');
    expect(colouring.colour(kept, 'let y = 2;', 'typescript')).toBe(false);
    expect(colouring.colour(replaced, 'let z = 3;', 'typescript')).toBe(false);
    expect(colouring.colour(unknown, 'plain words', undefined)).toBe(false);
    expect(kept.classList.contains(COLOUR_PENDING)).toBe(true);
    expect(unknown.classList.contains(COLOUR_PENDING)).toBe(false); // nothing to colour: nothing deferred
    expect(budget.deferredCount).toBe(2);
    replaced.remove();

    budget.startFrame(); // the frame after a held one is still behind
    expect(budget.behind).toBe(true);
    expect(budget.runDeferred()).toBe(false);
    expect(kept.querySelector('.hljs-keyword')).not.toBeNull();
    expect(kept.classList.contains(COLOUR_PENDING)).toBe(false);
    expect(replaced.querySelector('.hljs-keyword')).toBeNull();
    expect(replaced.classList.contains(COLOUR_PENDING)).toBe(false);
    budget.startFrame();
    expect(budget.behind).toBe(false);
  });

  it('runs deferred work newest first within half the frame budget, at least one task a frame, past a failing one', () => {
    let now = 0;
    const budget = new FrameBudget(8, () => now);
    const ran: number[] = [];
    clearRecentErrors();
    budget.defer(() => ran.push(1));
    budget.defer(() => {
      throw new Error('boom');
    });
    budget.defer(() => {
      ran.push(3);
      now += 5; // past the half of the 8 ms budget deferred work may use
    });
    budget.startFrame();
    expect(budget.runDeferred()).toBe(true); // the newest first, and alone: it used the frame's share
    expect(ran).toEqual([3]);
    budget.startFrame();
    expect(budget.runDeferred()).toBe(false);
    expect(ran).toEqual([3, 1]);
    expect(recentErrors().map((e) => e.where)).toContain('deferred rendering work failed');
    budget.defer(() => ran.push(4));
    budget.startFrame(Number.POSITIVE_INFINITY);
    expect(budget.runDeferred()).toBe(false);
    expect(ran).toEqual([3, 1, 4]);
  });
});
