// read_file, write_file and edit_file of the editor's MCP server, through the chat session's own fs handlers: a
// read sees the editor's unsaved text and the same policy for paths outside the workspace (asked, or refused by
// switchboard.fs.readOutsideWorkspace); a write asks in a card first (toolCards.ts), then goes where the agent's
// fs/write_text_file goes: merged onto the user's unsaved typing, saved through the editor, recorded for review
// (Keep / Undo per hunk), its diff on the card.
import type { CancelSignal, OpenEditorSession } from '../../session/api';
import { t } from '../../shared/l10n';
import { errorMessage } from '../../shared/errorMessage';
import { absoluteToolPath, boundedText, failed, ok, shownPath, type ToolResult } from './toolResults';
import { ToolCard } from './toolCards';

/** Lines one read returns when the agent names no limit: a whole big file is rarely what it needs. */
export const DEFAULT_READ_LINES = 2000;

export interface ReadArgs {
  path: string;
  /** 1-based first line. */
  line?: number;
  limit?: number;
}

export async function readFile(session: OpenEditorSession, args: ReadArgs, signal: CancelSignal): Promise<ToolResult> {
  const filePath = absoluteToolPath(args.path, session.cwd);
  const limit = args.limit ?? DEFAULT_READ_LINES;
  const { content } = await session.requests.readTextFile(
    { sessionId: session.sessionId, path: filePath, line: args.line ?? null, limit },
    signal,
  );
  const lines = content === '' ? 0 : content.split('\n').length;
  const more =
    lines >= limit ? `\n[showing ${limit} lines from line ${args.line ?? 1}; pass line and limit for more]` : '';
  return ok(boundedText(content, undefined, 'pass line and limit to read a part') + more);
}

export interface WriteArgs {
  path: string;
  content: string;
}

export async function writeFile(
  session: OpenEditorSession,
  args: WriteArgs,
  signal: CancelSignal,
): Promise<ToolResult> {
  const filePath = absoluteToolPath(args.path, session.cwd);
  const shown = shownPath(filePath, session.cwd);
  const card = new ToolCard(session);
  card.show({
    title: t('Write {0}', shown),
    kind: 'edit',
    locations: [{ path: filePath }],
    rawInput: { path: filePath, characters: args.content.length },
  });
  return written(card, session, filePath, args.content, signal, shown);
}

export interface EditArgs {
  path: string;
  old_string: string;
  new_string: string;
  replace_all?: boolean;
}

/**
 * Replaces text in the file as the editor has it now (unsaved typing included): `old_string` must occur exactly
 * once unless `replace_all`. The card shows the change as a diff before the user allows it.
 */
export async function editFile(session: OpenEditorSession, args: EditArgs, signal: CancelSignal): Promise<ToolResult> {
  const filePath = absoluteToolPath(args.path, session.cwd);
  const shown = shownPath(filePath, session.cwd);
  if (args.old_string === '') return failed('old_string must not be empty (use write_file to create a file)');
  const { content: before } = await session.requests.readTextFile(
    { sessionId: session.sessionId, path: filePath },
    signal,
  );
  const count = occurrences(before, args.old_string);
  if (count === 0) return failed(`old_string was not found in ${shown}; read the file again and copy the text exactly`);
  if (count > 1 && args.replace_all !== true) {
    return failed(`old_string occurs ${count} times in ${shown}; add context to make it unique, or set replace_all`);
  }
  const after =
    args.replace_all === true
      ? before.split(args.old_string).join(args.new_string)
      : before.replace(args.old_string, () => args.new_string);
  const card = new ToolCard(session);
  card.show({
    title: t('Edit {0}', shown),
    kind: 'edit',
    locations: [{ path: filePath }],
    rawInput: { path: filePath, replacements: args.replace_all === true ? count : 1 },
    content: [{ type: 'diff', path: filePath, oldText: before, newText: after }],
  });
  return written(card, session, filePath, after, signal, shown);
}

/** Asks in the card, then writes through the session's fs handler (the card gets the write's diff). */
async function written(
  card: ToolCard,
  session: OpenEditorSession,
  filePath: string,
  content: string,
  signal: CancelSignal,
  shown: string,
): Promise<ToolResult> {
  if (!(await card.allowed(signal))) return failed(`The user did not allow writing ${shown}.`);
  card.update({ status: 'in_progress' });
  try {
    await session.requests.writeTextFile({ sessionId: session.sessionId, path: filePath, content }, signal);
  } catch (error) {
    card.finish(errorMessage(error));
    throw error;
  }
  card.finish();
  return ok(`Wrote ${shown}; it is pending the user's review in the editor.`);
}

/** How many times `needle` occurs in `text` (not overlapping); linear. */
function occurrences(text: string, needle: string): number {
  let count = 0;
  for (let at = text.indexOf(needle); at !== -1; at = text.indexOf(needle, at + needle.length)) count++;
  return count;
}
