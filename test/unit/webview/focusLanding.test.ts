// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { installFocusLanding } from '../../../webview/focusLanding';

/** The page as VS Code gives it the focus: a window focus event, then whatever the browser restores. */
async function windowFocus(): Promise<void> {
  window.dispatchEvent(new FocusEvent('focus'));
  await new Promise((resolve) => setTimeout(resolve, 5));
}

describe('focus landing on the chat page', () => {
  let calls = 0;
  const landing = (): void => void calls++;
  installFocusLanding(window, landing);
  const button = document.body.appendChild(document.createElement('button'));
  const paragraph = document.body.appendChild(document.createElement('p'));
  paragraph.textContent = 'some answer text to select';

  afterEach(() => {
    calls = 0;
    button.blur();
    window.getSelection()?.removeAllRanges();
    vi.restoreAllMocks();
  });

  it('gives the composer a focus VS Code put on the page with nothing focused in it', async () => {
    vi.spyOn(document, 'hasFocus').mockReturnValue(true);
    await windowFocus();
    expect(calls).toBe(1);
  });

  it('leaves a focus that comes back to an element of the page where it is', async () => {
    vi.spyOn(document, 'hasFocus').mockReturnValue(true);
    button.focus();
    await windowFocus();
    expect(calls).toBe(0);
  });

  it('leaves a click into the page alone (the reader may be selecting text)', async () => {
    vi.spyOn(document, 'hasFocus').mockReturnValue(true);
    paragraph.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    await windowFocus();
    expect(calls).toBe(0);
    // A focus long after that press is not its doing.
    vi.spyOn(Date, 'now').mockReturnValue(Date.now() + 1000);
    await windowFocus();
    expect(calls).toBe(1);
  });

  it('keeps a selection the reader made before the focus left', async () => {
    vi.spyOn(document, 'hasFocus').mockReturnValue(true);
    const range = document.createRange();
    range.selectNodeContents(paragraph);
    window.getSelection()?.addRange(range);
    await windowFocus();
    expect(calls).toBe(0);
  });

  it('does nothing when the page lost the focus again before it settled', async () => {
    vi.spyOn(document, 'hasFocus').mockReturnValue(false);
    await windowFocus();
    expect(calls).toBe(0);
  });
});
