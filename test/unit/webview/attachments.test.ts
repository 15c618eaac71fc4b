// @vitest-environment jsdom
// Context in the composer: "@" asks the host's picker, picked context shows as chips that go with
// the message as references, what the agent cannot take says so in place and stays, pasted
// images and files dropped from the Explorer join the message, sent mentions open at their line.
import { describe, expect, it } from 'vitest';
import type { ThreadAction } from '../../../src/shared/actions';
import type { ContextRef } from '../../../src/shared/promptContext';
import { key, mount, READY, thread, type } from './helpers';

const FILE: ContextRef = { kind: 'file', path: '/ws/src/a.ts' };
const SELECTION: ContextRef = { kind: 'selection', path: '/ws/src/b.ts', range: { startLine: 3, endLine: 7 } };

function ready(caps: { image?: boolean; embeddedContext?: boolean } = {}) {
  const m = mount();
  const actions: ThreadAction[] = READY.map((action) =>
    action.type === 'initialized' ? { ...action, agentCapabilities: { promptCapabilities: caps } } : action,
  );
  m.snapshot(thread(actions));
  const composer = m.$('#composer') as HTMLTextAreaElement;
  const chips = () => m.$$('.context-chip').map((chip) => chip.querySelector('.chip-label')!.textContent);
  return { ...m, composer, chips };
}

/** Types one character the way a browser does: value changes, then an input event with its data. */
function typeChar(textarea: HTMLTextAreaElement, char: string): void {
  const caret = textarea.selectionStart ?? textarea.value.length;
  textarea.value = textarea.value.slice(0, caret) + char + textarea.value.slice(caret);
  textarea.setSelectionRange(caret + 1, caret + 1);
  textarea.dispatchEvent(new InputEvent('input', { inputType: 'insertText', data: char, bubbles: true }));
}

describe('attached context', () => {
  it('"@" at the start of a word asks the host for its picker and is taken out; inside a word it is text', () => {
    const m = ready();
    typeChar(m.composer, '@');
    expect(m.posted).toEqual([{ type: 'pickContext' }]);
    expect(m.composer.value).toBe('');
    for (const char of 'see me@x') typeChar(m.composer, char);
    expect(m.composer.value).toBe('see me@x');
    expect(m.posted).toHaveLength(1);
    typeChar(m.composer, ' ');
    typeChar(m.composer, '@');
    expect(m.posted).toHaveLength(2);
    expect(m.composer.value).toBe('see me@x ');
    m.$('.add-context').click();
    expect(m.posted.at(-1)).toEqual({ type: 'pickContext' });
  });

  it('picked context shows as chips, goes with the message as references, and clears once sent', () => {
    const m = ready();
    m.app.receive({ type: 'contextPicked', items: [FILE, SELECTION, FILE] });
    expect(m.chips()).toEqual(['a.ts', 'b.ts:3-7']);
    m.$$('.chip-remove')[0]!.click();
    expect(m.chips()).toEqual(['b.ts:3-7']);
    m.app.receive({ type: 'contextPicked', items: [FILE] });
    type(m.composer, 'explain');
    key(m.composer, 'Enter');
    expect(m.posted).toEqual([{ type: 'prompt', text: 'explain', context: [SELECTION, FILE] }]);
    expect(m.chips()).toEqual([]);
    expect(m.$('.composer-attachments').hidden).toBe(true);
  });

  it('an image the agent cannot take says so in place and stays; the rest is sent', () => {
    const m = ready({ image: false });
    const image: ContextRef = { kind: 'image', name: 'shot.png', mimeType: 'image/png', data: 'iVBORw==' };
    m.app.receive({ type: 'contextPicked', items: [image, FILE] });
    const chip = m.$('.context-chip.unsupported');
    expect(chip.querySelector('.chip-warning')!.textContent).toBe(
      'Demo Agent does not support images in messages (it does not advertise promptCapabilities.image). Not sent.',
    );
    type(m.composer, 'look');
    key(m.composer, 'Enter');
    expect(m.posted).toEqual([{ type: 'prompt', text: 'look', context: [FILE] }]);
    expect(m.chips()).toEqual(['shot.png']);
    // An agent that takes images: the same chip is fine.
    const n = ready({ image: true });
    n.app.receive({ type: 'contextPicked', items: [image] });
    expect(n.$$('.context-chip.unsupported')).toEqual([]);
  });

  it('a file goes as a link when the agent takes no embedded context, and its chip says so; with it, no note', () => {
    const m = ready({ embeddedContext: false });
    m.app.receive({ type: 'contextPicked', items: [FILE, SELECTION, { kind: 'problems', path: null }] });
    const notes = m.$$('.context-chip').map((chip) => chip.querySelector('.chip-note')?.getAttribute('aria-label'));
    const why =
      'Sent as a link, not its text: Demo Agent does not support file contents attached to messages (it does not advertise promptCapabilities.embeddedContext).';
    expect(notes).toEqual([why, why, undefined]);
    expect(m.$('.context-chip.link-only').title).toBe(`/ws/src/a.ts (${why})`);
    expect(m.$$('.context-chip.unsupported')).toEqual([]);
    const n = ready({ embeddedContext: true });
    n.app.receive({ type: 'contextPicked', items: [FILE, SELECTION] });
    expect(n.$$('.chip-note')).toEqual([]);
    expect(n.$$('.context-chip.link-only')).toEqual([]);
  });

  it('a pasted image joins the message (base64), an oversized one gets a note; text pastes as text', async () => {
    const m = ready({ image: true });
    const png = new File([new Uint8Array([137, 80, 78, 71])], 'shot.png', { type: 'image/png' });
    const paste = new Event('paste', { bubbles: true, cancelable: true }) as ClipboardEvent;
    Object.defineProperty(paste, 'clipboardData', { value: { files: [png] } });
    m.composer.dispatchEvent(paste);
    expect(paste.defaultPrevented).toBe(true);
    await expect.poll(() => m.chips()).toEqual(['shot.png']);
    const textPaste = new Event('paste', { bubbles: true, cancelable: true }) as ClipboardEvent;
    Object.defineProperty(textPaste, 'clipboardData', { value: { files: [] } });
    m.composer.dispatchEvent(textPaste);
    expect(textPaste.defaultPrevented).toBe(false);
    const huge = new File([new Uint8Array(8 * 1024 * 1024 + 1)], 'huge.png', { type: 'image/png' });
    const hugePaste = new Event('paste', { bubbles: true, cancelable: true }) as ClipboardEvent;
    Object.defineProperty(hugePaste, 'clipboardData', { value: { files: [huge] } });
    m.composer.dispatchEvent(hugePaste);
    await expect.poll(() => m.$('.attachment-note').textContent).toMatch(/larger than 8 MiB/);
    type(m.composer, 'see');
    key(m.composer, 'Enter');
    expect(m.posted).toEqual([
      {
        type: 'prompt',
        text: 'see',
        context: [{ kind: 'image', name: 'shot.png', mimeType: 'image/png', data: 'iVBORw==' }],
      },
    ]);
  });

  it('files dropped from the Explorer (a uri-list) join as file references; other URIs are ignored', () => {
    const m = ready();
    const drop = new Event('drop', { bubbles: true, cancelable: true }) as DragEvent;
    const data: Record<string, string> = {
      'application/vnd.code.uri-list':
        'file:///ws/src/a.ts\r\n# comment\r\nhttps://example.com/x\r\nfile:///ws/My%20Dir',
    };
    Object.defineProperty(drop, 'dataTransfer', { value: { getData: (t: string) => data[t] ?? '', files: [] } });
    m.$('.composer').dispatchEvent(drop);
    expect(drop.defaultPrevented).toBe(true);
    expect(m.chips()).toEqual(['a.ts', 'My Dir']);
  });

  it('a sent selection mention opens its file at the line', () => {
    const m = ready();
    m.act({
      type: 'promptSent',
      prompt: [
        { type: 'text', text: 'why' },
        { type: 'resource_link', uri: 'file:///ws/src/b.ts#L3-L7', name: 'b.ts:3-7' },
      ],
    });
    const link = m.$('.entry.user .resource-link');
    expect(link.textContent).toBe('b.ts:3-7');
    link.click();
    expect(m.posted).toEqual([{ type: 'openLocation', path: '/ws/src/b.ts', line: 3 }]);
  });
});
