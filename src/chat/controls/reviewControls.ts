// The review's controls: Keep / Undo a file or a chat's changes, restore a checkpoint, "Edit" a sent message
// (restore, then continue from it), and "Apply" a code block of an answer to the file it names.
import type { ThreadController } from '../../session/api';
import { findNamedCodeBlock } from '../../shared/codeBlockFile';
import { t } from '../../shared/l10n';
import { visibleText } from '../../shared/visibleText';
import { AdvisedError } from '../advisedError';
import { pathCandidates } from '../pathTarget';
import { attachedBlocks } from './attachedContext';
import type { ComposerPort, NavigationPort, ReportPort, ReviewPort } from './chatHost';
import type { Controls } from './control';
import { chatFolders } from './chatFolders';
import { contextRefs, oneOf, text } from './fields';

type ReviewMessage = 'reviewFile' | 'reviewSession' | 'restoreCheckpoint' | 'editMessage' | 'applyCode';

const keepOrUndo = oneOf('keep', 'undo');

export const reviewControls: Controls<ReviewMessage, ReviewPort & ComposerPort & NavigationPort & ReportPort> = {
  reviewFile: {
    shape: { path: text, action: keepOrUndo },
    doing: () => t('apply the review action'),
    handle: (message, _thread, host) => host.reviewFile(message.path, message.action),
  },
  reviewSession: {
    shape: { action: keepOrUndo },
    doing: () => t('apply the review action to the session'),
    async handle(message, thread, host) {
      if (thread) await host.reviewSession(thread, message.action);
    },
  },
  restoreCheckpoint: {
    shape: { entryId: text },
    doing: () => t('restore the checkpoint'),
    async handle(message, thread, host) {
      if (thread) await host.restoreCheckpoint(thread, message.entryId);
    },
  },
  editMessage: {
    shape: { entryId: text, text, context: contextRefs },
    doing: () => t('continue from the edited message'),
    helps: 'agentLogOrRestart',
    unsent: (message) => message.text,
    async handle(message, thread, host) {
      if (!thread || message.text.trim() === '') return;
      const context = await attachedBlocks(host, thread, message.context);
      await host.editMessage(thread, message.entryId, message.text, context);
    },
  },
  applyCode: {
    shape: { entryId: text, path: text, key: text },
    doing: () => t('apply the code block'),
    async handle(message, thread, host) {
      if (thread) await applyCode(host, thread, message.entryId, message.path, message.key);
    },
  },
};

/**
 * "Apply": the block comes from the host's own copy of the answer (the webview sent its key), the path
 * is resolved inside a workspace folder like a path in agent text (an existing file first, else a new
 * one in the first folder that holds it), and the write goes through the thread, pending review.
 */
async function applyCode(
  host: NavigationPort,
  thread: ThreadController,
  entryId: string,
  written: string,
  key: string,
): Promise<void> {
  const entry = thread.snapshot().state.entries.find((candidate) => candidate.id === entryId);
  const texts = entry?.kind === 'agent' ? entry.parts.flatMap((part) => (part.kind === 'text' ? [part.text] : [])) : [];
  const content = findNamedCodeBlock(texts, written, key);
  if (content === null) throw new AdvisedError(t('that code block is no longer in the chat'), '');
  const target = await host.applyTarget(pathCandidates(written, chatFolders(thread, host)));
  if (target === undefined)
    throw new AdvisedError(
      t('{0} is not a path inside the workspace', visibleText(written)),
      t('Copy the block to save it somewhere else.'),
    );
  await thread.applyCode(target, content);
  await host.openLocation(target, null);
}
