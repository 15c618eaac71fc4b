// A bounded in-memory log of every JSON-RPC message to and from one agent, for the "show traffic"
// command and bug reports. Bounded by bytes, not count, because one file read can be megabytes while a
// thousand chunk updates are a few kilobytes: oldest records go first, and a single huge message is
// kept as a truncated head with its full size noted, so it cannot push everything else out.
import type { TrafficSink } from './types';
import { ByteRing } from './byteRing';
import { formatBytes } from './errors';
import { Listeners } from '../shared/listeners';
import type { Disposable } from '../shared/disposableStore';

export type TrafficDirection = 'send' | 'recv';

export interface TrafficRecord {
  /** ISO 8601 time the message passed through. */
  time: string;
  direction: TrafficDirection;
  /** Compact JSON, possibly truncated (see `truncated`). */
  text: string;
  /** UTF-8 size of the whole message, before any truncation. */
  bytes: number;
  truncated: boolean;
}

export interface TrafficLogOptions {
  /** Total bytes of text kept (default 2 MiB). */
  maxBytes?: number;
  /** One message above this is stored truncated (default: a quarter of maxBytes, at most 256 KiB). */
  maxRecordBytes?: number;
  /** For tests. */
  now?: () => Date;
}

export const DEFAULT_TRAFFIC_LOG_BYTES = 2 * 1024 * 1024;

const SEND = 1;
const TRUNCATED = 2;
/** The entry is several received lines joined by `\n` (recordLines), split into records when read. */
const LINES = 4;
const CARRIAGE_RETURN = 13;
/** Records (or characters) gathered before they go into the ring in one batch. */
const BATCH_RECORDS = 256;
const BATCH_CHARS = 64 * 1024;

export class TrafficLog implements TrafficSink {
  private readonly maxRecordBytes: number;
  private readonly now: () => number;
  /** Texts as bytes; meta columns: time (epoch ms), flags (SEND | TRUNCATED), full size in bytes. */
  private readonly ring: ByteRing;
  private readonly listeners = new Listeners<[TrafficRecord, string]>();
  /**
   * Records not yet in the ring: they go in by batches (ByteRing.pushAll), which costs a fraction
   * of one native encode per message. Every reader flushes first, so nothing is ever missing.
   */
  private pendingTexts: string[] = [];
  private pendingMeta: [number[], number[], number[]] = [[], [], []];
  private pendingChars = 0;

  constructor(options: TrafficLogOptions = {}) {
    const maxBytes = options.maxBytes ?? DEFAULT_TRAFFIC_LOG_BYTES;
    this.maxRecordBytes = options.maxRecordBytes ?? Math.min(Math.floor(maxBytes / 4), 256 * 1024);
    const now = options.now;
    this.now = now ? () => now().getTime() : Date.now;
    this.ring = new ByteRing(maxBytes, 3);
  }

  record(direction: TrafficDirection, message: unknown): void {
    this.recordText(direction, serialise(message));
  }

  /** A message already serialised (the line it arrived as): kept as is, not serialised again. */
  recordText(direction: TrafficDirection, full: string): void {
    // Most messages are ASCII: their length is their byte count, no scan needed to see they fit.
    const bytes = full.length * 3 <= this.maxRecordBytes ? -1 : Buffer.byteLength(full, 'utf8');
    const truncated = bytes > this.maxRecordBytes;
    // Slicing by characters keeps the head readable; a character is at most 3 UTF-8 bytes here.
    const text = truncated
      ? `${full.slice(0, Math.floor(this.maxRecordBytes / 3))} … [truncated: the full message is ${formatBytes(bytes)}]`
      : full;
    const time = this.now();
    const flags = (direction === 'send' ? SEND : 0) | (truncated ? TRUNCATED : 0);
    if (this.listeners.size === 0) return this.queue(text, time, flags, bytes);
    // Someone is following live (the traffic channel is open): each record goes out as it comes.
    this.flush();
    const stored = this.ring.push(text, [time, flags, bytes]);
    const record = toRecord(text, time, direction, bytes === -1 ? stored : bytes, truncated);
    const line = formatTrafficRecord(record);
    this.listeners.fire(record, line);
  }

  /**
   * Received lines as they arrived, joined by `\n` (NdjsonReaderOptions.onLines): kept as one entry
   * and split into records when read, so a flood of small messages costs the log one entry per read
   * instead of a record per message. Each line is a record of its own; a CR ending it is dropped and
   * an empty line is none. Lines that may need truncating, or that a listener follows live, are
   * recorded one by one.
   */
  recordLines(direction: TrafficDirection, lines: string): void {
    if (lines.length === 0) return;
    if (this.listeners.size > 0 || lines.length * 3 > this.maxRecordBytes) {
      for (const line of splitLines(lines)) this.recordText(direction, line);
      return;
    }
    this.queue(lines, this.now(), (direction === 'send' ? SEND : 0) | LINES, -1);
  }

  /** Kept records, oldest first. */
  records(): TrafficRecord[] {
    this.flush();
    const records: TrafficRecord[] = [];
    this.ring.forEach((text, meta) => {
      // The ring was made with three meta columns: every row has all three.
      const [time, flags, bytes] = meta as [number, number, number];
      const direction = flags & SEND ? 'send' : 'recv';
      if (flags & LINES) {
        for (const line of splitLines(text))
          records.push(toRecord(line, time, direction, Buffer.byteLength(line, 'utf8'), false));
        return;
      }
      records.push(
        toRecord(
          text,
          time,
          direction,
          bytes === -1 ? Buffer.byteLength(text, 'utf8') : bytes,
          (flags & TRUNCATED) !== 0,
        ),
      );
    });
    return records;
  }

  /** Bytes of text currently kept. */
  get size(): number {
    this.flush();
    return this.ring.size;
  }

  /** All kept records as lines: `12:00:01.123 -> {...}` (-> to the agent, <- from it). */
  format(): string {
    return this.records().map(formatTrafficRecord).join('\n');
  }

  /** Streams each new record (and its formatted line), e.g. into an OutputChannel. */
  onRecord(listener: (record: TrafficRecord, line: string) => void): Disposable {
    return this.listeners.add(listener);
  }

  clear(): void {
    this.takePending();
    this.ring.clear();
  }

  /** An entry for the ring, in the next batch (see pendingTexts). */
  private queue(text: string, time: number, flags: number, bytes: number): void {
    this.pendingTexts.push(text);
    this.pendingMeta[0].push(time);
    this.pendingMeta[1].push(flags);
    this.pendingMeta[2].push(bytes);
    this.pendingChars += text.length;
    if (this.pendingTexts.length >= BATCH_RECORDS || this.pendingChars >= BATCH_CHARS) this.flush();
  }

  private flush(): void {
    if (this.pendingTexts.length === 0) return;
    const { texts, meta } = this.takePending();
    this.ring.pushAll(texts, meta);
  }

  private takePending(): { texts: string[]; meta: number[][] } {
    const taken = { texts: this.pendingTexts, meta: this.pendingMeta };
    this.pendingTexts = [];
    this.pendingMeta = [[], [], []];
    this.pendingChars = 0;
    return taken;
  }
}

/** The lines of a recordLines text: each without the CR that may end it, the empty ones left out. */
function splitLines(lines: string): string[] {
  const out: string[] = [];
  for (const raw of lines.split('\n')) {
    const line = raw.charCodeAt(raw.length - 1) === CARRIAGE_RETURN ? raw.slice(0, -1) : raw;
    if (line.length > 0) out.push(line);
  }
  return out;
}

function toRecord(
  text: string,
  time: number,
  direction: TrafficDirection,
  bytes: number,
  truncated: boolean,
): TrafficRecord {
  return { time: new Date(time).toISOString(), direction, text, bytes, truncated };
}

export function formatTrafficRecord(record: TrafficRecord): string {
  const arrow = record.direction === 'send' ? '->' : '<-';
  return `${clockTime(new Date(record.time))} ${arrow} ${record.text}`;
}

/** Local wall-clock time with milliseconds, e.g. 12:00:01.123. */
function clockTime(date: Date): string {
  const pad = (value: number, width = 2) => String(value).padStart(width, '0');
  return `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}.${pad(date.getMilliseconds(), 3)}`;
}

function serialise(message: unknown): string {
  if (typeof message === 'string') return message;
  try {
    return JSON.stringify(message) ?? String(message);
  } catch {
    return String(message);
  }
}
