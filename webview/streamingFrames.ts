// Which frames may wait. While an agent streams fast, almost every animation frame finds only more
// text in the message being written; re-rendering that message's open block costs about a block's
// full render (lex, sanitise, patch, layout) each time, and most of a fast stream's rendering is
// that. So a frame whose only change is streamed text growing, right after a frame that rendered
// the same kind of change, waits one frame: the streaming message updates 30 times a second
// instead of 60, everything else (a new entry, a tool call, a permission, the end of the turn)
// still renders in the very next frame, and nothing waits more than one frame. A frame after a key typed in the
// webview waits too (webview/app.ts): the typed character is painted without a markdown render before it.
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
