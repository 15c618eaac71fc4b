// Context that joins a message without the @ button: "@" typed at the start of a word opens the
// host's picker; images pasted, and files or editor URIs dropped, become chips (AttachmentsView).
import type { AttachmentsView } from './attachments';

/** "@" typed at the start of a word opens the picker; the "@" itself is taken out. */
export function takeTypedMention(textarea: HTMLTextAreaElement, event: Event): boolean {
  const input = event as InputEvent;
  if (input.inputType !== 'insertText' || input.data !== '@') return false;
  const caret = textarea.selectionStart ?? 0;
  const text = textarea.value;
  if (text[caret - 1] !== '@' || (caret >= 2 && !/\s/.test(text[caret - 2]!))) return false;
  textarea.value = text.slice(0, caret - 1) + text.slice(caret);
  textarea.setSelectionRange(caret - 1, caret - 1);
  return true;
}

/** Pasted images into the textarea, dropped files and URIs onto the composer `el`, go to `attachments`. */
export function acceptPastedAndDropped(
  el: HTMLElement,
  textarea: HTMLTextAreaElement,
  attachments: AttachmentsView,
): void {
  textarea.addEventListener('paste', (event) => {
    const files = [...(event.clipboardData?.files ?? [])].filter((file) => file.type.startsWith('image/'));
    if (files.length === 0) return; // text pastes as usual
    event.preventDefault();
    void attachments.addFiles(files);
  });
  el.addEventListener('dragover', (event) => {
    const types = [...(event.dataTransfer?.types ?? [])];
    if (types.includes('Files') || types.includes('text/uri-list') || types.includes('application/vnd.code.uri-list')) {
      event.preventDefault();
      if (event.dataTransfer) event.dataTransfer.dropEffect = 'copy';
    }
  });
  el.addEventListener('drop', (event) => {
    const transfer = event.dataTransfer;
    if (!transfer) return;
    const uris = transfer.getData('application/vnd.code.uri-list') || transfer.getData('text/uri-list');
    const files = [...transfer.files];
    if (!uris && files.length === 0) return;
    event.preventDefault();
    if (uris) attachments.addUriList(uris);
    else void attachments.addFiles(files);
  });
}
