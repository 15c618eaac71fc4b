// ACP v2's agent-owned display terminals, per session: which tool call shows each (learned from the
// `{type: "terminal", terminalId}` content that names it), its bytes decoded to text (each chunk's base64
// decoded on its own, the UTF-8 decoder keeping its state across chunks: a chunk may split a character),
// and what arrived before any tool call named it, held until one does (bounded: the newest output only).
import type { AgentTerminalPatch } from '../../shared/upsertActions';
import { AGENT_TERMINAL_TAIL_CHARS } from '../../shared/agentTerminals';
import { newestChars } from '../../shared/outputTail';

/** Terminals tracked per session; the least recently used goes first (its card keeps what it showed). */
export const MAX_TRACKED_TERMINALS = 256;

interface Stream {
  toolCallId: string | null;
  decoder: InstanceType<typeof TextDecoder>;
  /** What arrived while no tool call named the terminal (output as a replacement of everything so far). */
  pending: AgentTerminalPatch | null;
}

export type TerminalPatchOut = { toolCallId: string; terminalId: string; patch: AgentTerminalPatch };

export class TerminalStreams {
  private readonly streams = new Map<string, Stream>();

  /** A tool call names the terminal: patches held for it so far are returned, to apply now. */
  link(terminalId: string, toolCallId: string): TerminalPatchOut[] {
    const stream = this.stream(terminalId);
    if (stream.toolCallId !== null) return [];
    stream.toolCallId = toolCallId;
    const pending = stream.pending;
    stream.pending = null;
    return pending ? [{ toolCallId, terminalId, patch: pending }] : [];
  }

  /** terminal_update: undefined when held (no tool call names it yet). Throws on invalid base64. */
  update(
    terminalId: string,
    fields: { command?: string | null; cwd?: string | null; output?: { data: string } | null; exitStatus?: unknown },
  ): TerminalPatchOut | undefined {
    const stream = this.stream(terminalId);
    const patch: AgentTerminalPatch = {};
    if (fields.command !== undefined) patch.command = fields.command;
    if (fields.cwd !== undefined) patch.cwd = fields.cwd;
    if (fields.output !== undefined) {
      // A snapshot replaces every byte so far: the decoder starts over with it (null: cleared).
      stream.decoder = new TextDecoder();
      patch.output = {
        replace: fields.output === null ? '' : stream.decoder.decode(bytes(fields.output.data), { stream: true }),
      };
    }
    if (fields.exitStatus !== undefined) patch.exitStatus = fields.exitStatus as AgentTerminalPatch['exitStatus'];
    return this.emit(terminalId, stream, patch);
  }

  /** terminal_output_chunk: its bytes appended. Throws on invalid base64. */
  chunk(terminalId: string, data: string): TerminalPatchOut | undefined {
    const stream = this.stream(terminalId);
    return this.emit(terminalId, stream, { output: { append: stream.decoder.decode(bytes(data), { stream: true }) } });
  }

  private emit(terminalId: string, stream: Stream, patch: AgentTerminalPatch): TerminalPatchOut | undefined {
    if (stream.toolCallId !== null) return { toolCallId: stream.toolCallId, terminalId, patch };
    stream.pending = merged(stream.pending, patch);
    return undefined;
  }

  private stream(terminalId: string): Stream {
    let stream = this.streams.get(terminalId);
    if (stream) {
      this.streams.delete(terminalId); // re-inserted: most recently used last
    } else {
      stream = { toolCallId: null, decoder: new TextDecoder(), pending: null };
      if (this.streams.size >= MAX_TRACKED_TERMINALS) this.streams.delete(this.streams.keys().next().value!);
    }
    this.streams.set(terminalId, stream);
    return stream;
  }
}

/** Two held patches as one: later fields win, appended output joins the held output; only the newest output is held. */
function merged(held: AgentTerminalPatch | null, next: AgentTerminalPatch): AgentTerminalPatch {
  const out: AgentTerminalPatch = { ...held, ...next };
  if (next.output) {
    const before = held?.output && 'replace' in held.output ? held.output.replace : '';
    const text = 'append' in next.output ? before + next.output.append : next.output.replace;
    out.output = { replace: newestChars(text, AGENT_TERMINAL_TAIL_CHARS) };
  }
  return out;
}

/** RFC 4648 base64 to bytes; throws on anything else (atob's check, plus its laxness about whitespace). */
function bytes(base64: string): Uint8Array {
  if (/\s/.test(base64)) throw new Error('terminal data is not base64');
  const binary = atob(base64);
  const out = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
  return out;
}
