import { describe, expect, it } from 'vitest';
import type { ThreadAction } from '../../../src/shared/actions';
import { coalesceChunks } from '../../../src/shared/coalesceChunks';
import { reduceAll } from '../../../src/shared/reduce';
import { agent, freshState, thought, toolCall, update, user } from './helpers';

const turnEnded: ThreadAction = { type: 'turnEnded', stopReason: 'end_turn' };
const image = { type: 'image' as const, data: 'AAAA', mimeType: 'image/png' };

describe('coalesceChunks', () => {
  it('merges consecutive text chunks of one message into one action with the joined text', () => {
    expect(coalesceChunks([agent('Hel', 'm1'), agent('lo', 'm1'), agent('!', 'm1')])).toEqual([agent('Hello!', 'm1')]);
  });

  it('keeps runs apart across kinds, messageIds, non-text blocks and other actions', () => {
    const actions = [
      agent('a'),
      agent('b'),
      thought('t1'),
      thought('t2'),
      agent('c', 'm2'),
      agent('d', 'm3'),
      agent(image),
      agent('e'),
      toolCall('x'),
      agent('f'),
      agent('g'),
      turnEnded,
      user('u1'),
      user('u2'),
    ];
    expect(coalesceChunks(actions)).toEqual([
      agent('ab'),
      thought('t1t2'),
      agent('c', 'm2'),
      agent('d', 'm3'),
      agent(image),
      agent('e'),
      toolCall('x'),
      agent('fg'),
      turnEnded,
      user('u1u2'),
    ]);
  });

  it('an id-less chunk never merges with an id-bearing one (the reducer keeps them apart too)', () => {
    expect(coalesceChunks([agent('a'), agent('b', 'm1')])).toHaveLength(2);
    expect(coalesceChunks([agent('a', null), agent('b')])).toEqual([agent('ab', null)]);
  });

  it('returns the same array when nothing merges, and leaves malformed chunks alone', () => {
    const actions = [agent('a'), toolCall('x'), agent('b')];
    expect(coalesceChunks(actions)).toBe(actions);
    const malformed = update({ sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: 5 } } as never);
    expect(coalesceChunks([agent('a'), malformed, agent('b')])).toHaveLength(3);
  });

  it('reducing the merged batch gives exactly the state reducing every chunk gives', () => {
    const before = reduceAll(freshState(), [agent('earlier', 'm0')]);
    const batches: ThreadAction[][] = [
      [agent('x', 'm0'), agent('y', 'm0'), agent('z', 'm1'), agent('w', 'm1')],
      [thought('think'), thought('ing'), agent('a'), agent('b'), agent(image), agent('c'), agent('d')],
      [toolCall('t'), agent('after'), agent(' tool'), turnEnded, agent('next'), agent(' turn')],
    ];
    for (const batch of batches) {
      expect(coalesceChunks(batch).length).toBeLessThan(batch.length);
      expect(reduceAll(before, coalesceChunks(batch))).toEqual(reduceAll(before, batch));
    }
  });
});
