// The conformance suites' harness: a real ThreadController (or a bare AgentConnection) against the
// scripted agent, a real child process started with capability switches (--capabilities) and
// methods it never answers (--never-answer). The agent records every line it received, so what the
// client sent is asserted on the wire. Each suite runs on ACP v1 and v2 (conformanceVersions.ts): on v2
// the host has switchboard.acpV2 on and the agent speaks v2 (--acp 2), and after each case every
// message the agent sent is checked against the SDK's v2 schema (v2WireSchema.ts).
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type * as acp from '@agentclientprotocol/sdk';
import { spawnAgentProcess } from '../../src/agents/agentProcess';
import type { AgentConfig, ExperimentalFeatures, HostEnvironment, SessionChoices } from '../../src/session/api';
import { AgentConnection } from '../../src/session/agent/agentConnection';
import { AcpThreadController, type ThreadControllerOptions } from '../../src/session/threadController';
import type { ThreadState } from '../../src/shared/thread';
import { tempDir } from './tempDirs';
import { testHostEnv } from './hostEnv';
import { FileTexts } from '../../src/review/fileTexts';
import type { AcpVersion } from '../../src/protocol/v2/negotiation';
import { v2WireProblems } from './v2WireSchema';
import { failureWords } from '../../src/shared/failureWords';

const SCRIPTED_AGENT = resolve(__dirname, '../fixtures/scriptedAgent.mjs');

export interface AgentSwitches {
  scenario?: string;
  /** agentCapabilities fields merged over the scripted agent's defaults. */
  capabilities?: acp.AgentCapabilities;
  neverAnswer?: string[];
  /** More of the scripted agent's options (e.g. --session-dir, --caps). */
  extraArgs?: string[];
}

export interface HostSwitches {
  /** Workspace folders besides the cwd (multi-root). */
  otherFolders?: string[];
  experimental?: Partial<ExperimentalFeatures>;
  /** switchboard.elicitation (absent: on). */
  elicitation?: boolean;
  /** VS Code's openExternal (absent: URL-mode elicitation is not advertised). */
  openExternal?: (url: string) => Promise<boolean>;
  settingTimeoutMs?: number;
  /** The mode and options per agent (remembered and pinned), as the VS Code glue keeps them. */
  sessionChoices?: SessionChoices;
  /** The agent log's lines. */
  log?: (line: string) => void;
  /** The chat as read back after a reload: its start continues the session. */
  restored?: ThreadState;
  /** The ACP version both sides speak (absent: 1). */
  acp?: AcpVersion;
}

const stops: (() => Promise<void>)[] = [];
/** The wires of the v2 agents the suite started: what each sent and received. */
const v2Wires: { sent: string; received: string }[] = [];

/**
 * Stops every controller and connection the suite started (call from afterEach), then fails the case if a v2
 * agent sent anything that is not v2.
 */
export async function stopAll(): Promise<void> {
  await Promise.all(stops.splice(0).map((stop) => stop()));
  const problems = v2Wires.splice(0).flatMap((wire) => {
    const sent = lines(wire.sent);
    // A v2 case that fell back to v1 would prove nothing.
    const spoke = sent.some((message) => (message.result as { protocolVersion?: unknown })?.protocolVersion === 2);
    return spoke
      ? v2WireProblems(sent, lines(wire.received))
      : [`${wire.sent}: the agent never answered initialize with 2`];
  });
  if (problems.length > 0) throw new Error(`the v2 agent sent what the v2 schema refuses:\n${problems.join('\n')}`);
}

function lines(file: string): Record<string, unknown>[] {
  return (existsSync(file) ? readFileSync(file, 'utf8') : '')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

/** The scripted agent's config for `cwd` (on v2 its wire is checked against the v2 schema by stopAll). */
export function scriptedAgent(cwd: string, switches: AgentSwitches, acp: AcpVersion = 1) {
  const record = join(cwd, 'received.jsonl');
  const args = [SCRIPTED_AGENT, '--scenario', switches.scenario ?? 'basic-turn', '--record', record];
  if (switches.capabilities) args.push('--capabilities', JSON.stringify(switches.capabilities));
  if (switches.neverAnswer) args.push('--never-answer', switches.neverAnswer.join(','));
  if (switches.extraArgs) args.push(...switches.extraArgs);
  if (acp === 2) {
    const sent = join(cwd, 'sent.jsonl');
    args.push('--acp', '2', '--record-sent', sent);
    v2Wires.push({ sent, received: record });
  }
  const agent: AgentConfig = {
    id: 'scripted',
    displayName: 'Scripted',
    command: process.execPath,
    args,
    env: {},
    isDemo: false,
  };
  /** The JSON-RPC messages the agent received with `method`. */
  const received = (method: string): { id?: unknown; params: Record<string, unknown> }[] =>
    (lines(record) as { method?: string; id?: unknown; params: Record<string, unknown> }[]).filter(
      (message) => message.method === method,
    );
  return { agent, received };
}

export function hostEnv(cwd: string, host: HostSwitches): HostEnvironment {
  const env = testHostEnv(cwd, {
    folders: host.otherFolders ? [cwd, ...host.otherFolders] : undefined,
    experimental: host.experimental,
    elicitation: host.elicitation,
    openExternal: host.openExternal,
    log: host.log,
    acpV2: host.acp === 2,
  });
  return host.sessionChoices ? { ...env, sessionChoices: host.sessionChoices } : env;
}

/** The keeper of the fake writes' texts. */
const fileTexts = new FileTexts();

export async function startThread(switches: AgentSwitches = {}, host: HostSwitches = {}) {
  const cwd = tempDir('switchboard-conformance-');
  const { agent, received } = scriptedAgent(cwd, switches, host.acp);
  const options: ThreadControllerOptions = {
    threadId: 't',
    agent,
    env: hostEnv(cwd, host),
    handlers: {
      readTextFile: async () => ({ content: '' }),
      writeTextFile: async ({ path, content }) => fileTexts.record(path, null, content),
    },
    stopGraceMs: 500,
    settingTimeoutMs: host.settingTimeoutMs,
    restored: host.restored,
  };
  const controller = new AcpThreadController(options);
  stops.push(() => controller.dispose());
  await controller.start();
  return { controller, cwd, received, state: (): ThreadState => controller.snapshot().state };
}

/** A bare connection, initialized: to call methods the controller does not (yet) call itself. */
export async function startConnection(switches: AgentSwitches = {}, host: HostSwitches = {}) {
  const cwd = tempDir('switchboard-conformance-');
  const { agent, received } = scriptedAgent(cwd, switches, host.acp);
  const env = hostEnv(cwd, host);
  const connection = new AgentConnection({ agent, env, spawn: spawnAgentProcess, stopGraceMs: 500 });
  stops.push(() => connection.stop());
  const init = await connection.initialize(env.clientInfo(), 10_000);
  if (!init.ok) throw new Error(failureWords(init.failure).title);
  return { connection, cwd, received };
}

function textOf(state: ThreadState): string {
  return state.entries
    .map((entry) =>
      entry.kind === 'agent' ? entry.parts.map((part) => (part.kind === 'text' ? part.text : '')).join('') : '',
    )
    .join('\n');
}

/** What the scripted agent reported of its own requests to the client (its `client-calls:` lines). */
export function reported(
  state: ThreadState,
): { method: string; answer: { result?: unknown; error?: { code: number } } }[] {
  return textOf(state)
    .split('\n')
    .filter((line) => line.startsWith('client-calls: '))
    .map((line) => JSON.parse(line.slice('client-calls: '.length)));
}
