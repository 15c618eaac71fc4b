// The VS Code side of several chats at once: "Switch Chat..." (a quick pick of the chat list),
// closing a chat (asking first when it is working), the notification a background chat raises
// when it needs permission or finished its turn, and the commands on the side bar's chat.
import * as vscode from 'vscode';
import type { ThreadController } from '../../session/api';
import { closeAskingFirst, type Attention, type ChatList, type ChatSummary, type Unseen } from '../../session/chatList';
import type { ThreadRegistry } from '../../session/threadRegistry';
import { settings } from '../settings';
import { errorMessage } from '../../shared/errorMessage';

const STATE_LABEL: Record<ChatSummary['state'], string> = {
  starting: vscode.l10n.t('starting'),
  idle: vscode.l10n.t('ready'),
  working: vscode.l10n.t('working'),
  permission: vscode.l10n.t('needs permission'),
  done: vscode.l10n.t('done'),
  failed: vscode.l10n.t('failed'),
  stopped: vscode.l10n.t('not running'),
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
export async function pickChat(
  list: ChatList,
  placeHolder = vscode.l10n.t('Switch to a chat'),
): Promise<PickedChat | undefined> {
  const openInEditor: vscode.QuickInputButton = {
    iconPath: new vscode.ThemeIcon('go-to-file'),
    tooltip: vscode.l10n.t('Open in Editor'),
  };
  const items = list.summaries().map((chat) => ({
    label: `${STATE_ICON[chat.state]} ${oneLine(chat.title)}`,
    description: `${chat.agentName} · ${STATE_LABEL[chat.state]}${chat.unread ? ' · unread' : ''}`,
    detail: chat.active ? vscode.l10n.t('Shown in the side bar') : undefined,
    threadId: chat.threadId,
    buttons: [openInEditor],
  }));
  if (items.length === 0) {
    void vscode.window.showInformationMessage(
      vscode.l10n.t('There is no chat yet. Start one with "Switchboard: New Chat".'),
    );
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

/** Closes a chat; one that is working or waiting for the user is only closed once the user says so (a modal). */
export function closeChat(threads: ThreadRegistry, list: ChatList, threadId: string): Promise<boolean> {
  return closeAskingFirst(threads, list, threadId, async (summary) => {
    const close = vscode.l10n.t('Stop and Close');
    const answer = await vscode.window.showWarningMessage(
      vscode.l10n.t(
        '"{0}" is {1}. Closing it stops its turn and its agent.',
        oneLine(summary.title),
        STATE_LABEL[summary.state],
      ),
      { modal: true },
      close,
    );
    return answer === close;
  });
}

/**
 * A chat needs the user (in the background, or on screen while the window has no focus): a notification whose
 * button shows it. VS Code gives extensions no operating-system notification: this one is VS Code's own, which
 * stays in the window until it has focus again and then in the Notifications list. switchboard.notifyWhenUnfocused
 * turns off the ones for a chat on screen.
 */
export function notifyAttention(
  thread: ThreadController,
  why: Attention,
  unseen: Unseen,
  list: ChatList,
  open: () => void,
): void {
  if (unseen === 'unfocused' && !settings.get('notifyWhenUnfocused')) return;
  const summary = list.summaries().find((chat) => chat.threadId === thread.threadId);
  const name = `"${oneLine(summary?.title ?? vscode.l10n.t('Chat'))}" (${thread.agent.displayName})`;
  const text =
    why === 'permission'
      ? vscode.l10n.t('{0} needs your permission.', name)
      : why === 'input'
        ? vscode.l10n.t('{0} asks you for input.', name)
        : why === 'failed'
          ? vscode.l10n.t('{0}: the agent stopped.', name)
          : vscode.l10n.t('{0} finished its turn.', name);
  const show = why === 'failed' ? vscode.window.showWarningMessage : vscode.window.showInformationMessage;
  void show(text, vscode.l10n.t('Open Chat')).then((choice) => {
    if (choice) open();
  });
}

function oneLine(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > 80 ? `${line.slice(0, 79)}…` : line;
}

/**
 * A command on the side bar's chat ("cancel", "restart the agent", ...: `what`, worded for the messages): says so
 * when there is no chat, and shows a failure.
 */
export async function onActiveThread(
  threads: ThreadRegistry,
  what: string,
  run: (thread: ThreadController) => Promise<unknown>,
): Promise<void> {
  const thread = threads.active();
  if (!thread) {
    void vscode.window.showInformationMessage(
      vscode.l10n.t('There is no chat to {0}. Start one with "Switchboard: New Chat".', what),
    );
    return;
  }
  try {
    await run(thread);
  } catch (error) {
    void vscode.window.showErrorMessage(vscode.l10n.t('Switchboard could not {0}: {1}.', what, describeError(error)));
  }
}

/** "Switchboard: Sign Out" of the side bar chat's agent. */
export async function signOutOfActiveChat(threads: ThreadRegistry): Promise<void> {
  const thread = threads.active();
  if (!thread)
    return void vscode.window.showInformationMessage(vscode.l10n.t('Open a chat with the agent to sign out of.'));
  const result = await thread.signOut();
  void vscode.window.showInformationMessage(signOutMessage(thread.agent.displayName, result));
}

function signOutMessage(agent: string, result: 'loggedOut' | 'forgotten' | 'nothing'): string {
  if (result === 'loggedOut') return vscode.l10n.t('Signed out of {0}.', agent);
  if (result === 'forgotten')
    return vscode.l10n.t('The keys kept for {0} are forgotten; it starts again without them.', agent);
  return vscode.l10n.t('{0} does not offer signing out, and no keys are kept for it.', agent);
}

/** An error for a sentence that adds its own full stop. */
export function describeError(error: unknown): string {
  return errorMessage(error).replace(/\.$/, '');
}
