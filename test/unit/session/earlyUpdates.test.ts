import type * as acp from '@agentclientprotocol/sdk';
import { describe, expect, it } from 'vitest';
import { EarlyUpdates } from '../../../src/session/agent/earlyUpdates';

const note = (sessionId: string, text: string): acp.SessionNotification => ({
  sessionId,
  update: { sessionUpdate: 'agent_message_chunk', content: { type: 'text', text } },
});
const size = (n: acp.SessionNotification) => JSON.stringify(n).length;

describe('EarlyUpdates', () => {
  it('holds updates per session until taken, in arrival order', () => {
    const early = new EarlyUpdates(1_000_000, 4, () => undefined);
    early.hold('a', note('a', '1'));
    early.hold('b', note('b', '2'));
    early.hold('a', note('a', '3'));
    expect(early.take('a').map((n) => (n.update as { content: { text: string } }).content.text)).toEqual(['1', '3']);
    expect(early.take('a')).toEqual([]);
    expect(early.heldCount).toBe(1);
    expect(early.heldBytes).toBe(size(note('b', '2')));
  });

  it('is bounded by bytes in all: the oldest are dropped first, and the drop is logged', () => {
    const log: string[] = [];
    const one = size(note('a', 'x'.repeat(1000)));
    const early = new EarlyUpdates(one * 10, 16, (line) => log.push(line));
    for (let i = 0; i < 25; i++)
      early.hold(i % 2 ? 'a' : 'b', note(i % 2 ? 'a' : 'b', `${String(i).padStart(2, '0')}${'x'.repeat(998)}`));
    expect(early.heldBytes).toBeLessThanOrEqual(one * 10);
    expect(early.heldCount).toBe(10);
    const kept = [...early.take('a'), ...early.take('b')]
      .map((n) => (n.update as { content: { text: string } }).content.text.slice(0, 2))
      .sort();
    expect(kept).toEqual(['15', '16', '17', '18', '19', '20', '21', '22', '23', '24']);
    expect(log.filter((line) => line.includes('dropped'))).toHaveLength(1);
    expect(log.join('\n')).toMatch(/dropped the oldest held update/);
  });

  it('holds at most maxSessions session ids, and never one update larger than the whole budget', () => {
    const log: string[] = [];
    const early = new EarlyUpdates(10_000, 2, (line) => log.push(line));
    early.hold('a', note('a', '1'));
    early.hold('b', note('b', '2'));
    early.hold('c', note('c', '3'));
    early.hold('a', note('a', 'x'.repeat(20_000)));
    expect(early.heldSessions).toBe(2);
    expect(early.take('c')).toEqual([]);
    expect(early.take('a')).toHaveLength(1);
  });

  it('stays bounded under a flood of small updates for many sessions', () => {
    const early = new EarlyUpdates(64 * 1024, 16, () => undefined);
    for (let i = 0; i < 100_000; i++) early.hold(`s${i % 40}`, note(`s${i % 40}`, 'chunk'));
    expect(early.heldBytes).toBeLessThanOrEqual(64 * 1024);
    expect(early.heldSessions).toBeLessThanOrEqual(16);
  });
});
