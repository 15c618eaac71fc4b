// The controls of chats in their own worktree: the worktree bar's "Bring back" and "Discard" (the host lists the
// changes, merges them for review, or asks before removing the worktree: src/vscode/worktrees/worktreeChats.ts), and
// the composer's message sent to several agents to compare (src/vscode/compare/comparisons.ts).
import { t } from '../../shared/l10n';
import type { ComposerPort, WorktreePort } from './chatHost';
import type { Controls } from './control';
import { contextRefs, oneOf, text } from './fields';

export const worktreeControls: Controls<'worktree' | 'comparePrompt', WorktreePort & ComposerPort> = {
  worktree: {
    shape: { action: oneOf('bringBack', 'discard') },
    doing: () => t('use the worktree of the chat'),
    async handle(message, thread, host) {
      if (thread?.snapshot().state.worktree) await host.worktreeAction(thread, message.action);
    },
  },
  comparePrompt: {
    shape: { text, context: contextRefs },
    doing: () => t('compare agents'),
    unsent: (message) => message.text,
    async handle(message, _thread, host) {
      // The composer was emptied when the message left it: a dismissed pick gives it back, nothing typed is lost.
      if (!(await host.compare(message.text, message.context ?? [])))
        host.returnDraft(message.text, message.context ?? []);
    },
  },
};
