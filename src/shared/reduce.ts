// The thread reducer: the one place a ThreadState changes. Pure and deterministic (no clock, no
// random; entry ids come from `nextEntryId`), immutable (changed objects are new, untouched
// entries keep their identity so the webview re-renders only what changed), and cheap per
// streaming chunk: O(1) work plus one copy of the entries array.
import type { ThreadAction } from './actions';
import type { ThreadState } from './thread';
import { attachWrite } from './fileWrites';
import { partsFromBlocks } from './messageChunks';
import { withoutPromptEcho } from './promptEcho';
import { settleCompactions } from './sessionAsides';
import { steerDropped, steerJoined, steerSent } from './steeredMessages';
import { applySessionUpdate, withCurrentMode } from './sessionUpdates';
import { applyTerminalAction } from './terminals';
import { appendEntry } from './threadEntries';
import {
  appendToolContent,
  keepToolDiff,
  markToolDiffUnknown,
  patchAgentTerminal,
  replaceMessage,
  turnRunning,
} from './upsertActions';
import { requestPermission, resolvePermission, settleTurn } from './toolEntries';
import { applySubagentAction, applySubagentUpdate, isSubagentUpdate, subagentsGone } from './subagents';
import { settleGoneChild } from './subagentCards';

export function reduce(state: ThreadState, action: ThreadAction): ThreadState {
  switch (action.type) {
    case 'sessionUpdate':
      // A child is announced on the session it belongs to, but every child is kept flat in the chat (subagents.ts).
      if (isSubagentUpdate(action.update)) return applySubagentUpdate(state, null, action.update);
      return applySessionUpdate(state, action.update);

    case 'subagent':
      return applySubagentAction(state, action.sessionId, action.action, reduce);

    case 'connection': {
      const next = { ...state, connection: action.state };
      // Stopped, or starting a new process: the children of the last one are gone with it.
      const gone = action.state.kind === 'stopped' || action.state.kind === 'starting';
      return gone ? subagentsGone(next, settleGoneChild) : next;
    }

    case 'initialized': {
      const next: ThreadState = { ...state, agentInfo: action.agentInfo, agentCapabilities: action.agentCapabilities };
      if (action.initializeMeta) next.initializeMeta = action.initializeMeta;
      else delete next.initializeMeta; // a restarted agent that no longer advertises it
      return next;
    }

    case 'sessionStarted':
      return {
        ...state,
        sessionId: action.sessionId,
        modes: action.modes,
        configOptions: action.configOptions,
        settingError: null,
      };

    case 'promptSent':
      // The new user entry sits at entries.length; an echo of it is absorbed (promptEcho.ts).
      return appendEntry(
        { ...state, turn: { kind: 'prompting' }, promptEcho: { at: state.entries.length, matched: 0 } },
        (id) => ({
          kind: 'user',
          id,
          messageId: null,
          parts: partsFromBlocks(action.prompt),
        }),
      );

    case 'promptResent': {
      // Its echo is absorbed into the message shown, as for the first send.
      let at = state.entries.length - 1;
      while (at >= 0 && state.entries[at]?.kind !== 'user') at--;
      const turn = { kind: 'prompting' as const };
      return at < 0 ? { ...state, turn } : { ...state, turn, promptEcho: { at, matched: 0 } };
    }

    case 'messageReplaced':
      return replaceMessage(state, action.kind, action.messageId, action.content);

    case 'toolContentAppended':
      return appendToolContent(state, action.toolCallId, action.content);

    case 'toolDiffKept':
      return keepToolDiff(state, action.toolCallId, action.path, action.revision, action.diff);

    case 'toolDiffUnknown':
      return markToolDiffUnknown(state, action.toolCallId, action.path);

    case 'agentTerminalPatched':
      return patchAgentTerminal(state, action.toolCallId, action.terminalId, action.patch);

    case 'turnRunning':
      return turnRunning(state);

    case 'steerSent':
      return steerSent(state, action.text);

    case 'steerJoined':
      return steerJoined(state, action.prompt);

    case 'steerDropped':
      return steerDropped(state);

    case 'cancelRequested': {
      // session/cancel: unfinished tool calls show `cancelled` at once and pending permissions
      // are answered `cancelled`; agent updates keep applying until the prompt response.
      const turn = state.turn.kind === 'prompting' ? { kind: 'cancelling' as const } : state.turn;
      return { ...state, turn, entries: settleTurn(state, 'cancelled', false) };
    }

    case 'turnEnded': {
      const openToolStatus = action.stopReason === 'cancelled' ? 'cancelled' : 'unfinished';
      const settled = {
        ...withoutPromptEcho(state),
        turn: { kind: 'idle' as const },
        entries: settleTurn(state, openToolStatus, true),
      };
      if (action.usage) settled.turnUsage = action.usage;
      const meta = action.meta;
      return appendEntry(settled, (id) => ({
        kind: 'turnEnd',
        id,
        stopReason: action.stopReason,
        ...(meta ? { meta } : {}),
      }));
    }

    case 'turnFailed': {
      const settled = {
        ...withoutPromptEcho(state),
        turn: { kind: 'idle' as const },
        entries: settleTurn(state, 'unfinished', true),
      };
      return appendEntry(settled, (id) => ({
        kind: 'turnEnd',
        id,
        stopReason: 'error',
        ...(action.message !== undefined ? { message: action.message } : {}),
        ...(action.needsSignIn ? { needsSignIn: true as const } : {}),
      }));
    }

    case 'permissionRequested':
      return requestPermission(state, action.permissionId, action.toolCall, action.options, action.prompt);

    case 'permissionResolved':
      return resolvePermission(
        state,
        action.permissionId,
        action.outcome.kind === 'selected'
          ? action.outcome.automatic
            ? { kind: 'selected', optionId: action.outcome.optionId, automatic: action.outcome.automatic }
            : { kind: 'selected', optionId: action.outcome.optionId }
          : { kind: 'cancelled' },
      );

    case 'configOptionsReplaced':
      return { ...state, configOptions: action.configOptions, settingError: null };

    case 'modeChanged':
      return withCurrentMode(state.settingError === null ? state : { ...state, settingError: null }, action.modeId);

    case 'settingFailed':
      return { ...state, settingError: { target: action.target, error: action.error } };

    case 'reviewChanged':
      return { ...state, review: action.review };

    case 'fileWritten':
      return attachWrite(state, action.write, action.applied === true);

    case 'terminalCreated':
    case 'terminalKillRequested':
    case 'terminalExited':
    case 'terminalReleased':
      return applyTerminalAction(state, action);

    case 'protocolError':
      return appendEntry(state, (id) => ({
        kind: 'protocolError',
        id,
        problem: action.problem,
        raw: action.raw,
      }));

    case 'elicitationRequested':
      return appendEntry(state, (id) => ({
        kind: 'elicitation',
        id,
        elicitationId: action.elicitationId,
        form: action.form,
        answer: null,
      }));

    case 'elicitationUrlRequested':
      return appendEntry(state, (id) => ({
        kind: 'elicitationUrl',
        id,
        elicitationId: action.elicitationId,
        link: action.link,
        answer: null,
        completed: false,
      }));

    case 'elicitationResolved': {
      const at = state.entries.findIndex(
        (entry) =>
          (entry.kind === 'elicitation' || entry.kind === 'elicitationUrl') &&
          entry.elicitationId === action.elicitationId &&
          entry.answer === null,
      );
      const entry = state.entries[at];
      if (!entry || (entry.kind !== 'elicitation' && entry.kind !== 'elicitationUrl')) return state;
      const entries = state.entries.slice();
      entries[at] = { ...entry, answer: action.answer };
      return { ...state, entries };
    }

    case 'elicitationCompleted': {
      const at = state.entries.findIndex(
        (entry) => entry.kind === 'elicitationUrl' && entry.elicitationId === action.elicitationId && !entry.completed,
      );
      const entry = state.entries[at];
      if (!entry || entry.kind !== 'elicitationUrl') return state;
      const entries = state.entries.slice();
      entries[at] = { ...entry, completed: true };
      return { ...state, entries };
    }
    case 'queueChanged':
      return { ...state, queue: action.queue };
    case 'sessionContinued':
      return appendEntry(state, (id) =>
        action.edit
          ? { kind: 'continued', id, how: action.how, edit: action.edit }
          : { kind: 'continued', id, how: action.how },
      );

    case 'notice':
      return appendEntry(state, (id) => ({ kind: 'notice', id, note: action.note }));

    case 'agentFailed': {
      const settled: ThreadState = {
        ...withoutPromptEcho(state),
        connection: { kind: 'failed', failure: action.failure },
        turn: { kind: 'idle' },
        entries: settleTurn(state, 'unfinished', true),
      };
      const failed = appendEntry(settleCompactions(settled), (id) => ({
        kind: 'failure',
        id,
        failure: action.failure,
      }));
      return subagentsGone(failed, settleGoneChild);
    }

    default: {
      const unknownAction: never = action;
      void unknownAction;
      return state;
    }
  }
}

/** Applies a batch in order (the webview receives actions in numbered batches). */
export function reduceAll(state: ThreadState, actions: readonly ThreadAction[]): ThreadState {
  let next = state;
  for (const action of actions) next = reduce(next, action);
  return next;
}
