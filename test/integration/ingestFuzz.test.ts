// Property-based fuzz of the whole ingest path: NDJSON lines (cut at random places) -> reader ->
// connection -> routing by sessionId -> update gate -> reducer -> the webview's posted messages.
// Updates and requests are shaped like the ACP schema and then mutated (wrong types, missing and
// extra fields, huge, deep and unicode values), mixed with JSON-RPC junk. Invariants: nothing
// throws out of the host, every request gets exactly one answer, every posted message serialises
// and stays within a bound of the input's size, the webview's replayed copy equals the host's
// state, a valid update sent after the junk is still applied, and the per-thread maps stay bounded.
// Fixed seed and a moderate number of runs: about 4 s.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { WebviewMirror } from '../../src/chat/webviewMirror';
import type { Schedule } from '../../src/chat/schedule';
import type { HostToWebview } from '../../src/shared/messages';
import { reduceAll } from '../../src/shared/reduce';
import type { ThreadState } from '../../src/shared/thread';
import { MAX_PENDING_PERMISSIONS } from '../../src/session/threadController';
import { MAX_EARLY_BYTES } from '../../src/session/agent/sessionRoutes';
import { setup } from '../unit/session/harness';
import { agentText } from './scriptedAgent';

// ---- values ----
/** A token replaced by raw JSON nested this deep when the line is written (JSON.stringify overflows on it). */
const deepToken = (depth: number) => `__DEEP_${depth}__`;
const deepJson = (depth: number) => '{"n":'.repeat(depth) + '1' + '}'.repeat(depth);
const expandDeep = (line: string) => line.replace(/"__DEEP_(\d+)__"/g, (_, depth: string) => deepJson(Number(depth)));

const unicode = fc.string({ unit: 'binary', maxLength: 40 });
const junk: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(null),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.boolean(),
  unicode,
  fc.constant('>'.repeat(3000)),
  fc.integer({ min: 1000, max: 200_000 }).map((n) => 'x'.repeat(n)),
  fc.integer({ min: 20, max: 6000 }).map(deepToken),
  fc.array(fc.anything({ maxDepth: 2 }), { maxLength: 3 }),
  fc.object({ maxDepth: 2 }),
);

// ---- ACP-shaped updates ----
const optional = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined });
const toolCallId = fc.constantFrom('t1', 't2', 't3', '__proto__', 'toString', 'constructor');
const textBlock = fc.record({ type: fc.constant('text'), text: unicode });
const contentBlock = fc.oneof(
  textBlock,
  fc.record({ type: fc.constant('resource_link'), uri: fc.webUrl(), name: unicode }),
  fc.record({
    type: fc.constant('image'),
    data: fc.base64String({ maxLength: 40 }),
    mimeType: fc.constant('image/png'),
  }),
);
const location = fc.record({ path: unicode, line: optional(fc.nat(1000)) }, { requiredKeys: ['path'] });
const toolContent = fc.oneof(
  fc.record({ type: fc.constant('content'), content: contentBlock }),
  fc.record({ type: fc.constant('diff'), path: unicode, oldText: fc.option(unicode, { nil: null }), newText: unicode }),
  fc.record({ type: fc.constant('terminal'), terminalId: unicode }),
);
const toolFields = {
  toolCallId,
  title: unicode,
  kind: fc.constantFrom('read', 'edit', 'delete', 'move', 'search', 'execute', 'think', 'fetch', 'other'),
  status: fc.constantFrom('pending', 'in_progress', 'completed', 'failed'),
  content: fc.array(toolContent, { maxLength: 3 }),
  locations: fc.array(location, { maxLength: 3 }),
  rawInput: fc.oneof(fc.object({ maxDepth: 2 }), fc.integer({ min: 20, max: 6000 }).map(deepToken)),
  rawOutput: fc.anything({ maxDepth: 2 }),
};
const update: fc.Arbitrary<Record<string, unknown>> = fc.oneof(
  fc.record(
    {
      sessionUpdate: fc.constantFrom('agent_message_chunk', 'agent_thought_chunk', 'user_message_chunk'),
      content: contentBlock,
      messageId: optional(fc.constantFrom('m1', 'm2')),
    },
    { requiredKeys: ['sessionUpdate', 'content'] },
  ),
  fc.record(
    { sessionUpdate: fc.constant('tool_call'), ...toolFields },
    { requiredKeys: ['sessionUpdate', 'toolCallId', 'title'] },
  ),
  fc.record(
    { sessionUpdate: fc.constant('tool_call_update'), ...toolFields },
    { requiredKeys: ['sessionUpdate', 'toolCallId'] },
  ),
  fc.record({
    sessionUpdate: fc.constant('plan'),
    entries: fc.array(
      fc.record({
        content: unicode,
        priority: fc.constantFrom('high', 'medium', 'low'),
        status: fc.constantFrom('pending', 'in_progress', 'completed'),
      }),
      { maxLength: 4 },
    ),
  }),
  fc.record({ sessionUpdate: fc.constant('usage_update'), used: fc.nat(), size: fc.nat() }),
  fc.record({ sessionUpdate: fc.constant('session_info_update'), title: fc.option(unicode, { nil: null }) }),
  fc.record({ sessionUpdate: unicode }),
);

// ---- mutations: one per message, on a random path ----
type Mutation = { kind: 'none' | 'set' | 'delete' | 'extra'; pick: number; value: unknown };
const mutation: fc.Arbitrary<Mutation> = fc.record({
  kind: fc.constantFrom('none', 'none', 'set', 'delete', 'extra'),
  pick: fc.nat(),
  value: junk,
});

function paths(value: unknown, prefix: Array<string | number> = [], out: Array<Array<string | number>> = []) {
  if (typeof value !== 'object' || value === null) return out;
  for (const key of Object.keys(value)) {
    const path = [...prefix, Array.isArray(value) ? Number(key) : key];
    out.push(path);
    paths((value as Record<string, unknown>)[key], path, out);
  }
  return out;
}

function mutate<T>(value: T, m: Mutation): T {
  if (m.kind === 'none') return value;
  const copy = structuredClone(value) as Record<string, unknown>;
  const all = paths(copy);
  const path = all.length ? all[m.pick % all.length]! : [];
  let parent: any = copy;
  for (const key of path.slice(0, -1)) parent = parent[key];
  const last = path[path.length - 1];
  if (m.kind === 'extra' || last === undefined) {
    if (typeof parent === 'object' && parent !== null && !Array.isArray(parent)) parent[`extra${m.pick % 3}`] = m.value;
  } else if (m.kind === 'set') parent[last] = m.value;
  else if (Array.isArray(parent)) parent.splice(Number(last), 1);
  else delete parent[last];
  return copy as T;
}

// ---- messages ----
const SESSION = 'session-1';
type Item =
  | { kind: 'update'; sessionId: string; update: Record<string, unknown>; m: Mutation }
  | { kind: 'request'; method: string; params: Record<string, unknown>; badId: unknown; m: Mutation }
  | { kind: 'raw'; line: string; nullAnswers: number };

const sessionId = fc.constantFrom(SESSION, SESSION, SESSION, 'ghost-1', 'ghost-2');
const requestParams = fc.oneof(
  fc.record({
    method: fc.constant('fs/read_text_file'),
    params: fc.record(
      {
        sessionId,
        path: fc.constantFrom('/work/project/a.ts', 'relative.ts'),
        line: optional(fc.nat(10)),
        limit: optional(fc.nat(10)),
      },
      { requiredKeys: ['sessionId', 'path'] },
    ),
  }),
  fc.record({
    method: fc.constant('fs/write_text_file'),
    params: fc.record({ sessionId, path: fc.constant('/work/project/b.ts'), content: unicode }),
  }),
  fc.record({
    method: fc.constant('session/request_permission'),
    params: fc.record({
      sessionId,
      toolCall: fc.record({ toolCallId }),
      options: fc.array(
        fc.record({
          optionId: fc.constantFrom('a', 'b'),
          name: unicode,
          kind: fc.constantFrom('allow_once', 'reject_once'),
        }),
        { maxLength: 2 },
      ),
    }),
  }),
  fc.record({
    method: fc.constantFrom('terminal/output', 'terminal/kill', 'terminal/release', 'terminal/wait_for_exit'),
    params: fc.record({ sessionId, terminalId: fc.constantFrom('terminal-1', 'nope') }),
  }),
  fc.record({ method: fc.constantFrom('no/such_method', 'session/update'), params: fc.record({ sessionId }) }),
);
const item: fc.Arbitrary<Item> = fc.oneof(
  { weight: 6, arbitrary: fc.record({ kind: fc.constant('update' as const), sessionId, update, m: mutation }) },
  {
    weight: 3,
    arbitrary: fc
      .record({
        kind: fc.constant('request' as const),
        badId: fc.constantFrom(undefined, undefined, undefined, {}, null, true, [1]),
        m: mutation,
      })
      .chain((base) => requestParams.map((r) => ({ ...base, ...r }))),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom<Item>(
      { kind: 'raw', line: 'not json {', nullAnswers: 0 },
      { kind: 'raw', line: '[]', nullAnswers: 1 },
      { kind: 'raw', line: '{"jsonrpc":"2.0","id":"never-sent","result":{}}', nullAnswers: 0 },
      { kind: 'raw', line: '{"jsonrpc":"2.0"}', nullAnswers: 0 },
      { kind: 'raw', line: '"just a string"', nullAnswers: 0 },
      { kind: 'raw', line: '{"jsonrpc":"2.0","method":"session/update","params":null}', nullAnswers: 0 },
    ),
  },
);

// ---- the harness ----
const manual = () => {
  let queue: Array<() => void> = [];
  const schedule: Schedule = (callback) => {
    queue.push(callback);
    return () => void (queue = queue.filter((queued) => queued !== callback));
  };
  return { schedule, tick: () => queue.splice(0).forEach((callback) => callback()) };
};

const turn = () => new Promise((resolve) => setImmediate(resolve));

async function until(predicate: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 2000; i++) {
    if (predicate()) return;
    await turn();
  }
  throw new Error(`timed out waiting for ${what}`);
}

let caseNumber = 0;

async function runCase(items: Item[], cuts: number[]): Promise<void> {
  const t = setup();
  await t.controller.start();
  expect(t.state().connection.kind).toBe('ready');
  const fake = t.spawner.last;
  const clock = manual();
  const posted: string[] = [];
  const failures: string[] = [];
  const mirror = new WebviewMirror(
    (message: HostToWebview) => void posted.push(JSON.stringify(message)),
    () => ({ agents: [], defaultAgentId: '' }),
    clock.schedule,
    (line) => failures.push(line),
  );
  mirror.setThread(t.controller);
  mirror.sendSnapshot();

  // Lines as the agent writes them.
  let nextId = 1;
  const validIds: string[] = [];
  let nullAnswers = 0;
  const lines = items.map((it) => {
    if (it.kind === 'raw') {
      nullAnswers += it.nullAnswers;
      return it.line;
    }
    if (it.kind === 'update') {
      return JSON.stringify({
        jsonrpc: '2.0',
        method: 'session/update',
        params: mutate({ sessionId: it.sessionId, update: it.update }, it.m),
      });
    }
    const params = mutate(it.params, it.m);
    if (it.badId !== undefined) {
      nullAnswers++;
      return JSON.stringify({ jsonrpc: '2.0', id: it.badId, method: it.method, params });
    }
    const id = `fuzz-${nextId++}`;
    validIds.push(id);
    return JSON.stringify({ jsonrpc: '2.0', id, method: it.method, params });
  });
  const sentinel = `SENTINEL-${++caseNumber}`;
  lines.push(
    JSON.stringify({
      jsonrpc: '2.0',
      method: 'session/update',
      params: {
        sessionId: SESSION,
        update: { sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: sentinel } },
      },
    }),
  );
  const wire = lines.map(expandDeep).join('\n') + '\n';
  // Cut the byte stream at random places (the reader must reassemble lines across reads).
  const bytes = Buffer.from(wire);
  let start = 0;
  for (const cut of [...cuts.map((c) => c % bytes.length)].sort((a, b) => a - b)) {
    if (cut > start) fake.stdout.write(bytes.subarray(start, cut));
    start = Math.max(start, cut);
  }
  fake.stdout.write(bytes.subarray(start));

  // A valid update after all the junk is still applied.
  await until(() => agentText(t.state()).includes(sentinel), 'the sentinel chunk');
  clock.tick();

  // Everything posted serialised, stayed within a bound of the input, and replays to the host's state.
  expect(failures).toEqual([]);
  const bound = 2 * bytes.length + 64 * 1024;
  for (const text of posted) expect(text.length).toBeLessThan(bound);
  let webview: ThreadState | null = null;
  for (const text of posted) {
    const message = JSON.parse(text) as HostToWebview;
    if (message.type === 'snapshot') webview = message.thread;
    else if (message.type === 'actions' && webview) webview = reduceAll(webview, message.actions);
  }
  expect(JSON.stringify(webview?.entries)).toBe(JSON.stringify(t.state().entries));

  // Bounded maps.
  const internals = t.controller as unknown as {
    requests: { permissions: { size: number } };
    lifecycle: { generation: { connection: { sessions: { early: { heldBytes: number } } } } };
  };
  expect(internals.requests.permissions.size).toBeLessThanOrEqual(MAX_PENDING_PERMISSIONS);
  expect(internals.lifecycle.generation.connection.sessions.early.heldBytes).toBeLessThanOrEqual(MAX_EARLY_BYTES);
  // Nothing thrown out of a handler.
  expect(t.logs.filter((line) => /handler for notification .* failed|thread listener failed/.test(line))).toEqual([]);

  // Every request answered exactly once (pending permissions are answered `cancelled` on dispose).
  await t.controller.dispose();
  await until(
    () => validIds.every((id) => fake.received.some((m) => (m as { id?: unknown }).id === id)),
    'answers to every request',
  );
  const responses = fake.received.filter((m) => m.method === undefined) as Array<{ id?: unknown }>;
  for (const id of validIds) expect(responses.filter((r) => r.id === id)).toHaveLength(1);
  expect(responses.filter((r) => r.id === null)).toHaveLength(nullAnswers);
}

describe('ingest fuzz', () => {
  it('junk never breaks the chat: every request answered once, every post serialisable and bounded, valid updates still applied', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(item, { minLength: 1, maxLength: 12 }),
        fc.array(fc.nat(), { maxLength: 4 }),
        (items, cuts) => runCase(items, cuts),
      ),
      { seed: 20261123, numRuns: 100, endOnFailure: true },
    );
  }, 60_000);
});
