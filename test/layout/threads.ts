// Threads for the layout tests, built with the real reducer from the actions the host sends.
import type * as acp from '@agentclientprotocol/sdk';
import type { ThreadAction } from '../../src/shared/actions';
import type { AgentChoice } from '../../src/shared/messages';
import { reduce } from '../../src/shared/reduce';
import { createThreadState, type ThreadState } from '../../src/shared/thread';

export const DEMO: AgentChoice = { id: 'demo', displayName: 'Demo agent', isDemo: true, commandLine: 'demo' };

export function ready(configOptions: acp.SessionConfigOption[] | null = null): ThreadAction[] {
  return [
    { type: 'initialized', agentInfo: { name: 'demo', title: 'Demo agent', version: '1' }, agentCapabilities: {} },
    { type: 'sessionStarted', sessionId: 's1', modes: null, configOptions },
    { type: 'connection', state: { kind: 'ready' } },
  ];
}

export function thread(actions: ThreadAction[]): ThreadState {
  const agent = { id: DEMO.id, displayName: DEMO.displayName, isDemo: true };
  return actions.reduce(reduce, createThreadState({ agentId: 'demo', threadId: 't1' }, agent));
}

export function prompt(text: string): ThreadAction {
  return { type: 'promptSent', prompt: [{ type: 'text', text }] };
}
