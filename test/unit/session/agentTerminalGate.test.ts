// The gate and an agent's terminal output in `_meta` (terminal_output / terminal_output_delta): a long
// chunk keeps its newest part, as a terminal does, instead of being cut like free-form JSON (head kept, a
// marker in the middle of the output).
import type * as acp from '@agentclientprotocol/sdk';
import { describe, expect, it } from 'vitest';
import { AGENT_TERMINAL_TAIL_CHARS } from '../../../src/shared/agentTerminals';
import { FREE_FORM_BOUNDS } from '../../../src/protocol/boundJson';
import { gateSessionUpdate } from '../../../src/session/updates/updateGate';

const gate = (update: unknown) => gateSessionUpdate({ sessionId: 's', update } as acp.SessionNotification);

function appliedMeta(update: unknown): Record<string, unknown> {
  const verdict = gate(update);
  if (verdict.kind !== 'apply') throw new Error(`not applied: ${JSON.stringify(verdict)}`);
  return (verdict.update as { _meta: Record<string, unknown> })._meta;
}

describe('gate: terminal output in _meta', () => {
  it('keeps the tail of an output chunk longer than a free-form string may be', () => {
    const lines = Array.from({ length: 4000 }, (_, i) => `line ${i}\n`).join('');
    expect(lines.length).toBeGreaterThan(FREE_FORM_BOUNDS.maxString);
    for (const key of ['terminal_output_delta', 'terminal_output']) {
      const meta = appliedMeta({
        sessionUpdate: 'tool_call_update',
        toolCallId: 'c1',
        _meta: { [key]: { terminal_id: 'x', data: lines }, other: 'z'.repeat(FREE_FORM_BOUNDS.maxString + 10) },
      });
      const data = (meta[key] as { data: string; terminal_id: string }).data;
      expect(data, key).toBe(lines); // under the terminal's own bound: whole
      expect((meta[key] as { terminal_id: string }).terminal_id).toBe('x');
      // The rest of _meta is free-form JSON as before.
      expect((meta.other as string).length).toBeLessThan(FREE_FORM_BOUNDS.maxString + 100);
      expect(meta.other as string).toContain('omitted');
    }
  });

  it('keeps the newest output of a chunk longer than the terminal keeps, from a line start', () => {
    const lines = Array.from({ length: 20_000 }, (_, i) => `line ${i}\n`).join('');
    expect(lines.length).toBeGreaterThan(AGENT_TERMINAL_TAIL_CHARS);
    const meta = appliedMeta({
      sessionUpdate: 'tool_call',
      toolCallId: 'c1',
      title: 'x',
      _meta: { terminal_output_delta: { terminal_id: 'x', data: lines } },
    });
    const data = (meta.terminal_output_delta as { data: string }).data;
    expect(data.length).toBeLessThanOrEqual(AGENT_TERMINAL_TAIL_CHARS);
    expect(data.endsWith('line 19999\n')).toBe(true);
    expect(data.startsWith('line ')).toBe(true);
    expect(lines.endsWith(data)).toBe(true);
  });

  it('bounds a malformed report like any free-form JSON', () => {
    const meta = appliedMeta({
      sessionUpdate: 'tool_call_update',
      toolCallId: 'c1',
      _meta: {
        terminal_output_delta: { terminal_id: 'x', data: 5, extra: 'q'.repeat(FREE_FORM_BOUNDS.maxString * 2) },
      },
    });
    const report = meta.terminal_output_delta as { data: unknown; extra: string };
    expect(report.data).toBe(5);
    expect(report.extra.length).toBeLessThan(FREE_FORM_BOUNDS.maxString + 100);
  });
});
