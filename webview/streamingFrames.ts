// Which frames may wait. Streamed text renders in the frame after it arrives: a frame whose only
// change is streamed text growing shows the new text as plain text at the end of the open block
// (queuedText.ts), and the markdown passes that re-render the open block come a few times a second
// however often frames come (message.ts, MAX_QUEUED_FRAMES), so rendering every frame costs little
// more than the browser's own layout of the text. (Letting every second text-only frame wait saved
// about a tenth of a fast stream's rendering but cost a frame of latency on every chunk: the chunk-to-DOM
// p95 in code-server read 48 ms against 34 ms rendering every frame, docs/performance.md.)
// One frame waits: a text-only frame after a key typed in the webview (webview/app.ts), so the typed
// character is painted without the stream's work before it; never two frames running.
import type { MessagePart, ThreadState } from '../src/shared/thread';
import type { ViewState } from './store';

/**
 * True when `next` differs from `shown` only by the text of the last entry's last text part; false
 * (render everything) when the state is too malformed to compare. The thread renderer uses it too:
 * such a frame changes nothing but the transcript.
 */
export function onlyStreamingTextGrew(shown: ViewState, next: ViewState): boolean {
  try {
    return textGrewOnly(shown, next);
  } catch {
    return false;
  }
}

function textGrewOnly(shown: ViewState, next: ViewState): boolean {
  if (
    shown === next ||
    shown.agents !== next.agents ||
    shown.defaultAgentId !== next.defaultAgentId ||
    shown.chats !== next.chats ||
    shown.workspaceFolders !== next.workspaceFolders
  )
    return false;
  const [a, b] = [shown.thread, next.thread];
  if (!a || !b || a === b || !sameExceptEntries(a, b)) return false;
  const count = b.entries.length;
  if (count === 0 || a.entries.length !== count) return false;
  for (let i = 0; i < count - 1; i++) if (a.entries[i] !== b.entries[i]) return false;
  const [before, after] = [a.entries[count - 1]!, b.entries[count - 1]!];
  if (before.id !== after.id || !('parts' in before) || !('parts' in after)) return false;
  return onlyLastTextGrew(before.parts, after.parts);
}

function sameExceptEntries(a: ThreadState, b: ThreadState): boolean {
  const keys = Object.keys(b) as (keyof ThreadState)[];
  if (keys.length !== Object.keys(a).length) return false;
  return keys.every((key) => key === 'entries' || key === 'toolIndex' || a[key] === b[key]);
}

function onlyLastTextGrew(before: MessagePart[], after: MessagePart[]): boolean {
  const count = after.length;
  if (count === 0 || before.length !== count) return false;
  for (let i = 0; i < count - 1; i++) if (before[i] !== after[i]) return false;
  const [last, next] = [before[count - 1]!, after[count - 1]!];
  return last.kind === 'text' && next.kind === 'text' && next.text.length > last.text.length;
}
