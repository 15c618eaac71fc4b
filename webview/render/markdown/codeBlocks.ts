// Code blocks in rendered markdown get a header with the language and a "Copy" button. The
// button is added after sanitising (it is ours, not the agent's); clicks are delegated from the
// markdown container so re-rendered tail blocks need no listener bookkeeping.
import type { WebviewToHost } from '../../../src/shared/messages';
import { codeKey } from '../../../src/shared/codeBlockFile';
import { h } from '../../dom';
import { languageForFence } from './highlight';
import type { CodeColouring } from './codeColour';
import { t } from '../../l10n';
import { visibleText } from '../../visibleText';

/**
 * `colouring`: how the code is coloured (see codeColour.ts). The caller passes null for a fenced
 * block that is still streaming (see isOpenFence): it is coloured once, when its closing fence arrives.
 */
export function decorateCodeBlocks(fragment: DocumentFragment, colouring: CodeColouring | null): void {
  for (const pre of Array.from(fragment.querySelectorAll('pre'))) {
    const code = pre.querySelector('code');
    const language = /(?:^|\s)language-(\S+)/.exec(code?.className ?? '')?.[1] ?? '';
    if (colouring && code) colouring.colour(code, code.textContent ?? '', languageForFence(language));
    const copy = h('button', {
      class: 'copy-code',
      text: t('Copy'),
      attrs: { type: 'button', 'aria-label': t('Copy code') },
    });
    const header = h('div', { class: 'code-header' }, h('span', { class: 'code-language', text: language }), copy);
    // A long line scrolls the block sideways: focusable, so the keyboard can scroll it too.
    pre.tabIndex = 0;
    const wrapper = h('div', { class: 'code-block' }, header);
    pre.replaceWith(wrapper);
    wrapper.appendChild(pre);
  }
}

/**
 * "Apply" on a closed code block of an agent's answer that names a file (src/shared/codeBlockFile.ts):
 * the header shows the file and the button; a click sends the entry id, the path and the content's key,
 * and the host writes its own copy of the block, pending review. Ours, added after sanitising: the
 * sanitiser keeps no `data-*` attributes, so agent HTML cannot make a button that applies something.
 */
export function offerApply(wrapper: Element, path: string, content: string): void {
  const header = wrapper.querySelector(':scope > .code-header');
  if (!header || header.querySelector('button.apply-code')) return;
  // The path as the user may read it (⟨U+202E⟩ for a direction override); the data keeps the agent's.
  const shownPath = visibleText(path);
  const label = t('Apply to {0}', shownPath);
  const apply = h('button', {
    class: 'apply-code',
    text: t('Apply'),
    attrs: { type: 'button', 'aria-label': label, title: label },
    data: { applyPath: path, applyKey: codeKey(content) },
  });
  header.insertBefore(h('span', { class: 'code-file', text: shownPath }), header.querySelector('button'));
  header.insertBefore(apply, header.querySelector('button.copy-code'));
}

/** Installs the delegated click handler for Apply buttons inside `container` (see offerApply). */
export function handleApplyClicks(container: HTMLElement, post: (msg: WebviewToHost) => void): void {
  container.addEventListener('click', (event) => {
    const apply = (event.target as Element | null)?.closest?.('button.apply-code');
    if (!(apply instanceof HTMLElement) || !container.contains(apply)) return;
    const entryId = apply.closest('[data-entry-id]')?.getAttribute('data-entry-id');
    const { applyPath, applyKey } = apply.dataset;
    if (!entryId || !applyPath || !applyKey) return;
    post({ type: 'applyCode', entryId, path: applyPath, key: applyKey });
  });
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
