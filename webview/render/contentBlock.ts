// Non-text content blocks (in messages and in tool-call content): images, resource links,
// embedded resources, audio. Text blocks are rendered by the callers (markdown or plain text).
import type * as acp from '@agentclientprotocol/sdk';
import { h } from '../dom';
import type { Post } from './types';

export function renderContentBlock(block: acp.ContentBlock, post: Post): HTMLElement {
  switch (block.type) {
    case 'text':
      return h('div', { class: 'content-text', text: block.text });
    case 'image':
      return renderImage(block);
    case 'audio':
      // The webview CSP has no media-src: say what it is rather than failing silently.
      return h('div', { class: 'content-note', text: `Audio (${block.mimeType}) is not shown here.` });
    case 'resource_link':
      return renderResourceLink(block.uri, block.title ?? block.name, block.description ?? null, post);
    case 'resource': {
      const resource = block.resource;
      const text = 'text' in resource ? resource.text : null;
      const summary = h('summary', {}, renderResourceLink(resource.uri, fileName(resource.uri), null, post));
      return h(
        'details',
        { class: 'content-resource' },
        summary,
        text !== null ? h('pre', { class: 'resource-text', text }) : h('div', { class: 'content-note', text: 'Binary content' }),
      );
    }
    default:
      return h('div', { class: 'content-note', text: 'Unsupported content' });
  }
}

function renderImage(block: acp.ImageContent): HTMLElement {
  if (!/^image\/[\w.+-]+$/.test(block.mimeType)) return h('div', { class: 'content-note', text: 'Image' });
  const img = h('img', { class: 'content-image', attrs: { alt: block.uri ?? 'Image from the agent' } });
  img.src = `data:${block.mimeType};base64,${block.data}`;
  return img;
}

/** file:// links open in the editor through the host; http(s) ones are ordinary links. */
export function renderResourceLink(uri: string, label: string, description: string | null, post: Post): HTMLElement {
  const path = filePathFromUri(uri);
  if (path !== null) {
    const link = h('a', { class: 'resource-link location-link', text: label, title: description ?? path, attrs: { href: '#' } });
    link.addEventListener('click', (event) => {
      event.preventDefault();
      post({ type: 'openLocation', path, line: null });
    });
    return link;
  }
  if (/^https?:\/\//i.test(uri)) {
    return h('a', { class: 'resource-link', text: label, title: description ?? uri, attrs: { href: uri } });
  }
  return h('span', { class: 'resource-link', text: label, title: uri });
}

export function filePathFromUri(uri: string): string | null {
  if (!uri.startsWith('file:')) return null;
  try {
    const url = new URL(uri);
    const path = decodeURIComponent(url.pathname);
    // file:///c:/x -> c:/x on Windows-style paths.
    return /^\/[a-zA-Z]:\//.test(path) ? path.slice(1) : path;
  } catch {
    return null;
  }
}

function fileName(uri: string): string {
  const trimmed = uri.replace(/\/+$/, '');
  return trimmed.slice(trimmed.lastIndexOf('/') + 1) || uri;
}
