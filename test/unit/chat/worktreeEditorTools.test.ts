// The editor's MCP tools in a chat in its own worktree: the file tools act in the chat's session (its worktree cwd),
// while the language features, which see only the user's workspace, refuse and say why instead of answering about
// the wrong files. The confined environment hands the editor tools the chat's folders.
import { describe, expect, it } from 'vitest';
import { callEditorTool } from '../../../src/chat/mcp/editorTools';
import { languageElsewhere } from '../../../src/chat/mcp/languageTools';
import type { EditorToolsRequest, OpenEditorSession } from '../../../src/session/api';
import { confinedEnvironment } from '../../../src/session/chatRoots';
import { testHostEnv } from '../../integration/hostEnv';

const notCancelled = { isCancellationRequested: false, onCancellationRequested: () => ({ dispose() {} }) };
const WORKTREE = '/storage/worktrees/wt-1/0-app';

const session: OpenEditorSession = {
  sessionId: 's',
  cwd: WORKTREE,
  requests: {
    update: () => undefined,
    requestPermission: async () => ({ outcome: { outcome: 'cancelled' } }),
    readTextFile: async ({ path }) => ({ content: `the chat's ${path}` }),
    writeTextFile: async () => ({}),
  },
};

describe('the editor tools of a chat in its own worktree', () => {
  it('refuse the language features, saying the worktree is not what the editor sees', async () => {
    const host = { session: () => session, language: languageElsewhere([WORKTREE]) };
    for (const [name, args] of [
      ['diagnostics', {}],
      ['workspace_symbols', { query: 'x' }],
      ['definition', { path: 'a.ts', line: 1, character: 1 }],
      ['references', { path: 'a.ts', line: 1, character: 1 }],
      ['open_editors', {}],
      ['selection', {}],
    ] as const) {
      const result = await callEditorTool(host, name, args, notCancelled);
      expect(result.isError, name).toBe(true);
      expect(result.text, name).toContain('its own worktree (/storage/worktrees/wt-1/0-app)');
    }
  });

  it('read files in the worktree, relative to its cwd', async () => {
    const host = { session: () => session, language: languageElsewhere([WORKTREE]) };
    const result = await callEditorTool(host, 'read_file', { path: 'src/a.ts' }, notCancelled);
    expect(result.text).toContain(`the chat's ${WORKTREE}/src/a.ts`);
  });

  it("are asked for with the chat's folders by the confined environment", async () => {
    const asked: EditorToolsRequest[] = [];
    const env = {
      ...testHostEnv('/workspace'),
      editorTools: async (request: EditorToolsRequest) => (asked.push(request), undefined),
    };
    await confinedEnvironment(env, [WORKTREE]).editorTools!({
      agent: {} as never,
      capabilities: null,
      session: () => null,
    });
    expect(asked[0]?.confinedTo).toEqual([WORKTREE]);
  });
});
