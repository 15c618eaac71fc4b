// Where the agent compacted its context (ACP session compaction): one marker in the transcript, updated in
// place as the compaction goes on and ends, with the summary the agent retained folded away under it (a
// <details> the user opens; opening it survives updates). The summary is the agent's content blocks: text is
// Markdown (rendered and sanitised like the agent's answers, extended as it streams), other blocks show as
// in messages. Everything above the marker stays in the transcript.
import type { Entry, MessagePart } from '../../../src/shared/thread';
import { h, setText } from '../../dom';
import { asText, visibleText } from '../../visibleText';
import { renderContentBlock } from '../tools/contentBlock';
import { IncrementalMarkdown } from '../markdown/markdown';
import type { EntryView, Post } from '../types';
import { t } from '../../l10n';

type CompactionEntry = Extract<Entry, { kind: 'compaction' }>;

const TITLES: Record<string, string> = {
  in_progress: t('Compacting the context…'),
  completed: t('Context compacted'),
  failed: t('Context compaction failed'),
  cancelled: t('Context compaction cancelled'),
  unfinished: t('Context compaction did not finish'),
};

export class CompactionView implements EntryView {
  readonly el: HTMLElement;
  private readonly title = h('span', { class: 'compaction-title' });
  private readonly error = h('div', { class: 'compaction-error' });
  private readonly body = h('div', { class: 'compaction-summary' });
  private readonly details = h(
    'details',
    { class: 'compaction-details' },
    h('summary', { text: t('Summary the agent kept') }),
    this.body,
  );
  /** The summary's parts as shown, each with its element (a text part's markdown is extended as it streams). */
  private shown: ShownPart[] = [];

  constructor(
    entry: CompactionEntry,
    private readonly post: Post,
  ) {
    this.el = h('div', { class: 'entry compaction', data: { entryId: entry.id }, attrs: { role: 'note' } });
  }

  update(entry: Entry): void {
    if (entry.kind !== 'compaction') return;
    const status = asText(entry.status);
    this.el.dataset.status = status;
    setText(
      this.title,
      Object.hasOwn(TITLES, status)
        ? TITLES[status]!
        : t('Context compaction: {0}', visibleText(status, { maxLength: 60 })),
    );
    setText(this.error, entry.error ? visibleText(entry.error, { multiline: true, maxLength: 2000 }) : '');
    const parts = Array.isArray(entry.summary) ? entry.summary : [];
    this.renderSummary(parts);
    this.el.replaceChildren(
      h('div', { class: 'compaction-line' }, this.title),
      ...(entry.error ? [this.error] : []),
      ...(parts.length > 0 ? [this.details] : []),
    );
  }

  /**
   * Only the parts that changed are rendered again: the summary grows by its last text part (streamed
   * chunks) or by new parts, so an update costs what was added, not the summary again.
   */
  private renderSummary(parts: readonly MessagePart[]): void {
    for (let i = 0; i < parts.length; i++) {
      const part = parts[i]!;
      const shown = this.shown[i];
      if (shown?.part === part) continue;
      if (shown?.markdown && part.kind === 'text') {
        shown.markdown.update(asText(part.text));
        shown.part = part;
        continue;
      }
      const fresh = renderPart(part, this.post);
      if (shown) shown.el.replaceWith(fresh.el);
      else this.body.appendChild(fresh.el);
      this.shown[i] = fresh;
    }
    for (const extra of this.shown.splice(parts.length)) extra.el.remove();
  }
}

interface ShownPart {
  part: MessagePart;
  el: HTMLElement;
  markdown?: IncrementalMarkdown;
}

function renderPart(part: MessagePart, post: Post): ShownPart {
  if (part.kind !== 'text') return { part, el: renderContentBlock(part.block, post) };
  const markdown = new IncrementalMarkdown();
  markdown.update(asText(part.text));
  return { part, el: markdown.el, markdown };
}
