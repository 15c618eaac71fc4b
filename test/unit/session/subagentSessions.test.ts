// Which subagent sessions a chat routes to itself (session/subagentSessions.ts): only children its thread holds,
// never an id the connection already routes (another chat's session on the same agent process: its traffic must
// stay there), and all of them let go, their requests answered, when the chat's session ends.
import type * as acp from '@agentclientprotocol/sdk';
import { describe, expect, it } from 'vitest';
import type { SessionSink } from '../../../src/session/agent/agentConnection';
import { SubagentSessions, type SubagentRoute } from '../../../src/session/subagentSessions';
import { ThreadStore } from '../../../src/session/threadStore';
import { ThreadTerminals } from '../../../src/session/requests/threadTerminals';
import { ToolDiffs } from '../../../src/session/updates/toolDiffs';
import { FileTexts } from '../../../src/review/fileTexts';
import { LiveProcessGroups } from '../../../src/terminals/liveProcessGroups';
import type { ThreadAction } from '../../../src/shared/actions';
import { createThreadState } from '../../../src/shared/thread';
import { cancelSignal } from './cancelSignal';
import { within } from '../../within';

function setup(attachedElsewhere: string[] = []) {
  const store = new ThreadStore(
    't',
    createThreadState({ agentId: 'a', threadId: 't' }, { id: 'a', displayName: 'A', isDemo: false }),
  );
  const logs: string[] = [];
  const sinks = new Map<string, SessionSink>();
  const route: SubagentRoute = {
    attach: (sessionId, sink) => {
      sinks.set(sessionId, sink);
      return { dispose: () => sinks.delete(sessionId) };
    },
    isAttached: (sessionId) => attachedElsewhere.includes(sessionId) || sinks.has(sessionId),
    cancel: () => undefined,
  };
  const dispatch = (action: ThreadAction) => {
    store.dispatch(action);
    sessions.afterDispatch(action);
  };
  const sessions: SubagentSessions = new SubagentSessions({
    current: () => store.current,
    dispatch,
    log: (line) => logs.push(line),
    toolDiffs: new ToolDiffs(new FileTexts()),
    handlers: {
      readTextFile: async () => ({ content: '' }),
      writeTextFile: async () => {
        throw new Error('no writes here');
      },
    },
    terminals: new ThreadTerminals({
      baseEnv: () => process.env,
      liveGroups: new LiveProcessGroups(),
      log: () => undefined,
      dispatch,
    }),
    elicitationHost: {},
    chatCancelled: () => false,
  });
  sessions.open(route, '/w');
  const announce = (sessionId: string) =>
    dispatch({ type: 'sessionUpdate', update: { sessionUpdate: 'subagent_update', sessionId } });
  return { store, sessions, sinks, logs, announce };
}

const permission = (sessionId: string, toolCallId: string): acp.RequestPermissionRequest => ({
  sessionId,
  toolCall: { toolCallId },
  options: [{ optionId: 'ok', name: 'Allow', kind: 'allow_once' }],
});

describe('SubagentSessions', () => {
  it('routes a child once its thread holds it; an id already routed elsewhere stays there', () => {
    const { sessions, sinks, logs, announce } = setup(['other-chat']);
    announce('child');
    announce('other-chat');
    expect([...sinks.keys()]).toEqual(['child']);
    expect(sessions.isRouted('other-chat')).toBe(false);
    expect(logs).toEqual([expect.stringContaining('already open; not routed here')]);
  });

  it("a child's request is answered by the user through the id it minted; the session's end answers the rest", async () => {
    const { store, sessions, sinks, announce } = setup();
    announce('child');
    const sink = sinks.get('child')!;
    const first = sink.requestPermission(permission('child', 'one'), cancelSignal());
    const second = sink.requestPermission(permission('child', 'two'), cancelSignal());
    const ids = () =>
      store.current.subagents!['child']!.state.entries.flatMap((entry) =>
        entry.kind === 'tool' && entry.tool.permission ? [entry.tool.permission.permissionId] : [],
      );
    const [id] = ids();
    expect(id).toMatch(/^subagent1-permission-/);
    expect(sessions.resolvePermission(id!, 'ok')).toBe(true);
    expect(sessions.resolvePermission('permission-1', 'ok')).toBe(false);
    expect(await within(first, 'the answer to the first')).toEqual({
      outcome: { outcome: 'selected', optionId: 'ok' },
    });
    expect(sessions.end()).toBe(1);
    expect(await within(second, 'the answer to the second')).toEqual({ outcome: { outcome: 'cancelled' } });
    expect(sinks.size).toBe(0);
    expect(sessions.isRouted('child')).toBe(false);
  });
});
