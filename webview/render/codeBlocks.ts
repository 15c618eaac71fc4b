// Code blocks in rendered markdown get a header with the language and a "Copy" button. The
// button is added after sanitising (it is ours, not the agent's); clicks are delegated from the
// markdown container so re-rendered tail blocks need no listener bookkeeping.
import type { WebviewToHost } from '../../src/shared/messages';
import { h } from '../dom';
import { highlightInto, languageForFence } from './highlight';
import { t } from '../l10n';

/**
 * `highlight`: colour the code (see highlight.ts). The caller passes false for a fenced block that
 * is still streaming (see isOpenFence): it is coloured once, when its closing fence arrives.
 */
export function decorateCodeBlocks(fragment: DocumentFragment, highlight = true): void {
  for (const pre of Array.from(fragment.querySelectorAll('pre'))) {
    const code = pre.querySelector('code');
    const language = /(?:^|\s)language-(\S+)/.exec(code?.className ?? '')?.[1] ?? '';
    if (highlight && code) highlightInto(code, code.textContent ?? '', languageForFence(language));
    const copy = h('button', {
      class: 'copy-code',
      text: t('Copy'),
      attrs: { type: 'button', 'aria-label': t('Copy code') },
    });
    const header = h('div', { class: 'code-header' }, h('span', { class: 'code-language', text: language }), copy);
    const wrapper = h('div', { class: 'code-block' }, header);
    pre.replaceWith(wrapper);
    wrapper.appendChild(pre);
  }
}

/** Installs the delegated click handler for Copy buttons inside `container`. */
export function handleCopyClicks(container: HTMLElement, post: (msg: WebviewToHost) => void): void {
  container.addEventListener('click', (event) => {
    const target = event.target as Element | null;
    const copy = target?.closest?.('button.copy-code');
    if (!copy || !container.contains(copy)) return;
    const code = copy.closest('.code-block')?.querySelector('pre');
    post({ type: 'copy', text: code?.textContent ?? '' });
    copy.textContent = t('Copied');
    setTimeout(() => (copy.textContent = t('Copy')), 1200);
  });
}

/**
 * Whether a top-level token is a fenced code block whose closing fence has not arrived yet. Looks at
 * its first and last lines only: it runs on every frame of a streaming block, however long.
 */
export function isOpenFence(token: { type: string; raw: string; codeBlockStyle?: string }): boolean {
  if (token.type !== 'code' || token.codeBlockStyle === 'indented') return false;
  const raw = token.raw.trimEnd();
  const firstEnd = raw.indexOf('\n');
  const opening = /^ {0,3}(`{3,}|~{3,})/.exec(firstEnd === -1 ? raw : raw.slice(0, firstEnd))?.[1];
  if (!opening) return false;
  const closing =
    firstEnd === -1 ? undefined : /^ {0,3}(`{3,}|~{3,})\s*$/.exec(raw.slice(raw.lastIndexOf('\n') + 1))?.[1];
  return !(closing && closing[0] === opening[0] && closing.length >= opening.length);
}
