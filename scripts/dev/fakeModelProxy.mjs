// A loopback proxy in front of the scripted fake model (../shared/real-agents/fake-llm.mjs), for the recorder
// (recordAgentTranscript.mjs). Two things the fake model does not do and codex's multi-agent tools need:
//
// - Namespaced tools. codex 0.166 offers its multi-agent tools (spawn_agent, wait_agent, ...) inside a Responses
//   API `{type: "namespace", name, tools}` entry, which the fake model does not look into. The proxy appends each
//   namespaced tool to the request's `tools` (so a script can call it by name) and adds the `namespace` back to
//   the function calls of the answer (codex routes a call by name and namespace).
// - Ids the model learns during the turn. `wait_agent {targets: [...]}` needs the ids `spawn_agent` answered. Before
//   each request the proxy sets the fake model's variables AGENT_1, AGENT_2, ... to the `agent_id`s of the
//   spawn_agent outputs in that request's history (a script writes `"targets": ["{{AGENT_1}}"]`). Requests go
//   to the fake model one at a time, so each is answered with its own variables.
// - Notifications in the user's voice. When a child ends, codex adds a user message `<subagent_notification>...` to
//   its parent's history; the fake model would take it for the prompt (it follows the latest user message). The
//   proxy leaves them out of what the fake model reads, so a script goes on with its next step.
//
// Requests without namespaced tools or spawned agents pass through unchanged.
import http from 'node:http';

/**
 * @param {{ port: number, vars: Record<string, string> }} fakeModel the fake model's port and the variables object
 *   it was started with (read at each answer).
 */
export async function startFakeModelProxy(fakeModel) {
  let queue = Promise.resolve();
  const server = http.createServer((request, response) => {
    const chunks = [];
    request.on('data', (chunk) => chunks.push(chunk));
    request.on('end', () => {
      queue = queue.then(() => forward(fakeModel, request, Buffer.concat(chunks).toString('utf8'), response));
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
  const address = server.address();
  return {
    port: typeof address === 'object' && address ? address.port : 0,
    close: () => new Promise((resolve) => server.close(() => resolve(undefined))),
  };
}

function forward(fakeModel, request, raw, response) {
  const namespaceOf = new Map();
  const body = parse(raw);
  if (body && typeof body === 'object') {
    raw = JSON.stringify(withoutNotifications(flattenNamespaces(body, namespaceOf)));
    setAgentVariables(body, fakeModel.vars);
  }
  return new Promise((resolve) => {
    const upstream = http.request(
      {
        host: '127.0.0.1',
        port: fakeModel.port,
        path: request.url,
        method: request.method,
        headers: { ...request.headers, 'content-length': Buffer.byteLength(raw) },
      },
      (answer) => {
        const parts = [];
        answer.on('data', (part) => parts.push(part));
        answer.on('end', () => {
          const text = tagNamespaces(Buffer.concat(parts).toString('utf8'), namespaceOf);
          const headers = { ...answer.headers };
          delete headers['content-length'];
          response.writeHead(answer.statusCode ?? 502, headers);
          response.end(text);
          resolve(undefined);
        });
      },
    );
    upstream.on('error', (error) => {
      response.writeHead(502, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ error: { message: `fake model proxy: ${error.message}` } }));
      resolve(undefined);
    });
    upstream.end(raw);
  });
}

function parse(raw) {
  try {
    return raw ? JSON.parse(raw) : undefined;
  } catch {
    return undefined;
  }
}

/** The request with each namespaced tool also listed by its own name; `namespaceOf` learns which is whose. */
function flattenNamespaces(body, namespaceOf) {
  if (!Array.isArray(body.tools)) return body;
  const inner = [];
  for (const tool of body.tools) {
    if (tool?.type !== 'namespace' || !Array.isArray(tool.tools)) continue;
    for (const member of tool.tools) {
      namespaceOf.set(member.name, tool.name);
      inner.push(member);
    }
  }
  return inner.length === 0 ? body : { ...body, tools: [...body.tools, ...inner] };
}

/** The request without codex's `<subagent_notification>` user messages. */
function withoutNotifications(body) {
  if (!Array.isArray(body.input)) return body;
  const isNotification = (item) =>
    item?.role === 'user' &&
    Array.isArray(item.content) &&
    item.content.some((part) => String(part?.text ?? '').startsWith('<subagent_notification>'));
  return { ...body, input: body.input.filter((item) => !isNotification(item)) };
}

/** AGENT_1, AGENT_2, ...: the agent ids spawn_agent answered in this request's history, in order. */
function setAgentVariables(body, vars) {
  for (const name of Object.keys(vars)) if (/^AGENT_\d+$/.test(name)) delete vars[name];
  if (!Array.isArray(body.input)) return;
  const spawnCalls = new Set(
    body.input
      .filter((item) => item?.type === 'function_call' && item.name === 'spawn_agent')
      .map((item) => item.call_id),
  );
  let count = 0;
  for (const item of body.input) {
    if (item?.type !== 'function_call_output' || !spawnCalls.has(item.call_id)) continue;
    const agentId = parse(typeof item.output === 'string' ? item.output : '')?.agent_id;
    if (typeof agentId === 'string') vars[`AGENT_${++count}`] = agentId;
  }
}

/** The answer (SSE or JSON) with `namespace` set on each function call of a namespaced tool. */
function tagNamespaces(text, namespaceOf) {
  if (namespaceOf.size === 0) return text;
  const tag = (value) => {
    if (!value || typeof value !== 'object') return;
    if (value.type === 'function_call' && namespaceOf.has(value.name)) value.namespace = namespaceOf.get(value.name);
    for (const child of Object.values(value)) tag(child);
  };
  const tagged = (json) => {
    const value = parse(json);
    if (value === undefined) return json;
    tag(value);
    return JSON.stringify(value);
  };
  if (!text.startsWith('event:') && !text.startsWith('data:')) return tagged(text);
  return text
    .split('\n')
    .map((line) => (line.startsWith('data: ') && line !== 'data: [DONE]' ? `data: ${tagged(line.slice(6))}` : line))
    .join('\n');
}
