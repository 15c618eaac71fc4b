// Builders shared by the reducer tests: a fresh thread and terse session/update actions.
import type * as acp from '@agentclientprotocol/sdk';
import type { ThreadAction } from '../../../src/shared/actions';
import { reduce } from '../../../src/shared/reduce';
import { diffHunks } from '../../../src/shared/diffHunks';
import { FileTexts } from '../../../src/review/fileTexts';
import { ToolDiffs } from '../../../src/session/updates/toolDiffs';
import {
  createThreadState,
  type Entry,
  type FileWriteView,
  type ThreadState,
  type ToolCallView,
} from '../../../src/shared/thread';

export function freshState(): ThreadState {
  return createThreadState(
    { agentId: 'test-agent', threadId: 't1' },
    { id: 'test-agent', displayName: 'Test Agent', isDemo: false },
  );
}

export function run(state: ThreadState, ...actions: ThreadAction[]): ThreadState {
  return actions.reduce(reduce, state);
}

/** The host's ingest of tool calls' own diffs (texts kept, hunks made), as every session/update passes it. */
export const toolDiffs = new ToolDiffs(new FileTexts());

export function update(u: acp.SessionUpdate): ThreadAction {
  return { type: 'sessionUpdate', update: toolDiffs.update(u) };
}

export function text(t: string): acp.ContentBlock {
  return { type: 'text', text: t };
}

type ChunkKind = 'agent_message_chunk' | 'agent_thought_chunk' | 'user_message_chunk';

export function chunk(kind: ChunkKind, content: string | acp.ContentBlock, messageId?: string | null): ThreadAction {
  const block = typeof content === 'string' ? text(content) : content;
  return update(
    messageId === undefined
      ? { sessionUpdate: kind, content: block }
      : { sessionUpdate: kind, content: block, messageId },
  );
}

export const agent = (t: string | acp.ContentBlock, messageId?: string | null) =>
  chunk('agent_message_chunk', t, messageId);
export const thought = (t: string | acp.ContentBlock, messageId?: string | null) =>
  chunk('agent_thought_chunk', t, messageId);
export const user = (t: string | acp.ContentBlock, messageId?: string | null) =>
  chunk('user_message_chunk', t, messageId);

export function toolCall(toolCallId: string, fields: Partial<acp.ToolCall> = {}): ThreadAction {
  return update({ sessionUpdate: 'tool_call', toolCallId, title: `Tool ${toolCallId}`, ...fields });
}

export function toolUpdate(toolCallId: string, fields: Partial<acp.ToolCallUpdate> = {}): ThreadAction {
  return update({ sessionUpdate: 'tool_call_update', toolCallId, ...fields });
}

/** The tool view of a tool call by id; fails the test if it is missing or duplicated. */
export function tool(state: ThreadState, toolCallId: string): ToolCallView {
  const found = state.entries.filter(
    (e): e is Extract<Entry, { kind: 'tool' }> => e.kind === 'tool' && e.tool.toolCallId === toolCallId,
  );
  if (found.length !== 1) throw new Error(`expected one tool entry ${toolCallId}, found ${found.length}`);
  return found[0]!.tool;
}

export const allowOptions: acp.PermissionOption[] = [
  { optionId: 'allow', name: 'Allow', kind: 'allow_once' },
  { optionId: 'reject', name: 'Reject', kind: 'reject_once' },
];

/** Deep-freezes a value so any mutation by the reducer throws (test files run in strict mode). */
export function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const key of Object.keys(value)) deepFreeze((value as Record<string, unknown>)[key]);
  }
  return value;
}

/** An fs write as a tool card holds it: the host's view of it (src/review/fileTexts.ts), from `fromRevision`. */
export function writeView(
  path: string,
  oldText: string | null,
  newText: string,
  revision = 1,
  fromRevision = revision,
): FileWriteView {
  return { path, fromRevision, revision, diff: diffHunks(oldText, newText, 3, 400), created: oldText === null };
}

/** The action the session dispatches after an fs write (see writeView). */
export function fileWritten(
  path: string,
  oldText: string | null,
  newText: string,
  revision = 1,
  fromRevision = revision,
): ThreadAction {
  return { type: 'fileWritten', write: writeView(path, oldText, newText, revision, fromRevision) };
}
