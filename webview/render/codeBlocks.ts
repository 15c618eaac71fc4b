// Code blocks in rendered markdown get a header with the language and a "Copy" button. The
// button is added after sanitising (it is ours, not the agent's); clicks are delegated from the
// markdown container so re-rendered tail blocks need no listener bookkeeping.
import type { WebviewToHost } from '../../src/shared/messages';
import { h } from '../dom';

export function decorateCodeBlocks(fragment: DocumentFragment): void {
  for (const pre of Array.from(fragment.querySelectorAll('pre'))) {
    const code = pre.querySelector('code');
    const language = /(?:^|\s)language-(\S+)/.exec(code?.className ?? '')?.[1] ?? '';
    const copy = h('button', { class: 'copy-code', text: 'Copy', attrs: { type: 'button', 'aria-label': 'Copy code' } });
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
    copy.textContent = 'Copied';
    setTimeout(() => (copy.textContent = 'Copy'), 1200);
  });
}
