// An ACP v2 session/request_permission as the thread shows one (v1's card on a tool call): v2 asks with a
// title of its own, an optional description, and an optional subject. A `tool_call` subject is that tool
// call (patched like a tool_call_update); a `command` subject is the command about to run (on its tool call
// when it names one, else on a card of its own); no subject, or one this client does not know, asks on a
// card of its own with the title. The title and description go on the card above the options. Pure.
import type * as acp2 from '@agentclientprotocol/sdk/experimental/v2';
import type { PermissionPrompt, ToolCallUpdateView } from '../../shared/thread';
import { toolPatchView } from './v2Shapes';

/** The longest title and description a card shows (an agent's text; the rest is cut with an ellipsis). */
export const MAX_PERMISSION_TITLE = 500;
export const MAX_PERMISSION_DESCRIPTION = 4000;

export interface PermissionAsk {
  toolCall: ToolCallUpdateView;
  prompt: PermissionPrompt;
}

/** `cardId`: the id of a card of its own, for a request that names no tool call. */
export function permissionAsk(params: acp2.RequestPermissionRequest, cardId: string): PermissionAsk {
  const title = cut(params.title, MAX_PERMISSION_TITLE);
  const prompt: PermissionPrompt = { title };
  if (typeof params.description === 'string' && params.description.length > 0)
    prompt.description = cut(params.description, MAX_PERMISSION_DESCRIPTION);
  const subject = params.subject as ({ type?: unknown } & Record<string, unknown>) | null | undefined;
  if (subject?.type === 'tool_call')
    return { toolCall: toolPatchView(subject.toolCall as acp2.ToolCallUpdate), prompt };
  if (subject?.type === 'command') {
    const { command, cwd, toolCallId } = subject as unknown as acp2.CommandPermissionSubject;
    // On the tool call that runs it, which keeps its own title; a card of its own shows the command.
    if (typeof toolCallId === 'string') return { toolCall: { toolCallId }, prompt };
    return {
      toolCall: {
        toolCallId: cardId,
        title: cut(command, MAX_PERMISSION_TITLE),
        kind: 'execute',
        rawInput: { command, cwd },
      },
      prompt,
    };
  }
  return { toolCall: { toolCallId: cardId, title, kind: 'other' }, prompt };
}

function cut(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}
