// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FOCUS_WAIT_MS } from '../../../webview/focusRequest';
import { mount, READY, thread } from './helpers';

function askForFocus() {
  const m = mount();
  m.snapshot(thread(READY));
  const composer = m.$('#composer') as HTMLTextAreaElement;
  const elsewhere = document.body.appendChild(document.createElement('button'));
  elsewhere.focus();
  elsewhere.blur();
  m.app.receive({ type: 'focusComposer' });
  m.frames.splice(0).forEach((cb) => cb());
  return { composer };
}

describe('the host asking for the composer focus (Focus Chat, New Chat)', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.useRealTimers();
  });

  it('focuses the composer at once while the webview has the focus', () => {
    vi.spyOn(document, 'hasFocus').mockReturnValue(true);
    const { composer } = askForFocus();
    expect(document.activeElement).toBe(composer);
  });

  it('waits while the webview does not have the focus, and focuses the composer when VS Code gives it', () => {
    vi.useFakeTimers();
    vi.spyOn(document, 'hasFocus').mockReturnValue(false);
    const { composer } = askForFocus();
    expect(document.activeElement).not.toBe(composer);
    vi.advanceTimersByTime(FOCUS_WAIT_MS / 2);
    window.dispatchEvent(new FocusEvent('focus'));
    expect(document.activeElement).toBe(composer);
  });

  it('lapses when the webview does not get the focus soon: the user moved on, the focus stays theirs', () => {
    vi.useFakeTimers();
    vi.spyOn(document, 'hasFocus').mockReturnValue(false);
    const { composer } = askForFocus();
    vi.advanceTimersByTime(FOCUS_WAIT_MS);
    // The user comes back to the chat later, by a click somewhere in it: the old request is gone.
    window.dispatchEvent(new FocusEvent('focus'));
    expect(document.activeElement).not.toBe(composer);
  });
});
