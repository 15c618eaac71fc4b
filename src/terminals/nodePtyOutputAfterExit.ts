// A workaround for node-pty 1.1.0 (lib/unixTerminal.js): 200 ms after the child exits it destroys its read
// socket if the socket has not closed by itself, and on a busy host that throws away output still buffered (the
// end of a big build log). This file is the only place that reaches into node-pty's private members (`_socket`,
// `_fd`); if they are missing (another node-pty version), it does nothing and node-pty's own behaviour applies.
// Check it again when node-pty is upgraded.
import { readSync } from 'node:fs';
import { StringDecoder } from 'node:string_decoder';
import type { IPty } from 'node-pty';

/**
 * node-pty destroys its read socket 200 ms after the child exited if the socket has not closed by
 * itself; on a busy host that throws away the last output still buffered (the end of a big
 * build log). Postpone that destroy until the socket has been quiet for a moment (at most 3 s).
 * Reaches into node-pty's private `_socket`; without it, behaviour is node-pty's own.
 */
export function keepOutputPastExit(child: IPty): void {
  const socket = (
    child as unknown as {
      _socket?: {
        destroy?: (...args: unknown[]) => unknown;
        resume?: () => void;
        isPaused?: () => boolean;
        on?: (event: string, listener: () => void) => void;
      };
    }
  )._socket;
  if (!socket || typeof socket.destroy !== 'function' || typeof socket.on !== 'function') return;
  const destroy = socket.destroy.bind(socket);
  let lastData = Date.now();
  socket.on('data', () => (lastData = Date.now()));
  const started = { at: 0 };
  socket.destroy = (...args: unknown[]) => {
    started.at ||= Date.now();
    if (socket.isPaused?.()) {
      // Paused by back-pressure: the child is gone, so what is left is bounded; read it.
      socket.resume?.();
      lastData = Date.now();
    }
    const quiet = Date.now() - lastData >= 60;
    if (quiet || Date.now() - started.at > 3000) {
      drainSync(child, socket as unknown as { emit(event: string, data: string): void });
      return destroy(...args);
    }
    socket.resume?.();
    setTimeout(() => socket.destroy!(...args), 30);
    return socket;
  };
}

/** Reads what the kernel still holds for the pty (non-blocking) and hands it to the listeners. */
function drainSync(child: IPty, socket: { emit(event: string, data: string): void }): void {
  const fd = (child as unknown as { _fd?: number })._fd;
  if (typeof fd !== 'number') return;
  const decoder = new StringDecoder('utf8');
  const buffer = Buffer.alloc(64 * 1024);
  for (let reads = 0; reads < 1024; reads++) {
    let count: number;
    try {
      count = readSync(fd, buffer, 0, buffer.length, null);
    } catch {
      break; // EAGAIN: nothing left; EIO: the other side is closed and empty
    }
    if (count <= 0) break;
    const text = decoder.write(buffer.subarray(0, count));
    if (text) socket.emit('data', text);
  }
  const rest = decoder.end();
  if (rest) socket.emit('data', rest);
}
