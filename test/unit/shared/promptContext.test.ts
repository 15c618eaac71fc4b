// Attached context to ACP content blocks (src/shared/promptContext.ts), for every combination of
// the agent's promptCapabilities that matters (embeddedContext, image): a link always, the text
// embedded only when the agent takes it, images only when it takes them, the rest listed as refused.
import type * as acp from '@agentclientprotocol/sdk';
import { describe, expect, it } from 'vitest';
import {
  contextBlocks,
  contextLabel,
  contextSupport,
  fileUri,
  lineFromFragment,
  MAX_TERMINAL_TEXT,
  type ResolvedContext,
} from '../../../src/shared/promptContext';
import { parseContextRefs } from '../../../src/chat/contextRefs';

const FILE: ResolvedContext = { ref: { kind: 'file', path: '/ws/src/a b.ts' }, text: 'const a = 1;\n' };
const SELECTION: ResolvedContext = {
  ref: { kind: 'selection', path: '/ws/src/a.ts', range: { startLine: 3, endLine: 7 } },
  text: 'lines 3 to 7',
};
const SYMBOL: ResolvedContext = {
  ref: { kind: 'symbol', path: '/ws/src/a.ts', name: 'parse', range: { startLine: 10, endLine: 10 } },
  text: 'function parse() {}',
};
const FOLDER: ResolvedContext = { ref: { kind: 'folder', path: '/ws/src' } };
const PROBLEMS: ResolvedContext = { ref: { kind: 'problems', path: '/ws/src/a.ts' }, text: 'a.ts:3:1 error: x' };
const IMAGE: ResolvedContext = { ref: { kind: 'image', name: 'shot.png', mimeType: 'image/png', data: 'iVBOR' } };
/** A file the host could not read (or too large to embed): no text. */
const UNREAD: ResolvedContext = { ref: { kind: 'file', path: '/ws/huge.bin' } };
const ALL = [FILE, SELECTION, SYMBOL, FOLDER, PROBLEMS, IMAGE, UNREAD];

const LINKS: acp.ContentBlock[] = [
  { type: 'resource_link', uri: 'file:///ws/src/a%20b.ts', name: 'a b.ts' },
  { type: 'resource_link', uri: 'file:///ws/src/a.ts#L3-L7', name: 'a.ts:3-7' },
  { type: 'resource_link', uri: 'file:///ws/src/a.ts#L10', name: 'parse (a.ts:10)' },
];
const EMBEDDED: acp.ContentBlock[] = [
  { type: 'resource', resource: { uri: 'file:///ws/src/a%20b.ts', mimeType: 'text/plain', text: 'const a = 1;\n' } },
  { type: 'resource', resource: { uri: 'file:///ws/src/a.ts#L3-L7', mimeType: 'text/plain', text: 'lines 3 to 7' } },
  {
    type: 'resource',
    resource: { uri: 'file:///ws/src/a.ts#L10', mimeType: 'text/plain', text: 'function parse() {}' },
  },
];
const FOLDER_LINK: acp.ContentBlock = { type: 'resource_link', uri: 'file:///ws/src', name: 'src' };
const PROBLEMS_TEXT: acp.ContentBlock = { type: 'text', text: 'a.ts:3:1 error: x' };
const IMAGE_BLOCK: acp.ContentBlock = { type: 'image', mimeType: 'image/png', data: 'iVBOR' };
const UNREAD_LINK: acp.ContentBlock = { type: 'resource_link', uri: 'file:///ws/huge.bin', name: 'huge.bin' };

describe('contextBlocks by promptCapabilities', () => {
  const cases: Array<[string, acp.PromptCapabilities | null | undefined, acp.ContentBlock[], boolean]> = [
    ['no capabilities object', undefined, [...LINKS, FOLDER_LINK, PROBLEMS_TEXT, UNREAD_LINK], false],
    ['null capabilities', null, [...LINKS, FOLDER_LINK, PROBLEMS_TEXT, UNREAD_LINK], false],
    ['neither', {}, [...LINKS, FOLDER_LINK, PROBLEMS_TEXT, UNREAD_LINK], false],
    ['embeddedContext only', { embeddedContext: true }, [...EMBEDDED, FOLDER_LINK, PROBLEMS_TEXT, UNREAD_LINK], false],
    ['image only', { image: true }, [...LINKS, FOLDER_LINK, PROBLEMS_TEXT, IMAGE_BLOCK, UNREAD_LINK], true],
    [
      'embeddedContext and image',
      { embeddedContext: true, image: true, audio: true },
      [...EMBEDDED, FOLDER_LINK, PROBLEMS_TEXT, IMAGE_BLOCK, UNREAD_LINK],
      true,
    ],
    [
      'false flags',
      { embeddedContext: false, image: false },
      [...LINKS, FOLDER_LINK, PROBLEMS_TEXT, UNREAD_LINK],
      false,
    ],
  ];
  for (const [name, caps, blocks, takesImages] of cases) {
    it(name, () => {
      const result = contextBlocks(ALL, caps);
      expect(result.blocks).toEqual(blocks);
      expect(result.refused).toEqual(takesImages ? [] : [IMAGE.ref]);
      expect(contextSupport(IMAGE.ref, caps).ok).toBe(takesImages);
      expect(contextSupport(FILE.ref, caps).ok).toBe(true);
    });
  }

  it('a truthy non-boolean flag is not a capability (agent data)', () => {
    const caps = { embeddedContext: 'yes', image: 1 } as unknown as acp.PromptCapabilities;
    expect(contextBlocks([FILE, IMAGE], caps)).toEqual({ blocks: [LINKS[0]], refused: [IMAGE.ref] });
  });

  it('Problems with nothing read say so; nothing attached gives no blocks', () => {
    expect(contextBlocks([{ ref: { kind: 'problems', path: null } }], {}).blocks).toEqual([
      { type: 'text', text: 'No problems in the workspace.' },
    ]);
    expect(contextBlocks([], { embeddedContext: true })).toEqual({ blocks: [], refused: [] });
  });
});

describe("a terminal's selection", () => {
  const TERMINAL: ResolvedContext = { ref: { kind: 'terminal', name: 'bash', text: 'npm ERR! missing script' } };

  it('goes as text to every agent (it has no file to link or embed), labelled with the terminal', () => {
    for (const caps of [undefined, {}, { embeddedContext: true, image: true }]) {
      expect(contextBlocks([TERMINAL], caps)).toEqual({
        blocks: [{ type: 'text', text: 'Selected in the terminal "bash":\n```\nnpm ERR! missing script\n```' }],
        refused: [],
      });
    }
    expect(contextLabel(TERMINAL.ref)).toBe('Terminal: bash');
  });

  it('from the webview: bounded, named, never empty', () => {
    const ok = { kind: 'terminal', name: 'bash', text: 'x' };
    expect(parseContextRefs([ok])).toEqual([ok]);
    expect(parseContextRefs([{ ...ok, text: '' }])).toBeNull();
    expect(parseContextRefs([{ ...ok, text: 'x'.repeat(MAX_TERMINAL_TEXT + 1) }])).toBeNull();
    expect(parseContextRefs([{ ...ok, name: '' }])).toBeNull();
    expect(parseContextRefs([{ ...ok, text: 42 }])).toBeNull();
  });
});

describe('labels and URIs', () => {
  it('labels each kind', () => {
    expect(ALL.map((item) => contextLabel(item.ref))).toEqual([
      'a b.ts',
      'a.ts:3-7',
      'parse (a.ts:10)',
      'src',
      'Problems: a.ts',
      'shot.png',
      'huge.bin',
    ]);
    expect(contextLabel({ kind: 'problems', path: null })).toBe('Problems: workspace');
  });

  it('encodes paths (POSIX and Windows) and line fragments, and reads the line back', () => {
    expect(fileUri('/a/#b?c%d')).toBe('file:///a/%23b%3Fc%25d');
    expect(fileUri('C:\\Users\\me\\x y.ts')).toBe('file:///C:/Users/me/x%20y.ts');
    expect(fileUri('/a.ts', { startLine: 4, endLine: 4 })).toBe('file:///a.ts#L4');
    expect(lineFromFragment('#L4')).toBe(4);
    expect(lineFromFragment('#L4-L9')).toBe(4);
    expect(lineFromFragment('#L4-9')).toBe(4);
    expect(lineFromFragment('#Lx')).toBeNull();
    expect(lineFromFragment('')).toBeNull();
  });
});
