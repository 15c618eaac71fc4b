// The gate takes the session/update variants of subagent sessions (checked against the unstable schema's
// definitions: the SDK's stable schema does not have them) and a tool call's link to a session
// ({type: "session", sessionId}), and treats them like every other update: valid ones apply, bounded; a bad
// optional field is dropped and said; one without what it needs is rejected.
import type * as acp from '@agentclientprotocol/sdk';
import { describe, expect, it } from 'vitest';
import { DEPTH_MARKER } from '../../../src/protocol/boundJson';
import { checkParams } from '../../../src/protocol/schema';
import { gateSessionUpdate } from '../../../src/session/updates/updateGate';

const gate = (update: unknown) => gateSessionUpdate({ sessionId: 's', update } as acp.SessionNotification);

describe('subagent_update', () => {
  it('applies an announcement and every patch field of the unstable schema', () => {
    const update = {
      sessionUpdate: 'subagent_update',
      sessionId: 'child',
      title: 'Explore',
      description: null,
      capabilities: { cancel: {} },
      state: { state: 'idle', stopReason: 'error', error: { code: -32603, message: 'boom' }, usage: null },
      cwd: '/w',
      additionalDirectories: ['/x'],
    };
    expect(gate(update)).toEqual({ kind: 'apply', update });
    for (const state of [{ state: 'running' }, { state: 'requires_action' }, { state: 'unknown' }, { state: '_x' }])
      expect(gate({ sessionUpdate: 'subagent_update', sessionId: 'c', state })).toMatchObject({ kind: 'apply' });
  });

  it('rejects one without a session id; drops a title that is not text, and says so', () => {
    expect(gate({ sessionUpdate: 'subagent_update', title: 'x' })).toMatchObject({
      kind: 'reject',
      problem: expect.stringContaining('sessionId'),
    });
    expect(gate({ sessionUpdate: 'subagent_update', sessionId: 'c', title: 5 })).toMatchObject({
      kind: 'apply',
      update: { sessionUpdate: 'subagent_update', sessionId: 'c' },
      dropped: [expect.stringContaining('title')],
    });
  });

  it('bounds its _meta like any update', () => {
    const verdict = gate({
      sessionUpdate: 'subagent_update',
      sessionId: 'c',
      _meta: JSON.parse(`${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`),
    });
    expect(verdict.kind).toBe('apply');
    expect(JSON.stringify(verdict.kind === 'apply' && verdict.update)).toContain(DEPTH_MARKER);
  });
});

describe('session_message and session_message_chunk', () => {
  it('apply when valid', () => {
    const message = {
      sessionUpdate: 'session_message',
      messageId: 'm',
      senderSessionId: 'a',
      recipientSessionId: null,
      content: [{ type: 'text', text: 'hi' }],
    };
    expect(gate(message)).toEqual({ kind: 'apply', update: message });
    const chunk = { sessionUpdate: 'session_message_chunk', messageId: 'm', content: { type: 'text', text: 'x' } };
    expect(gate(chunk)).toEqual({ kind: 'apply', update: chunk });
  });

  it('a content item that is not a content block is dropped; a chunk without content is rejected', () => {
    expect(
      gate({ sessionUpdate: 'session_message', messageId: 'm', content: [{ type: 'text', text: 'ok' }, { type: 5 }] }),
    ).toMatchObject({
      kind: 'apply',
      update: { content: [{ type: 'text', text: 'ok' }] },
      dropped: [expect.any(String)],
    });
    expect(gate({ sessionUpdate: 'session_message_chunk', messageId: 'm' })).toMatchObject({ kind: 'reject' });
  });
});

describe('a tool call linking to a session', () => {
  it('passes {type: "session", sessionId} as it is', () => {
    const update = {
      sessionUpdate: 'tool_call',
      toolCallId: 't',
      title: 'Spawn agent',
      content: [{ type: 'session', sessionId: 'child' }],
    };
    expect(gate(update)).toEqual({ kind: 'apply', update });
    const permission = {
      sessionId: 's',
      toolCall: { toolCallId: 't', content: [{ type: 'session', sessionId: 'child' }] },
      options: [{ optionId: 'a', name: 'Allow', kind: 'allow_once' }],
    };
    expect(checkParams('session/request_permission', permission)).toBeUndefined();
  });

  it('only that shape: a session link without its id, or another unknown type, is still dropped', () => {
    for (const item of [{ type: 'session' }, { type: 'session', sessionId: 5 }, { type: 'bogus', sessionId: 'x' }]) {
      expect(
        gate({
          sessionUpdate: 'tool_call_update',
          toolCallId: 't',
          content: [item, { type: 'terminal', terminalId: 'x' }],
        }),
      ).toMatchObject({
        kind: 'apply',
        update: { content: [{ type: 'terminal', terminalId: 'x' }] },
        dropped: [expect.any(String)],
      });
    }
  });
});
