// The Demo agent's /subagents turn: the work goes to two short-lived child sessions running side by side, as
// ACP subagent sessions (schema v1 unstable): a Reader that reads switchboard-demo.md and asks before appending a
// line (it may be cancelled on its own), and a Planner that drafts a plan. Each is announced on the chat's
// session (subagent_update) before any of its traffic; its updates, permission request and fs calls carry its
// own session id; the task and the result travel as session messages. A client that did not advertise
// clientCapabilities.subagents gets the same work as plain tool calls in the chat, as codex-acp does.
import type * as acp from '@agentclientprotocol/sdk';
import type * as unstable from '@agentclientprotocol/sdk/unstable';
import * as say from './content';
import { editDemoFile, readDemoFile, type EditMemory } from './fileSteps';
import { TurnCancelled, type DemoTurn } from './turn';

/** What the turn reads of the session, and where it keeps the cancel of each child that may be cancelled. */
export interface SubagentSession {
  modeId: string;
  memory: EditMemory;
  /** child session id -> the cancel of its current work (only children advertising the cancel capability) */
  subagents: Map<string, AbortController>;
}

type ChildState = 'running' | 'requires_action';

interface DemoChild {
  name: 'reader' | 'planner';
  title: string;
  description: string;
  task: string;
  cancellable: boolean;
  /** Does the child's work on `turn`; `setState` reports when it waits for the user. Returns its result. */
  work(turn: DemoTurn, setState: (state: ChildState) => void): Promise<string>;
}

export interface ChildOutcome {
  title: string;
  /** What the child reported, or how it ended */
  result: string;
}

/** The /subagents turn, up to the closing message it returns. */
export async function subagentsTurn(turn: DemoTurn, session: SubagentSession): Promise<string> {
  await turn.stream('agent_message_chunk', `demo-turn${turn.info.turnNumber}-intro`, say.SUBAGENTS_INTRO);
  const children = [reader(session), planner()];
  if (!turn.info.canShowSubagents) return say.subagentsSummary(await asToolCalls(turn, children), false);
  const outcomes = await Promise.all(children.map((child) => runChild(turn, session, child)));
  turn.throwIfCancelled();
  return say.subagentsSummary(outcomes, true);
}

function reader(session: SubagentSession): DemoChild {
  return {
    name: 'reader',
    title: 'Reader',
    description: `Reads ${say.DEMO_FILE_NAME} and appends a line, asking first`,
    task: say.READER_TASK,
    cancellable: true,
    async work(turn, setState) {
      await turn.stream('agent_message_chunk', `demo-turn${turn.info.turnNumber}-reader`, say.READER_START);
      if (!turn.info.canEditFiles) return say.READER_NO_FS;
      const oldText = await readDemoFile(turn);
      if (session.modeId === 'ask') return say.describeFile(oldText);
      const asks = !session.memory.alwaysAllowEdits;
      if (asks) setState('requires_action');
      const outcome = await editDemoFile(turn, oldText, session.memory);
      if (asks) setState('running');
      return `${say.describeFile(oldText)} ${say.READER_EDIT_OUTCOMES[outcome]}`;
    },
  };
}

function planner(): DemoChild {
  return {
    name: 'planner',
    title: 'Planner',
    description: 'Drafts a plan for the follow-up',
    task: say.PLANNER_TASK,
    cancellable: false,
    async work(turn) {
      await turn.stream('agent_message_chunk', `demo-turn${turn.info.turnNumber}-planner`, say.PLANNER_START);
      const entries = say.PLANNER_STEPS;
      for (let done = 0; done <= entries.length; done++) {
        const status = (i: number): acp.PlanEntryStatus =>
          i < done ? 'completed' : i === done ? 'in_progress' : 'pending';
        turn.update({
          sessionUpdate: 'plan',
          entries: entries.map((content, i) => ({ content, priority: 'medium', status: status(i) })),
        });
        await turn.pause(turn.info.chunkDelayMs * 10);
      }
      return say.PLANNER_RESULT;
    },
  };
}

/** One child session: announced, linked, given its task, run, and reported back, whatever the outcome. */
async function runChild(parent: DemoTurn, session: SubagentSession, child: DemoChild): Promise<ChildOutcome> {
  const childId = `${parent.info.sessionId}-turn${parent.info.turnNumber}-${child.name}`;
  const linkId = `demo-turn${parent.info.turnNumber}-${child.name}`;
  const ownCancel = new AbortController();
  if (child.cancellable) session.subagents.set(childId, ownCancel);
  const setState = (state: unstable.StateUpdate) =>
    parent.update({ sessionUpdate: 'subagent_update', sessionId: childId, state });
  parent.update({
    sessionUpdate: 'subagent_update',
    sessionId: childId,
    title: child.title,
    description: child.description,
    capabilities: child.cancellable ? { cancel: {} } : {},
    state: { state: 'running' },
  });
  // Tool-call content linking to a session is newer than the SDK's schema (the RFD's `{type: "session"}`).
  const link = [{ type: 'session', sessionId: childId }] as unknown as acp.ToolCallContent[];
  parent.update({
    sessionUpdate: 'tool_call',
    toolCallId: linkId,
    title: child.title,
    kind: 'other',
    status: 'in_progress',
    content: link,
  });
  const turn = parent.child(childId, ownCancel.signal);
  sendMessage(parent, turn, `${child.name}-task`, child.task);
  try {
    const result = await child.work(turn, (state) => setState({ state }));
    sendMessage(turn, parent, `${child.name}-result`, result);
    setState({ state: 'idle', stopReason: 'end_turn' });
    parent.update({ sessionUpdate: 'tool_call_update', toolCallId: linkId, status: 'completed' });
    return { title: child.title, result };
  } catch (error) {
    const cancelled = error instanceof TurnCancelled;
    turn.failInFlightToolCall(cancelled ? say.SUBAGENT_CANCELLED : say.SUBAGENT_FAILED);
    const message = error instanceof Error ? error.message : String(error);
    setState(
      cancelled
        ? { state: 'idle', stopReason: 'cancelled' }
        : { state: 'idle', stopReason: 'error', error: { code: -32603, message } },
    );
    parent.update({ sessionUpdate: 'tool_call_update', toolCallId: linkId, status: 'failed' });
    return { title: child.title, result: cancelled ? say.SUBAGENT_CANCELLED : `${say.SUBAGENT_FAILED} ${message}` };
  } finally {
    session.subagents.delete(childId);
  }
}

/** A message between two sessions: its outgoing view in the sender's transcript, its incoming view in the other. */
function sendMessage(from: DemoTurn, to: DemoTurn, name: string, text: string): void {
  const outgoing = `demo-turn${from.info.turnNumber}-${name}-out`;
  const incoming = `demo-turn${from.info.turnNumber}-${name}-in`;
  const participants = { senderSessionId: from.info.sessionId, recipientSessionId: to.info.sessionId };
  const content: acp.ContentBlock[] = [{ type: 'text', text }];
  from.update({
    sessionUpdate: 'session_message',
    messageId: outgoing,
    ...participants,
    recipientMessageId: incoming,
    content,
  });
  to.update({
    sessionUpdate: 'session_message',
    messageId: incoming,
    ...participants,
    senderMessageId: outgoing,
    content,
  });
}

/** Without the capability: each child's work as a plain tool call of the chat, one after the other. */
async function asToolCalls(turn: DemoTurn, children: DemoChild[]): Promise<ChildOutcome[]> {
  const outcomes: ChildOutcome[] = [];
  for (const child of children) {
    const toolCallId = `demo-turn${turn.info.turnNumber}-${child.name}`;
    turn.update({
      sessionUpdate: 'tool_call',
      toolCallId,
      title: child.title,
      kind: 'other',
      status: 'in_progress',
      rawInput: { task: child.task },
    });
    try {
      const result = await child.work(turn, () => undefined);
      const content: acp.ToolCallContent[] = [{ type: 'content', content: { type: 'text', text: result } }];
      turn.update({ sessionUpdate: 'tool_call_update', toolCallId, status: 'completed', content });
      outcomes.push({ title: child.title, result });
    } catch (error) {
      turn.update({ sessionUpdate: 'tool_call_update', toolCallId, status: 'failed' });
      throw error;
    }
  }
  return outcomes;
}
