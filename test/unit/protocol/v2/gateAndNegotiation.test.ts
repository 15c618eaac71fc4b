// The v2 gate on malformed and unknown updates (never a throw: rejected with the fault named, repaired by
// dropping the faulty item or field, or tolerated as unknown), and the version negotiation rule.
import { describe, expect, it } from 'vitest';
import { gateV2SessionUpdate } from '../../../../src/session/updates/v2UpdateGate';
import { negotiatedVersion, requestedVersion, v2InitializeRequest } from '../../../../src/protocol/v2/negotiation';
import { CLIENT_CAPABILITIES } from '../../../../src/session/agent/clientCapabilities';
import { V2_DEFS } from '../../../../src/protocol/v2/schema';
import { newSchemaAjv } from '../../../../src/protocol/schema';
import V1_SCHEMA from '../../../../node_modules/@agentclientprotocol/sdk/schema/v1/schema.json';
import { V2Session } from './v2Harness';

const gate = (update: unknown) => gateV2SessionUpdate({ sessionId: 's1', update });

describe('v2 gate', () => {
  it('rejects a known variant without what it requires, naming the fault', () => {
    expect(gate({ sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: 'x' } })).toMatchObject({
      kind: 'reject',
      problem: "update must have required property 'messageId'",
    });
    expect(gate({ sessionUpdate: 'tool_call_update', title: 'no id' })).toMatchObject({ kind: 'reject' });
    expect(gate({ sessionUpdate: 'terminal_output_chunk', terminalId: 'T' })).toMatchObject({ kind: 'reject' });
    expect(gate({ sessionUpdate: 'state_update' })).toMatchObject({ kind: 'reject' });
  });

  it('drops a faulty array item or optional field and applies the rest, saying what went', () => {
    const verdict = gate({
      sessionUpdate: 'tool_call_update',
      toolCallId: 'c',
      title: 'Read',
      locations: [{ path: 42 }, { path: '/w/a' }],
    });
    expect(verdict).toMatchObject({ kind: 'apply', update: { locations: [{ path: '/w/a' }] } });
    expect((verdict as { dropped: string[] }).dropped).toEqual([
      'update.locations[0] (update.locations[0].path must be string)',
    ]);
  });

  it('tolerates variants v2 does not define (`_`-prefixed or newer), but not a broken envelope', () => {
    expect(gate({ sessionUpdate: '_vendor_thing', x: 1 })).toEqual({
      kind: 'unknownVariant',
      variant: '_vendor_thing',
    });
    expect(gate({ sessionUpdate: 'future_update' })).toEqual({ kind: 'unknownVariant', variant: 'future_update' });
    expect(gateV2SessionUpdate({ update: { sessionUpdate: '_x' } })).toMatchObject({ kind: 'reject' });
  });

  it('never throws on junk', () => {
    for (const junk of [null, 5, 'x', [], { sessionUpdate: 5 }, { sessionUpdate: null }, {}])
      expect(['reject', 'unknownVariant']).toContain(gate(junk).kind);
    expect(gateV2SessionUpdate(null).kind).toBe('reject');
  });

  it('bounds free-form JSON like v1 (a 5,000-level rawInput)', () => {
    let deep: unknown = 'leaf';
    for (let i = 0; i < 5000; i++) deep = { d: deep };
    const verdict = gate({ sessionUpdate: 'tool_call_update', toolCallId: 'c', rawInput: deep });
    expect(verdict.kind).toBe('apply');
    expect((verdict as { cuts?: string[] }).cuts?.length).toBeGreaterThan(0);
  });

  it('a rejected update changes nothing in the thread', () => {
    const s = new V2Session();
    s.deliver({ sessionUpdate: 'agent_message', content: [] });
    expect(s.actions).toEqual([]);
  });
});

describe('v2 negotiation', () => {
  it('asks for 2 only when v2 is on', () => {
    expect(requestedVersion(false)).toBe(1);
    expect(requestedVersion(true)).toBe(2);
  });

  it('an answer of 1 is v1 always; 2 is v2 only when asked; anything else is a clear failure', () => {
    expect(negotiatedVersion(1, false)).toEqual({ ok: true, version: 1 });
    expect(negotiatedVersion(1, true)).toEqual({ ok: true, version: 1 });
    expect(negotiatedVersion(2, true)).toEqual({ ok: true, version: 2 });
    expect(negotiatedVersion(2, false)).toEqual({ ok: false, reason: 'needsV2', answered: '2' });
    expect(negotiatedVersion(3, true)).toEqual({ ok: false, reason: 'unsupported', answered: '3' });
    expect(negotiatedVersion('2', true)).toEqual({ ok: false, reason: 'unsupported', answered: '"2"' });
    expect(negotiatedVersion(undefined, true)).toEqual({ ok: false, reason: 'unsupported', answered: 'none' });
    expect(negotiatedVersion('x'.repeat(100), true)).toMatchObject({ answered: expect.stringMatching(/^.{40}…$/) });
  });

  it("the v2 initialize request carries info and v2's capabilities, v1's beside them, and fits both schemas", () => {
    const v1 = {
      protocolVersion: 1,
      clientCapabilities: { ...CLIENT_CAPABILITIES, elicitation: { form: {} } },
      clientInfo: { name: 'switchboard', version: '1.2.3' },
    };
    const request = v2InitializeRequest(v1);
    expect(request).toEqual({
      ...v1,
      protocolVersion: 2,
      info: { name: 'switchboard', version: '1.2.3' },
      capabilities: { elicitation: { form: {} }, auth: { terminal: {} }, _meta: { 'terminal-auth': true } },
    });
    const ajv = newSchemaAjv();
    ajv.addSchema({ $defs: V2_DEFS }, 'acp2');
    ajv.addSchema({ $defs: V1_SCHEMA.$defs }, 'acp1');
    for (const version of ['acp2', 'acp1']) {
      const validate = ajv.compile({ $ref: `${version}#/$defs/InitializeRequest` });
      expect(validate(request), `${version}: ${JSON.stringify(validate.errors)}`).toBe(true);
    }
  });
});
