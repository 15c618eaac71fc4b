// Everything the agent writes goes through DOMPurify before it reaches the DOM. On top of the
// defaults we drop `style` (the webview CSP forbids inline styles anyway, so they would only
// produce CSP errors) and form controls other than GFM task-list checkboxes.
import createDOMPurify from 'dompurify';

const CONFIG = {
  RETURN_DOM_FRAGMENT: true as const,
  FORBID_TAGS: ['style', 'form', 'button', 'textarea', 'select', 'iframe', 'object', 'embed'],
  FORBID_ATTR: ['style', 'srcset', 'autofocus'],
};

/**
 * Our own DOMPurify instance with the configuration set once: passing it on every call makes
 * DOMPurify parse it again, about a third of the cost of sanitising one streamed block, and a
 * block is sanitised again on every frame while it streams.
 */
let purifier: ReturnType<typeof createDOMPurify> | undefined;

export function sanitizeToFragment(html: string): DocumentFragment {
  if (!purifier) {
    purifier = createDOMPurify(window);
    purifier.setConfig(CONFIG);
  }
  return purifier.sanitize(html, CONFIG);
}
