// What a comparison asks the user: which agents (two or more, the last comparison's checked), the prompt (the
// composer's text and context chips when it came from there, else typed here), and before "Take this one".
import * as vscode from 'vscode';
import type { AgentCatalog } from '../agents/agentCatalog';
import { agentPickItems } from '../agents/agentPicker';

/** The agents to compare, at least two; undefined when dismissed. */
export async function pickCompareAgents(catalog: AgentCatalog, last: readonly string[]): Promise<string[] | undefined> {
  const items = agentPickItems(catalog).map((item) =>
    item.agentId !== undefined ? { ...item, picked: last.includes(item.agentId), buttons: [] } : item,
  );
  for (;;) {
    const picked = await vscode.window.showQuickPick(items, {
      canPickMany: true,
      title: vscode.l10n.t('Compare Agents: which agents get the prompt?'),
      placeHolder: vscode.l10n.t('Check two or more: each works in a worktree of its own'),
      ignoreFocusOut: true,
    });
    if (!picked) return undefined;
    const ids = picked.flatMap((item) => (item.agentId !== undefined ? [item.agentId] : []));
    if (ids.length >= 2) return ids;
    const again = vscode.l10n.t('Pick Again');
    // One agent checked: it may run twice (the better of two runs), each in its own worktree.
    const twice = vscode.l10n.t('Run It Twice');
    const answer = await vscode.window.showWarningMessage(
      vscode.l10n.t('A comparison needs two agents or more, or one agent run twice.'),
      again,
      ...(ids.length === 1 ? [twice] : []),
    );
    if (answer === twice) return [ids[0]!, ids[0]!];
    if (answer !== again) return undefined;
  }
}

/** The prompt typed for the comparison; undefined when dismissed. */
export async function askComparePrompt(): Promise<string | undefined> {
  const text = await vscode.window.showInputBox({
    title: vscode.l10n.t('Compare Agents: the prompt every agent gets'),
    prompt: vscode.l10n.t(
      'To attach files or a selection, type the prompt in the chat with its context and press Ctrl+Shift+Enter.',
    ),
    placeHolder: vscode.l10n.t('What should the agents do?'),
    ignoreFocusOut: true,
    validateInput: (value) => (value.trim() === '' ? vscode.l10n.t('Type a prompt') : undefined),
  });
  return text?.trim() === '' ? undefined : text;
}

/** The modal before "Take this one": true when the user confirmed. */
export async function confirmTake(agentName: string, others: number): Promise<boolean> {
  const go = vscode.l10n.t('Take This One');
  const answer = await vscode.window.showWarningMessage(
    vscode.l10n.t("Take {0}'s result?", agentName),
    {
      modal: true,
      detail: vscode.l10n.t(
        'Its changes come into the workspace for review (Keep or Undo each). The other {0} chats are closed and their worktrees deleted; their transcripts stay in Chat History.',
        others,
      ),
    },
    go,
  );
  return answer === go;
}
