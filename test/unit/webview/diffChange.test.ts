// @vitest-environment jsdom
// ACP v2's structured file changes on the diff card: where a moved or copied file came from, and a
// short label instead of an empty hunk area for a file that is not text. The cards are made by the
// real v2 mapping (protocol/v2/v2Shapes.ts `diffViews`).
import { describe, expect, it } from 'vitest';
import type { ThreadAction } from '../../../src/shared/actions';
import type { SessionUpdateView } from '../../../src/shared/thread';
import { diffViews } from '../../../src/protocol/v2/v2Shapes';
import type * as acp2 from '@agentclientprotocol/sdk/experimental/v2';
import { mount, READY, thread } from './helpers';

type Change = Record<string, unknown>;

/** A tool call whose content is one v2 `diff` of `changes` (no patch: no hunks). */
function withChanges(changes: Change[], folders?: { name: string; path: string }[]) {
  const content = diffViews({ type: 'diff', changes } as unknown as acp2.Diff);
  const action: ThreadAction = {
    type: 'sessionUpdate',
    update: {
      sessionUpdate: 'tool_call',
      toolCallId: 'call-1',
      title: 'Edit',
      kind: 'edit',
      status: 'completed',
      content,
    } as unknown as SessionUpdateView,
  };
  const m = mount();
  if (folders) m.app.receive({ type: 'workspaceFolders', folders });
  m.snapshot(thread([...READY, { type: 'promptSent', prompt: [{ type: 'text', text: 'go' }] }, action]));
  return m;
}

function texts(m: ReturnType<typeof mount>, selector: string): (string | null)[] {
  return m.$$(selector).map((el) => el.textContent);
}

describe('diff card of a v2 file change', () => {
  it('a move says where the file came from; a rename in the same folder names only the old file', () => {
    const m = withChanges([
      { operation: 'move', oldPath: '/home/me/project/src/old/a.ts', path: '/home/me/project/src/new/a.ts' },
      { operation: 'move', oldPath: '/home/me/project/src/b.ts', path: '/home/me/project/src/c.ts' },
      // An agent that leaves the old path out: the card still says the file moved.
      { operation: 'move', path: '/home/me/project/d.ts' },
    ]);
    expect(texts(m, '.diff .diff-origin')).toEqual(['moved from …/src/old/a.ts', 'moved from b.ts', 'moved']);
    // The tooltip has the whole old path.
    expect(m.$$('.diff .diff-origin')[0]!.title).toBe('/home/me/project/src/old/a.ts');
  });

  it('a copy says what it was copied from, labelled relative to the workspace folder', () => {
    const m = withChanges(
      [{ operation: 'copy', oldPath: '/home/me/project/lib/x.ts', path: '/home/me/project/src/y.ts' }],
      [{ name: 'project', path: '/home/me/project' }],
    );
    expect(texts(m, '.diff .diff-origin')).toEqual(['copied from lib/x.ts']);
  });

  it('a file that is not text is labelled, and its empty hunk area says why', () => {
    const m = withChanges([
      { operation: 'modify', path: '/w/logo.png', fileType: 'binary' },
      { operation: 'add', path: '/w/link', fileType: 'symlink' },
      { operation: 'modify', path: '/w/vendor/lib', fileType: 'submodule' },
      { operation: 'delete', path: '/w/old.bin', fileType: 'binary' },
      { operation: 'add', path: '/w/assets', fileType: 'directory' },
      { operation: 'modify', path: '/w/plain.txt', fileType: 'text' },
    ]);
    expect(texts(m, '.diff .diff-file-type')).toEqual([
      'binary file',
      'symbolic link',
      'submodule',
      'binary file',
      'folder',
    ]);
    expect(texts(m, '.diff .diff-empty')).toEqual([
      'No text diff: binary file',
      'No text diff: symbolic link',
      'No text diff: submodule',
      'No text diff: binary file',
      'No text diff: folder',
      'No changes',
    ]);
    expect(m.$$('.diff .diff-origin')).toHaveLength(0);
  });

  it('an unknown file type is shown as its value, as text', () => {
    const m = withChanges([{ operation: 'modify', path: '/w/pipe', fileType: '<b>fifo</b>\u202E' }]);
    const label = m.$('.diff .diff-file-type');
    expect(label.textContent).toBe('<b>fifo</b>⟨U+202E⟩');
    expect(label.querySelector('b')).toBeNull();
    expect(m.$('.diff .diff-empty').textContent).toBe('No text diff: <b>fifo</b>⟨U+202E⟩');
  });

  it('a hostile old path (markup, invisible characters, very long) shows as text, bounded', () => {
    const long = `/x/${'<img src=x onerror=alert(1)>'.repeat(20_000)}\u202Eevil.ts`;
    const m = withChanges([{ operation: 'move', oldPath: long, path: '/w/a.ts', fileType: 'x'.repeat(100_000) }]);
    const origin = m.$('.diff .diff-origin');
    expect(origin.querySelector('img')).toBeNull();
    expect(m.root.querySelector('img')).toBeNull();
    expect(origin.textContent!.startsWith('moved from /x/<img src=x onerror=alert(1)>')).toBe(true);
    expect(origin.textContent!.length).toBeLessThan(400);
    expect(origin.title.length).toBeLessThanOrEqual(10_001);
    expect(origin.title).not.toContain('\u202E');
    expect(m.$('.diff .diff-file-type').textContent!.length).toBeLessThan(100);
  });

  it('a diff without a v2 change shows neither', () => {
    const m = withChanges([{ operation: 'modify', path: '/w/a.ts' }]);
    expect(m.$$('.diff .diff-origin, .diff .diff-file-type')).toHaveLength(0);
    expect(m.$('.diff .diff-empty').textContent).toBe('No changes');
  });
});
