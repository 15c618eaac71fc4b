#!/usr/bin/env node
// Records what a real ACP agent sends, for the transcripts the tests replay (test/fixtures/transcripts/). A
// development aid: it needs the real agents of ../shared/real-agents (installed by its install-agents.sh) and their
// scripted fake model; `npm test` never runs it and never reads ../shared.
//
//   node scripts/dev/recordAgentTranscript.mjs <profile> --out FILE.jsonl [--no-notices] [--no-compaction]
//        [--subagents] [--prompt TEXT ...] [--broken-mcp] [--shared DIR] [--scenario FILE.json]
//        [--file PATH=TEXT ...] [--env NAME=VALUE ...] [--cancel-child] [--v2]
//
// --v2 asks for ACP v2 the way Switchboard does with switchboard.acpV2 on (no fs or terminal capabilities; the
// agent must answer 2), and waits for each turn's idle `state_update` (a v2 prompt's answer only acknowledges it).
//
// It speaks ACP over the agent's stdio the way Switchboard does: initialize with Switchboard's client capabilities
// (session.notices and session.compaction unless turned off), session/new (with --broken-mcp, one MCP server whose
// command does not exist, which claude-agent-acp reports as a notice), then each --prompt in turn (default: the
// first prompt of scenario-basic.json). It answers fs/* in a temporary workspace and permission requests with the
// first allow option. Every message the agent wrote is saved as one NDJSON line, in wire order, with the session id
// the temporary paths and the fake model's port replaced by fixed ones, so the file does not change between recordings of the same run;
// so are the ids the agent or the fake model make up (UUIDs, the fake model's call and response ids): each becomes
// a fixed name numbered in order of first appearance.
//
// --subagents advertises `clientCapabilities.subagents`; with --cancel-child a permission request of a subagent
// session is answered by cancelling that subagent (session/cancel with its id, then the outcome cancelled).
// --scenario replaces the fake model's script (default scenario-basic.json). --file writes a file before the agent
// starts (PATH and TEXT may use {{HOME}}, {{CWD}}, {{PORT}}; TEXT `@FILE` is that file's content; it replaces the
// profile's file of the same path). --env sets a variable of the agent's environment. The fake model is reached
// through fakeModelProxy.mjs, which serves codex's namespaced multi-agent tools.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const argv = process.argv.slice(2);
const flag = (name) => argv.includes(name);
const option = (name, fallback) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : fallback);
const repeated = (name) => argv.flatMap((arg, i) => (arg === name ? [argv[i + 1]] : []));
const prompts = repeated('--prompt');
const profileName = argv[0];

/** Ids made up at run time, each replaced by a fixed name numbered in order of first appearance (see the header). */
const MADE_UP_IDS = [
  { pattern: /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, name: 'recorded-id' },
  // Date.now() in base 36 (8 characters, some digits), after the fake model's `call_` and `resp_fake`.
  { pattern: /(?<=call_|resp_fake)(?=[a-z]*\d)[0-9a-z]{8}(?![0-9a-z])/g, name: 'fake' },
];
const madeUpNames = new Map();

const out = option('--out', undefined);
const shared = path.resolve(option('--shared', path.join(import.meta.dirname, '../../../shared/real-agents')));
if (!profileName || !out) {
  console.error('usage: recordAgentTranscript.mjs <profile> --out FILE.jsonl [--no-notices] [--no-compaction] ...');
  process.exit(2);
}

const { profiles } = await import(path.join(shared, 'agents.mjs'));
const { startFakeLlm } = await import(path.join(shared, 'fake-llm.mjs'));
const profile = profiles[profileName];
if (!profile) throw new Error(`unknown profile ${profileName}`);
const { startFakeModelProxy } = await import('./fakeModelProxy.mjs');
const scenario = JSON.parse(fs.readFileSync(option('--scenario', path.join(shared, 'scenario-basic.json')), 'utf8'));
if (prompts.length === 0) prompts.push('Create hello.txt containing hi');

const cwd = fs.mkdtempSync(path.join(os.tmpdir(), 'record-ws-'));
const home = fs.mkdtempSync(path.join(os.tmpdir(), 'record-home-'));
const modelVars = { CWD: cwd, HOME: home };
const llm = await startFakeLlm({ scenario, vars: modelVars });
const proxy = await startFakeModelProxy({ port: llm.port, vars: modelVars });
const vars = { PORT: String(proxy.port), HOME: home, CWD: cwd };
const fill = (text) => String(text).replace(/\{\{(\w+)\}\}/g, (match, key) => vars[key] ?? match);
const files = { ...profile.files };
for (const entry of repeated('--file')) {
  const [file, text] = [entry.slice(0, entry.indexOf('=')), entry.slice(entry.indexOf('=') + 1)];
  files[file] = text.startsWith('@') ? fs.readFileSync(text.slice(1), 'utf8') : text;
}
for (const [file, text] of Object.entries(files)) {
  fs.mkdirSync(path.dirname(fill(file)), { recursive: true });
  fs.writeFileSync(fill(file), fill(text).replace(/\\n/g, '\n'));
}
const [command, ...args] = profile.cmd.map(fill);
const env = { ...process.env, ...Object.fromEntries(Object.entries(profile.env ?? {}).map(([k, v]) => [k, fill(v)])) };
env.HOME = home;
for (const entry of repeated('--env')) env[entry.slice(0, entry.indexOf('='))] = entry.slice(entry.indexOf('=') + 1);
const child = spawn(command, [...args, ...(profile.clientArgs ?? [])], { cwd, env, stdio: ['pipe', 'pipe', 'pipe'] });
child.stderr.on('data', (data) => process.stderr.write(`[agent] ${data}`));

const received = [];
const waiting = new Map();
let nextId = 0;
let buffered = '';
child.stdout.setEncoding('utf8');
child.stdout.on('data', (chunk) => {
  buffered += chunk;
  for (let newline; (newline = buffered.indexOf('\n')) !== -1;) {
    const line = buffered.slice(0, newline);
    buffered = buffered.slice(newline + 1);
    if (line.trim()) onMessage(JSON.parse(line));
  }
});
const write = (message) => child.stdin.write(JSON.stringify({ jsonrpc: '2.0', ...message }) + '\n');
function request(method, params) {
  const id = nextId++;
  write({ id, method, params });
  return new Promise((resolve, reject) =>
    waiting.set(id, (message) =>
      message.error ? reject(new Error(JSON.stringify(message.error))) : resolve(message.result),
    ),
  );
}

const children = new Set(); // the subagent sessions the agent announced
/** v2: sessionId -> resolves at the session's next idle with a stop reason (the end of the turn). */
const idleWaiters = new Map();
function onMessage(message) {
  received.push(message);
  const update = message.params?.update;
  if (update?.sessionUpdate === 'state_update' && update.state === 'idle' && update.stopReason) {
    idleWaiters.get(message.params.sessionId)?.();
    idleWaiters.delete(message.params.sessionId);
  }
  if (message.params?.update?.sessionUpdate === 'subagent_update') children.add(message.params.update.sessionId);
  if (message.method === undefined) return waiting.get(message.id)?.(message);
  if (message.id === undefined) return; // a notification: recorded, nothing to answer
  write({ id: message.id, ...answer(message.method, message.params) });
}

function answer(method, params) {
  switch (method) {
    case 'fs/read_text_file':
      return fs.existsSync(params.path)
        ? { result: { content: fs.readFileSync(params.path, 'utf8') } }
        : { error: { code: -32002, message: `Resource not found: ${params.path}` } };
    case 'fs/write_text_file':
      fs.writeFileSync(params.path, params.content);
      return { result: {} };
    case 'session/request_permission': {
      if (flag('--cancel-child') && children.has(params.sessionId)) {
        // What a client does when the user stops a subagent that waits for an answer.
        write({ method: 'session/cancel', params: { sessionId: params.sessionId } });
        return { result: { outcome: { outcome: 'cancelled' } } };
      }
      const allow = params.options.find((option) => option.kind.startsWith('allow')) ?? params.options[0];
      return { result: { outcome: { outcome: 'selected', optionId: allow.optionId } } };
    }
    default:
      return { error: { code: -32601, message: `Method not found: ${method}` } };
  }
}

const session = {
  configOptions: { boolean: {} },
  ...(flag('--no-notices') ? {} : { notices: {} }),
  ...(flag('--no-compaction') ? {} : { compaction: {} }),
};
const timeout = setTimeout(() => finish('timed out after 120 s'), 120_000);
try {
  const v2 = flag('--v2');
  const v1Initialize = {
    protocolVersion: 1,
    clientCapabilities: {
      fs: { readTextFile: true, writeTextFile: true },
      terminal: true,
      session,
      auth: { terminal: true },
      ...(flag('--subagents') ? { subagents: {} } : {}),
      _meta: { 'terminal-auth': true },
    },
    clientInfo: { name: 'switchboard', title: 'Switchboard', version: '0.0.0-record' },
  };
  const initialized = await request(
    'initialize',
    v2
      ? {
          protocolVersion: 2,
          info: v1Initialize.clientInfo,
          capabilities: { auth: { terminal: {} }, _meta: { 'terminal-auth': true } },
        }
      : v1Initialize,
  );
  if (v2 && initialized.protocolVersion !== 2)
    throw new Error(`asked for v2, the agent answered ${initialized.protocolVersion}`);
  const mcpServers = flag('--broken-mcp')
    ? [{ name: 'broken', command: path.join(cwd, 'no-such-mcp-server'), args: [], env: [] }]
    : [];
  const { sessionId } = await request('session/new', { cwd, mcpServers });
  for (const text of prompts) {
    const idle = v2 ? new Promise((resolve) => idleWaiters.set(sessionId, resolve)) : null;
    const result = await request('session/prompt', { sessionId, prompt: [{ type: 'text', text }] });
    await idle;
    console.error(`prompt ${JSON.stringify(text)}: ${JSON.stringify(result)}`);
  }
  // Late notifications (the sign-in probe pushes _auth/status_update when it lands) get a moment to arrive.
  await new Promise((resolve) => setTimeout(resolve, 1500));
  finish();
} catch (error) {
  finish(String(error));
}

function finish(problem) {
  clearTimeout(timeout);
  const sessionId = received.find((m) => m.result?.sessionId)?.result.sessionId;
  const lines = received.map((message) => {
    let text = JSON.stringify(message);
    if (sessionId) text = text.split(sessionId).join('recorded-session');
    text = text.split(`127.0.0.1:${proxy.port}`).join('127.0.0.1:8787');
    return fixMadeUpIds(text.split(cwd).join('/workspace').split(home).join('/home/agent'));
  });
  fs.writeFileSync(out, lines.join('\n') + '\n');
  console.error(`${problem ? `${problem}; ` : ''}${received.length} messages written to ${out}`);
  child.kill();
  void proxy.close();
  void llm.close();
  fs.rmSync(cwd, { recursive: true, force: true });
  fs.rmSync(home, { recursive: true, force: true });
  process.exit(problem ? 1 : 0);
}

/** The text with each made-up id replaced by its fixed name. */
function fixMadeUpIds(text) {
  for (const { pattern, name } of MADE_UP_IDS) {
    text = text.replace(pattern, (id) => {
      if (!madeUpNames.has(id)) madeUpNames.set(id, `${name}-${madeUpNames.size + 1}`);
      return madeUpNames.get(id);
    });
  }
  return text;
}
