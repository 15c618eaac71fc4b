import { describe, expect, it } from 'vitest';
import { attributeChange, DISK_EVENT_GRACE_MS, isAgentTime } from '../../../src/review/attribution';

describe('attribution', () => {
  it('an agent fs write is always the agent’s', () => {
    expect(attributeChange({ kind: 'agentWrite' }, true)).toBe('agent');
    expect(attributeChange({ kind: 'agentWrite' }, false)).toBe('agent');
  });

  it('an on-disk change during a turn is the agent’s, outside a turn the user’s', () => {
    expect(attributeChange({ kind: 'disk', ownWrite: false, userSaved: false }, true)).toBe('agent');
    expect(attributeChange({ kind: 'disk', ownWrite: false, userSaved: false }, false)).toBe('user');
  });

  it('the user saving an edited buffer during a turn is the user’s', () => {
    expect(attributeChange({ kind: 'disk', ownWrite: false, userSaved: true }, true)).toBe('user');
  });

  it('typing in an editor is the user’s, even during a turn', () => {
    expect(attributeChange({ kind: 'editor', ownEdit: false, reloadedFromDisk: false }, true)).toBe('user');
  });

  it('Switchboard’s own edits and reloads from disk are not changes of anyone', () => {
    expect(attributeChange({ kind: 'editor', ownEdit: true, reloadedFromDisk: false }, true)).toBe('ignore');
    expect(attributeChange({ kind: 'editor', ownEdit: false, reloadedFromDisk: true }, true)).toBe('ignore');
    expect(attributeChange({ kind: 'disk', ownWrite: true, userSaved: false }, true)).toBe('ignore');
  });

  describe('agent time', () => {
    const started = 100_000;
    const ended = 160_000;
    const running = { active: true, startedAt: started, endedAt: Number.NEGATIVE_INFINITY };
    const over = { active: false, startedAt: started, endedAt: ended };

    it('a change during a turn is in the agent’s time, one modified well before the turn began is not', () => {
      expect(isAgentTime(running, started + 5_000, started + 4_000)).toBe(true);
      expect(isAgentTime(running, started + 5_000)).toBe(true);
      expect(isAgentTime(running, started + 5_000, started - 10_000)).toBe(false);
    });

    it('a change whose event arrives long after the turn ended is still the agent’s when the file was modified in it', () => {
      // A busy machine: the watcher reported the agent's write 8 s after the turn's end.
      expect(isAgentTime(over, ended + 8_000, ended - 300)).toBe(true);
      expect(isAgentTime(over, ended + 8_000, ended + DISK_EVENT_GRACE_MS - 1)).toBe(true);
      expect(isAgentTime(over, ended + 8_000, ended + DISK_EVENT_GRACE_MS + 1)).toBe(false);
    });

    it('without a modification time (a deleted file) the event’s own time decides', () => {
      expect(isAgentTime(over, ended + 500)).toBe(true);
      expect(isAgentTime(over, ended + DISK_EVENT_GRACE_MS + 1)).toBe(false);
    });

    it('the bounds: the grace ends 2 s after the turn; a file modified up to 1 s before its start is the agent’s', () => {
      // The event's time without a modification time.
      expect(isAgentTime(over, ended + DISK_EVENT_GRACE_MS - 1)).toBe(true);
      expect(isAgentTime(over, ended + DISK_EVENT_GRACE_MS)).toBe(false);
      // The modification time.
      expect(isAgentTime(over, ended + 9_000, ended + DISK_EVENT_GRACE_MS)).toBe(false);
      expect(isAgentTime(running, started + 5_000, started - 1_000)).toBe(true);
      expect(isAgentTime(running, started + 5_000, started - 1_001)).toBe(false);
      expect(isAgentTime(over, ended + 9_000, started - 1_000)).toBe(true);
    });

    it('before any turn nothing is the agent’s', () => {
      const none = { active: false, startedAt: Number.NEGATIVE_INFINITY, endedAt: Number.NEGATIVE_INFINITY };
      expect(isAgentTime(none, 1_000_000)).toBe(false);
      expect(isAgentTime(none, 1_000_000, 999_000)).toBe(false);
    });
  });
});
