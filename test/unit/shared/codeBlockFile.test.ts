import { describe, expect, it } from 'vitest';
import {
  codeKey,
  fileNamedByFence,
  findNamedCodeBlock,
  isOpenFence,
  MAX_APPLY_SCAN_CHARS,
  namedFence,
} from '../../../src/shared/codeBlockFile';
import { toolTitle } from '../../../src/shared/entryWords';
import { attachWrite } from '../../../src/shared/fileWrites';
import { createThreadState } from '../../../src/shared/thread';

describe('fileNamedByFence: the file a fence names', () => {
  it.each([
    ['ts src/app.ts', 'src/app.ts'],
    ['ts:src/app.ts', 'src/app.ts'],
    ['src/app.ts', 'src/app.ts'],
    ['rust crates/core/lib.rs#L3-9', 'crates/core/lib.rs'],
    ['python app.py', 'app.py'],
    ['ts title="src/app.ts"', 'src/app.ts'],
    ["js filename='web/main.js'", 'web/main.js'],
    ['python path=tools/run.py', 'tools/run.py'],
    ['Dockerfile docker/Dockerfile', 'docker/Dockerfile'],
    ['c:\\work\\a.c', 'c:\\work\\a.c'],
  ])('%s names %s', (info, path) => {
    expect(fileNamedByFence(info)).toBe(path);
  });

  it.each([
    ['', 'no info'],
    ['ts', 'a language only'],
    ['c++', 'a language with symbols'],
    ['diff', 'a diff'],
    ['js {1,3}', 'line highlights'],
    ['ts https://evil.example/a.ts', 'a URL'],
    ['sh:https://evil.example/x.sh', 'a URL after a colon'],
    ['sh ~/.bashrc', 'a home path'],
    ['ts title="a b.ts"', 'a name with a space'],
    ['ts src/a.ts and more words', 'a sentence'],
    ['ts src/a\u0007.ts', 'a control character'],
    [`ts ${'a/'.repeat(300)}x.ts`, 'a path longer than any file name'],
    ['ts .env', 'a dot file without an extension (not a named file by these rules)'],
  ])('%j names nothing (%s)', (info) => {
    expect(fileNamedByFence(info)).toBeNull();
  });
});

describe('fileNamedByFence: the edges of each rule (from the mutation run)', () => {
  it.each([
    ['  ts src/a.ts  ', 'src/a.ts', 'whitespace around the info'],
    ['ts  src/a.ts', 'src/a.ts', 'several spaces between the words'],
    ['title="src/a.ts"', 'src/a.ts', 'an attribute alone'],
    ['ts:C:/work/a.ts', 'C:/work/a.ts', 'a language before a Windows path'],
    ['a/b:c.ts', 'a/b:c.ts', 'a colon later in a path is not a language prefix'],
    ['rs lib.rs#L12-34', 'lib.rs', 'a line range of several digits'],
    ['rs lib.rs#L3', 'lib.rs', 'a single line'],
    ['src/a#L3.ts', 'src/a#L3.ts', 'a "#L" not at the end is part of the name'],
    ['docs/notes:v2.md', 'docs/notes:v2.md', 'a colon inside a path is not a URL scheme'],
    [`ts ${'a/'.repeat(253)}b.ts`, `${'a/'.repeat(253)}b.ts`, 'a path of exactly 510 characters'],
  ])('%j names %j (%s)', (info, path) => {
    expect(fileNamedByFence(info)).toBe(path);
  });

  it.each([
    ['src/', 'a folder, no file'],
    ['.eslintrc.json', 'a dot file without a folder'],
    ['a.ts~', 'an extension that is not at the end'],
    [`ts ${'a/'.repeat(256)}b.ts`, 'a path over 512 characters'],
    [`ts ${'x'.repeat(600)}.ts`, 'an info over its bound'],
  ])('%j names nothing (%s)', (info) => {
    expect(fileNamedByFence(info)).toBeNull();
  });

  it('a path of exactly 512 characters is taken, one more is not', () => {
    const at = `${'a/'.repeat(254)}b.ts`; // 512
    expect(at).toHaveLength(512);
    expect(fileNamedByFence(at)).toBe(at);
    expect(fileNamedByFence(`a${at}`)).toBeNull();
  });

  it('codeKey is FNV-1a with the length in front', () => {
    expect(codeKey('abc')).toBe('3-7aigaz'); // FNV-1a of "abc" is 0x1a47e90b
  });

  it('only a closed fenced code token names a file', () => {
    const closed = { type: 'code', raw: '```ts a.ts\nx\n```', lang: 'ts a.ts' };
    expect(namedFence(closed)).toBe('a.ts');
    expect(namedFence({ ...closed, type: 'paragraph' })).toBeNull();
    expect(namedFence({ ...closed, codeBlockStyle: 'indented' })).toBeNull();
    expect(namedFence({ ...closed, raw: '```ts a.ts\nx' })).toBeNull();
    expect(isOpenFence({ type: 'paragraph', raw: '```ts' })).toBe(false);
    expect(isOpenFence({ type: 'code', raw: 'no fence at all' })).toBe(false);
    expect(isOpenFence({ type: 'code', raw: '~~~ts\nx\n```' })).toBe(true);
    expect(isOpenFence({ type: 'code', raw: '````ts\nx\n```' })).toBe(true);
  });
});

describe('findNamedCodeBlock: the host finds the block the webview showed', () => {
  const answer = [
    'Here is the change:',
    '',
    '```ts src/a.ts',
    'export const a = 1;',
    '```',
    '',
    'and the same file again, changed:',
    '',
    '```ts src/a.ts',
    'export const a = 2;',
    '```',
    '',
    '```ts',
    'not a file',
    '```',
  ].join('\n');

  it('by path and content key, even when two blocks name the same file', () => {
    expect(findNamedCodeBlock([answer], 'src/a.ts', codeKey('export const a = 2;'))).toBe('export const a = 2;');
    expect(findNamedCodeBlock([answer], 'src/a.ts', codeKey('export const a = 1;'))).toBe('export const a = 1;');
  });

  it('in any text part of the message', () => {
    expect(findNamedCodeBlock(['intro', answer], 'src/a.ts', codeKey('export const a = 1;'))).toBe(
      'export const a = 1;',
    );
  });

  it('nothing for a key the answer does not hold, another path, or an unclosed fence', () => {
    expect(findNamedCodeBlock([answer], 'src/a.ts', codeKey('rm -rf ~'))).toBeNull();
    expect(findNamedCodeBlock([answer], 'src/b.ts', codeKey('export const a = 1;'))).toBeNull();
    expect(findNamedCodeBlock(['```ts src/c.ts\nopen'], 'src/c.ts', codeKey('open'))).toBeNull();
  });

  it('scans a bounded amount of text', () => {
    const huge = 'x'.repeat(MAX_APPLY_SCAN_CHARS);
    expect(findNamedCodeBlock([huge, answer], 'src/a.ts', codeKey('export const a = 1;'))).toBeNull();
  });

  it('codeKey tells texts apart by content and length', () => {
    expect(codeKey('abc')).toBe(codeKey('abc'));
    expect(codeKey('abc')).not.toBe(codeKey('abd'));
    expect(codeKey('')).not.toBe(codeKey('\n'));
  });
});

describe('attachWrite: an applied block is its own entry', () => {
  const write = { path: '/w/src/a.ts', revision: 3, fromRevision: 3, hunks: [], created: false } as never;

  it('titled "Applied to", not attached to an open tool call of the running turn', () => {
    let state = createThreadState({ threadId: 't' } as never, { id: 'a', displayName: 'A' } as never);
    state = {
      ...state,
      entries: [
        { kind: 'user', id: 'e0', messageId: null, parts: [{ kind: 'text', text: 'go' }] },
        {
          kind: 'tool',
          id: 'e1',
          tool: {
            toolCallId: 'c1',
            title: 'Edit a.ts',
            kind: 'edit',
            status: 'in_progress',
            content: [],
            locations: [{ path: '/w/src/a.ts' }],
            permission: null,
            writes: [],
          },
        },
      ],
      nextEntryId: 2,
    } as never;
    const applied = attachWrite(state, write, true);
    expect(applied.entries).toHaveLength(3);
    const entry = applied.entries[2]!;
    expect(entry).toMatchObject({ kind: 'tool', tool: { origin: 'applied' } });
    expect(entry.kind === 'tool' && toolTitle(entry.tool)).toBe('Applied to a.ts');
    const agents = attachWrite(state, write);
    expect(agents.entries).toHaveLength(2);
  });
});
