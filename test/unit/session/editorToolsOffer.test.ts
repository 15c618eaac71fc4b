// The editor MCP server's place in a chat's session (src/session/lifecycle/editorToolsOffer.ts): offered once per
// agent process generation, sent with session/new beside the user's servers, its tools acting in the chat's open
// session through the same handlers as the agent's own requests (a write lands on the chat's card), and closed
// (its secret forgotten) when the generation ends.
import type * as acp from '@agentclientprotocol/sdk';
import { describe, expect, it } from 'vitest';
import type { EditorToolsOffer, EditorToolsRequest } from '../../../src/session/api';
import { scriptBasicAgent, type FakeAgentProcess } from './fakeAgent';
import { setup } from './harness';
import type { SessionNote } from '../../../src/shared/entryReasons';

const SERVER: acp.McpServer = {
  type: 'http',
  name: 'switchboard',
  url: 'http://127.0.0.1:1/mcp/x',
  headers: [{ name: 'Authorization', value: 'Bearer s' }],
};
const notCancelled = { isCancellationRequested: false, onCancellationRequested: () => ({ dispose() {} }) };

function chatWithEditorTools() {
  const script = (fake: FakeAgentProcess) =>
    scriptBasicAgent(fake, { agentCapabilities: { loadSession: false, mcpCapabilities: { http: true } } });
  const t = setup(script);
  const requests: EditorToolsRequest[] = [];
  let closed = 0;
  t.env.editorTools = async (request): Promise<EditorToolsOffer | undefined> => {
    requests.push(request);
    return { server: SERVER, tools: ['read_file'], note: GIVEN, close: () => closed++ };
  };
  return { t, requests, closed: () => closed };
}

const GIVEN: SessionNote = { kind: 'editorTools', agent: 'Scripted', server: 'switchboard', tools: ['read_file'] };

describe('the editor tools in a chat session', () => {
  it('go with session/new, once per agent process, and the chat says which tools', async () => {
    const { t, requests } = chatWithEditorTools();
    await t.controller.start();
    expect(t.spawner.last.sent('session/new')).toEqual([{ cwd: '/work/project', mcpServers: [SERVER] }]);
    expect(requests).toHaveLength(1);
    expect(requests[0]!.capabilities).toEqual({ http: true });
    const notices = t.state().entries.filter((entry) => entry.kind === 'notice');
    expect(notices.map((entry) => (entry as { note: unknown }).note)).toEqual([GIVEN]);
  });

  it("act in the chat's open session: a write goes through the chat's handlers and onto its transcript", async () => {
    const { t, requests } = chatWithEditorTools();
    await t.controller.start();
    const session = requests[0]!.session();
    expect(session).toMatchObject({ sessionId: 'session-1', cwd: '/work/project' });
    await session!.requests.writeTextFile(
      { sessionId: 'session-1', path: '/work/project/a.txt', content: 'hi' },
      notCancelled,
    );
    expect(t.writes.map((write) => write.path)).toEqual(['/work/project/a.txt']);
    expect(t.state().entries.some((entry) => entry.kind === 'tool' && entry.tool.writes.length === 1)).toBe(true);
  });

  it('end with the agent process: the route is closed and no session is reachable; a restart makes a new one', async () => {
    const { t, requests, closed } = chatWithEditorTools();
    await t.controller.start();
    await t.controller.restart();
    expect(closed()).toBe(1);
    expect(requests[0]!.session()).toBeNull();
    expect(requests).toHaveLength(2);
    expect(requests[1]!.session()).not.toBeNull();
    await t.controller.dispose();
    expect(closed()).toBe(2);
    expect(requests[1]!.session()).toBeNull();
  });

  it('are not sent when the host offers none (the setting off, or no HTTP)', async () => {
    const t = setup();
    t.env.editorTools = async () => undefined;
    await t.controller.start();
    expect(t.spawner.last.sent('session/new')).toEqual([{ cwd: '/work/project', mcpServers: [] }]);
  });
});
