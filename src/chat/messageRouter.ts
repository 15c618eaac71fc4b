// Turns each message from the chat webview into a call on the active thread or the editor.
// Pure (no vscode): the VS Code side is behind ChatHost, so routing is unit-tested with fakes.
import type { ThreadController } from '../session/api';
import type { WebviewToHost } from '../shared/messages';
import type { ThreadState } from '../shared/thread';
import { clampLine, parseWebviewMessage } from './webviewMessages';
import { errorMessage } from '../shared/errorMessage';

export interface ChatHost {
  activeThread(): ThreadController | undefined;
  /** Starts a chat (the default agent when agentId is undefined) and resolves once it started. */
  startChat(agentId: string | undefined): Promise<ThreadController>;
  /** Asks the user to pick an agent; undefined when they dismissed the picker. */
  pickAgent(): Promise<string | undefined>;
  sendSnapshot(): void;
  openLocation(path: string, line: number | null): Promise<void>;
  /** The diff editor over two texts the host holds (a tool call's own diff, from the thread state). */
  openDiff(path: string, oldText: string | null, newText: string): Promise<void>;
  /** The diff editor over fs writes, by {path, revision} in the keeper of file texts. */
  openWriteDiff(path: string, fromRevision: number, revision: number): Promise<void>;
  copy(text: string): Promise<void>;
  showLog(agentId: string | undefined): void;
  /** Opens where agents are configured (the switchboard.agents setting). */
  configureAgents(): Promise<void>;
  /** Shows a terminal of the thread as a VS Code terminal (optional: hosts without terminals). */
  openTerminal(thread: ThreadController, terminalId: string): void;
  /** Review: Keep / Undo a file's pending changes (optional: hosts without review). */
  reviewFile(path: string, action: 'keep' | 'undo'): Promise<void>;
  /** Review: Keep All / Undo All of the changes the thread's turns made. */
  reviewSession(thread: ThreadController, action: 'keep' | 'undo'): Promise<void>;
  /** Restores the checkpoint taken before a user message of the thread (asks first). */
  restoreCheckpoint(thread: ThreadController, entryId: string): Promise<void>;
  /** Shows an error to the user (an error notification in VS Code). */
  reportError(message: string): void;
  /** A malformed message: a bug in the webview, worth a log line, not a notification. */
  reportInvalid(raw: unknown): void;
}

/** Handles one raw webview message; never rejects (failures go to host.reportError). */
export async function routeWebviewMessage(raw: unknown, host: ChatHost): Promise<void> {
  const message = parseWebviewMessage(raw);
  if (!message) {
    host.reportInvalid(raw);
    return;
  }
  try {
    await dispatch(message, host);
  } catch (error) {
    host.reportError(errorAdvice(message.type, error));
  }
}

async function dispatch(message: WebviewToHost, host: ChatHost): Promise<void> {
  const thread = host.activeThread();
  switch (message.type) {
    case 'ready':
    case 'resync':
      host.sendSnapshot();
      return;
    case 'prompt':
      // No chat yet (fresh window): typing a prompt starts one with the picked (or default) agent.
      await (thread ?? (await host.startChat(message.agentId))).prompt(message.text);
      return;
    case 'cancel':
      await thread?.cancel();
      return;
    case 'permission':
      thread?.resolvePermission(message.permissionId, message.optionId);
      return;
    case 'setMode':
      await thread?.setMode(message.modeId);
      return;
    case 'setConfigOption':
      await thread?.setConfigOption(message.configId, message.value);
      return;
    case 'authenticate':
      await thread?.authenticate(message.methodId);
      return;
    case 'restartAgent':
      if (thread) await thread.restart();
      else await host.startChat(undefined);
      return;
    case 'newChat': {
      const agentId = message.agentId ?? (await host.pickAgent());
      if (agentId !== undefined) await host.startChat(agentId);
      return;
    }
    case 'openLocation':
      await host.openLocation(message.path, clampLine(message.line));
      return;
    case 'openDiff':
      await host.openWriteDiff(message.path, message.fromRevision, message.revision);
      return;
    case 'openToolDiff': {
      const diff = thread ? toolDiff(thread.snapshot().state, message.toolCallId, message.path) : undefined;
      if (diff) await host.openDiff(diff.path, diff.oldText, diff.newText);
      return;
    }
    case 'copy':
      await host.copy(message.text);
      return;
    case 'showLog':
      host.showLog(thread?.agent.id);
      return;
    case 'configureAgents':
      await host.configureAgents();
      return;
    case 'stopTerminal':
      thread?.stopTerminal(message.terminalId);
      return;
    case 'openTerminal':
      if (thread) host.openTerminal(thread, message.terminalId);
      return;
    case 'reviewFile':
      if (message.action !== 'keep' && message.action !== 'undo') host.reportInvalid(message);
      else await host.reviewFile(message.path, message.action);
      return;
    case 'reviewSession':
      if (message.action !== 'keep' && message.action !== 'undo') host.reportInvalid(message);
      else if (thread) await host.reviewSession(thread, message.action);
      return;
    case 'restoreCheckpoint':
      if (thread) await host.restoreCheckpoint(thread, message.entryId);
      return;
    default: {
      const unreachable: never = message;
      host.reportInvalid(unreachable);
    }
  }
}

const WHAT_FAILED: Record<WebviewToHost['type'], string> = {
  ready: 'show the chat',
  resync: 'refresh the chat',
  prompt: 'send the prompt',
  cancel: 'cancel the turn',
  permission: 'answer the permission request',
  setMode: 'change the mode',
  setConfigOption: 'change the session setting',
  authenticate: 'sign in to the agent',
  restartAgent: 'restart the agent',
  newChat: 'start a new chat',
  openLocation: 'open the file',
  openDiff: 'open the diff',
  openToolDiff: 'open the diff',
  copy: 'copy to the clipboard',
  showLog: 'show the agent log',
  configureAgents: 'open the agent settings',
  stopTerminal: 'stop the command',
  openTerminal: 'open the terminal',
  reviewFile: 'apply the review action',
  reviewSession: 'apply the review action to the session',
  restoreCheckpoint: 'restore the checkpoint',
};

/** The agent's own diff of `path` in a tool call's content, with its texts checked. */
function toolDiff(
  state: ThreadState,
  toolCallId: string,
  path: string,
): { path: string; oldText: string | null; newText: string } | undefined {
  for (const entry of state.entries) {
    if (entry.kind !== 'tool' || entry.tool.toolCallId !== toolCallId) continue;
    for (const item of entry.tool.content) {
      if (item.type !== 'diff' || item.path !== path || typeof item.newText !== 'string') continue;
      return { path, oldText: typeof item.oldText === 'string' ? item.oldText : null, newText: item.newText };
    }
  }
  return undefined;
}

const AGENT_ADVICE = 'Check "Switchboard: Show Agent Log", or run "Switchboard: Restart Agent".';

/** One sentence on what failed and why, then what the user can do about it. */
export function errorAdvice(type: WebviewToHost['type'], error: unknown): string {
  const reason = errorMessage(error);
  const touchesAgent = ![
    'openLocation',
    'openDiff',
    'openToolDiff',
    'copy',
    'showLog',
    'configureAgents',
    'stopTerminal',
    'openTerminal',
    'reviewFile',
    'reviewSession',
    'restoreCheckpoint',
  ].includes(type);
  const advice = touchesAgent ? ` ${AGENT_ADVICE}` : '';
  return `Switchboard could not ${WHAT_FAILED[type]}: ${reason.replace(/\.$/, '')}.${advice}`;
}
