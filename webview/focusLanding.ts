// Where the keyboard goes when VS Code gives the chat's webview the focus and nothing in it has it.
// VS Code moves the focus into a webview by itself (Focus Chat, New Chat, a view it was asked to
// show, a part reached with F6), sometimes after the user already clicked elsewhere: New Chat then a
// quick click into an editor left the focus on the webview's page, where typing went nowhere
// (docs/features.md, The composer). A focus that lands on the page without a pointer goes to the composer: the
// typing is then visible and kept. A click (into the transcript, to select text) is the user's own
// choice and keeps its place, as does a selection the reader made before leaving.

/** A window focus this soon after a pointer press in the page is that press's doing. */
const POINTER_WINDOW_MS = 500;

export function installFocusLanding(win: Window, focusComposer: () => void): void {
  let pressedAt = Number.NEGATIVE_INFINITY;
  win.addEventListener('pointerdown', () => (pressedAt = Date.now()), { capture: true, passive: true });
  win.addEventListener('focus', () => {
    if (Date.now() - pressedAt < POINTER_WINDOW_MS) return;
    // The browser puts the focus back where it was in the page after the event: look once it has.
    setTimeout(() => {
      const doc = win.document;
      if (!doc.hasFocus()) return;
      const active = doc.activeElement;
      if (active !== null && active !== doc.body) return;
      if (win.getSelection()?.isCollapsed === false) return;
      focusComposer();
    }, 0);
  });
}
