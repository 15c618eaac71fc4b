// What the Demo agent says about the context a prompt carries (images, files as links or embedded text), so
// the composer's "@" and pasted images can be tried offline: it names each block, it does not read them.
import type * as acp from '@agentclientprotocol/sdk';

/** Listed one by one; the rest are counted. */
const MAX_LISTED = 10;

/** One line naming the prompt's non-text blocks, or null when it has none. */
export function describeAttachments(prompt: acp.ContentBlock[]): string | null {
  const attached = prompt.filter((block) => block.type !== 'text');
  if (attached.length === 0) return null;
  const names = attached.slice(0, MAX_LISTED).map(describe);
  if (attached.length > MAX_LISTED) names.push(`${attached.length - MAX_LISTED} more`);
  return `You attached: ${names.join('; ')}. The demo names what it received; a real agent would read it.\n\n`;
}

function describe(block: acp.ContentBlock): string {
  switch (block.type) {
    case 'image':
      return `an image (${block.mimeType}, ${size(base64Bytes(block.data))})`;
    case 'audio':
      return `audio (${block.mimeType})`;
    case 'resource_link':
      return `a link to ${fileName(block.uri)}`;
    case 'resource': {
      const { resource } = block;
      const lines = 'text' in resource ? resource.text.split('\n').length : 0;
      return `${fileName(resource.uri)} with its text (${lines} line${lines === 1 ? '' : 's'})`;
    }
    default:
      return 'a block the demo does not know';
  }
}

function fileName(uri: string): string {
  const name = uri.slice(uri.lastIndexOf('/') + 1) || uri;
  return `\`${name.slice(0, 80)}\``;
}

function base64Bytes(data: string): number {
  const padding = data.endsWith('==') ? 2 : data.endsWith('=') ? 1 : 0;
  return Math.floor((data.length * 3) / 4) - padding;
}

function size(bytes: number): string {
  return bytes < 1024 ? `${Math.round(bytes)} B` : `${(bytes / 1024).toFixed(1)} KB`;
}
