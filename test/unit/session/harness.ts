// Builds a ThreadController on the in-memory fake agent and collects its events.
import { vi } from 'vitest';
import { createThreadController } from '../../../src/session/threadController';
import type { ThreadController, ThreadEvent } from '../../../src/session/api';
import type { ThreadState } from '../../../src/shared/thread';
import { fakeEnv, fakeHandlers, fakeSpawner, scriptBasicAgent, TEST_AGENT, type FakeAgentProcess } from './fakeAgent';

export function setup(
  script: (fake: FakeAgentProcess) => void = scriptBasicAgent,
  settings: Parameters<typeof fakeEnv>[0] = {},
) {
  const spawner = fakeSpawner(script);
  const { env, logs } = fakeEnv(settings);
  const { handlers, writes } = fakeHandlers();
  const controller = createThreadController({
    threadId: 'thread-1',
    agent: TEST_AGENT,
    env,
    handlers,
    spawn: spawner.spawn,
  });
  const events: ThreadEvent[] = [];
  controller.onEvent((event) => events.push(event));
  return {
    controller,
    spawner,
    /** The host environment the chat was made with (a test may add a hook before the start). */
    env,
    logs,
    writes,
    events,
    state: (): ThreadState => controller.snapshot().state,
    actionTypes: () => events.map((event) => event.action.type),
  };
}

export async function until(
  controller: ThreadController,
  predicate: (state: ThreadState) => boolean,
): Promise<ThreadState> {
  await vi.waitFor(() => {
    if (!predicate(controller.snapshot().state)) throw new Error(`the chat never came to ${String(predicate)}`);
  });
  return controller.snapshot().state;
}

export function toolOf(state: ThreadState, toolCallId: string) {
  for (const entry of state.entries)
    if (entry.kind === 'tool' && entry.tool.toolCallId === toolCallId) return entry.tool;
  throw new Error(`no tool call ${toolCallId}`);
}

/** A promise with its resolve function exposed, to hold an agent handler open. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}
