// The controls of a chat in its own worktree: the worktree bar's "Bring back" and "Discard" (the host lists the
// changes, merges them for review, or asks before removing the worktree: src/vscode/worktrees/worktreeChats.ts).
import { t } from '../../shared/l10n';
import type { WorktreePort } from './chatHost';
import type { Controls } from './control';
import { oneOf } from './fields';

export const worktreeControls: Controls<'worktree', WorktreePort> = {
  worktree: {
    shape: { action: oneOf('bringBack', 'discard') },
    doing: () => t('use the worktree of the chat'),
    async handle(message, thread, host) {
      if (thread?.snapshot().state.worktree) await host.worktreeAction(thread, message.action);
    },
  },
};
