#!/usr/bin/env node
// Records what a real ACP agent sends, for the transcripts the tests replay (test/fixtures/transcripts/). A
// development aid: it needs the real agents of ../shared/real-agents (installed by its install-agents.sh) and their
// scripted fake model; `npm test` never runs it and never reads ../shared.
//
//   node scripts/recordAgentTranscript.mjs <profile> --out FILE.jsonl [--no-notices] [--no-compaction]
//        [--prompt TEXT ...] [--broken-mcp] [--shared DIR]
//
// It speaks ACP over the agent's stdio the way Switchboard does: initialize with Switchboard's client capabilities
// (session.notices and session.compaction unless turned off), session/new (with --broken-mcp, one MCP server whose
// command does not exist, which claude-agent-acp reports as a notice), then each --prompt in turn (default: the
// first prompt of scenario-basic.json). It answers fs/* in a temporary workspace and permission requests with the
// first allow option. Every message the agent wrote is saved as one NDJSON line, in wire order, with the session id
// the temporary paths and the fake model's port replaced by fixed ones, so the file does not change between recordings of the same run.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const argv = process.argv.slice(2);
const flag = (name) => argv.includes(name);
const option = (name, fallback) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : fallback);
const prompts = argv.flatMap((arg, i) => (arg === '--prompt' ? [argv[i + 1]] : []));
const profileName = argv[0];
const out = option('--out', undefined);
const shared = path.resolve(option('--shared', path.join(import.meta.dirname, '../../shared/real-agents')));
if (!profileName || !out) {
  console.error('usage: recordAgentTranscript.mjs <profile> --out FILE.jsonl [--no-notices] [--no-compaction] ...');
  process.exit(2);
}

const { profiles } = await import(path.join(shared, 'agents.mjs'));
const { startFakeLlm } = await import(path.join(shared, 'fake-llm.mjs'));
const profile = profiles[profileName];
if (!profile) throw new Error(`unknown profile ${profileName}`);
const scenario = JSON.parse(fs.readFileSync(path.join(shared, 'scenario-basic.json'), 'utf8'));
if (prompts.length === 0) prompts.push('Create hello.txt containing hi');

const cwd = fs.mkdtempSync(path.join(os.tmpdir(), 'record-ws-'));
const home = fs.mkdtempSync(path.join(os.tmpdir(), 'record-home-'));
const llm = await startFakeLlm({ scenario, vars: { CWD: cwd, HOME: home } });
const vars = { PORT: String(llm.port), HOME: home, CWD: cwd };
const fill = (text) => String(text).replace(/\{\{(\w+)\}\}/g, (match, key) => vars[key] ?? match);
for (const [file, text] of Object.entries(profile.files ?? {})) {
  fs.mkdirSync(path.dirname(fill(file)), { recursive: true });
  fs.writeFileSync(fill(file), fill(text).replace(/\\n/g, '\n'));
}
const [command, ...args] = profile.cmd.map(fill);
const env = { ...process.env, ...Object.fromEntries(Object.entries(profile.env ?? {}).map(([k, v]) => [k, fill(v)])) };
env.HOME = home;
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

function onMessage(message) {
  received.push(message);
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
  await request('initialize', {
    protocolVersion: 1,
    clientCapabilities: {
      fs: { readTextFile: true, writeTextFile: true },
      terminal: true,
      session,
      auth: { terminal: true },
      _meta: { 'terminal-auth': true },
    },
    clientInfo: { name: 'switchboard', title: 'Switchboard', version: '0.0.0-record' },
  });
  const mcpServers = flag('--broken-mcp')
    ? [{ name: 'broken', command: path.join(cwd, 'no-such-mcp-server'), args: [], env: [] }]
    : [];
  const { sessionId } = await request('session/new', { cwd, mcpServers });
  for (const text of prompts) {
    const result = await request('session/prompt', { sessionId, prompt: [{ type: 'text', text }] });
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
    text = text.split(`127.0.0.1:${llm.port}`).join('127.0.0.1:8787');
    return text.split(cwd).join('/workspace').split(home).join('/home/agent');
  });
  fs.writeFileSync(out, lines.join('\n') + '\n');
  console.error(`${problem ? `${problem}; ` : ''}${received.length} messages written to ${out}`);
  child.kill();
  void llm.close();
  fs.rmSync(cwd, { recursive: true, force: true });
  fs.rmSync(home, { recursive: true, force: true });
  process.exit(problem ? 1 : 0);
}
