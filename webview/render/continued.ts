// The marker where a chat went on with its agent after a reload or a restart. It says plainly
// whether the agent kept the conversation (resumed, loaded) or starts fresh from here.
import type { Entry } from '../../src/shared/thread';
import { h } from '../dom';
import type { EntryView } from './types';
import { t } from '../l10n';

type ContinuedEntry = Extract<Entry, { kind: 'continued' }>;

const NOTICES: Record<ContinuedEntry['how'], { title: string; explanation: string }> = {
  resumed: { title: t('Chat resumed'), explanation: t('The agent picked the conversation up where it was.') },
  loaded: {
    title: t('Chat reloaded'),
    explanation: t('The agent loaded the conversation again and keeps its context.'),
  },
  new: {
    title: t('The agent starts fresh from here'),
    explanation: t(
      'This agent cannot continue an earlier session: it does not know the conversation above. Repeat what it needs to know.',
    ),
  },
};

export class ContinuedView implements EntryView {
  readonly el: HTMLElement;

  constructor(entry: ContinuedEntry) {
    this.el = h('div', { class: 'entry continued', data: { entryId: entry.id }, attrs: { role: 'note' } });
  }

  update(entry: Entry): void {
    if (entry.kind !== 'continued') return;
    const notice = Object.hasOwn(NOTICES, entry.how) ? NOTICES[entry.how] : NOTICES.new;
    this.el.dataset.how = entry.how;
    this.el.replaceChildren(
      h('div', { class: 'continued-title', text: notice.title }),
      h('div', { class: 'continued-explanation', text: notice.explanation }),
    );
  }
}
