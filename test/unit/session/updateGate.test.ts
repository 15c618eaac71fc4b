// The session/update gate: what a malformed or extreme update becomes (see updateGate.ts's policy).
import type * as acp from '@agentclientprotocol/sdk';
import { describe, expect, it } from 'vitest';
import { DEPTH_MARKER } from '../../../src/protocol/boundJson';
import { gateSessionUpdate, rawPreview } from '../../../src/session/updates/updateGate';

const gate = (update: unknown) => gateSessionUpdate({ sessionId: 's', update } as acp.SessionNotification);

function deep(depth: number): unknown {
  let value: unknown = { leaf: true };
  for (let i = 0; i < depth; i++) value = { next: value };
  return value;
}

describe('gateSessionUpdate', () => {
  it('passes a plain text chunk through untouched (no schema check, no copy)', () => {
    const update = { sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: 'hi' }, messageId: 'm1' };
    const verdict = gate(update);
    expect(verdict).toEqual({ kind: 'apply', update });
    expect(verdict.kind === 'apply' && verdict.update).toBe(update);
  });

  it("bounds a text chunk's _meta and annotations", () => {
    const verdict = gate({
      sessionUpdate: 'agent_message_chunk',
      content: { type: 'text', text: 'hi', annotations: deep(50) },
      _meta: deep(5000),
    });
    expect(verdict.kind).toBe('apply');
    const text = JSON.stringify(verdict.kind === 'apply' && verdict.update);
    expect(text).toContain(DEPTH_MARKER);
    expect(text.length).toBeLessThan(2000);
  });

  it('keeps a valid tool call and bounds its free-form rawInput (5,000 levels) and rawOutput (long strings)', () => {
    const verdict = gate({
      sessionUpdate: 'tool_call',
      toolCallId: 't',
      title: 'x',
      rawInput: deep(5000),
      rawOutput: { log: 'y'.repeat(1_000_000) },
    });
    expect(verdict.kind).toBe('apply');
    if (verdict.kind !== 'apply') return;
    const update = verdict.update as acp.ToolCall & { sessionUpdate: 'tool_call' };
    expect(JSON.stringify(update.rawInput)).toContain(DEPTH_MARKER);
    expect(JSON.stringify(update.rawOutput).length).toBeLessThan(20 * 1024);
    expect(verdict.cuts?.length).toBeGreaterThan(0);
    expect(verdict.dropped).toBeUndefined();
  });

  it('drops an invalid array item and keeps the rest, saying what was dropped', () => {
    const verdict = gate({
      sessionUpdate: 'tool_call',
      toolCallId: 't',
      title: 'x',
      locations: [{ path: 42 }, { path: '/a' }, { path: 'b', line: -1 }],
    });
    expect(verdict).toMatchObject({ kind: 'apply', update: { locations: [{ path: '/a' }] } });
    expect(verdict.kind === 'apply' && verdict.dropped).toEqual([
      'update.locations[0] (update.locations[0].path must be string)',
      'update.locations[1] (update.locations[1].line must be >= 0)',
    ]);
  });

  it('drops an invalid optional field (title 5 in a tool_call_update, locations "abc")', () => {
    expect(gate({ sessionUpdate: 'tool_call_update', toolCallId: 't', title: 5, status: 'completed' })).toMatchObject({
      kind: 'apply',
      update: { sessionUpdate: 'tool_call_update', toolCallId: 't', status: 'completed' },
    });
    const verdict = gate({ sessionUpdate: 'tool_call', toolCallId: 't', title: 'x', locations: 'abc' });
    expect(verdict.kind === 'apply' && 'locations' in verdict.update).toBe(false);
  });

  it('drops a diff with path null / newText 5 and a plan entry without content', () => {
    expect(
      gate({ sessionUpdate: 'tool_call_update', toolCallId: 't', content: [{ type: 'diff', path: null, newText: 5 }] }),
    ).toMatchObject({
      kind: 'apply',
      update: { content: [] },
    });
    expect(
      gate({
        sessionUpdate: 'plan',
        entries: [
          { priority: 'high', status: 'pending' },
          { content: 'ok', priority: 'low', status: 'pending' },
        ],
      }),
    ).toMatchObject({
      kind: 'apply',
      update: { entries: [{ content: 'ok' }] },
    });
  });

  it('rejects what leaves nothing meaningful, naming the first fault and showing the raw JSON', () => {
    expect(
      gate({ sessionUpdate: 'agent_message_chunk', content: { type: 'resource_link', uri: 5, name: 'n' } }),
    ).toEqual({
      kind: 'reject',
      problem: 'update.content.uri must be string',
      raw: '{"sessionUpdate":"agent_message_chunk","content":{"type":"resource_link","uri":5,"name":"n"}}',
    });
    expect(gate({ sessionUpdate: 'tool_call', title: 'no id' })).toMatchObject({
      kind: 'reject',
      problem: "update must have required property 'toolCallId'",
    });
    expect(gate({ sessionUpdate: 'usage_update', used: 'lots', size: 1 })).toMatchObject({
      kind: 'reject',
      problem: 'update.used must be integer',
    });
    expect(gate({ sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: 5 } })).toMatchObject({
      kind: 'reject',
    });
    expect(gate(null)).toMatchObject({ kind: 'reject' });
    // Tagged unions accept no non-objects (ajv's discriminator alone would let null through).
    expect(gate({ sessionUpdate: 'agent_message_chunk', content: null })).toMatchObject({
      kind: 'reject',
      problem: 'update.content must be object',
    });
    expect(
      gate({
        sessionUpdate: 'tool_call_update',
        toolCallId: 't',
        content: [null, 'abc', { type: 'terminal', terminalId: 'x' }],
      }),
    ).toMatchObject({
      kind: 'apply',
      update: { content: [{ type: 'terminal', terminalId: 'x' }] },
    });
    expect(gate({ sessionUpdate: 42 })).toMatchObject({ kind: 'reject' });
  });

  it('reports a variant the schema does not know as unknown (a newer agent), not as an error', () => {
    expect(gate({ sessionUpdate: 'future_variant', x: 1 })).toEqual({
      kind: 'unknownVariant',
      variant: 'future_variant',
    });
  });

  it('rejects an update with more faults than it repairs', () => {
    const locations = Array.from({ length: 40 }, () => ({ path: 1 }));
    expect(gate({ sessionUpdate: 'tool_call', toolCallId: 't', title: 'x', locations })).toMatchObject({
      kind: 'reject',
    });
  });

  it('keeps an extra unknown key but bounds it', () => {
    const verdict = gate({ sessionUpdate: 'tool_call', toolCallId: 't', title: 'x', extra: deep(100) });
    expect(verdict.kind).toBe('apply');
    expect(JSON.stringify(verdict.kind === 'apply' && verdict.update)).toContain(DEPTH_MARKER);
  });
});

describe('rawPreview', () => {
  it('never throws and stays short, whatever the agent sent', () => {
    expect(rawPreview(deep(100_000)).length).toBeLessThan(1100);
    expect(rawPreview('x'.repeat(10_000)).length).toBeLessThan(1100);
    expect(rawPreview(undefined)).toBe('null');
  });
});
