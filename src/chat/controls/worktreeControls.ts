// The controls of chats in their own worktree: the worktree bar's "Bring back" and "Discard" (the host lists the
// changes, merges them for review, or asks before removing the worktree: src/vscode/worktrees/worktreeChats.ts), and
// the composer's message sent to several agents to compare (src/vscode/compare/comparisons.ts).
import { t } from '../../shared/l10n';
import type { WorktreePort } from './chatHost';
import type { Controls } from './control';
import { contextRefs, oneOf, text } from './fields';

export const worktreeControls: Controls<'worktree' | 'comparePrompt', WorktreePort> = {
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
      await host.compare(message.text, message.context ?? []);
    },
  },
};
