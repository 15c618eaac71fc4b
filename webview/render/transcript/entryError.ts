// An entry that could not be rendered (malformed or extreme agent data the renderers did not
// expect) is shown as this card instead: what failed, and the entry's data, bounded and as text.
// The rest of the chat keeps rendering; the next update of the entry tries its real view again.
import type { Entry } from '../../../src/shared/thread';
import { h } from '../../dom';
import { errorMessage } from '../../errors';
import { visibleText } from '../../visibleText';
import type { EntryView } from '../types';
import { t } from '../../l10n';

/** Characters of the entry's data shown at most. */
export const MAX_ERROR_JSON_CHARS = 4_000;
/** Levels of nesting written out by default; deeper values are shown as "{…}". */
const MAX_DEPTH = 12;

export class EntryErrorView implements EntryView {
  readonly el: HTMLElement;

  constructor(entry: unknown, error: unknown) {
    const id = (entry as { id?: unknown } | null)?.id;
    this.el = errorCard(t('This entry could not be shown'), entry, error);
    this.el.classList.add('entry');
    this.el.dataset.entryId = visibleText(id);
  }

  update(_entry: Entry): void {
    // Never called: the transcript builds a new view (or a new card) for the next version.
  }
}

/** The card: title, the error, and the data it could not show (collapsed, bounded, as text). */
export function errorCard(title: string, data: unknown, error: unknown): HTMLElement {
  return h(
    'div',
    { class: 'entry-error', attrs: { role: 'note' } },
    h('div', { class: 'entry-error-title', text: title }),
    h('div', { class: 'entry-error-message', text: visibleText(errorMessage(error), { maxLength: 500 }) }),
    h(
      'details',
      { class: 'entry-error-data' },
      h('summary', { text: t('Data') }),
      h('pre', { text: boundedJson(data, MAX_ERROR_JSON_CHARS) }),
    ),
  );
}

/**
 * JSON for any value, at most `max` characters and `maxDepth` levels: never throws, never
 * recurses deeper than that (agent data can nest thousands of levels or hold cycles).
 */
export function boundedJson(value: unknown, max: number, maxDepth = MAX_DEPTH): string {
  const out: string[] = [];
  let length = 0;
  const write = (text: string): boolean => {
    out.push(text);
    length += text.length;
    return length < max;
  };
  const visit = (v: unknown, depth: number, indent: string): boolean => {
    if (v === null || typeof v === 'boolean' || typeof v === 'number') return write(String(v));
    if (typeof v === 'string') return write(JSON.stringify(v.length > max ? v.slice(0, max) : v));
    if (typeof v !== 'object') return write(JSON.stringify(String(v)));
    if (depth >= maxDepth) return write(Array.isArray(v) ? '[…]' : '{…}');
    const inner = `${indent}  `;
    const array = Array.isArray(v) ? (v as unknown[]) : null;
    const keys = array ? null : Object.keys(v);
    const count = array ? array.length : (keys?.length ?? 0);
    if (!write(array ? '[' : '{')) return false;
    for (let i = 0; i < count; i++) {
      const key = keys ? keys[i] : null;
      if (!write(`${i > 0 ? ',' : ''}\n${inner}${key === null ? '' : `${JSON.stringify(key)}: `}`)) return false;
      if (!visit(array ? array[i] : (v as Record<string, unknown>)[key as string], depth + 1, inner)) return false;
    }
    return write(`${count ? `\n${indent}` : ''}${array ? ']' : '}'}`);
  };
  try {
    visit(value, 0, '');
  } catch (error) {
    out.push(`\n(${errorMessage(error)})`);
  }
  const text = out.join('');
  return text.length > max ? t('{0}\n… (cut at {1} characters)', text.slice(0, max), max) : text;
}
