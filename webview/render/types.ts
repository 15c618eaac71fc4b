// Shared shapes for the render modules.
import type { WebviewToHost } from '../../src/shared/messages';
import type { Entry } from '../../src/shared/thread';

export type Post = (msg: WebviewToHost) => void;

/** One transcript entry on screen. `update` is called only when the entry object changed. */
export interface EntryView {
  readonly el: HTMLElement;
  update(entry: Entry): void;
}
