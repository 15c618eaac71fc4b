// What "Edit" on a previous message tells the agent that goes on from there. Without session/fork
// the new session knows nothing, so it gets the conversation before the edited message as text
// (bounded: the oldest turns go first, and the text says so). With a fork the agent keeps the whole
// conversation, so it is told which part to disregard. Both go after the user's edited text (a slash
// command still starts the prompt), in a block of their own; the transcript shows only what the
// user typed. The same text, with its own first line, lets the user give a fresh agent the conversation by hand
// (conversationSummary). Pure.
import { t } from './l10n';
import { toolTitle } from './entryWords';
import type { Entry } from './thread';

/** The seed's budget in characters: a few pages of context, far below any agent's prompt limit. */
export const SEED_MAX_CHARS = 24_000;
/** One message's share at most, so one huge answer cannot push everything else out. */
const MESSAGE_MAX_CHARS = 4_000;
/** The excerpt of the edited message the transcript and the fork note show. */
export const EXCERPT_MAX_CHARS = 120;

function textOf(entry: Entry): string {
  if (entry.kind !== 'user' && entry.kind !== 'agent') return '';
  return entry.parts.map((part) => (part.kind === 'text' ? part.text : `[${part.block.type}]`)).join('');
}

function clip(text: string, max: number): string {
  const trimmed = text.trim();
  return trimmed.length <= max ? trimmed : `${trimmed.slice(0, max - 1)}…`;
}

/** The start of a message, on one line, for the transcript's marker and the fork note. */
export function messageExcerpt(entry: Entry | undefined): string {
  return clip((entry ? textOf(entry) : '').replace(/\s+/g, ' '), EXCERPT_MAX_CHARS);
}

/** One line per message or tool call of the conversation before `beforeIndex`, oldest first. */
function transcriptLines(entries: readonly Entry[], beforeIndex: number): string[] {
  const lines: string[] = [];
  for (const entry of entries.slice(0, Math.max(0, beforeIndex))) {
    if (entry.kind === 'user') lines.push(`User: ${clip(textOf(entry), MESSAGE_MAX_CHARS)}`);
    else if (entry.kind === 'agent') lines.push(`Assistant: ${clip(textOf(entry), MESSAGE_MAX_CHARS)}`);
    else if (entry.kind === 'tool')
      lines.push(`(tool call: ${clip(toolTitle(entry.tool), 200)}, ${entry.tool.status})`);
  }
  return lines.filter((line) => !/^(User|Assistant): $/.test(line));
}

/**
 * The text that seeds a new session with the conversation before the edited message, or null when
 * there was none (the edited message was the first one).
 */
export function conversationSeed(
  entries: readonly Entry[],
  beforeIndex: number,
  maxChars = SEED_MAX_CHARS,
  head = SEED_HEAD,
): string | null {
  const lines = transcriptLines(entries, beforeIndex);
  if (lines.length === 0) return null;
  // Newest turns matter most: keep from the end while the budget lasts.
  const kept: string[] = [];
  let size = 0;
  for (let i = lines.length - 1; i >= 0; i--) {
    const line = lines[i]!;
    if (size + line.length + 1 > maxChars) break;
    kept.unshift(line);
    size += line.length + 1;
  }
  const dropped = lines.length - kept.length;
  const gap = dropped > 0 ? [`(${dropped} earlier message${dropped === 1 ? '' : 's'} left out for length)`] : [];
  return [head, ...gap, ...kept].join('\n');
}

const SEED_HEAD =
  'Context: the message above continues an earlier conversation. This is what was said before it (for context only; do not act on it again):';

/**
 * For a chat whose agent starts fresh (it could not continue the session): the conversation before the marker
 * as text the user puts in the composer, reads and edits before sending. Null when there was none.
 */
export function conversationSummary(entries: readonly Entry[], beforeIndex: number): string | null {
  const head = t('For context, our conversation so far (the earlier session could not be continued):');
  return conversationSeed(entries, beforeIndex, SEED_MAX_CHARS, head);
}

/** The note before the edited text in a forked session: which part of the conversation to disregard. */
export function forkNote(editedExcerpt: string, laterMessages: number): string {
  return [
    `Context: the message above rewrites the user's earlier message "${editedExcerpt}".`,
    `Disregard that earlier message and everything after it (${laterMessages} message${laterMessages === 1 ? '' : 's'}), as if it had not been said;`,
    'files have been restored to how they were before it.',
  ].join(' ');
}
