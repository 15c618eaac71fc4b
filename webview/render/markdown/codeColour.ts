// When a closed code block of streamed markdown is coloured. Colouring (highlight.js, then a span
// per token) was a fifth of a burst's rendering and its spans a good part of the layout; while a
// burst is far ahead of the renderer, what the reader needs first is the text, so its code blocks
// are shown plain and coloured in the spare time of the frames after the text has caught up
// (FrameBudget.defer). A stream the renderer keeps up with colours each block as it closes.
import type { FrameBudget } from '../../frameBudget';
import { highlightInto } from './highlight';

/** On a `code` element whose colouring is deferred: the bench and tests see what is still to come. */
export const COLOUR_PENDING = 'colour-pending';

export interface CodeColouring {
  /**
   * Colours `code`, whose text is `text`, as `language`. True when it is coloured now; false when
   * it stays plain for now (unknown language, too long, or deferred): its text is the caller's to set.
   */
  colour(code: Element, text: string, language: string | undefined): boolean;
}

/** Colours at once: a message rendered whole, and tests. */
export const colourNow: CodeColouring = { colour: highlightInto };

/** Colours at once while the text keeps up; later, in spare frame time, while it is behind. */
export function colourWhenCaughtUp(budget: FrameBudget): CodeColouring {
  return {
    colour(code, text, language) {
      if (!budget.behind) return highlightInto(code, text, language);
      if (!language) return false;
      code.classList.add(COLOUR_PENDING);
      budget.defer(() => {
        code.classList.remove(COLOUR_PENDING);
        // Re-rendered or replaced since (a newer block colours itself): nothing to do.
        if (code.isConnected && code.textContent === text) highlightInto(code, text, language);
      });
      return false;
    },
  };
}
