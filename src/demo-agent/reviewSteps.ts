// The Demo agent's two review turns. /review edits a file through fs/write_text_file with two
// separate hunks (so Keep one / Undo the other can be tried in the editor); /diskwrite writes a
// file directly with Node's fs, as agents with their own edit tools and shell commands do, so the
// client has to notice it on disk.
import * as fs from 'node:fs/promises';
import type * as acp from '@agentclientprotocol/sdk';
import { ClientMethod } from '../protocol/methods';
import type { DemoTurn } from './turn';
import { TurnCancelled } from './turn';
import { writeThroughClient } from './fileSteps';

export const REVIEW_DEMO_FILE = 'switchboard-review-demo.md';
export const DISK_DEMO_FILE = 'switchboard-disk-demo.md';

export const REVIEW_DEMO_TEXT = `# Switchboard review demo

This file is edited by the demo agent's /review command.

## Notes

- The demo changes the line above and adds one at the end.
- Each change is its own hunk: keep one, undo the other.
- Undo goes through the editor: Ctrl+Z brings a change back.

## End
`;

function join(cwd: string, name: string): string {
  const separator = cwd.includes('\\') && !cwd.includes('/') ? '\\' : '/';
  return cwd.endsWith(separator) ? `${cwd}${name}` : `${cwd}${separator}${name}`;
}

function text(value: string): acp.ToolCallContent {
  return { type: 'content', content: { type: 'text', text: value } };
}

/** The /review edit: the third line is replaced and a line is appended; far apart, so two hunks. */
export function reviewDemoEdit(oldText: string, turnNumber: number): string {
  const lines = oldText.split('\n');
  if (lines.length >= 3)
    lines[2] = `This file was edited by the demo agent in turn ${turnNumber}: review each change in the editor.`;
  const body = lines.join('\n');
  return `${body.endsWith('\n') || body === '' ? body : `${body}\n`}Added by the demo agent in turn ${turnNumber}.\n`;
}

async function readFile(turn: DemoTurn, path: string): Promise<string | null> {
  try {
    const params: acp.ReadTextFileRequest = { sessionId: turn.info.sessionId, path };
    return (await turn.request<acp.ReadTextFileResponse>(ClientMethod.fsReadTextFile, params)).content;
  } catch (error) {
    if (error instanceof TurnCancelled) throw error;
    return null;
  }
}

/** Returns what the demo says after the turn. */
export async function reviewTurn(turn: DemoTurn): Promise<string> {
  const path = join(turn.info.cwd, REVIEW_DEMO_FILE);
  const id = `demo-turn${turn.info.turnNumber}-review`;
  const oldText = await readFile(turn, path);
  const newText = oldText === null ? REVIEW_DEMO_TEXT : reviewDemoEdit(oldText, turn.info.turnNumber);
  const title = oldText === null ? `Create ${REVIEW_DEMO_FILE}` : `Edit ${REVIEW_DEMO_FILE} (two changes)`;
  turn.startToolCall({
    toolCallId: id,
    title,
    kind: 'edit',
    status: 'in_progress',
    locations: [{ path, line: 3 }],
    rawInput: { path },
  });
  await turn.pause(turn.info.chunkDelayMs * 5);
  const failure = await writeThroughClient(turn, id, path, newText);
  if (failure !== null) return `The edit failed: ${failure}`;
  turn.updateToolCall({ toolCallId: id, status: 'completed', content: [{ type: 'diff', path, oldText, newText }] });
  return oldText === null
    ? `Created \`${REVIEW_DEMO_FILE}\`. Send \`/review\` again to get an edit with two separate changes to review.`
    : `Edited \`${REVIEW_DEMO_FILE}\` in two places. In the editor, each change has **Keep** and **Undo** above it; the **Changes** view lists the file.`;
}

export async function diskWriteTurn(turn: DemoTurn): Promise<string> {
  const path = join(turn.info.cwd, DISK_DEMO_FILE);
  const id = `demo-turn${turn.info.turnNumber}-diskwrite`;
  turn.startToolCall({
    toolCallId: id,
    title: `Write ${DISK_DEMO_FILE} directly on disk`,
    kind: 'execute',
    status: 'in_progress',
    locations: [{ path }],
    rawInput: { command: `echo "..." >> ${DISK_DEMO_FILE}` },
  });
  await turn.pause(turn.info.chunkDelayMs * 5);
  const line = `Written on disk by the demo agent in turn ${turn.info.turnNumber}, without the editor.\n`;
  try {
    await fs.appendFile(path, line, 'utf8');
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    turn.updateToolCall({ toolCallId: id, status: 'failed', content: [text(`Could not write: ${reason}`)] });
    return `The write failed: ${reason}`;
  }
  turn.updateToolCall({
    toolCallId: id,
    status: 'completed',
    content: [text(`Appended one line to ${DISK_DEMO_FILE} with Node's fs.`)],
  });
  // Let the client's file watcher see the change before the turn ends.
  await turn.pause(Math.max(300, turn.info.chunkDelayMs * 10));
  return `Wrote \`${DISK_DEMO_FILE}\` directly on disk, the way shell commands do. Switchboard noticed it: it is in the **Changes** view.`;
}
