// The context attached to the message being typed, as chips under the textarea: each says what it
// is, can be removed, and says in place when this agent cannot take it (that one stays here, it is
// not sent). Images come from paste or drop; files from "@", the editor commands, or a drop from
// the Explorer (VS Code passes the dragged files as a uri-list when Shift is held).
import type * as acp from '@agentclientprotocol/sdk';
import { controlState } from '../../../src/shared/controlRules';
import { contextLabel, contextSupport, IMAGE_MIME_TYPES, type ContextRef } from '../../../src/shared/promptContext';
import { button, h, replaceChildren, setHidden } from '../../dom';
import { visibleText } from '../../visibleText';
import { filePathFromUri } from '../tools/contentBlock';
import { t } from '../../l10n';

/** The host refuses larger images (chat/contextRefs.ts); said here before reading them. */
export const MAX_IMAGE_BYTES = 8 * 1024 * 1024;
const MAX_ATTACHED = 50;

export class AttachmentsView {
  readonly el = h('div', { class: 'composer-attachments', attrs: { 'aria-label': t('Attached context') } });
  private items: ContextRef[] = [];
  private caps: acp.AgentCapabilities | null | undefined = undefined;
  private agentName = t('This agent');
  /** A note about the last thing that could not be attached (too large, not an image). */
  private note = '';

  constructor(private readonly onChange: () => void = () => undefined) {
    this.el.hidden = true;
  }

  get attached(): readonly ContextRef[] {
    return this.items;
  }

  setCapabilities(caps: acp.AgentCapabilities | null | undefined, agentName: string): void {
    if (caps === this.caps && agentName === this.agentName) return;
    this.caps = caps;
    this.agentName = agentName;
    this.render();
  }

  private support(ref: ContextRef) {
    return contextSupport(ref, this.caps?.promptCapabilities, this.agentName);
  }

  add(refs: readonly ContextRef[]): void {
    for (const ref of refs) {
      if (this.items.length >= MAX_ATTACHED) break;
      if (!this.items.some((item) => sameRef(item, ref))) this.items.push(ref);
    }
    this.note = '';
    this.render();
  }

  /** What goes with the message; what the agent cannot take stays attached (and says why). */
  takeSendable(): ContextRef[] {
    const sendable = this.items.filter((ref) => this.support(ref).ok);
    this.items = this.items.filter((ref) => !this.support(ref).ok);
    this.note = '';
    this.render();
    return sendable;
  }

  showNote(note: string): void {
    this.note = note;
    this.render();
  }

  /** Images pasted or dropped: read as base64; other files and oversized images get a note. */
  async addFiles(files: readonly File[]): Promise<void> {
    for (const file of files) {
      if (!(IMAGE_MIME_TYPES as readonly string[]).includes(file.type)) {
        this.showNote(
          t('{0} is not an image; drag files from the Explorer with Shift held.', file.name || t('That file')),
        );
        continue;
      }
      if (file.size > MAX_IMAGE_BYTES) {
        this.showNote(t('{0} is larger than {1} MiB.', file.name || t('The image'), MAX_IMAGE_BYTES / 1024 / 1024));
        continue;
      }
      const data = await readBase64(file);
      if (data)
        this.add([
          { kind: 'image', name: file.name || `pasted-image.${file.type.slice(6)}`, mimeType: file.type, data },
        ]);
    }
  }

  /** A uri-list (one URI a line, `#` comments) from a drop: the file:// ones. */
  addUriList(list: string): void {
    const refs: ContextRef[] = [];
    for (const line of list.split(/\r?\n/)) {
      const uri = line.trim();
      if (uri === '' || uri.startsWith('#')) continue;
      const path = filePathFromUri(uri);
      if (path !== null && (path.startsWith('/') || /^[a-zA-Z]:\//.test(path))) refs.push({ kind: 'file', path });
    }
    this.add(refs);
  }

  private render(): void {
    const chips = this.items.map((ref, index) => this.chip(ref, index));
    const note = this.note ? h('span', { class: 'attachment-note', text: this.note, attrs: { role: 'status' } }) : null;
    replaceChildren(this.el, ...chips, note);
    setHidden(this.el, chips.length === 0 && !note);
    this.onChange();
  }

  private chip(ref: ContextRef, index: number): HTMLElement {
    const support = this.support(ref);
    // A file, selection or symbol goes with its text only when the agent takes embedded context;
    // otherwise as a link, which the chip says (its tooltip has the whole sentence).
    const embed = ref.kind === 'file' || ref.kind === 'selection' || ref.kind === 'symbol';
    const linkOnly = embed
      ? controlState('embedContext', { capabilities: this.caps, agentName: this.agentName })
      : null;
    const degraded = linkOnly?.kind === 'degraded' ? linkOnly.note : null;
    const path = 'path' in ref && ref.path ? ref.path : contextLabel(ref);
    const title = degraded ? `${path} (${degraded})` : path;
    return h(
      'span',
      {
        class: `context-chip${support.ok ? '' : ' unsupported'}${degraded ? ' link-only' : ''}`,
        data: { kind: ref.kind },
        title: visibleText(title),
      },
      h('span', { class: 'chip-label', text: visibleText(contextLabel(ref), { maxLength: 120 }) }),
      degraded ? h('span', { class: 'chip-note', text: t('link'), attrs: { 'aria-label': degraded } }) : null,
      support.ok ? null : h('span', { class: 'chip-warning', text: t('{0} Not sent.', support.reason) }),
      button(
        '×',
        'chip-remove',
        () => {
          this.items.splice(index, 1);
          this.render();
        },
        t('Remove {0}', visibleText(contextLabel(ref), { maxLength: 120 })),
      ),
    );
  }
}

function sameRef(a: ContextRef, b: ContextRef): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

function readBase64(file: File): Promise<string | null> {
  return new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => {
      const url = typeof reader.result === 'string' ? reader.result : '';
      const comma = url.indexOf(',');
      resolve(comma >= 0 ? url.slice(comma + 1) : null);
    };
    reader.onerror = () => resolve(null);
    reader.readAsDataURL(file);
  });
}
