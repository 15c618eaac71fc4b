// Turns each message from the chat webview into a call on the active thread or the editor.
// Pure (no vscode): the VS Code side is behind ChatHost, so routing is unit-tested with fakes.
import type * as acp from '@agentclientprotocol/sdk';
import type { ThreadController } from '../session/api';
import { KeptInQueueError } from '../session/promptQueue';
import type { WebviewToHost } from '../shared/messages';
import { contextBlocks, contextLabel, type ContextRef, type ResolvedContext } from '../shared/promptContext';
import { parseContextRefs } from './contextRefs';
import { clampLine, parseWebviewMessage } from './webviewMessages';
import { clampPosition, pathCandidates } from './pathTarget';
import { t } from '../shared/l10n';
import { AdvisedError, errorAdvice } from './errorAdvice';
import { findNamedCodeBlock } from '../shared/codeBlockFile';
import { visibleText } from '../shared/visibleText';

export interface ChatHost {
  /** The chat this view shows (the side bar's active chat, or an editor tab's own chat). */
  activeThread(): ThreadController | undefined;
  /** Any chat by id (messages name the chat the webview showed); undefined once it was closed. */
  findThread(threadId: string): ThreadController | undefined;
  /** The chat list: show a chat in this view, close one (asking first when it works), open one in a tab. */
  showChat(threadId: string): void;
  closeChat(threadId: string): Promise<void>;
  openChatInEditor(threadId: string): Promise<void>;
  /** Starts a chat (the default agent when agentId is undefined) and resolves once it started. */
  startChat(agentId: string | undefined): Promise<ThreadController>;
  /** Asks the user to pick an agent; undefined when they dismissed the picker. */
  pickAgent(): Promise<string | undefined>;
  sendSnapshot(): void;
  /** The webview applied the actions up to `seq` (flow control of the mirror's batches). */
  actionsTaken(seq: number): void;
  openLocation(path: string, line: number | null): Promise<void>;
  /** The diff editor over texts in the keeper of file texts, by {path, revision} (fs writes, tool calls' own diffs). */
  openWriteDiff(path: string, fromRevision: number, revision: number): Promise<void>;
  copy(text: string): Promise<void>;
  /** The workspace folders' paths: where a path named in agent text may be opened. */
  workspaceFolders(): readonly string[];
  /**
   * Opens the first of `candidates` (absolute, inside a workspace folder) that exists, at the
   * 1-based line and column; when none exists (or there is none) tells the user that `written`
   * is not a file in the workspace, and opens nothing.
   */
  openWorkspacePath(candidates: string[], line: number | null, column: number | null, written: string): Promise<void>;
  /** Where "Apply" writes: the first of `candidates` that is an existing file, else the first; undefined when none. */
  applyTarget(candidates: string[]): Promise<string | undefined>;
  showLog(agentId: string | undefined): void;
  /** Opens where agents are configured (the switchboard.agents setting). */
  configureAgents(): Promise<void>;
  /** Shows a terminal of the thread as a VS Code terminal. */
  openTerminal(thread: ThreadController, terminalId: string): void;
  /** Review: Keep / Undo a file's pending changes. */
  reviewFile(path: string, action: 'keep' | 'undo'): Promise<void>;
  /** Review: Keep All / Undo All of the changes the thread's turns made. */
  reviewSession(thread: ThreadController, action: 'keep' | 'undo'): Promise<void>;
  /** Restores the checkpoint taken before a user message of the thread (asks first). */
  restoreCheckpoint(thread: ThreadController, entryId: string): Promise<void>;
  /**
   * "Edit" on a previous message: restores that message's checkpoint (asks first; a cancel ends
   * the edit), then continues the thread from there with the new prompt.
   */
  editMessage(thread: ThreadController, entryId: string, text: string, context: acp.ContentBlock[]): Promise<void>;
  /** Reads what the attached context needs (file and range texts, Problems) for the content blocks. */
  resolveContext(refs: ContextRef[]): Promise<ResolvedContext[]>;
  /** The host's context picker ("@"): what the user picked, nothing when dismissed. */
  pickContext(): Promise<ContextRef[]>;
  /** Adds context to the composer's message (the webview shows it as chips). */
  sendContext(items: ContextRef[]): void;
  /** Puts a message that could not be sent back into the composer, with its context. */
  returnDraft(text: string, context: ContextRef[] | undefined): void;
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
    const returned = unsentText(message, error);
    if (returned !== undefined) host.returnDraft(returned, 'context' in message ? message.context : undefined);
    const advice = errorAdvice(message.type, error);
    host.reportError(returned === undefined ? advice : `${advice} ${t('Your message is back in the message box.')}`);
  }
}

/** The text a failed message carried that the composer had already let go of (nothing typed is lost). */
function unsentText(message: WebviewToHost, error: unknown): string | undefined {
  switch (message.type) {
    case 'prompt':
    case 'queuePrompt':
    case 'editMessage':
      return message.text;
    case 'sendNow':
      // New text that waits first in the queue after all is not given back: it would go twice.
      return error instanceof KeptInQueueError ? undefined : message.text;
    default:
      return undefined;
  }
}

/** The chat a message is for: the one the webview showed when the user acted. */
function targetThread(message: WebviewToHost, host: ChatHost): ThreadController | undefined {
  if (message.threadId === undefined) return host.activeThread();
  const thread = host.findThread(message.threadId);
  if (!thread && message.type === 'prompt') throw new Error('that chat was closed; pick another one');
  return thread;
}

async function dispatch(message: WebviewToHost, host: ChatHost): Promise<void> {
  const thread = targetThread(message, host);
  switch (message.type) {
    case 'ready':
    case 'resync':
      host.sendSnapshot();
      return;
    case 'taken':
      host.actionsTaken(message.seq);
      return;
    case 'prompt': {
      // No chat yet (fresh window): typing a prompt starts one with the picked (or default) agent.
      const target = thread ?? (await host.startChat(message.agentId));
      // A chat brought back after a reload runs no agent yet: the first prompt continues it.
      // Its agent starting (a new chat the user types into at once): the message waits for the start
      // rather than fail with "not ready" and lose what was typed.
      const connection = target.snapshot().state.connection.kind;
      if (connection === 'stopped' || connection === 'starting') await target.start();
      await target.prompt(message.text, await attachedBlocks(host, target, message.context));
      return;
    }
    case 'queuePrompt': {
      const target = thread ?? (await host.startChat(undefined));
      await target.queuePrompt(message.text, await attachedBlocks(host, target, message.context));
      return;
    }
    case 'pickContext': {
      const picked = await host.pickContext();
      if (picked.length > 0) host.sendContext(picked);
      return;
    }
    case 'editQueued':
      thread?.editQueued(message.id, message.text);
      return;
    case 'removeQueued':
      thread?.removeQueued(message.id);
      return;
    case 'sendNow':
      if (message.id !== undefined) await thread?.sendNow({ id: message.id });
      else if (message.text !== undefined && thread)
        await thread.sendNow({ text: message.text, context: await attachedBlocks(host, thread, message.context) });
      else host.reportInvalid(message);
      return;
    case 'cancel':
      await thread?.cancel();
      return;
    case 'cancelSubagent':
      if (!thread) throw new Error(t('that chat was closed'));
      await thread.cancelSubagent(message.sessionId);
      return;
    case 'permission':
      thread?.resolvePermission(message.permissionId, message.optionId);
      return;
    case 'elicitation': {
      if (!['accept', 'decline', 'cancel'].includes(message.action)) return host.reportInvalid(message);
      const problems = thread?.resolveElicitation(message.elicitationId, message.action, message.values ?? {});
      if (problems) throw new Error(`the form is not complete: ${Object.values(problems).join(' ')}`);
      return;
    }
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
    case 'openPath':
      // Agent text: only paths inside a workspace folder, never a URL (pathTarget.ts).
      await host.openWorkspacePath(
        pathCandidates(message.path, host.workspaceFolders()),
        clampPosition(message.line),
        clampPosition(message.column),
        message.path,
      );
      return;
    case 'openDiff':
      await host.openWriteDiff(message.path, message.fromRevision, message.revision);
      return;
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
    case 'applyCode':
      if (thread) await applyCode(host, thread, message.entryId, message.path, message.key);
      return;
    case 'editMessage':
      if (thread && message.text.trim() !== '') {
        await host.editMessage(
          thread,
          message.entryId,
          message.text,
          await attachedBlocks(host, thread, message.context),
        );
      }
      return;
    case 'showChat':
      host.showChat(message.threadId);
      return;
    case 'closeChat':
      await host.closeChat(message.threadId);
      return;
    case 'openChatInEditor':
      await host.openChatInEditor(message.threadId);
      return;
    default: {
      const unreachable: never = message;
      host.reportInvalid(unreachable);
    }
  }
}

/**
 * "Apply": the block comes from the host's own copy of the answer (the webview sent its key), the path
 * is resolved inside a workspace folder like a path in agent text (an existing file first, else a new
 * one in the first folder that holds it), and the write goes through the thread, pending review.
 */
async function applyCode(
  host: ChatHost,
  thread: ThreadController,
  entryId: string,
  written: string,
  key: string,
): Promise<void> {
  const entry = thread.snapshot().state.entries.find((candidate) => candidate.id === entryId);
  const texts = entry?.kind === 'agent' ? entry.parts.flatMap((part) => (part.kind === 'text' ? [part.text] : [])) : [];
  const content = findNamedCodeBlock(texts, written, key);
  if (content === null) throw new AdvisedError(t('that code block is no longer in the chat'), '');
  const target = await host.applyTarget(pathCandidates(written, host.workspaceFolders()));
  if (target === undefined)
    throw new AdvisedError(
      t('{0} is not a path inside the workspace', visibleText(written)),
      t('Copy the block to save it somewhere else.'),
    );
  await thread.applyCode(target, content);
  await host.openLocation(target, null);
}

/**
 * The content blocks of the attached context for this thread's agent. The webview already says in
 * place what the agent cannot take; if such an item still arrives it is left out and named.
 */
async function attachedBlocks(
  host: ChatHost,
  thread: ThreadController,
  raw: ContextRef[] | undefined,
): Promise<acp.ContentBlock[]> {
  const refs = parseContextRefs(raw) ?? [];
  if (refs.length === 0) return [];
  const caps = thread.snapshot().state.agentCapabilities?.promptCapabilities;
  const { blocks, refused } = contextBlocks(await host.resolveContext(refs), caps);
  if (refused.length > 0) {
    const names = refused.map(contextLabel).join(', ');
    host.reportError(
      refused.length === 1
        ? t('{0} cannot take {1}; sent without it.', thread.agent.displayName, names)
        : t('{0} cannot take {1}; sent without them.', thread.agent.displayName, names),
    );
  }
  return blocks;
}
