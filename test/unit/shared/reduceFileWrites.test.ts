import { describe, expect, it } from 'vitest';
import type { ThreadAction } from '../../../src/shared/actions';
import { toolTitle } from '../../../src/shared/entryWords';
import { writeStartRevision } from '../../../src/shared/fileWrites';
import { toolEntryAt } from '../../../src/shared/threadEntries';
import { fileWritten as write, freshState, run, text, tool, toolCall, toolUpdate, writeView } from './helpers';
const prompt: ThreadAction = { type: 'promptSent', prompt: [text('go')] };

describe('fileWritten', () => {
  it('attaches to the newest open tool call whose locations mention the path', () => {
    const s = run(
      freshState(),
      prompt,
      toolCall('edit-a', { status: 'in_progress', locations: [{ path: '/w/a.ts' }] }),
      toolCall('edit-b', { status: 'in_progress', locations: [{ path: '/w/b.ts' }] }),
      write('/w/a.ts', 'old', 'new'),
    );
    expect(tool(s, 'edit-a').writes).toEqual([writeView('/w/a.ts', 'old', 'new')]);
    expect(tool(s, 'edit-b').writes).toEqual([]);
  });

  it('matches on diff content too', () => {
    const s = run(
      freshState(),
      prompt,
      toolCall('edit', { status: 'pending', content: [{ type: 'diff', path: '/w/a.ts', oldText: 'x', newText: 'y' }] }),
      toolCall('other', { status: 'in_progress' }),
      write('/w/a.ts', 'x', 'y'),
    );
    expect(tool(s, 'edit').writes).toHaveLength(1);
    expect(tool(s, 'other').writes).toHaveLength(0);
  });

  it('skips finished tool calls even when they name the path', () => {
    const s = run(
      freshState(),
      prompt,
      toolCall('open', { status: 'in_progress' }),
      toolCall('finished', { status: 'completed', locations: [{ path: '/w/a.ts' }] }),
      write('/w/a.ts', null, 'new'),
    );
    expect(tool(s, 'open').writes).toEqual([writeView('/w/a.ts', null, 'new')]);
    expect(tool(s, 'finished').writes).toEqual([]);
  });

  it('falls back to the newest open tool call when none names the path', () => {
    const s = run(
      freshState(),
      prompt,
      toolCall('first', { status: 'in_progress' }),
      toolCall('second', { status: 'pending' }),
      write('/w/z.ts', null, 'z'),
    );
    expect(tool(s, 'second').writes).toHaveLength(1);
    expect(tool(s, 'first').writes).toHaveLength(0);
  });

  it('appends a completed edit entry when no tool call is open', () => {
    const s = run(
      freshState(),
      prompt,
      toolCall('done', { status: 'completed' }),
      write('/w/src/new file.ts', null, 'hello\n'),
    );
    expect(s.entries.at(-1)).toEqual({
      kind: 'tool',
      id: 'e3',
      tool: {
        toolCallId: 'write-3',
        origin: 'write',
        kind: 'edit',
        status: 'completed',
        content: [],
        locations: [{ path: '/w/src/new file.ts' }],
        permission: null,
        writes: [writeView('/w/src/new file.ts', null, 'hello\n')],
      },
    });
    expect(toolEntryAt(s, 'write-3')).toBe(2);
  });

  it('does not attach to open tool calls of an earlier turn', () => {
    // "old" is reopened by a late agent update after its turn ended; a write in the next turn
    // must not be filed under it.
    const s = run(
      freshState(),
      prompt,
      toolCall('old', { status: 'completed', locations: [{ path: '/w/a.ts' }] }),
      { type: 'turnEnded', stopReason: 'end_turn' },
      toolUpdate('old', { status: 'in_progress' }),
      prompt,
      write('/w/a.ts', 'a', 'b'),
    );
    expect(tool(s, 'old').writes).toEqual([]);
    expect(s.entries.at(-1)).toMatchObject({
      kind: 'tool',
      tool: { origin: 'write', writes: [{ path: '/w/a.ts' }] },
    });
  });

  it('names the fallback entry after the basename of a Windows path', () => {
    const s = run(freshState(), write('C:\\w\\src\\a.ts', null, 'x'));
    expect(toolTitle(tool(s, 'write-1'))).toBe('Write a.ts');
  });

  it('a repeated write to one path replaces the first on its card; the host starts its view at the first revision', () => {
    const before = run(
      freshState(),
      prompt,
      toolCall('edit', { status: 'in_progress', locations: [{ path: '/w/a.ts' }] }),
      write('/w/a.ts', 'v1', 'v2', 1),
      write('/w/b.ts', null, 'b', 2),
    );
    expect(writeStartRevision(before, '/w/a.ts', 3)).toBe(1);
    expect(writeStartRevision(before, '/w/c.ts', 3)).toBe(3);
    const s = run(before, write('/w/a.ts', 'v1', 'v3', 3, 1));
    expect(tool(s, 'edit').writes).toEqual([
      writeView('/w/a.ts', 'v1', 'v3', 3, 1),
      writeView('/w/b.ts', null, 'b', 2),
    ]);
  });

  it('a write after its card closed starts a view of its own', () => {
    const s = run(
      freshState(),
      prompt,
      toolCall('edit', { status: 'in_progress', locations: [{ path: '/w/a.ts' }] }),
      write('/w/a.ts', 'v1', 'v2', 1),
      toolUpdate('edit', { status: 'completed' }),
    );
    expect(writeStartRevision(s, '/w/a.ts', 2)).toBe(2);
  });
});
