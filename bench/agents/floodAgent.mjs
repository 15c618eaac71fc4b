#!/usr/bin/env node
// A minimal ACP agent for the benchmarks (plain NDJSON, no dependencies). It answers initialize and
// session/new, and on session/prompt floods the client with agent_message_chunk notifications, then
// answers the prompt with end_turn.
//
//   --chunks N      how many chunks per prompt (default 200000). All lines are built before the
//                   agent answers initialize, so the flood itself costs the agent one write.
//   --rate N        instead of one burst, N chunks per second (paced by a timer), each chunk's text
//                   carrying `⟦seq@epochMs⟧` (Date.now() when written) so a page can measure latency.
//   --seconds S     with --rate: how long to stream (default 10).
//   --burst-file F  a prompt whose text is "burst" writes the markdown in file F instead, as
//                   --burst-chunks N chunks (default 20000) in one write, as fast as the agent can:
//                   first a chunk `⟦burst@epochMs⟧` (Date.now() when written), last `⟦burst-end⟧`.
//   --shape sdk|meta  sdk (default): each chunk exactly as JSON.stringify in an SDK agent writes it.
//                   meta: the same chunk with `"_meta":{}` first in the update, a valid but different
//                   shape, so a client's shortcut for the SDK form cannot apply (its general path).
//   --acp 2         also speaks ACP v2 to a client that asks for it in initialize: the prompt is acknowledged
//                   at once ({messageId}), the turn is `state_update` running, the flood with `messageId` on every
//                   chunk (v2 requires it), then `state_update` idle with stopReason end_turn.
import fs from 'node:fs';
import { createInterface } from 'node:readline';

const args = Object.fromEntries(
  process.argv
    .slice(2)
    .reduce((pairs, arg, i, all) => (arg.startsWith('--') ? [...pairs, [arg.slice(2), all[i + 1]]] : pairs), []),
);
const chunks = Number(args.chunks ?? 200_000);
const rate = args.rate ? Number(args.rate) : 0;
const seconds = Number(args.seconds ?? 10);
const shape = args.shape ?? 'sdk';
if (shape !== 'sdk' && shape !== 'meta') throw new Error(`--shape must be sdk or meta, not ${shape}`);
const SESSION = 'bench-session';
/** Sessions made so far: the first is SESSION, the next ones numbered (several chats may share one process). */
let sessions = 0;
/** The session the running prompt streams into. */
let session = SESSION;
const offersV2 = args.acp === '2';
/** Whether the client asked for v2 (set by initialize); the flood is built for the version spoken. */
let v2 = false;

function updateLine(update) {
  return JSON.stringify({ jsonrpc: '2.0', method: 'session/update', params: { sessionId: session, update } }) + '\n';
}

function chunkLine(text) {
  const content = { type: 'text', text };
  if (v2) return updateLine({ sessionUpdate: 'agent_message_chunk', messageId: 'bench-answer', content });
  return updateLine(
    shape === 'meta'
      ? { _meta: {}, sessionUpdate: 'agent_message_chunk', content }
      : { sessionUpdate: 'agent_message_chunk', content },
  );
}

// Text that looks like prose: words of varying length, a paragraph break now and then.
const WORDS = ['the', 'agent', 'streams', 'a', 'long', 'answer', 'with', 'words', 'of', 'varying', 'length', 'token'];
function chunkText(i) {
  return `${WORDS[i % WORDS.length]} ${i % 97 === 96 ? '\n\n' : ''}`;
}
// Built before the agent answers initialize (once the version is known), so the flood costs one write.
let burst = null;
const buildBurst = () =>
  rate ? null : Buffer.from(Array.from({ length: chunks }, (_, i) => chunkLine(chunkText(i))).join(''), 'utf8');

function send(message) {
  process.stdout.write(JSON.stringify(message) + '\n');
}

/** The markdown burst (see --burst-file), built and written at once. */
function markdownBurst() {
  const text = fs.readFileSync(args['burst-file'], 'utf8');
  const count = Number(args['burst-chunks'] ?? 20_000);
  const lines = [chunkLine(`⟦burst@${Date.now()}⟧\n\n`)];
  for (let i = 0; i < count; i++)
    lines.push(
      chunkLine(text.slice(Math.floor((i * text.length) / count), Math.floor(((i + 1) * text.length) / count))),
    );
  lines.push(chunkLine('\n\n⟦burst-end⟧\n'));
  process.stdout.write(lines.join(''));
}

async function prompt(id, blocks) {
  if (v2) {
    send({ jsonrpc: '2.0', id, result: { messageId: 'bench-prompt' } });
    process.stdout.write(updateLine({ sessionUpdate: 'state_update', state: 'running' }));
  }
  const isBurst = Array.isArray(blocks) && blocks.some((b) => b?.type === 'text' && b.text.trim() === 'burst');
  if (isBurst && args['burst-file']) {
    markdownBurst();
  } else if (burst) {
    process.stdout.write(burst);
  } else {
    const total = Math.round(rate * seconds);
    const start = Date.now();
    for (let i = 0; i < total; i++) {
      const due = start + (i * 1000) / rate;
      const wait = due - Date.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      process.stdout.write(chunkLine(`${chunkText(i)}⟦${i}@${Date.now()}⟧ `));
    }
  }
  if (v2) process.stdout.write(updateLine({ sessionUpdate: 'state_update', state: 'idle', stopReason: 'end_turn' }));
  else send({ jsonrpc: '2.0', id, result: { stopReason: 'end_turn' } });
}

createInterface({ input: process.stdin }).on('line', (line) => {
  let msg;
  try {
    msg = JSON.parse(line);
  } catch {
    return;
  }
  if (msg.id === undefined || !msg.method) return;
  switch (msg.method) {
    case 'initialize':
      v2 = offersV2 && msg.params?.protocolVersion === 2;
      burst = buildBurst();
      if (v2)
        return send({
          jsonrpc: '2.0',
          id: msg.id,
          result: { protocolVersion: 2, info: { name: 'bench-flood', version: '1' }, capabilities: { session: {} } },
        });
      return send({
        jsonrpc: '2.0',
        id: msg.id,
        result: {
          protocolVersion: 1,
          agentCapabilities: {},
          authMethods: [],
          agentInfo: { name: 'bench-flood', version: '1' },
        },
      });
    case 'session/new':
      sessions++;
      return send({
        jsonrpc: '2.0',
        id: msg.id,
        result: { sessionId: sessions === 1 ? SESSION : `${SESSION}-${sessions}` },
      });
    case 'session/prompt':
      session = typeof msg.params?.sessionId === 'string' ? msg.params.sessionId : SESSION;
      return void prompt(msg.id, msg.params?.prompt);
    default:
      return send({ jsonrpc: '2.0', id: msg.id, error: { code: -32601, message: `Method not found: ${msg.method}` } });
  }
});
process.stdin.on('end', () => process.exit(0));
