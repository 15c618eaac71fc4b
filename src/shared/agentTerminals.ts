// Terminals the agent runs itself. codex-acp 2.x runs shell commands in its own process and reports
// each as a terminal it owns, in the tool call's `_meta` (the convention Zed reads):
//   terminal_info {terminal_id, cwd}                                the command started
//   terminal_output | terminal_output_delta {terminal_id, data}     output, appended (both keys)
//   terminal_exit {terminal_id, exit_code, signal}                  how it ended
// with `{type: "terminal", terminalId}` content whose id no terminal/create of ours made. Switchboard
// started no process for them: the card shows the output and the exit and offers nothing that acts on
// a process. The reducer folds the reports into the tool call (ToolCallView.agentTerminals), so they
// reach the webview in the numbered actions and are journaled and restored with the tool call. Pure.
import type * as acp from '@agentclientprotocol/sdk';
import type { AgentTerminalView, ThreadState, ToolCallView } from './thread';
import { newestChars } from './outputTail';

/**
 * Output kept per terminal (characters, the newest): as much as a card of our own terminals replays once
 * released. The journal rewrites a tool call whole when it changes, so this also bounds what a streaming
 * command costs the journal per write. Appends cut back to it once it is passed by a quarter (amortised O(1)).
 */
export const AGENT_TERMINAL_TAIL_CHARS = 64 * 1024;
/** Terminals one tool call may hold: codex-acp reports one per command; an agent cannot make the card grow without end. */
export const MAX_AGENT_TERMINALS_PER_TOOL = 16;
/** The `_meta` keys whose `data` is output to append (codex-acp sends the delta key unless told otherwise). */
export const TERMINAL_OUTPUT_KEYS = ['terminal_output_delta', 'terminal_output'] as const;

interface Reports {
  info: { id: string; cwd: string | null } | null;
  outputs: { key: string; id: string; data: string }[];
  exit: { id: string; exitStatus: acp.TerminalExitStatus } | null;
}

/**
 * The tool call after `update` (already applied by patchTool) with the agent's terminal reports folded
 * in. `ours`: the terminals of terminal/create (never the agent's: reports about them are ignored).
 */
export function foldAgentTerminals(
  tool: ToolCallView,
  update: { content?: unknown; _meta?: unknown },
  ours: ThreadState['terminals'],
): ToolCallView {
  const reports = reportsOf(update._meta);
  const contentIds = update.content === undefined ? [] : terminalContentIds(tool.content);
  if (reports === null && contentIds.length === 0) return tool;
  const isOurs = (id: string) => ours !== undefined && Object.hasOwn(ours, id);
  const terminals = new AgentTerminalList(tool.agentTerminals);
  for (const id of contentIds) if (!isOurs(id)) terminals.ensure(id, null);
  if (reports?.info && !isOurs(reports.info.id)) terminals.ensure(reports.info.id, reports.info.cwd);
  for (const output of reports?.outputs ?? []) if (!isOurs(output.id)) terminals.append(output.id, output.data);
  if (reports?.exit && !isOurs(reports.exit.id)) terminals.exit(reports.exit.id, reports.exit.exitStatus);
  const next: ToolCallView = terminals.changed ? { ...tool, agentTerminals: terminals.list } : { ...tool };
  if (reports && reports.outputs.length > 0 && next.meta) next.meta = withoutOutput(next.meta, reports);
  if (next.meta && Object.keys(next.meta).length === 0) delete next.meta;
  return next;
}

/** `tool` with its running agent terminals ended, status unknown: the turn is over and no exit came. */
export function endAgentTerminals(tool: ToolCallView): ToolCallView {
  const terminals = tool.agentTerminals;
  if (!Array.isArray(terminals) || !terminals.some((terminal) => terminal.status === 'running')) return tool;
  return {
    ...tool,
    agentTerminals: terminals.map((terminal) =>
      terminal.status === 'running' ? { ...terminal, status: 'unknown' as const } : terminal,
    ),
  };
}

/** Copy-on-write edits of a tool call's agent terminals. */
class AgentTerminalList {
  list: AgentTerminalView[];
  changed = false;

  constructor(existing: AgentTerminalView[] | undefined) {
    this.list = Array.isArray(existing) ? existing : [];
  }

  /** The index of terminal `id`, added if new and there is room; -1 when there is none. */
  ensure(id: string, cwd: string | null): number {
    const at = this.list.findIndex((terminal) => terminal.terminalId === id);
    if (at >= 0) {
      if (cwd !== null && this.list[at]!.cwd === null) this.set(at, { ...this.list[at]!, cwd });
      return at;
    }
    if (this.list.length >= MAX_AGENT_TERMINALS_PER_TOOL) return -1;
    const added: AgentTerminalView = {
      terminalId: id,
      cwd,
      output: '',
      received: 0,
      status: 'running',
      exitStatus: null,
    };
    this.list = [...this.list, added];
    this.changed = true;
    return this.list.length - 1;
  }

  append(id: string, data: string): void {
    const at = this.ensure(id, null);
    if (at < 0 || data === '') return;
    const terminal = this.list[at]!;
    let output = terminal.output + data;
    if (output.length > AGENT_TERMINAL_TAIL_CHARS * 1.25) output = newestChars(output, AGENT_TERMINAL_TAIL_CHARS);
    this.set(at, { ...terminal, output, received: terminal.received + data.length });
  }

  exit(id: string, exitStatus: acp.TerminalExitStatus): void {
    const at = this.ensure(id, null);
    if (at >= 0) this.set(at, { ...this.list[at]!, status: 'exited', exitStatus });
  }

  private set(at: number, terminal: AgentTerminalView): void {
    if (!this.changed) this.list = this.list.slice();
    this.list[at] = terminal;
    this.changed = true;
  }
}

/** The well-formed terminal reports of a `_meta`; null when it holds none (the common case: one key lookup each). */
function reportsOf(meta: unknown): Reports | null {
  if (!isRecord(meta)) return null;
  const reports: Reports = { info: null, outputs: [], exit: null };
  const info = meta.terminal_info;
  if (isRecord(info) && typeof info.terminal_id === 'string')
    reports.info = { id: info.terminal_id, cwd: typeof info.cwd === 'string' ? info.cwd : null };
  for (const key of TERMINAL_OUTPUT_KEYS) {
    const output = meta[key];
    if (isRecord(output) && typeof output.terminal_id === 'string' && typeof output.data === 'string')
      reports.outputs.push({ key, id: output.terminal_id, data: output.data });
  }
  const exit = meta.terminal_exit;
  if (isRecord(exit) && typeof exit.terminal_id === 'string') {
    const code = exit.exit_code;
    reports.exit = {
      id: exit.terminal_id,
      exitStatus: {
        exitCode: typeof code === 'number' && Number.isSafeInteger(code) ? code : null,
        signal: typeof exit.signal === 'string' ? exit.signal : null,
      },
    };
  }
  return reports.info || reports.outputs.length > 0 || reports.exit ? reports : null;
}

function terminalContentIds(content: ToolCallView['content']): string[] {
  if (!Array.isArray(content)) return [];
  const ids: string[] = [];
  for (const item of content)
    if (item?.type === 'terminal' && typeof item.terminalId === 'string') ids.push(item.terminalId);
  return ids;
}

/** The tool call's `_meta` without the output folded into its terminals: the output is kept once. */
function withoutOutput(meta: Record<string, unknown>, reports: Reports): Record<string, unknown> {
  const rest = { ...meta };
  for (const output of reports.outputs) delete rest[output.key];
  return rest;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
