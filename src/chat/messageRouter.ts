// Turns each message from the chat webview into its control's work (controls/controlTable.ts: one entry per
// message type). Pure (no vscode): the VS Code side is behind ChatHost, so routing is unit-tested with fakes.
import type { WebviewToHost } from '../shared/messages';
import { t } from '../shared/l10n';
import type { ChatHost } from './controls/chatHost';
import type { Control } from './controls/control';
import { CONTROLS } from './controls/controlTable';
import { errorAdvice } from './errorAdvice';
import { parseWebviewMessage } from './webviewMessages';

/** Handles one raw webview message; never rejects (failures go to host.reportError). */
export async function routeWebviewMessage(raw: unknown, host: ChatHost): Promise<void> {
  const message = parseWebviewMessage(raw);
  if (!message) {
    host.reportInvalid(raw);
    return;
  }
  // The table's type ties each entry to its own message type; indexed by a type that is not known until run
  // time, it is one of them, taking the message of that type.
  const control = CONTROLS[message.type] as Control<WebviewToHost, ChatHost>;
  try {
    // The chat the webview showed when the user acted (undefined when it was closed since).
    const thread = message.threadId === undefined ? host.activeThread() : host.findThread(message.threadId);
    await control.handle(message, thread, host);
  } catch (error) {
    // The text the message carried that the composer had already let go of: nothing typed is lost.
    const returned = control.unsent?.(message, error);
    if (returned !== undefined) host.returnDraft(returned, 'context' in message ? message.context : undefined);
    const advice = errorAdvice(message.type, error);
    host.reportError(returned === undefined ? advice : `${advice} ${t('Your message is back in the message box.')}`);
  }
}
