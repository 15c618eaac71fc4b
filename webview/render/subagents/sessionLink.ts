// A tool call's content that links to a session (`{type: 'session', sessionId}`): a chip "Subagent:
// <title>" that opens that subagent on its own, or, for a session the chat does not know (yet: a link
// may come before the child is announced), the plain text "session <id>". The chip follows the child's
// announcement and title (SessionDirectory).
import { button, h, setAttribute, setText } from '../../dom';
import { visibleText } from '../../visibleText';
import { t } from '../../l10n';
import type { SessionDirectory } from './sessions';

export function renderSessionLink(sessionId: string, sessions: SessionDirectory): HTMLElement {
  const el = h('div', { class: 'session-link' });
  const chip = button('', 'session-chip secondary', () => sessions.open(sessionId, chip));
  const plain = h('span', { class: 'session-link-unknown' });
  const show = (): void => {
    const known = sessions.child(sessionId) !== undefined;
    if (known) {
      const title = sessions.title(sessionId);
      setText(chip, t('Subagent: {0}', title));
      setAttribute(chip, 'aria-label', t('Open subagent {0}', title));
    } else setText(plain, t('session {0}', visibleText(sessionId, { maxLength: 80 })));
    const shown = known ? chip : plain;
    if (el.firstChild !== shown) el.replaceChildren(shown);
  };
  show();
  sessions.watchLabel({ refresh: show }, el);
  return el;
}
