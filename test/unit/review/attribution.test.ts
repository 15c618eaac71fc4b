import { describe, expect, it } from 'vitest';
import { attributeChange } from '../../../src/review/attribution';

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
});
