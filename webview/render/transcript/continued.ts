// The marker where a chat went on with its agent after a reload or a restart, or after "Edit" on a
// previous message. It says plainly whether the agent kept the conversation (resumed, loaded), starts
// fresh from here (new), went on in a fork of its session (forked), or in a new session given the
// conversation up to the edited message as text (seeded), and which files were put back.
import { noForkWords } from '../../../src/shared/entryWords';
import type { EditedFrom, Entry } from '../../../src/shared/thread';
import { button, h } from '../../dom';
import { visibleText } from '../../visibleText';
import type { EntryView } from '../types';
import { t } from '../../l10n';

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
    title: t('Edited an earlier message: continued in a fork of the session'),
    explanation: t(
      'The agent keeps the conversation above and was told to disregard what followed the edited message.',
    ),
  },
  seeded: {
    title: t('Edited an earlier message: continued in a new session'),
    explanation: t(
      'The agent was given the conversation up to the edited message as text; it does not know what followed.',
    ),
  },
};

/** What an edit went back to and which files it put back, as one sentence. */
export function editSentence(edit: EditedFrom): string {
  const excerpt = visibleText(edit.excerpt, { maxLength: 80 });
  const count = Number.isInteger(edit.restoredFiles) && edit.restoredFiles > 0 ? edit.restoredFiles : 0;
  const files =
    count === 0
      ? t('No files needed restoring.')
      : count === 1
        ? t('1 file was put back as it was before it.')
        : t('{0} files were put back as they were before it.', count);
  return t('Went back to “{0}”. {1}', excerpt, files);
}

/** "Give it the conversation" on a fresh start (threadView.ts puts the summary into the composer). */
export const SUMMARY_EVENT = 'switchboard-conversation-summary';

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
    const lines: HTMLElement[] = [h('div', { class: 'continued-title', text: notice.title })];
    if (edit) lines.push(h('div', { class: 'continued-edit', text: editSentence(edit) }));
    lines.push(h('div', { class: 'continued-explanation', text: notice.explanation }));
    if (edit?.reason)
      lines.push(
        h('div', { class: 'continued-reason', text: visibleText(noForkWords(edit.reason), { maxLength: 300 }) }),
      );
    if (entry.how === 'new' && !edit) {
      const entryId = entry.id;
      lines.push(
        button(
          t('Give it the conversation'),
          'secondary continued-summary',
          () => this.el.dispatchEvent(new CustomEvent<string>(SUMMARY_EVENT, { detail: entryId, bubbles: true })),
          t('Puts the conversation above into the message box as text, to read and edit before sending'),
        ),
      );
    }
    this.el.replaceChildren(...lines);
  }
}
