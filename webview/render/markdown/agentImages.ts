// Images the agent points at are never fetched by the webview: an image URL is a request the
// agent makes from the user's machine without a click, and a prompt-injected agent can put what
// it just read into that URL. The CSP (src/chat/html.ts) has no https: in img-src; here each
// remote image becomes an inert placeholder that names the host, and clicking it opens the URL
// in the browser (VS Code handles link clicks in webviews and asks before opening a new site).
//
// Inline data: images are bytes already in the webview (no request can leave), so they are
// shown when they are a raster type and not too large: ACP `image` blocks, and data: images in
// markdown (DOMPurify keeps only data: URIs of images on <img>).
import { visibleText } from '../../visibleText';
import { t } from '../../l10n';

/** Base64 characters of an inline image shown at most (about 3.75 MB of image). */
export const MAX_INLINE_IMAGE_CHARS = 5_000_000;

const RASTER_TYPES = /^image\/(?:png|jpeg|gif|webp|avif|bmp|x-icon)$/;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** A data: URL for base64 image bytes, or null when the type or the data is not one we show. */
export function inlineImageUrl(mimeType: unknown, data: unknown): string | null {
  if (typeof mimeType !== 'string' || typeof data !== 'string') return null;
  if (!RASTER_TYPES.test(mimeType.toLowerCase()) || data.length === 0 || data.length > MAX_INLINE_IMAGE_CHARS)
    return null;
  return BASE64.test(data) ? `data:${mimeType.toLowerCase()};base64,${data}` : null;
}

/** A markdown `data:` image src we show, unchanged; null for anything else. */
export function inlineImageSrc(src: string): string | null {
  const match = /^data:(image\/[\w.+-]+);base64,/i.exec(src);
  return match ? inlineImageUrl(match[1], src.slice(match[0].length)) : null;
}

/**
 * The placeholder for an image that is not loaded: "Image from example.com — not loaded". An
 * http(s) URL makes it a link (unless it already sits in one: links do not nest).
 */
export function blockedImage(doc: Document, src: unknown, alt: unknown, insideLink: boolean): HTMLElement {
  const url = parseUrl(src);
  const web = url !== null && (url.protocol === 'https:' || url.protocol === 'http:');
  const el = doc.createElement(web && !insideLink ? 'a' : 'span');
  el.className = 'blocked-image';
  const where = web ? t('from {0}', url.host) : url ? `(${url.protocol.replace(/:$/, '')})` : '';
  const name = visibleText(alt, { maxLength: 80 }).trim();
  el.textContent = t('Image{0}{1} — not loaded', name ? ` “${name}”` : '', where ? ` ${where}` : '');
  if (web) {
    el.title = t(
      'Not loaded, so the agent learns nothing from it being shown. {0}{1}',
      web && !insideLink ? t('Click to open in the browser: ') : '',
      clip(url.href, 500),
    );
    if (!insideLink) el.setAttribute('href', url.href);
  } else {
    el.title = t('Not loaded: agent images are shown only when the agent sends their bytes.');
  }
  return el;
}

function parseUrl(src: unknown): URL | null {
  if (typeof src !== 'string' || src.trim() === '') return null;
  try {
    return new URL(src.trim());
  } catch {
    return null;
  }
}

function clip(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}
