// Entry point of the editor's MCP bridge (bundled to dist/mcp-bridge.js): the stdio MCP server an agent is given
// when it takes MCP servers neither over ACP nor over HTTP (every ACP agent takes stdio ones). It speaks MCP to the
// agent over stdin/stdout (one JSON message per line) and forwards each message to the chat session's route of the
// editor's MCP server on 127.0.0.1 (httpForwarder.ts), so the tools, their checks and their permission cards are
// the very ones the HTTP agents get. The agent starts it as `<the editor's runtime> mcp-bridge.js <route URL>` with
// ELECTRON_RUN_AS_NODE=1 (VS Code's runtime is Electron's binary, which then runs as plain Node) and the route's
// secret in its environment, never in its arguments (src/chat/mcp/editorServerEntry.ts). It exits when stdin closes
// (the agent ended the connection) or the server is gone, saying why in one line on stderr (the agent's log).
import type { Message } from 'vscode-jsonrpc/node';
import { NdjsonMessageReader, NdjsonMessageWriter } from '../protocol/ndjson';
import { EDITOR_BRIDGE_SECRET_ENV } from '../shared/editorToolNames';
import { HttpForwarder } from './httpForwarder';
import { watchServer } from './serverWatch';

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);
/** How long the last answers may take to reach the agent before the bridge exits anyway. */
const LAST_WRITE_MS = 1_000;

function say(line: string): void {
  process.stderr.write(`switchboard mcp-bridge: ${line}\n`);
}

/** The route's address: http on the loopback only, so the secret never leaves the machine. */
function routeUrl(text: string | undefined): URL | undefined {
  try {
    const url = new URL(text ?? '');
    return url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname) ? url : undefined;
  } catch {
    return undefined;
  }
}

function main(): void {
  const url = routeUrl(process.argv[2]);
  const secret = process.env[EDITOR_BRIDGE_SECRET_ENV];
  if (!url || !secret) {
    say(
      `usage: mcp-bridge.js <http://127.0.0.1:<port>/mcp/<route>>, with the route's secret in ${EDITOR_BRIDGE_SECRET_ENV}`,
    );
    process.exitCode = 2;
    return;
  }
  const writer = new NdjsonMessageWriter(process.stdout);
  let lastWrite: Promise<void> = Promise.resolve();
  const deliver = (message: object) => {
    lastWrite = writer.write(message as Message).catch(() => undefined);
  };
  let stopping = false;
  const stop = (reason: string, code: number) => {
    if (stopping) return;
    stopping = true;
    say(`${reason}; exiting`);
    unwatch();
    forwarder.stop();
    reader.dispose();
    const late = new Promise((resolve) => setTimeout(resolve, LAST_WRITE_MS));
    void Promise.race([lastWrite, late]).finally(() => process.exit(code));
  };
  const forwarder = new HttpForwarder(url, secret, { deliver, gone: (reason) => stop(reason, 1) });
  const unwatch = watchServer(url, (reason) => stop(reason, 1));
  const reader = new NdjsonMessageReader(process.stdin, {
    onInvalidLine: (_line, error) =>
      deliver({ jsonrpc: '2.0', id: null, error: { code: -32700, message: `Parse error: ${error.message}` } }),
    onBatch: (_line, items) => {
      for (const item of items) if (typeof item === 'object' && item !== null) forwarder.forward(item as Message);
    },
    onOversized: (bytes) => say(`dropped a message of ${bytes} bytes: over the bound of one message`),
  });
  reader.onClose(() => stop('the agent closed stdin (it ended the MCP connection)', 0));
  writer.onError(() => stop('the agent closed stdout', 0));
  reader.listen((message) => forwarder.forward(message));
}

main();
