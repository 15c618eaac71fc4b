// Non-text content blocks (in messages and in tool-call content): images, resource links,
// embedded resources, audio. Text blocks are rendered by the callers (markdown or plain text).
// Agent data: every field is checked before use (a numeric uri is malformed, not a crash), and
// an image is shown only from bytes the agent sent, never fetched from a URL (agentImages.ts).
import type * as acp from '@agentclientprotocol/sdk';
import { h } from '../../dom';
import { asText, visibleText } from '../../visibleText';
import { requireString } from '../agentData';
import { blockedImage, inlineImageUrl } from '../markdown/agentImages';
import type { Post } from '../types';
import { lineFromFragment } from '../../../src/shared/promptContext';
import { t } from '../../l10n';

export function renderContentBlock(block: acp.ContentBlock, post: Post): HTMLElement {
  switch (block.type) {
    case 'text':
      return h('div', { class: 'content-text', text: asText(block.text) });
    case 'image':
      return renderImage(block);
    case 'audio':
      // The webview CSP allows no media: say what it is rather than failing silently.
      return h('div', {
        class: 'content-note',
        text: t('Audio ({0}) is not shown here.', visibleText(block.mimeType, { maxLength: 100 })),
      });
    case 'resource_link':
      return renderResourceLink(
        requireString(block.uri, 'resource_link uri'),
        visibleText(block.title ?? block.name),
        block.description ? visibleText(block.description) : null,
        post,
      );
    case 'resource': {
      const resource = block.resource;
      const uri = requireString(resource.uri, 'resource uri');
      const text = 'text' in resource && typeof resource.text === 'string' ? resource.text : null;
      const summary = h('summary', {}, renderResourceLink(uri, visibleText(fileName(uri)), null, post));
      return h(
        'details',
        { class: 'content-resource' },
        summary,
        text !== null
          ? h('pre', { class: 'resource-text', text })
          : h('div', { class: 'content-note', text: t('Binary content') }),
      );
    }
    default:
      return h('div', { class: 'content-note', text: t('Unsupported content') });
  }
}

function renderImage(block: acp.ImageContent): HTMLElement {
  const src = inlineImageUrl(block.mimeType, block.data);
  if (src === null) return blockedImage(document, block.uri, null, false);
  const img = h('img', { class: 'content-image', attrs: { alt: visibleText(block.uri) || t('Image from the agent') } });
  img.src = src;
  return img;
}

/** file:// links open in the editor through the host; http(s) ones are ordinary links. */
export function renderResourceLink(uri: string, label: string, description: string | null, post: Post): HTMLElement {
  const text = label || visibleText(uri) || t('Resource');
  const path = filePathFromUri(uri);
  if (path !== null) {
    const link = h('a', {
      class: 'resource-link location-link',
      text,
      title: description ?? visibleText(path),
      attrs: { href: '#' },
    });
    const line = lineOfUri(uri);
    link.addEventListener('click', (event) => {
      event.preventDefault();
      post({ type: 'openLocation', path, line });
    });
    return link;
  }
  if (/^https?:\/\//i.test(uri)) {
    return h('a', { class: 'resource-link', text, title: description ?? visibleText(uri), attrs: { href: uri } });
  }
  return h('span', { class: 'resource-link', text, title: visibleText(uri) });
}

export function filePathFromUri(uri: string): string | null {
  if (typeof uri !== 'string' || !uri.startsWith('file:')) return null;
  try {
    const url = new URL(uri);
    const path = decodeURIComponent(url.pathname);
    // file:///c:/x -> c:/x on Windows-style paths.
    return /^\/[a-zA-Z]:\//.test(path) ? path.slice(1) : path;
  } catch {
    return null;
  }
}

/** The line a `#L3` / `#L3-L7` fragment names (how attached selections and symbols are linked). */
function lineOfUri(uri: string): number | null {
  const hash = uri.indexOf('#');
  return hash < 0 ? null : lineFromFragment(uri.slice(hash));
}

function fileName(uri: string): string {
  const trimmed = uri.replace(/#.*$/s, '').replace(/\/+$/, '');
  return trimmed.slice(trimmed.lastIndexOf('/') + 1) || uri;
}
