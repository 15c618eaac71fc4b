// The host asks for the composer's focus after Focus Chat or New Chat, once this webview has loaded
// and has the new chat's state. VS Code gives the webview the focus as it reveals the view, but a
// webview still loading can take seconds, and the user may have moved on meanwhile (clicked into an
// editor and started typing): focusing the composer then would take their keystrokes into the chat.
// So the request is applied only while this document has the focus, or when it gets it soon after
// (VS Code's own focus may arrive after our message); otherwise it lapses.

/** How long a request waits for the webview to get the focus before it lapses. */
export const FOCUS_WAIT_MS = 1000;

/** Runs `focus` now if `win`'s document has the focus, else when it gets it within FOCUS_WAIT_MS. */
export function focusWhenWebviewFocused(win: Window, focus: () => void): void {
  if (win.document.hasFocus()) {
    focus();
    return;
  }
  const onFocus = (): void => {
    win.clearTimeout(lapse);
    focus();
  };
  win.addEventListener('focus', onFocus, { once: true });
  const lapse = win.setTimeout(() => win.removeEventListener('focus', onFocus), FOCUS_WAIT_MS);
}
