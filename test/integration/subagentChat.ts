// A chat of the real client core (AcpThreadController) on a real agent process, its files read and written on disk,
// and what its thread state holds of subagent sessions: shared by the suites that drive subagent sessions through
// the client (the scripted agent's scenario, codex-acp 2.6's recordings, the Demo agent's /subagents).
import { existsSync, readFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { spawnAgentProcess } from '../../src/agents/agentProcess';
import type { AgentConfig } from '../../src/session/api';
import { AcpThreadController } from '../../src/session/threadController';
import type { SubagentCard } from '../../src/shared/subagentTypes';
import type { ThreadState, ToolCallView } from '../../src/shared/thread';
import { eventually, PROCESS_DEADLINE_MS, within } from '../within';
import { testHostEnv } from './hostEnv';

const chats: AcpThreadController[] = [];

/** For afterEach: stops every chat started since. */
export async function disposeChats(): Promise<void> {
  await Promise.all(chats.splice(0).map((controller) => controller.dispose()));
}

export interface SubagentChat {
  controller: AcpThreadController;
  state(): ThreadState;
  /** The messages the agent received with this method, in order (from the agent's `--record` file). */
  received(method: string): Array<{ params: Record<string, any> }>;
}

/**
 * Starts a chat on `agent` in `cwd`. `subagents`: switchboard.subagents (absent: on, its default). `record`: the
 * file the agent appends what it receives to (the scripted agent's --record), read by `received`.
 */
export async function startChat(
  agent: AgentConfig,
  cwd: string,
  options: { subagents?: boolean; log?: (line: string) => void; record?: string } = {},
): Promise<SubagentChat> {
  const env = testHostEnv(cwd, { subagents: options.subagents, log: options.log });
  const controller = new AcpThreadController({
    threadId: 't',
    agent,
    env,
    handlers: {
      readTextFile: async ({ path }) => ({ content: await readFile(path, 'utf8') }),
      writeTextFile: async ({ path, content }) => {
        const before = existsSync(path) ? readFileSync(path, 'utf8') : null;
        await writeFile(path, content);
        return env.fileTexts.record(path, before, content);
      },
    },
    spawn: spawnAgentProcess,
    stopGraceMs: 500,
  });
  chats.push(controller);
  await within(controller.start(), 'the agent starting', PROCESS_DEADLINE_MS);
  const received = (method: string) =>
    (options.record && existsSync(options.record) ? readFileSync(options.record, 'utf8') : '')
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => JSON.parse(line) as { method?: string; params: Record<string, any> })
      .filter((message) => message.method === method);
  return { controller, received, state: () => controller.snapshot().state };
}

/** The transcript of the subagent session `sessionId` (every level is flat in the chat's state). */
export const childOf = (state: ThreadState, sessionId: string): ThreadState | undefined =>
  state.subagents?.[sessionId]?.state;

/** The subagent cards of a transcript, in order. */
export const cardsIn = (state: ThreadState | undefined): SubagentCard[] =>
  (state?.entries ?? []).filter((entry): entry is SubagentCard => entry.kind === 'subagent');

export const toolIn = (state: ThreadState | undefined, toolCallId: string): ToolCallView | undefined =>
  (state?.entries ?? [])
    .flatMap((entry) => (entry.kind === 'tool' ? [entry.tool] : []))
    .find((tool) => tool.toolCallId === toolCallId);

/** The text of every agent message of a transcript, joined. */
export const textOf = (state: ThreadState | undefined): string =>
  (state?.entries ?? [])
    .flatMap((entry) => (entry.kind === 'agent' ? entry.parts : []))
    .map((part) => (part.kind === 'text' ? part.text : ''))
    .join('');

/** The session messages of a transcript as `messageId sender->recipient: text`. */
export const sessionMessagesIn = (state: ThreadState | undefined): string[] =>
  (state?.entries ?? []).flatMap((entry) =>
    entry.kind === 'sessionMessage'
      ? [
          `${entry.messageId} ${entry.senderSessionId}->${entry.recipientSessionId}: ${entry.parts
            .map((part) => (part.kind === 'text' ? part.text : ''))
            .join('')}`,
        ]
      : [],
  );

/** Waits for the permission card on `toolCallId` in the transcript `read` returns; its id, for the answer. */
export async function pendingPermission(read: () => ThreadState | undefined, toolCallId: string): Promise<string> {
  await eventually(
    () => toolIn(read(), toolCallId)?.permission?.state.kind === 'pending',
    `a permission card on ${toolCallId}`,
  );
  return toolIn(read(), toolCallId)!.permission!.permissionId;
}

/** Waits for a form waiting in the chat, and answers it with `action`. */
export async function answerForm(
  chat: SubagentChat,
  action: 'accept' | 'decline' | 'cancel',
  values?: Record<string, string>,
): Promise<void> {
  const waiting = () => chat.state().entries.find((entry) => entry.kind === 'elicitation' && entry.answer === null);
  await eventually(() => waiting() !== undefined, 'a form waiting in the chat');
  const form = waiting()!;
  chat.controller.resolveElicitation(form.kind === 'elicitation' ? form.elicitationId : '', action, values);
}
