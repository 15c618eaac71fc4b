// The cards a write or a command of the editor's MCP tools shows in the chat, and the permission it asks there.
// They go in as the agent's own ACP traffic would (a `tool_call` update, then session/request_permission on it),
// into the chat session's handlers: the same card, the same "Always allow" rules and auto-approve mode
// (src/vscode/chat/permissionPolicy.ts), the same end of every request (a cancelled turn answers `cancelled`).
// Its id starts `switchboard-` so it never meets one of the agent's.
import { randomUUID } from 'node:crypto';
import type * as acp from '@agentclientprotocol/sdk';
import { t } from '../../shared/l10n';
import type { CancelSignal, OpenEditorSession } from '../../session/api';

/** The tool call as the card shows it first (its id is made here). */
export type CardStart = Pick<acp.ToolCall, 'title' | 'kind' | 'locations' | 'rawInput' | 'content'>;

export class ToolCard {
  readonly toolCallId = `switchboard-${randomUUID()}`;

  constructor(private readonly session: OpenEditorSession) {}

  /** Shows the card, pending, with what the tool is about to do. */
  show(start: CardStart): void {
    this.send({ sessionUpdate: 'tool_call', toolCallId: this.toolCallId, status: 'pending', ...start });
  }

  /** Asks in the card; true when the user (or a rule, or auto-approve) allowed it. A refusal fails the card. */
  async allowed(signal: CancelSignal): Promise<boolean> {
    const answer = await this.session.requests.requestPermission(
      { sessionId: this.session.sessionId, toolCall: { toolCallId: this.toolCallId }, options: permissionOptions() },
      signal,
    );
    const allowed = answer.outcome.outcome === 'selected' && answer.outcome.optionId.startsWith('allow');
    if (!allowed) this.update({ status: 'failed' });
    return allowed;
  }

  update(fields: Omit<acp.ToolCallUpdate, 'toolCallId'>): void {
    this.send({ sessionUpdate: 'tool_call_update', toolCallId: this.toolCallId, ...fields });
  }

  /** The card's end: completed, or failed with the reason in it. */
  finish(error?: string): void {
    if (error === undefined) this.update({ status: 'completed' });
    else this.update({ status: 'failed', content: [{ type: 'content', content: { type: 'text', text: error } }] });
  }

  private send(update: acp.SessionUpdate): void {
    this.session.requests.update({ sessionId: this.session.sessionId, update });
  }
}

/** The four answers ACP agents offer; "always" ones become rules the way the agent's own requests do. */
function permissionOptions(): acp.PermissionOption[] {
  return [
    { optionId: 'allow', name: t('Allow'), kind: 'allow_once' },
    { optionId: 'allow-always', name: t('Always allow'), kind: 'allow_always' },
    { optionId: 'reject', name: t('Reject'), kind: 'reject_once' },
    { optionId: 'reject-always', name: t('Always reject'), kind: 'reject_always' },
  ];
}
