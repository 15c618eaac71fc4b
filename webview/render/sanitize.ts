// Everything the agent writes goes through DOMPurify before it reaches the DOM. On top of the
// defaults we drop `style` (the webview CSP forbids inline styles anyway, so they would only
// produce CSP errors) and form controls other than GFM task-list checkboxes.
import DOMPurify from 'dompurify';

const CONFIG = {
  RETURN_DOM_FRAGMENT: true as const,
  FORBID_TAGS: ['style', 'form', 'button', 'textarea', 'select', 'iframe', 'object', 'embed'],
  FORBID_ATTR: ['style', 'srcset', 'autofocus'],
};

export function sanitizeToFragment(html: string): DocumentFragment {
  return DOMPurify.sanitize(html, CONFIG);
}
