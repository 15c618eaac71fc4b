// A chat session as the editor's MCP tools reach it (OpenEditorSession), over the real fs handlers
// (src/vscode/fs/fsRequests.ts) and the disk stand-in editor: the tests of the editor MCP server over HTTP
// (editorMcpServer.test.ts) and through the stdio bridge (editorMcpBridge.test.ts) share it. The cards it shows are
// collected; permissions are answered by the test.
import type * as acp from '@agentclientprotocol/sdk';
import type { OutsideChoice } from '../../src/fs/outsideAccess';
import type { CancelSignal, OpenEditorSession, TerminalRequests } from '../../src/session/api';
import { createFsRequestHandlers } from '../../src/vscode/fs/fsRequests';
import type { DiskEditor } from '../unit/vscode/fs/diskEditor';

export interface DiskSessionOptions {
  workspace: string;
  editor: DiskEditor;
  /** Each session/request_permission of a tool: the test's answer. */
  permission(params: acp.RequestPermissionRequest, signal: CancelSignal): Promise<acp.RequestPermissionResponse>;
  /** The consent asked before a path outside the workspace is read; absent: refused. */
  confirmOutsideWorkspace?(realPath: string): Promise<OutsideChoice>;
  terminals?: TerminalRequests;
}

/** The session, and the card updates it received (in order). */
export function diskEditorSession(options: DiskSessionOptions): {
  session: OpenEditorSession;
  cards: acp.SessionUpdate[];
} {
  const cards: acp.SessionUpdate[] = [];
  const handlers = createFsRequestHandlers(
    {
      agentName: 'Agent',
      readOutsideWorkspace: () => 'ask',
      confirmOutsideWorkspace: async (request) => (await options.confirmOutsideWorkspace?.(request.realPath)) ?? 'deny',
      maxReadBytes: () => 50 * 1024 * 1024,
      log: () => {},
    },
    options.editor,
  );
  const session: OpenEditorSession = {
    sessionId: 'chat-session',
    cwd: options.workspace,
    requests: {
      update: (notification) => cards.push(notification.update),
      requestPermission: (params, signal) => options.permission(params, signal),
      readTextFile: (params, signal) => handlers.readTextFile(params, signal),
      writeTextFile: async (params, signal) => {
        await handlers.writeTextFile(params, signal);
        return {};
      },
      ...(options.terminals ? { terminals: options.terminals } : {}),
    },
  };
  return { session, cards };
}
