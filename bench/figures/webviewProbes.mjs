// Functions the code-server figures (vscode.mjs, vscodeAgents.mjs, idle.mjs) run inside the chat webview's frame
// (playwright's frame.evaluate): each installs a probe and leaves a reader on globalThis. They are serialised, so
// each is self-contained. The frame itself is found by codeServerChat.mjs webviewFrame.

/**
 * Start-up of a new chat: when the first frame shows the new chat usable (its agent ready: no connection banner;
 * the composer enabled and focused), in epoch ms. The new chat is known by the snapshot of another thread than
 * the one shown at the reset; its frames are checked from the one that renders that snapshot on.
 */
export function watchStartup() {
  let state = null;
  /** The thread of the newest snapshot: the chat shown at the reset. */
  let latest = null;
  /** What keeps the shown chat from being usable (empty when it is). */
  const missing = () => {
    const header = document.querySelector('header.header');
    const banner = /** @type {HTMLElement | null} */ (document.querySelector('.connection-banner'));
    const composer = /** @type {HTMLTextAreaElement | null} */ (document.querySelector('#composer'));
    return [
      header === null || header.classList.contains('no-thread') ? 'no chat' : '',
      banner !== null && !banner.hidden ? 'agent not ready' : '',
      composer === null || composer.disabled ? 'composer disabled' : '',
      document.activeElement !== composer ? `focus on ${document.activeElement?.tagName}` : '',
    ].filter(Boolean);
  };
  const check = () => {
    state.frames++;
    state.missing = missing();
    if (state.missing.length === 0) state.readyAt = performance.timeOrigin + performance.now();
    else requestAnimationFrame(check);
  };
  // Added after the app's listener, so it runs after the app scheduled its frame: the first check is in that frame.
  window.addEventListener('message', (event) => {
    const now = performance.timeOrigin + performance.now();
    // When the last message before the usable frame came: the host's part of the wait ends there.
    if (state?.threadId && state.readyAt === null) state.lastMessageAt = now;
    if (state && state.readyAt === null && globalThis.__benchStartupTrace) {
      const actions = Array.isArray(event.data?.actions) ? event.data.actions : [];
      state.trace.push([event.data?.type, now, actions.map((a) => a?.type).join(',')]);
    }
    if (event.data?.type !== 'snapshot') return;
    const id = event.data.thread?.key?.threadId ?? null;
    latest = id;
    if (!state || state.threadId !== null || id === null || id === state.before) return;
    state.threadId = id;
    state.snapshotAt = now;
    state.lastMessageAt = now;
    requestAnimationFrame(check);
  });
  globalThis.__benchStartupReset = () => {
    state = {
      before: latest,
      threadId: null,
      snapshotAt: null,
      lastMessageAt: null,
      readyAt: null,
      frames: 0,
      missing: [],
      trace: [],
    };
  };
  globalThis.__benchStartup = () => state;
}

/**
 * The webview's own work while nothing happens: every timer, animation frame and idle callback armed from now
 * on (counted, their callbacks timed, where they were armed), the messages that arrive, long animation frames,
 * and CSS animations running. A loop re-arms itself, so a loop started before the probe is caught too.
 */
export function watchIdleWork() {
  const work = { callbacks: 0, ms: 0, messages: 0, longFrames: [], sources: {} };
  let counting = false;
  const origin = () => {
    const line = (new Error().stack ?? '').split('\n').find((l) => /webview\.js|index\.js/.test(l)) ?? 'unknown';
    return line.trim().slice(0, 160);
  };
  const timed = (kind, callback) => {
    // Outside the window the callback is left as it is: the probe must not add garbage to the stream it watches.
    if (!counting) return callback;
    const where = `${kind} ${origin()}`;
    /** @this {unknown} */
    return function (...args) {
      const start = performance.now();
      try {
        return callback.apply(this, args);
      } finally {
        if (counting) {
          work.callbacks++;
          work.ms += performance.now() - start;
          work.sources[where] = (work.sources[where] ?? 0) + 1;
        }
      }
    };
  };
  for (const name of ['setTimeout', 'setInterval', 'requestAnimationFrame', 'requestIdleCallback']) {
    const original = window[name];
    if (typeof original !== 'function') continue;
    window[name] = function (callback, ...rest) {
      return original.call(window, typeof callback === 'function' ? timed(name, callback) : callback, ...rest);
    };
  }
  window.addEventListener('message', () => counting && work.messages++, true);
  new window.PerformanceObserver((list) => {
    if (!counting) return;
    // Long animation frames (Chromium): their entries carry the scripts that ran, which lib.dom does not type.
    for (const entry of /** @type {any[]} */ (list.getEntries()))
      work.longFrames.push({
        duration: Math.round(entry.duration),
        scripts: (entry.scripts ?? []).map((s) => `${s.invoker} ${s.sourceFunctionName} ${Math.round(s.duration)}ms`),
      });
  }).observe({ type: 'long-animation-frame', buffered: false });
  globalThis.__benchIdleStart = () => {
    counting = true;
    work.callbacks = 0;
    work.ms = 0;
    work.messages = 0;
    work.longFrames = [];
    work.sources = {};
  };
  globalThis.__benchIdle = () => ({
    ...work,
    animations: document
      .getAnimations()
      .filter((a) => a.playState === 'running')
      .map((a) => /** @type {any} */ (a))
      .map((a) => `${a.animationName ?? a.constructor.name} on ${a.effect?.target?.className ?? '?'}`),
  });
}

/**
 * Frames from now for `ms`: every gap between animation frames, and the long animation frames with the scripts
 * that ran in them (what a late long frame was), times in epoch ms. Run in the webview for its frames, and in the
 * workbench's page for its long frames (the two share a renderer process in code-server: one main thread).
 */
export function watchFrames(ms) {
  const state = { gaps: [], longFrames: [], done: false };
  const until = performance.now() + ms;
  let last = null;
  const tick = (t) => {
    if (last !== null) state.gaps.push({ at: Math.round(performance.timeOrigin + t), gap: t - last });
    last = t;
    if (t < until) requestAnimationFrame(tick);
    else state.done = true;
  };
  requestAnimationFrame(tick);
  const observer = new window.PerformanceObserver((list) => {
    for (const entry of /** @type {any[]} */ (list.getEntries()))
      state.longFrames.push({
        at: Math.round(performance.timeOrigin + entry.startTime),
        duration: Math.round(entry.duration),
        blocking: Math.round(entry.blockingDuration ?? 0),
        render: Math.round(entry.startTime + entry.duration - (entry.renderStart || entry.startTime)),
        scripts: (entry.scripts ?? []).map(
          (s) => `${s.invoker} ${s.sourceFunctionName} ${s.sourceURL?.split('/').pop()} ${Math.round(s.duration)}ms`,
        ),
      });
    if (performance.now() > until) observer.disconnect();
  });
  observer.observe({ type: 'long-animation-frame', buffered: false });
  globalThis.__benchFrames = () => state;
}

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
