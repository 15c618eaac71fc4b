// A link card (URL-mode elicitation): the agent asks the user to open an address (a sign-in elsewhere).
// The whole address is shown as text, never as a link the webview could follow, with invisible characters
// named (visibleText.ts), the host set apart and the host's warnings beside it. Open posts `accept`: the
// host opens it through VS Code (which may ask again) and answers the agent once it did; Decline and Cancel
// post theirs. The agent's elicitation/complete marks the card done.
import { linkProblemWords, linkWarningWords } from '../../../src/shared/entryWords';
import type { Entry } from '../../../src/shared/thread';
import { button, h } from '../../dom';
import { visibleText } from '../../visibleText';
import type { EntryView, Post } from '../types';
import { t } from '../../l10n';

type LinkEntry = Extract<Entry, { kind: 'elicitationUrl' }>;

const ANSWERED: Record<string, string> = {
  accept: t('You opened the link.'),
  decline: t('You declined.'),
  cancel: t('Cancelled.'),
};

export class ElicitationUrlView implements EntryView {
  readonly el: HTMLElement;
  private built: string | null = null;

  constructor(
    entry: LinkEntry,
    private readonly post: Post,
  ) {
    this.el = h('div', {
      class: 'entry elicitation elicitation-url',
      data: { entryId: entry.id },
      attrs: { role: 'group', 'aria-label': t('The agent asks you to open a link') },
    });
  }

  update(entry: Entry): void {
    if (entry.kind !== 'elicitationUrl') return;
    const key = `${entry.elicitationId}:${entry.answer ?? 'pending'}:${String(entry.completed)}`;
    if (this.built === key) return;
    this.built = key;
    const { link } = entry;
    this.el.replaceChildren(
      h('div', { class: 'elicitation-title', text: t('The agent asks you to open a link') }),
      h('div', { class: 'elicitation-message', text: link.message }),
      h('code', { class: 'elicitation-url-address', text: visibleText(link.url, { maxLength: link.url.length }) }),
    );
    if (link.host !== null)
      this.el.appendChild(
        h(
          'div',
          { class: 'elicitation-site' },
          t('Site: '),
          h('strong', { class: 'elicitation-host', text: visibleText(link.host) }),
        ),
      );
    for (const warning of link.warnings)
      this.el.appendChild(h('div', { class: 'elicitation-warning', text: linkWarningWords(warning) }));
    if (entry.completed || entry.answer !== null) {
      const said = entry.completed ? t('The agent says this is done.') : (ANSWERED[entry.answer!] ?? entry.answer!);
      this.el.appendChild(h('div', { class: 'elicitation-answer', text: said }));
      return;
    }
    if (link.unusable !== null)
      this.el.appendChild(h('div', { class: 'elicitation-problem', text: linkProblemWords(link.unusable) }));
    const answer = (action: 'accept' | 'decline' | 'cancel') => () =>
      this.post({ type: 'elicitation', elicitationId: entry.elicitationId, action });
    const open = button(t('Open'), 'primary', answer('accept'), t('Ask VS Code to open this address in your browser'));
    open.disabled = link.unusable !== null;
    this.el.appendChild(
      h(
        'div',
        { class: 'elicitation-actions' },
        open,
        button(t('Decline'), 'secondary', answer('decline')),
        button(t('Cancel'), 'secondary', answer('cancel')),
      ),
    );
  }
}
