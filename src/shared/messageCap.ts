// The most one message of the thread holds. Each JSON-RPC message is capped by the transport
// (switchboard.maxMessageSizeMiB), but an agent can send any number of chunks with one messageId:
// five 40 MB chunks held 650 MiB in the host, and every chunk went on to the webview.
// Past the cap a message keeps what it has and is marked `truncated` (the chat says so); later
// chunks of it are dropped. Generous: a real answer is a few hundred KB.
import { t } from './l10n';
import type * as acp from '@agentclientprotocol/sdk';
import type { MessagePart } from './thread';
import { cutAt } from './textCuts';

/** Characters (UTF-16 units; MiB of text for ASCII) one message holds: its text and its blocks' data. */
export const MAX_MESSAGE_CHARS = 16 * 1024 * 1024;
/** Parts one message holds: each non-text block is a part, and adding one copies the list. */
export const MAX_MESSAGE_PARTS = 1000;

/** What the chat shows under a message cut at the cap. */
export function truncatedNote(): string {
  return t(
    '…truncated: the agent sent more than {0} MiB or {1} parts in one message; the rest is not shown.',
    MAX_MESSAGE_CHARS / (1024 * 1024),
    MAX_MESSAGE_PARTS,
  );
}

/** The characters a message holds. O(parts), at most MAX_MESSAGE_PARTS. */
export function messageChars(parts: readonly MessagePart[]): number {
  let chars = 0;
  for (const part of parts) chars += part.kind === 'text' ? part.text.length : blockChars(part.block);
  return chars;
}

/** The strings a block carries that can be large (its data, text, uri and names); O(1). */
export function blockChars(block: acp.ContentBlock): number {
  const resource = (block as { resource?: unknown }).resource;
  return stringChars(block) + (typeof resource === 'object' && resource !== null ? stringChars(resource) : 0);
}

const SIZED_FIELDS = ['text', 'data', 'blob', 'uri', 'name', 'title', 'description', 'mimeType'] as const;

function stringChars(value: object): number {
  let chars = 0;
  for (const field of SIZED_FIELDS) {
    const item = (value as Record<string, unknown>)[field];
    if (typeof item === 'string') chars += item.length;
  }
  return chars;
}

/**
 * The first `length` characters of `text` (one fewer when that would split a surrogate pair), as a
 * string of their own: a slice would keep the whole chunk it came from alive for as long as the
 * thread holds the message. Once per message that reaches the cap.
 */
export function copyOfStart(text: string, length: number): string {
  return JSON.parse(JSON.stringify(text.slice(0, cutAt(text, length)))) as string;
}
