// The Demo agent's two file tool calls: read switchboard-demo.md, then append a line to it
// after asking permission. Every write goes through the client (fs/write_text_file), so the
// editor sees it: undo works, unsaved buffers are respected.
import type * as acp from '@agentclientprotocol/sdk';
import { ClientMethod } from '../protocol/methods';
import { appendDemoEdit, DEMO_FILE_NAME, describeFile } from './content';
import type { DemoTurn } from './turn';
import { TurnCancelled } from './turn';

/** What the demo remembers between turns of one session. */
export interface EditMemory {
  /** Set when the user picked "Always allow": later demo edits in this session do not ask again. */
  alwaysAllowEdits: boolean;
}

export const EDIT_PERMISSION_OPTIONS: acp.PermissionOption[] = [
  { optionId: 'allow_once', name: 'Allow once', kind: 'allow_once' },
  { optionId: 'allow_always', name: 'Always allow', kind: 'allow_always' },
  { optionId: 'reject_once', name: 'Reject', kind: 'reject_once' },
];

/** The demo file's absolute path; cwd is absolute per ACP, so a plain join is enough. */
export function demoFilePath(cwd: string): string {
  const separator = cwd.includes('\\') && !cwd.includes('/') ? '\\' : '/';
  return cwd.endsWith(separator) ? `${cwd}${DEMO_FILE_NAME}` : `${cwd}${separator}${DEMO_FILE_NAME}`;
}

function text(value: string): acp.ToolCallContent {
  return { type: 'content', content: { type: 'text', text: value } };
}

function toolCallId(turn: DemoTurn, step: string): string {
  return `demo-turn${turn.info.turnNumber}-${step}`;
}

/** The file's text, or null when it cannot be read (missing: -32002, or any other error). */
export async function readDemoFile(turn: DemoTurn): Promise<string | null> {
  const path = demoFilePath(turn.info.cwd);
  const id = toolCallId(turn, 'read');
  turn.startToolCall({
    toolCallId: id,
    title: `Read ${DEMO_FILE_NAME}`,
    kind: 'read',
    status: 'in_progress',
    locations: [{ path, line: 1 }],
    rawInput: { path },
  });
  await turn.pause(turn.info.chunkDelayMs * 5);
  let content: string | null;
  try {
    const params: acp.ReadTextFileRequest = { sessionId: turn.info.sessionId, path };
    content = (await turn.request<acp.ReadTextFileResponse>(ClientMethod.fsReadTextFile, params)).content;
  } catch (error) {
    if (error instanceof TurnCancelled) throw error;
    content = null;
  }
  turn.updateToolCall({ toolCallId: id, status: 'completed', content: [text(describeFile(content))] });
  return content;
}

export type EditOutcome = 'written' | 'rejected' | 'failed';

/** Proposes the edit as a pending tool call with its diff, asks, and writes only if allowed. */
export async function editDemoFile(turn: DemoTurn, oldText: string | null, memory: EditMemory): Promise<EditOutcome> {
  const path = demoFilePath(turn.info.cwd);
  const id = toolCallId(turn, 'edit');
  const newText = appendDemoEdit(oldText ?? '', turn.info.turnNumber);
  const diff: acp.ToolCallContent = { type: 'diff', path, oldText, newText };
  const proposal: acp.ToolCall = {
    toolCallId: id,
    title: `Edit ${DEMO_FILE_NAME}`,
    kind: 'edit',
    status: 'pending',
    locations: [{ path }],
    content: [diff],
    rawInput: { path, append: newText.slice((oldText ?? '').length) },
  };
  turn.startToolCall(proposal);

  if (!memory.alwaysAllowEdits) {
    const choice = await askPermission(turn, proposal);
    if (choice === 'reject') {
      turn.updateToolCall({
        toolCallId: id,
        status: 'failed',
        content: [
          text(`Edit skipped: the demo agent was not allowed to change ${DEMO_FILE_NAME}. Nothing was written.`),
        ],
      });
      return 'rejected';
    }
    if (choice === 'always') memory.alwaysAllowEdits = true;
  }

  turn.updateToolCall({ toolCallId: id, status: 'in_progress' });
  await turn.pause(turn.info.chunkDelayMs * 5);
  const failure = await writeThroughClient(turn, id, path, newText);
  if (failure !== null) return 'failed';
  turn.updateToolCall({ toolCallId: id, status: 'completed', content: [diff] });
  return 'written';
}

/**
 * Writes `content` through the client's fs/write_text_file. A failure marks the tool call failed
 * and returns the reason; null means written. Cancellation propagates.
 */
export async function writeThroughClient(
  turn: DemoTurn,
  toolCallId: string,
  path: string,
  content: string,
): Promise<string | null> {
  try {
    const params: acp.WriteTextFileRequest = { sessionId: turn.info.sessionId, path, content };
    await turn.request<acp.WriteTextFileResponse>(ClientMethod.fsWriteTextFile, params);
    return null;
  } catch (error) {
    if (error instanceof TurnCancelled) throw error;
    const reason = error instanceof Error ? error.message : String(error);
    turn.updateToolCall({
      toolCallId,
      status: 'failed',
      content: [text(`The client could not write the file: ${reason}`)],
    });
    return reason;
  }
}

async function askPermission(turn: DemoTurn, proposal: acp.ToolCall): Promise<'once' | 'always' | 'reject'> {
  const params: acp.RequestPermissionRequest = {
    sessionId: turn.info.sessionId,
    toolCall: proposal,
    options: EDIT_PERMISSION_OPTIONS,
  };
  const response = await turn.request<acp.RequestPermissionResponse>(ClientMethod.sessionRequestPermission, params);
  // A cancelled outcome during a cancelled turn ends the turn; otherwise (e.g. the prompt was
  // dismissed) it is treated as a rejection, never as an allow.
  if (response.outcome.outcome === 'cancelled') {
    turn.throwIfCancelled();
    return 'reject';
  }
  if (response.outcome.optionId === 'allow_once') return 'once';
  if (response.outcome.optionId === 'allow_always') return 'always';
  return 'reject';
}
