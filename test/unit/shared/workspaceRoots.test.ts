import { describe, expect, it } from 'vitest';
import type * as acp from '@agentclientprotocol/sdk';
import { noteWords } from '../../../src/shared/entryWords';
import { agentRoots, foldersInside, rootsNotice } from '../../../src/shared/workspaceRoots';

const TAKES = { sessionCapabilities: { additionalDirectories: {} } } as acp.AgentCapabilities;

describe('agentRoots', () => {
  it('one folder: it is the cwd, nothing more', () => {
    expect(agentRoots(TAKES, ['/a'], '/home')).toEqual({ cwd: '/a', additionalDirectories: [], outside: [] });
    expect(agentRoots({}, ['/a'], '/home')).toEqual({ cwd: '/a', additionalDirectories: [], outside: [] });
  });

  it('no folder: the fallback is the cwd', () => {
    expect(agentRoots(TAKES, [], '/home')).toEqual({ cwd: '/home', additionalDirectories: [], outside: [] });
  });

  it('several folders: the others are additional directories when the agent takes them', () => {
    expect(agentRoots(TAKES, ['/a', '/b', '/c'], '/home')).toEqual({
      cwd: '/a',
      additionalDirectories: ['/b', '/c'],
      outside: [],
    });
  });

  it('several folders: the others are outside when it does not (null, omitted)', () => {
    for (const caps of [
      null,
      {},
      { sessionCapabilities: { additionalDirectories: null } },
    ] as acp.AgentCapabilities[]) {
      expect(agentRoots(caps, ['/a', '/b'], '/home')).toEqual({
        cwd: '/a',
        additionalDirectories: [],
        outside: ['/b'],
      });
    }
  });

  it('a folder listed twice, or the cwd again, is sent once', () => {
    expect(agentRoots(TAKES, ['/a', '/b', '/a', '/b'], '/h').additionalDirectories).toEqual(['/b']);
  });
});

describe('foldersInside', () => {
  it('what the fs handlers treat as the workspace', () => {
    expect(foldersInside(TAKES, ['/a', '/b'])).toEqual(['/a', '/b']);
    expect(foldersInside({}, ['/a', '/b'])).toEqual(['/a']);
    expect(foldersInside(null, ['/a', '/b'])).toEqual(['/a']);
    // No folder open: nothing is inside (not the home folder the agent runs in).
    expect(foldersInside(TAKES, [])).toEqual([]);
  });
});

describe('rootsNotice', () => {
  it('names the folder the agent works in and the ones outside', () => {
    const note = rootsNotice('Gemini CLI', agentRoots({}, ['/a', '/b', '/c'], '/h'))!;
    expect(note).toEqual({ kind: 'outsideWorkspace', agent: 'Gemini CLI', cwd: '/a', outside: ['/b', '/c'] });
    expect(noteWords(note)).toContain('Gemini CLI works in /a.');
    expect(noteWords(note)).toContain('/b, /c are outside its workspace');
    expect(noteWords(rootsNotice('X', agentRoots({}, ['/a', '/b'], '/h'))!)).toContain('/b is outside');
  });

  it('says nothing when every folder reaches the agent', () => {
    expect(rootsNotice('X', agentRoots(TAKES, ['/a', '/b'], '/h'))).toBeNull();
    expect(rootsNotice('X', agentRoots({}, ['/a'], '/h'))).toBeNull();
  });
});
