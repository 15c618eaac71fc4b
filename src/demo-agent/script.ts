// The Demo agent's turn scripts: one function per prompt kind, each returning its stop reason.
// Scripts only talk through DemoTurn, so they are deterministic and cancellable at every await.
import type * as acp from '@agentclientprotocol/sdk';
import type { DemoCommandName } from './commands';
import type { DemoConfigValues } from './config';
import * as say from './content';
import { editDemoFile, readDemoFile, type EditMemory, type EditOutcome } from './fileSteps';
import { diskWriteTurn, reviewTurn } from './reviewSteps';
import { subagentsTurn } from './subagentSteps';
import { terminalTurn } from './terminalSteps';
import { agentShellSummary, agentShellTurn } from './agentShellSteps';
import type { DemoTurn } from './turn';

/** The session state a script may read (and, for edit memory, change). */
export interface ScriptSession {
  modeId: string;
  config: DemoConfigValues;
  memory: EditMemory;
  /** The cancel of each running subagent that may be cancelled, by its session id (subagentSteps.ts). */
  subagents: Map<string, AbortController>;
}

export type DemoScript = (turn: DemoTurn, session: ScriptSession, promptText: string) => Promise<acp.StopReason>;

function messageId(turn: DemoTurn, part: string): string {
  return `demo-turn${turn.info.turnNumber}-${part}`;
}

type PlanStatus = acp.PlanEntryStatus;

function sendPlan(turn: DemoTurn, contents: string[], statuses: PlanStatus[]): void {
  const entries: acp.PlanEntry[] = contents.map((content, i) => ({
    content,
    priority: i === 0 ? 'high' : 'medium',
    status: statuses[i] ?? 'pending',
  }));
  turn.update({ sessionUpdate: 'plan', entries });
}

/** A short, deterministic title from the prompt, for session_info_update. */
export function demoTitle(promptText: string): string {
  const words = promptText.split(/\s+/).filter(Boolean).slice(0, 6).join(' ');
  return words === '' ? 'Demo session' : `Demo: ${words}`;
}

function sendUsageAndTitle(turn: DemoTurn, promptText: string): void {
  const n = turn.info.turnNumber;
  // Pretend numbers that grow with each turn, so the context meter and cost visibly move.
  turn.update({
    sessionUpdate: 'usage_update',
    used: 12_000 * n,
    size: 200_000,
    cost: { amount: Math.round(n * 1.5) / 100, currency: 'USD' },
  });
  turn.update({ sessionUpdate: 'session_info_update', title: demoTitle(promptText) });
}

function settingsLine(session: ScriptSession): string {
  return `\n\n_Demo settings: mode \`${session.modeId}\`, model \`${session.config.model}\`, thinking \`${session.config.thought_level}\`._`;
}

function editOutcomeMessage(outcome: EditOutcome | 'ask-mode'): string {
  switch (outcome) {
    case 'written':
      return `\n\nAppended one line to \`${say.DEMO_FILE_NAME}\`. The tool call above shows the diff.`;
    case 'rejected':
      return `\n\nThe edit was skipped because it was not allowed. \`${say.DEMO_FILE_NAME}\` is unchanged.`;
    case 'failed':
      return `\n\nThe edit failed: the client could not write \`${say.DEMO_FILE_NAME}\`.`;
    case 'ask-mode':
      return `\n\nThe session is in Ask mode, so the demo does not edit files. Switch to Code mode to see an edit.`;
  }
}

const showcase: DemoScript = async (turn, session, promptText) => {
  const [explain, read, edit] = say.SHOWCASE_PLAN as [string, string, string];
  await turn.stream('agent_thought_chunk', messageId(turn, 'thought'), say.SHOWCASE_THOUGHT);
  const plan = [explain, read, edit];
  sendPlan(turn, plan, ['in_progress', 'pending', 'pending']);
  await turn.pause(turn.info.chunkDelayMs * 5);
  await turn.stream('agent_message_chunk', messageId(turn, 'message'), say.SHOWCASE_MARKDOWN);

  let closing: string;
  if (!turn.info.canEditFiles) {
    const unavailable = ' (not available: no fs capability)';
    sendPlan(turn, [explain, read + unavailable, edit + unavailable], ['completed', 'completed', 'completed']);
    closing = say.NO_FS_MESSAGE;
  } else {
    sendPlan(turn, plan, ['completed', 'in_progress', 'pending']);
    const oldText = await readDemoFile(turn);
    sendPlan(turn, plan, ['completed', 'completed', 'in_progress']);
    const outcome = session.modeId === 'ask' ? 'ask-mode' : await editDemoFile(turn, oldText, session.memory);
    const finalEdit = outcome === 'written' ? edit : `${edit} (skipped)`;
    sendPlan(turn, [explain, read, finalEdit], ['completed', 'completed', 'completed']);
    closing = editOutcomeMessage(outcome);
  }

  sendUsageAndTitle(turn, promptText);
  const closingText = (closing + say.CLOSING_MESSAGE + settingsLine(session)).trimStart();
  await turn.stream('agent_message_chunk', messageId(turn, 'closing'), closingText);
  return 'end_turn';
};

const help: DemoScript = async (turn) => {
  await turn.stream('agent_message_chunk', messageId(turn, 'message'), say.HELP_MESSAGE);
  return 'end_turn';
};

const planOnly: DemoScript = async (turn) => {
  const entries = say.PLAN_ONLY_ENTRIES;
  const steps: PlanStatus[][] = [
    ['pending', 'pending', 'pending'],
    ['in_progress', 'pending', 'pending'],
    ['completed', 'in_progress', 'pending'],
    ['completed', 'completed', 'in_progress'],
    ['completed', 'completed', 'completed'],
  ];
  for (const statuses of steps) {
    sendPlan(turn, entries, statuses);
    await turn.pause(turn.info.chunkDelayMs * 15);
  }
  await turn.stream('agent_message_chunk', messageId(turn, 'message'), say.PLAN_ONLY_MESSAGE);
  return 'end_turn';
};

const editOnly: DemoScript = async (turn, session) => {
  if (!turn.info.canEditFiles) {
    await turn.stream('agent_message_chunk', messageId(turn, 'message'), say.NO_FS_MESSAGE.trim());
    return 'end_turn';
  }
  const oldText = await readDemoFile(turn);
  const outcome = session.modeId === 'ask' ? 'ask-mode' : await editDemoFile(turn, oldText, session.memory);
  await turn.stream('agent_message_chunk', messageId(turn, 'message'), editOutcomeMessage(outcome).trim());
  return 'end_turn';
};

const think: DemoScript = async (turn) => {
  await turn.stream('agent_thought_chunk', messageId(turn, 'thought'), say.LONG_THOUGHT_PARAGRAPHS.join('\n\n'));
  await turn.stream('agent_message_chunk', messageId(turn, 'message'), say.LONG_THOUGHT_ANSWER);
  return 'end_turn';
};

const long: DemoScript = async (turn) => {
  await turn.stream('agent_message_chunk', messageId(turn, 'message'), say.longMarkdown(), { lines: 2 });
  return 'end_turn';
};

/** /slow's pause between words, in chunk delays: about 15 s in all at the default delay. */
const SLOW_PAUSE_FACTOR = 13;

const slow: DemoScript = async (turn) => {
  const pauseMs = turn.info.chunkDelayMs * SLOW_PAUSE_FACTOR;
  await turn.stream('agent_message_chunk', messageId(turn, 'message'), say.SLOW_ANSWER, { words: 1 }, pauseMs);
  await turn.stream('agent_message_chunk', messageId(turn, 'closing'), say.slowClosing(turn.steeredCount));
  return 'end_turn';
};

const refuse: DemoScript = async (turn) => {
  await turn.stream('agent_message_chunk', messageId(turn, 'message'), say.REFUSAL_MESSAGE);
  return 'refusal';
};

/** /review and /diskwrite: the two review paths (through the editor, and directly on disk). */
function reviewScript(step: (turn: DemoTurn) => Promise<string>): DemoScript {
  return async (turn) => {
    if (!turn.info.canEditFiles) {
      await turn.stream('agent_message_chunk', messageId(turn, 'message'), say.NO_FS_MESSAGE.trim());
      return 'end_turn';
    }
    await turn.stream('agent_message_chunk', messageId(turn, 'message'), await step(turn));
    return 'end_turn';
  };
}

export const DEMO_SCRIPTS: Record<DemoCommandName | 'showcase', DemoScript> = {
  showcase,
  help,
  plan: planOnly,
  edit: editOnly,
  think,
  long,
  slow,
  refuse,
  review: reviewScript(reviewTurn),
  diskwrite: reviewScript(diskWriteTurn),
  terminal: async (turn) => {
    const text = turn.info.canRunTerminals
      ? await terminalTurn(turn)
      : `${say.DEMO_NOTICE} This client did not advertise terminals, so the demo cannot run a command.`;
    await turn.stream('agent_message_chunk', messageId(turn, 'message'), text);
    return 'end_turn';
  },
  shell: async (turn) => {
    const run = await agentShellTurn(turn);
    await turn.stream('agent_message_chunk', messageId(turn, 'message'), agentShellSummary(run));
    return 'end_turn';
  },
  subagents: async (turn, session) => {
    await turn.stream('agent_message_chunk', messageId(turn, 'message'), await subagentsTurn(turn, session));
    return 'end_turn';
  },
};
