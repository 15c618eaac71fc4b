// The comparison view of "Compare Agents" (an editor tab; the host is src/vscode/compare/): the header, one column
// per compared chat side by side, and the follow-up box. It renders each `compareView` the host sends and asks the
// host for everything else (src/shared/compare.ts). One clock ticks each second while a column works or its tests
// run, for the live times; none while all is idle.
import type { CompareColumn, CompareToWebview, CompareView } from '../../src/shared/compare';
import { h } from '../dom';
import { recordError } from '../errors';
import { t } from '../l10n';
import { CompareAnnouncer } from './announcer';
import { ColumnView } from './column';
import { FollowUpBox } from './followUp';
import { distinctNames, needsClock } from './format';
import { CompareHeader } from './header';
import type { ComparePost } from './post';

export interface CompareClock {
  now(): number;
  every(ms: number, tick: () => void): () => void;
}

const realClock: CompareClock = {
  now: () => Date.now(),
  every: (ms, tick) => {
    const id = setInterval(tick, ms);
    return () => clearInterval(id);
  },
};

export interface CompareAppOptions {
  initialDraft?: string;
  onDraftChange?: (draft: string) => void;
  clock?: CompareClock;
}

export interface CompareApp {
  receive(msg: CompareToWebview): void;
  /** Whether the one-second clock runs (for tests: idle costs nothing). */
  readonly ticking: boolean;
  /** Where the keyboard goes when VS Code focuses the tab: the follow-up box. */
  focusFollowUp(): void;
}

export function createCompareApp(root: HTMLElement, post: ComparePost, options: CompareAppOptions = {}): CompareApp {
  const clock = options.clock ?? realClock;
  const header = new CompareHeader(post);
  const grid = h('div', { class: 'compare-columns' });
  const waiting = h('p', { class: 'compare-waiting', text: t('Starting the comparison…') });
  const followUp = new FollowUpBox(post, options.initialDraft ?? '', options.onDraftChange);
  const announcer = new CompareAnnouncer();
  const main = h('main', { class: 'compare-main' }, waiting, grid);
  root.replaceChildren(h('div', { class: 'compare-app' }, header.el, main, followUp.el, announcer.el));
  header.el.hidden = true;
  followUp.el.hidden = true;
  const columns = new Map<string, ColumnView>();
  let stopClock: (() => void) | null = null;

  const tick = (): void => {
    const now = clock.now();
    for (const column of columns.values()) column.tick(now);
  };

  const render = (view: CompareView): void => {
    const now = clock.now();
    const list = distinctNames(Array.isArray(view.columns) ? view.columns.filter(isColumn) : []);
    const shown = { ...view, columns: list };
    header.update(shown);
    const order: HTMLElement[] = [];
    const ids = new Set<string>();
    for (const column of list) {
      if (ids.has(column.threadId)) continue;
      ids.add(column.threadId);
      let columnView = columns.get(column.threadId);
      if (!columnView) {
        columnView = new ColumnView(column, post);
        columns.set(column.threadId, columnView);
      }
      // A column whose data would not render (malformed) keeps what it showed; the others render.
      try {
        columnView.update(column, shown, now);
      } catch (error) {
        recordError('a compared chat could not be rendered', error);
      }
      order.push(columnView.el);
    }
    for (const [id, columnView] of columns) {
      if (ids.has(id)) continue;
      columnView.el.remove();
      columns.delete(id);
    }
    // Moved only where the order changed: moving a column would reset its scroll and unfolded details.
    order.forEach((el, index) => {
      if (grid.children[index] !== el) grid.insertBefore(el, grid.children[index] ?? null);
    });
    grid.dataset.count = String(order.length);
    followUp.update(shown);
    announcer.update(shown, now);
    header.el.hidden = false;
    followUp.el.hidden = false;
    waiting.hidden = true;
    const wantClock = needsClock(list);
    if (wantClock && !stopClock) stopClock = clock.every(1000, tick);
    else if (!wantClock && stopClock) {
      stopClock();
      stopClock = null;
    }
  };

  return {
    receive(msg) {
      if (!msg || typeof msg !== 'object' || msg.type !== 'compareView' || !msg.view || typeof msg.view !== 'object')
        return;
      render(msg.view);
    },
    get ticking() {
      return stopClock !== null;
    },
    focusFollowUp() {
      if (!followUp.input.disabled && !followUp.el.hidden) followUp.input.focus();
    },
  };
}

/** A column the view can show: the host's, or a malformed one left out rather than breaking the others. */
function isColumn(column: unknown): column is CompareColumn {
  return typeof column === 'object' && column !== null && typeof (column as CompareColumn).threadId === 'string';
}
