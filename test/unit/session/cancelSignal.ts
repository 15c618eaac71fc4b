// A cancel signal a test fires itself, as the agent's $/cancel_request would; it counts its live listeners
// (each request must dispose its own once answered).
import type { CancelSignal } from '../../../src/session/api';

export function cancelSignal(): CancelSignal & { fire(): void; listeners: number } {
  const listeners = new Set<() => void>();
  return {
    isCancellationRequested: false,
    get listeners() {
      return listeners.size;
    },
    fire() {
      (this as { isCancellationRequested: boolean }).isCancellationRequested = true;
      for (const listener of [...listeners]) listener();
    },
    onCancellationRequested(listener) {
      listeners.add(listener);
      return { dispose: () => void listeners.delete(listener) };
    },
  };
}
