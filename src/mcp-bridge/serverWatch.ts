// While the agent sends nothing the bridge would not notice that the editor's MCP server went away (the window
// closed, the extension host crashed) and would linger as long as its agent does. So it knocks at the server's port
// every few seconds: a TCP connect, closed at once, that the server does not even read. Refused means nobody
// listens there any more.
import * as net from 'node:net';

/** How often the port is knocked at: the bridge of a server that is gone exits within about this long. */
export const WATCH_INTERVAL_MS = 2_000;

/** Calls `gone` once the server's port refuses a connection; the returned function stops watching. */
export function watchServer(url: URL, gone: (reason: string) => void, intervalMs = WATCH_INTERVAL_MS): () => void {
  let knocking = false;
  const timer = setInterval(() => {
    if (knocking) return;
    knocking = true;
    const socket = net.connect({ host: url.hostname, port: Number(url.port) });
    socket.setTimeout(intervalMs, () => socket.destroy());
    socket.once('connect', () => socket.destroy());
    socket.once('close', () => (knocking = false));
    socket.once('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ECONNREFUSED') gone(`the editor's MCP server at ${url.origin} is gone (connection refused)`);
    });
  }, intervalMs);
  // The watch alone keeps nothing alive: the bridge lives as long as the agent's pipe to it.
  timer.unref();
  return () => clearInterval(timer);
}
