// The paths and URLs a permission request names (src/chat/requestTargets.ts), wherever the agent put them.
import { describe, expect, it } from 'vitest';
import { requestTargets, urlOrigin } from '../../../src/chat/requestTargets';
import type { ToolCallView } from '../../../src/shared/thread';

type Tool = Pick<ToolCallView, 'locations' | 'content' | 'rawInput'>;
const tool = (partial: Partial<Tool>): Tool => ({ locations: [], content: [], ...partial });

describe('requestTargets', () => {
  it('reads locations, diff content and path-like rawInput keys', () => {
    const targets = requestTargets(
      tool({
        locations: [{ path: '/w/a.ts' }],
        content: [
          {
            type: 'diff',
            path: '/w/b.ts',
            revision: 1,
            diff: { hunks: [], added: 0, removed: 0 },
            created: false,
          } as unknown as ToolCallView['content'][number],
        ],
        rawInput: {
          file_path: '/w/c.ts',
          filePath: '/w/d.ts',
          old_string: '// a comment',
          new_string: '/not/a/path',
          edits: [{ path: '/w/e.ts' }],
          paths: ['/w/f.ts', '/w/g.ts'],
          new_path: '~/.bashrc',
        },
      }),
    );
    expect(targets?.paths.sort()).toEqual(
      ['/w/a.ts', '/w/b.ts', '/w/c.ts', '/w/d.ts', '/w/e.ts', '/w/f.ts', '/w/g.ts', '~/.bashrc'].sort(),
    );
  });

  it('reads a map keyed by absolute path (Codex patch changes)', () => {
    const targets = requestTargets(
      tool({ rawInput: { changes: { '/w/a.ts': { add: 'x' }, '/home/me/.bashrc': {} } } }),
    );
    expect(targets?.paths.sort()).toEqual(['/home/me/.bashrc', '/w/a.ts']);
  });

  it('reads URLs, and a file: URI as a path', () => {
    const targets = requestTargets(
      tool({ rawInput: { url: 'https://example.com/a', prompt: 'x', uri: 'file:///w/a.ts' } }),
    );
    expect(targets).toEqual({ paths: ['file:///w/a.ts'], urls: ['https://example.com/a'] });
  });

  it('knows nothing of a rawInput too large to read (the request stays asked)', () => {
    const rawInput = { items: Array.from({ length: 1000 }, (_, i) => ({ path: `/w/${i}` })) };
    expect(requestTargets(tool({ rawInput }))).toBeUndefined();
  });
});

describe('urlOrigin', () => {
  it.each([
    ['https://docs.example.com/a?b', 'https://docs.example.com'],
    ['https://DOCS.example.com:443/', 'https://docs.example.com'],
    ['http://example.com:8080/x', 'http://example.com:8080'],
    ['ftp://example.com/x', undefined],
    ['file:///etc/passwd', undefined],
    ['not a url', undefined],
  ])('%j is %j', (url, origin) => {
    expect(urlOrigin(url)).toBe(origin);
  });
});
