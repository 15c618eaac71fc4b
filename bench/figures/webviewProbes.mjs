// What the code-server figures run inside the chat webview (vscode.mjs, vscodeAgents.mjs), and how they find it.

/** Runs in the webview frame: records latency per marker as it lands in the DOM. */
export function observeMarkers() {
  const seen = new Map();
  const marker = /⟦(\d+)@(\d+)⟧/g;
  // Where to scan from: the newest marker seen so far, found again in the text (a markdown pass moves the text
  // around it: the plain text it replaces is longer, so an offset kept from the last scan could skip markers).
  let newest = null;
  let target = null;
  const scan = () => {
    const now = Date.now();
    const entries = document.querySelectorAll('.entry.agent');
    const last = entries[entries.length - 1];
    if (!last) return;
    if (last !== target) {
      target = last;
      newest = null;
    }
    const text = last.textContent ?? '';
    marker.lastIndex = newest === null ? 0 : Math.max(0, text.lastIndexOf(`⟦${newest}@`));
    for (let m = marker.exec(text); m; m = marker.exec(text)) {
      if (!seen.has(m[1])) seen.set(m[1], now - Number(m[2]));
      newest = m[1];
    }
  };
  const observer = new MutationObserver(scan);
  observer.observe(document.body, { childList: true, subtree: true, characterData: true });
  globalThis.__benchLatencies = () => [...seen.values()];
  // When each marker's message reached the webview: splits the latency into the host and transport
  // part and the webview's own (stops with the observer, so the burst's large messages are not read).
  const received = new Map();
  const onMessage = (event) => {
    const now = Date.now();
    const text = JSON.stringify(event.data);
    for (const m of text.matchAll(/⟦(\d+)@(\d+)⟧/g)) if (!received.has(m[1])) received.set(m[1], now - Number(m[2]));
  };
  window.addEventListener('message', onMessage, true);
  globalThis.__benchReceived = () => [...received.values()];
  // Before the burst: the observer reads the newest entry's whole text on every mutation, which would
  // be counted in the burst's frames.
  globalThis.__benchStopMarkers = () => {
    observer.disconnect();
    window.removeEventListener('message', onMessage, true);
  };
}

/** The chat webview's inner frame (iframe.webview > #active-frame) as a playwright Frame. */
export async function webviewFrame(page) {
  for (const frame of page.frames()) {
    if (await frame.$('#composer').catch(() => null)) return frame;
  }
  throw new Error('the chat webview frame was not found');
}
