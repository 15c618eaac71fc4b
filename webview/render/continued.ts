// The marker where a chat went on with its agent after a reload or a restart, or after "Edit" on a
// previous message. It says plainly whether the agent kept the conversation (resumed, loaded), starts
// fresh from here (new), went on in a fork of its session (forked), or in a new session given the
// conversation up to the edited message as text (seeded), and which files were put back.
import type { EditedFrom, Entry } from '../../src/shared/thread';
import { h } from '../dom';
import { visibleText } from '../visibleText';
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
  forked: {
    title: 'Edited an earlier message: continued in a fork of the session',
    explanation: 'The agent keeps the conversation above and was told to disregard what followed the edited message.',
  },
  seeded: {
    title: 'Edited an earlier message: continued in a new session',
    explanation:
      'The agent was given the conversation up to the edited message as text; it does not know what followed.',
  },
};

/** What an edit went back to and which files it put back, as one sentence. */
export function editSentence(edit: EditedFrom): string {
  const excerpt = visibleText(edit.excerpt, { maxLength: 80 });
  const count = Number.isInteger(edit.restoredFiles) && edit.restoredFiles > 0 ? edit.restoredFiles : 0;
  const files =
    count === 0
      ? 'No files needed restoring.'
      : `${count} file${count === 1 ? ' was' : 's were'} put back as they were before it.`;
  return `Went back to “${excerpt}”. ${files}`;
}

export class ContinuedView implements EntryView {
  readonly el: HTMLElement;

  constructor(entry: ContinuedEntry) {
    this.el = h('div', { class: 'entry continued', data: { entryId: entry.id }, attrs: { role: 'note' } });
  }

  update(entry: Entry): void {
    if (entry.kind !== 'continued') return;
    const notice = Object.hasOwn(NOTICES, entry.how) ? NOTICES[entry.how] : NOTICES.new;
    this.el.dataset.how = entry.how;
    const edit = entry.edit && typeof entry.edit === 'object' ? entry.edit : null;
    const lines = [h('div', { class: 'continued-title', text: notice.title })];
    if (edit) lines.push(h('div', { class: 'continued-edit', text: editSentence(edit) }));
    lines.push(h('div', { class: 'continued-explanation', text: notice.explanation }));
    if (edit?.reason)
      lines.push(h('div', { class: 'continued-reason', text: visibleText(edit.reason, { maxLength: 300 }) }));
    this.el.replaceChildren(...lines);
  }
}
