// A v2 session as the wiring will run it: each update passes the v2 gate (so a test payload that drifts from
// the SDK's v2 schema fails the test that sends it), the mapper, then the reducer, each state frozen.
import { expect } from 'vitest';
import type * as acp2 from '@agentclientprotocol/sdk/experimental/v2';
import type { ThreadAction } from '../../../../src/shared/actions';
import type { ThreadState, ToolCallView } from '../../../../src/shared/thread';
import { gateV2SessionUpdate } from '../../../../src/session/updates/v2UpdateGate';
import { checkV2SessionUpdate } from '../../../../src/protocol/v2/schema';
import { V2UpdateMapper } from '../../../../src/protocol/v2/updateMap';
import { deepFreeze, freshState, run } from '../../shared/helpers';

/** A payload the test wrote from the v2 schema: it must be valid, or the test is wrong. */
export function valid(update: acp2.SessionUpdate): acp2.SessionUpdate {
  const checked = checkV2SessionUpdate({ sessionId: 's1', update });
  expect(checked, JSON.stringify(update)).toEqual({ kind: 'valid' });
  return update;
}

export class V2Session {
  readonly mapper = new V2UpdateMapper();
  state: ThreadState = freshState();
  /** Every action dispatched, in order. */
  readonly actions: ThreadAction[] = [];
  readonly notes: string[] = [];

  /** Sends schema-valid updates through gate, mapper and reducer. */
  send(...updates: acp2.SessionUpdate[]): this {
    for (const update of updates) this.deliver(valid(update));
    return this;
  }

  /** Sends anything (malformed, unknown) the way the wire would; returns what the gate said. */
  deliver(update: unknown): ReturnType<typeof gateV2SessionUpdate> {
    const verdict = gateV2SessionUpdate({ sessionId: 's1', update });
    if (verdict.kind !== 'apply') return verdict;
    const mapped = this.mapper.map(verdict.update);
    if (mapped.note) this.notes.push(mapped.note);
    for (const action of mapped.actions) {
      this.actions.push(action);
      this.state = run(deepFreeze(this.state), action);
    }
    return verdict;
  }

  messages(): { kind: string; messageId: string | null; text: string }[] {
    return this.state.entries.flatMap((entry) =>
      entry.kind === 'user' || entry.kind === 'agent' || entry.kind === 'thought'
        ? [
            {
              kind: entry.kind,
              messageId: entry.messageId,
              text: entry.parts.map((part) => (part.kind === 'text' ? part.text : `[${part.block.type}]`)).join(''),
            },
          ]
        : [],
    );
  }

  tool(toolCallId: string): ToolCallView {
    const entry = this.state.entries.find((e) => e.kind === 'tool' && e.tool.toolCallId === toolCallId);
    expect(entry, `tool ${toolCallId}`).toBeDefined();
    return (entry as { tool: ToolCallView }).tool;
  }
}

export const b64 = (text: string): string => Buffer.from(text, 'utf8').toString('base64');
