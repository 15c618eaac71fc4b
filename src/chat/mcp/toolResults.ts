// What the editor's MCP tools answer, and the bounds on it: an agent chooses what it asks for (a huge file, a query
// that matches every symbol), so every answer is cut to a size and a count, and says where it was cut. Paths go out
// relative to the session's folder where they are inside it (shorter, and what the agent sees in its own cwd).
import * as path from 'node:path';

/** One tool's answer: text for the agent, `isError` when the call failed (the agent reads why). */
export interface ToolResult {
  text: string;
  isError?: boolean;
}

/** The most characters of text one answer carries (a file read, a command's output, a selection). */
export const MAX_TEXT_CHARS = 256 * 1024;
/** The most items a list answer carries (diagnostics, symbols, locations, editors). */
export const MAX_ITEMS = 200;
/** The most characters of one message, name or preview inside a list. */
export const MAX_ITEM_CHARS = 500;

export function ok(text: string): ToolResult {
  return { text };
}

export function failed(text: string): ToolResult {
  return { text, isError: true };
}

/** A list as JSON, at most `MAX_ITEMS` of it, saying how many there were. */
export function listResult<T>(name: string, items: readonly T[], limit = MAX_ITEMS): ToolResult {
  const shown = items.slice(0, limit);
  const answer: Record<string, unknown> = { [name]: shown, count: items.length };
  if (items.length > shown.length) answer.truncated = `only the first ${shown.length} of ${items.length} are listed`;
  return ok(JSON.stringify(answer));
}

/** Text cut at `max` characters, with a last line saying so. */
export function boundedText(text: string, max = MAX_TEXT_CHARS, hint = ''): string {
  if (text.length <= max) return text;
  return `${text.slice(0, max)}\n[cut: ${text.length - max} more characters${hint ? `; ${hint}` : ''}]`;
}

/** One short string of a list item. */
export function short(text: string, max = MAX_ITEM_CHARS): string {
  return text.length <= max ? text : `${text.slice(0, max)}…`;
}

/** The absolute path an agent means: absolute as given, relative to the session's folder otherwise. */
export function absoluteToolPath(input: string, cwd: string): string {
  return path.isAbsolute(input) ? input : path.resolve(cwd, input);
}

/** A path as the agent is shown it: relative to the session's folder when inside it, else absolute. */
export function shownPath(filePath: string, cwd: string): string {
  const relative = path.relative(cwd, filePath);
  return relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative) ? relative : filePath;
}
