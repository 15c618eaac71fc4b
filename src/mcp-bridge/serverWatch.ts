// While the agent sends nothing the bridge would not notice that the editor's MCP server went away (the window
// closed, the extension host crashed) and would linger as long as its agent does. So it holds one TCP connection to
// the server's port, on which it sends nothing: when the server goes, the system closes it, and connecting again is
// refused. Nobody listening there any more is the sign. No timer runs meanwhile: knocking at the port every 2 s woke
// the extension host once per knock for every chat, with nothing going on. The server closes a connection that sends
// no request after its headers timeout (about 10-40 s in Node); the bridge then connects again.
import * as net from 'node:net';

/** Connections are made at most this often (a server that closes each at once is not hammered). */
export const WATCH_INTERVAL_MS = 2_000;

/** Calls `gone` once the server's port refuses a connection; the returned function stops watching. */
export function watchServer(url: URL, gone: (reason: string) => void, intervalMs = WATCH_INTERVAL_MS): () => void {
  let stopped = false;
  let socket: net.Socket | undefined;
  let again: ReturnType<typeof setTimeout> | undefined;
  const hold = (): void => {
    const connectedAt = Date.now();
    socket = net.connect({ host: url.hostname, port: Number(url.port) });
    // The watch alone keeps nothing alive: the bridge lives as long as the agent's pipe to it.
    socket.unref();
    socket.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'ECONNREFUSED' || stopped) return;
      stopped = true;
      gone(`the editor's MCP server at ${url.origin} is gone (connection refused)`);
    });
    socket.on('close', () => {
      if (stopped) return;
      again = setTimeout(hold, Math.max(0, connectedAt + intervalMs - Date.now()));
      again.unref();
    });
  };
  hold();
  return () => {
    stopped = true;
    clearTimeout(again);
    socket?.destroy();
  };
}
