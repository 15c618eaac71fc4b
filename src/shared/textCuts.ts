// Where a text can be cut without splitting a surrogate pair (half an emoji would show as a
// replacement character): the webview renders and shows streamed text in pieces (message.ts,
// markdown.ts, queuedText.ts), cuts long tool text, and the reducer cuts a message at its cap.

/** `count`, or one less when that would end between the two halves of a surrogate pair. */
export function cutAt(text: string, count: number): number {
  const code = text.charCodeAt(count - 1);
  return code >= 0xd800 && code <= 0xdbff ? count - 1 : count;
}

/** `count` characters from the end of `text`, or one less when that would start inside a surrogate pair. */
export function cutBack(text: string, count: number): number {
  const code = text.charCodeAt(text.length - count);
  return code >= 0xdc00 && code <= 0xdfff ? count - 1 : count;
}
