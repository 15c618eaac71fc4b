import { describe, expect, it } from 'vitest';
import { whereAgentsRun } from '../../../src/agents/whereAgentsRun';

describe('whereAgentsRun', () => {
  it('names the kind of remote and the machine, and nothing for a local window', () => {
    expect(whereAgentsRun('ssh-remote', 'buildbox')).toBe('on SSH (buildbox)');
    expect(whereAgentsRun('wsl', 'DESKTOP-1')).toBe('on WSL (DESKTOP-1)');
    expect(whereAgentsRun('some-new-remote', 'h')).toBe('on some-new-remote (h)');
    expect(whereAgentsRun(undefined, 'h')).toBeUndefined();
  });
});
