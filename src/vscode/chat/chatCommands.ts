// The VS Code side of several chats at once: "Switch Chat..." (a quick pick of the chat list),
// closing a chat (asking first when it is working), and the notification a background chat
// raises when it needs permission or finished its turn.
import * as vscode from 'vscode';
import type { ThreadController } from '../../session/api';
import type { Attention, ChatList, ChatSummary } from '../../session/chatList';
import type { ThreadRegistry } from '../../session/threadRegistry';

const STATE_LABEL: Record<ChatSummary['state'], string> = {
  starting: 'starting',
  idle: 'ready',
  working: 'working',
  permission: 'needs permission',
  done: 'done',
  failed: 'failed',
  stopped: 'not running',
};

const STATE_ICON: Record<ChatSummary['state'], string> = {
  starting: '$(loading~spin)',
  idle: '$(comment-discussion)',
  working: '$(sync~spin)',
  permission: '$(shield)',
  done: '$(check)',
  failed: '$(error)',
  stopped: '$(debug-pause)',
};

export function chatStateLabel(state: ChatSummary['state']): string {
  return STATE_LABEL[state];
}

export interface PickedChat {
  threadId: string;
  /** The item's "Open in Editor" button was used (else the chat is shown in the side bar). */
  inEditor: boolean;
}

/**
 * The quick pick of "Switchboard: Switch Chat...": the chosen chat, undefined when dismissed. Each
 * item has an "Open in Editor" button.
 */
export async function pickChat(list: ChatList, placeHolder = 'Switch to a chat'): Promise<PickedChat | undefined> {
  const openInEditor: vscode.QuickInputButton = {
    iconPath: new vscode.ThemeIcon('go-to-file'),
    tooltip: vscode.l10n.t('Open in Editor'),
  };
  const items = list.summaries().map((chat) => ({
    label: `${STATE_ICON[chat.state]} ${oneLine(chat.title)}`,
    description: `${chat.agentName} · ${STATE_LABEL[chat.state]}${chat.unread ? ' · unread' : ''}`,
    detail: chat.active ? 'Shown in the side bar' : undefined,
    threadId: chat.threadId,
    buttons: [openInEditor],
  }));
  if (items.length === 0) {
    void vscode.window.showInformationMessage('There is no chat yet. Start one with "Switchboard: New Chat".');
    return undefined;
  }
  const pick = vscode.window.createQuickPick<(typeof items)[number]>();
  pick.items = items;
  pick.placeholder = placeHolder;
  pick.matchOnDescription = true;
  return new Promise((resolve) => {
    let picked: PickedChat | undefined;
    pick.onDidAccept(() => {
      const item = pick.selectedItems[0];
      picked = item && { threadId: item.threadId, inEditor: false };
      pick.hide();
    });
    pick.onDidTriggerItemButton((event) => {
      picked = { threadId: event.item.threadId, inEditor: true };
      pick.hide();
    });
    pick.onDidHide(() => {
      pick.dispose();
      resolve(picked);
    });
    pick.show();
  });
}

/** Closes a chat; a chat that is working or waiting for the user is only closed once the user says so. */
export async function closeChat(threads: ThreadRegistry, list: ChatList, threadId: string): Promise<boolean> {
  const summary = list.summaries().find((chat) => chat.threadId === threadId);
  if (!summary) return false;
  if (summary.state === 'working' || summary.state === 'permission' || summary.state === 'starting') {
    const close = 'Stop and Close';
    const answer = await vscode.window.showWarningMessage(
      `"${oneLine(summary.title)}" is ${STATE_LABEL[summary.state]}. Closing it stops its turn and its agent.`,
      { modal: true },
      close,
    );
    if (answer !== close) return false;
  }
  await threads.close(threadId);
  return true;
}

/** A background chat needs the user: a notification whose button shows it. */
export function notifyAttention(thread: ThreadController, why: Attention, list: ChatList, open: () => void): void {
  const summary = list.summaries().find((chat) => chat.threadId === thread.threadId);
  const name = `"${oneLine(summary?.title ?? 'Chat')}" (${thread.agent.displayName})`;
  const text =
    why === 'permission'
      ? `${name} needs your permission.`
      : why === 'failed'
        ? `${name}: the agent stopped.`
        : `${name} finished its turn.`;
  const show = why === 'failed' ? vscode.window.showWarningMessage : vscode.window.showInformationMessage;
  void show(text, 'Open Chat').then((choice) => {
    if (choice) open();
  });
}

function oneLine(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > 80 ? `${line.slice(0, 79)}…` : line;
}
