// ACP v2 session/update notifications as the thread's actions (src/shared/actions.ts): one thread model for
// both wire surfaces, so every view, the review, the journal and the tests work for both. What v1 already
// expresses becomes v1's own update (chunks, tool_call_update, plan, commands, config options, info, usage,
// notices, compaction); what v1 cannot say has an action of its own (shared/upsertActions.ts): a message
// replaced by id, a tool-call content item appended, an agent-owned terminal patched, foreground work
// running. Upserts: an omitted field is unchanged, null clears, a value replaces, chunks append.
// One mapper per session; what it remembers (message ids seen, terminals) is bounded. Input is what the
// v2 gate let through (session/updates/v2UpdateGate.ts); a variant it does not know gives no action.
import type * as acp from '@agentclientprotocol/sdk';
import type * as acp2 from '@agentclientprotocol/sdk/experimental/v2';
import type { ThreadAction } from '../../shared/actions';
import type { MessageKind } from '../../shared/messageChunks';
import type { SessionUpdateView, ToolCallUpdateView, ToolContentView } from '../../shared/thread';
import { commandsV1, configOptionsV1, contentView, toolPatchView } from './v2Shapes';
import { TerminalStreams, type TerminalPatchOut } from './terminalStreams';

/** Message ids remembered per session (to tell a correction from a new message); the oldest go first. */
export const MAX_TRACKED_MESSAGES = 4096;

export interface Mapped {
  actions: ThreadAction[];
  /** Why the update changed nothing, or what of it was left out (for the log; the rest was applied). */
  note?: string;
}

const MESSAGE_KINDS = {
  user_message: 'user',
  agent_message: 'agent',
  agent_thought: 'thought',
} as const satisfies Record<string, MessageKind>;

/** The variants v2 defines, without the SDK's open catch-all (the gate checked a known tag's payload). */
type KnownUpdate =
  | (acp2.ContentChunk & { sessionUpdate: 'user_message_chunk' | 'agent_message_chunk' | 'agent_thought_chunk' })
  | (acp2.AgentMessage & { sessionUpdate: 'user_message' | 'agent_message' | 'agent_thought' })
  | (acp2.StateUpdate & { sessionUpdate: 'state_update' })
  | (acp2.ToolCallUpdate & { sessionUpdate: 'tool_call_update' })
  | (acp2.ToolCallContentChunk & { sessionUpdate: 'tool_call_content_chunk' })
  | (acp2.TerminalUpdate & { sessionUpdate: 'terminal_update' })
  | (acp2.TerminalOutputChunk & { sessionUpdate: 'terminal_output_chunk' })
  | (acp2.PlanUpdate & { sessionUpdate: 'plan_update' })
  | (acp2.AvailableCommandsUpdate & { sessionUpdate: 'available_commands_update' })
  | (acp2.ConfigOptionUpdate & { sessionUpdate: 'config_option_update' })
  | {
      sessionUpdate:
        'session_info_update' | 'usage_update' | 'notice' | 'compaction_update' | 'compaction_summary_chunk';
    };

const CHUNK_OF = { user: 'user_message_chunk', agent: 'agent_message_chunk', thought: 'agent_thought_chunk' } as const;

export class V2UpdateMapper {
  private readonly messages = new Set<string>();
  /** The message `remember` saw last (kept in `messages` as its most recent). */
  private lastKind: MessageKind | null = null;
  private lastMessageId: string | null = null;
  private readonly terminals = new TerminalStreams();
  /** Foreground work was reported running (an idle without a stop reason then ends the turn). */
  private running = false;

  /**
   * A message chunk, nearly every update of a stream, is already in v1's shape (its messageId kept): true once its
   * message is noted, and the caller dispatches the update as it is, with nothing allocated to wrap it.
   */
  takeChunk(input: acp2.SessionUpdate): input is acp2.SessionUpdate & SessionUpdateView {
    const variant = (input as KnownUpdate).sessionUpdate;
    if (variant !== 'agent_message_chunk' && variant !== 'agent_thought_chunk' && variant !== 'user_message_chunk')
      return false;
    this.remember(kindOfChunk(variant), (input as { messageId: string }).messageId);
    return true;
  }

  map(input: acp2.SessionUpdate): Mapped {
    if (this.takeChunk(input)) return v1(input);
    const update = input as KnownUpdate;
    switch (update.sessionUpdate) {
      case 'user_message':
      case 'agent_message':
      case 'agent_thought':
        return this.message(MESSAGE_KINDS[update.sessionUpdate], update);
      case 'state_update':
        return this.state(update as acp2.StateUpdate);
      case 'tool_call_update':
        return this.toolCall(update);
      case 'tool_call_content_chunk':
        return this.toolContent(update);
      case 'terminal_update':
        return this.terminal(update.terminalId, () => this.terminals.update(update.terminalId, update));
      case 'terminal_output_chunk':
        return this.terminal(update.terminalId, () => this.terminals.chunk(update.terminalId, update.data));
      case 'plan_update': {
        // v1's thread has one plan: the latest plan_update of any planId replaces it.
        const plan = update.plan;
        if (plan.type !== 'items') return { actions: [], note: `plan type ${JSON.stringify(plan.type)} not shown` };
        return v1({ sessionUpdate: 'plan', entries: (plan as acp2.PlanItems).entries as acp.PlanEntry[] });
      }
      case 'available_commands_update':
        return v1({ sessionUpdate: update.sessionUpdate, availableCommands: commandsV1(update.availableCommands) });
      case 'config_option_update':
        return v1({ sessionUpdate: update.sessionUpdate, configOptions: configOptionsV1(update.configOptions) });
      case 'session_info_update':
      case 'usage_update':
      case 'notice':
      case 'compaction_update':
      case 'compaction_summary_chunk':
        // The same shape in v1 (the types differ only in their open enums).
        return v1(update as unknown as SessionUpdateView);
      default:
        return { actions: [], note: 'unknown variant' };
    }
  }

  /** A whole message: a first-seen id streams in as chunks (cheap, merged like any), a known one is replaced. */
  private message(kind: MessageKind, update: acp2.AgentMessage): Mapped {
    const known = this.remember(kind, update.messageId);
    if (update.content === undefined) return { actions: [] }; // only its _meta changed: not shown
    const content = update.content ?? [];
    if (known)
      return {
        actions: [
          { type: 'messageReplaced', kind, messageId: update.messageId, content: content as acp.ContentBlock[] },
        ],
      };
    const actions: ThreadAction[] = content.map((block) => ({
      type: 'sessionUpdate',
      update: { sessionUpdate: CHUNK_OF[kind], messageId: update.messageId, content: block } as SessionUpdateView,
    }));
    return { actions };
  }

  private state(update: acp2.StateUpdate): Mapped {
    if (update.state === 'running' || update.state === 'requires_action') {
      this.running = true;
      return { actions: [{ type: 'turnRunning' }] };
    }
    if (update.state !== 'idle') return { actions: [], note: `state ${JSON.stringify(update.state)} not known` };
    const wasRunning = this.running;
    this.running = false;
    const idle = update as acp2.IdleStateUpdate;
    const stopReason = typeof idle.stopReason === 'string' ? idle.stopReason : null;
    if (stopReason === 'error') {
      const error = (idle as { error?: { message?: unknown } | null }).error;
      return {
        actions: [{ type: 'turnFailed', message: typeof error?.message === 'string' ? error.message : 'error' }],
      };
    }
    const meta = idle._meta ?? undefined;
    if (stopReason !== null)
      return { actions: [{ type: 'turnEnded', stopReason: stopReason as acp.StopReason, ...(meta ? { meta } : {}) }] };
    // Idle with no reason ends nothing, unless foreground work was running (the agent left out the reason).
    return wasRunning
      ? { actions: [{ type: 'turnEnded', stopReason: 'end_turn' }], note: 'idle without a stop reason' }
      : { actions: [] };
  }

  private toolCall(update: acp2.ToolCallUpdate): Mapped {
    const view: ToolCallUpdateView = toolPatchView(update);
    const actions: ThreadAction[] = [
      { type: 'sessionUpdate', update: { sessionUpdate: 'tool_call_update', ...view } as SessionUpdateView },
    ];
    if (Array.isArray(view.content)) this.linkTerminals(view.toolCallId, view.content, actions);
    return { actions };
  }

  private toolContent(update: acp2.ToolCallContentChunk): Mapped {
    const actions: ThreadAction[] = contentView(update.content).map((content) => ({
      type: 'toolContentAppended',
      toolCallId: update.toolCallId,
      content,
    }));
    for (const action of actions)
      if (action.type === 'toolContentAppended') this.linkTerminals(update.toolCallId, [action.content], actions);
    return { actions };
  }

  private linkTerminals(toolCallId: string, content: readonly ToolContentView[], actions: ThreadAction[]): void {
    for (const item of content)
      if (item.type === 'terminal' && typeof item.terminalId === 'string')
        for (const held of this.terminals.link(item.terminalId, toolCallId)) actions.push(patched(held));
  }

  private terminal(terminalId: string, apply: () => TerminalPatchOut | undefined): Mapped {
    let out: TerminalPatchOut | undefined;
    try {
      out = apply();
    } catch {
      return { actions: [], note: `terminal ${terminalId}: output is not base64` };
    }
    return out ? { actions: [patched(out)] } : { actions: [], note: 'held until a tool call shows the terminal' };
  }

  /** Whether the message was known; remembers it (least recently seen forgotten first). */
  private remember(kind: MessageKind, messageId: string): boolean {
    // A streamed message's chunks name it thousands of times in a row: it is already the most recent.
    if (kind === this.lastKind && messageId === this.lastMessageId) return true;
    this.lastKind = kind;
    this.lastMessageId = messageId;
    const key = `${kind}\0${messageId}`;
    const known = this.messages.delete(key);
    if (!known && this.messages.size >= MAX_TRACKED_MESSAGES)
      this.messages.delete(this.messages.values().next().value!);
    this.messages.add(key);
    return known;
  }
}

function v1(update: SessionUpdateView): Mapped {
  return { actions: [{ type: 'sessionUpdate', update }] };
}

function patched(out: TerminalPatchOut): ThreadAction {
  return { type: 'agentTerminalPatched', ...out };
}

function kindOfChunk(variant: (typeof CHUNK_OF)[MessageKind]): MessageKind {
  return variant === 'user_message_chunk' ? 'user' : variant === 'agent_message_chunk' ? 'agent' : 'thought';
}
