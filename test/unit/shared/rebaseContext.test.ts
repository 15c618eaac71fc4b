// Context attached to a prompt for a chat in its own worktree names the worktree's copy of each workspace file, so
// the agent reads and edits its own files, never the user's.
import { describe, expect, it } from 'vitest';
import { rebaseContext, type ContextRef } from '../../../src/shared/promptContext';

describe('context moved into a worktree', () => {
  const folders = [
    { from: '/home/u/app', to: '/store/wt1/app' },
    { from: '/home/u/lib', to: '/store/wt1/lib' },
  ];
  it('moves paths inside a workspace folder, and only those', () => {
    const refs: ContextRef[] = [
      { kind: 'file', path: '/home/u/app/src/a.ts' },
      { kind: 'selection', path: '/home/u/lib/x.ts', range: { startLine: 1, endLine: 2 } },
      { kind: 'folder', path: '/home/u/app' },
      { kind: 'problems', path: null },
      { kind: 'problems', path: '/home/u/app/b.ts' },
      // A sibling whose name starts like a folder's is not inside it.
      { kind: 'file', path: '/home/u/application/c.ts' },
      { kind: 'file', path: '/etc/hosts' },
      { kind: 'terminal', name: 'bash', text: 'ls' },
    ];
    expect(rebaseContext(refs, folders)).toEqual([
      { kind: 'file', path: '/store/wt1/app/src/a.ts' },
      { kind: 'selection', path: '/store/wt1/lib/x.ts', range: { startLine: 1, endLine: 2 } },
      { kind: 'folder', path: '/store/wt1/app' },
      { kind: 'problems', path: null },
      { kind: 'problems', path: '/store/wt1/app/b.ts' },
      { kind: 'file', path: '/home/u/application/c.ts' },
      { kind: 'file', path: '/etc/hosts' },
      { kind: 'terminal', name: 'bash', text: 'ls' },
    ]);
  });
});
