// Shared shapes for the render modules.
import type { WebviewToHost } from '../../src/shared/messages';
import type { Entry } from '../../src/shared/thread';
import type { TextAppend } from '../store';

export type Post = (msg: WebviewToHost) => void;

/**
 * One transcript entry on screen. `update` is called only when the entry object changed;
 * `appended` says what streamed chunks appended to the newest text part (message views use it).
 */
export interface EntryView {
  readonly el: HTMLElement;
  update(entry: Entry, appended?: TextAppend | null): void;
}
