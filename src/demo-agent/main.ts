// Entry point of the built-in offline Demo agent (bundled to dist/demo-agent.js). The extension
// runs it as a child process with its own Node (ELECTRON_RUN_AS_NODE=1); it speaks ACP as
// NDJSON on stdin/stdout. stdout carries ACP messages only: every log line goes to stderr.
import type * as acp from '@agentclientprotocol/sdk';
import { version } from '../../package.json';
import { createAcpConnection } from '../protocol/connection';
import { AgentExtensionMethod, AgentMethod } from '../protocol/methods';
import { DemoAgent } from './agent';
import type { DemoPeer } from './turn';

/** Default pause between streamed chunks; SWITCHBOARD_DEMO_CHUNK_DELAY_MS overrides it (tests). */
const DEFAULT_CHUNK_DELAY_MS = 15;

function chunkDelayFromEnv(): number {
  const raw = process.env.SWITCHBOARD_DEMO_CHUNK_DELAY_MS;
  const parsed = raw === undefined ? NaN : Number(raw);
  return Number.isFinite(parsed) && parsed >= 0 ? parsed : DEFAULT_CHUNK_DELAY_MS;
}

function log(message: string): void {
  process.stderr.write(`[switchboard-demo] ${message}\n`);
}

function main(): void {
  const connection = createAcpConnection(process.stdin, process.stdout, {
    log: (level, message) => {
      if (level !== 'debug') log(`${level}: ${message}`);
    },
  });
  const peer: DemoPeer = {
    notify: (method, params) => connection.notify(method, params),
    request: <R>(method: string, params: unknown, options?: { signal?: AbortSignal }) =>
      connection.request<R>(method, params, options),
  };
  const agent = new DemoAgent(peer, { version, chunkDelayMs: chunkDelayFromEnv(), log });

  connection.onRequest<acp.InitializeRequest, acp.InitializeResponse>(AgentMethod.initialize, (params) =>
    agent.initialize(params),
  );
  connection.onRequest<acp.NewSessionRequest, acp.NewSessionResponse>(AgentMethod.sessionNew, (params) =>
    agent.newSession(params),
  );
  connection.onRequest<acp.SetSessionModeRequest, acp.SetSessionModeResponse>(AgentMethod.sessionSetMode, (params) =>
    agent.setMode(params),
  );
  connection.onRequest<acp.SetSessionConfigOptionRequest, acp.SetSessionConfigOptionResponse>(
    AgentMethod.sessionSetConfigOption,
    (params) => agent.setConfigOption(params),
  );
  connection.onRequest<acp.PromptRequest, acp.PromptResponse>(AgentMethod.sessionPrompt, (params, signal) =>
    agent.prompt(params, signal),
  );
  connection.onNotification<acp.CancelNotification>(AgentMethod.sessionCancel, (params) => agent.cancel(params));
  connection.onRequest(AgentExtensionMethod.sessionSteering, (params) => agent.steer(params));

  connection.onClose((reason) => {
    log(`connection closed (${reason.message}); exiting`);
    agent.cancelAll();
    process.exit(0);
  });
  log(`Switchboard demo agent ${version} ready (pid ${process.pid})`);
}

main();
