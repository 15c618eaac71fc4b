// A bounded in-memory log of every JSON-RPC message to and from one agent, for the "show traffic"
// command and bug reports. Bounded by bytes, not count, because one file read can be megabytes while a
// thousand chunk updates are a few kilobytes: oldest records go first, and a single huge message is
// kept as a truncated head with its full size noted, so it cannot push everything else out.
import type { TrafficSink } from './types';
import { formatBytes } from './errors';

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

export class TrafficLog implements TrafficSink {
  private readonly maxBytes: number;
  private readonly maxRecordBytes: number;
  private readonly now: () => Date;
  private ring: Array<{ record: TrafficRecord; storedBytes: number }> = [];
  private head = 0;
  private storedBytes = 0;
  private readonly listeners = new Set<(record: TrafficRecord, line: string) => void>();

  constructor(options: TrafficLogOptions = {}) {
    this.maxBytes = options.maxBytes ?? DEFAULT_TRAFFIC_LOG_BYTES;
    this.maxRecordBytes = options.maxRecordBytes ?? Math.min(Math.floor(this.maxBytes / 4), 256 * 1024);
    this.now = options.now ?? (() => new Date());
  }

  record(direction: TrafficDirection, message: unknown): void {
    const full = serialise(message);
    const bytes = Buffer.byteLength(full, 'utf8');
    const truncated = bytes > this.maxRecordBytes;
    // Slicing by characters keeps the head readable; a character is at most 3 UTF-8 bytes here.
    const text = truncated
      ? `${full.slice(0, Math.floor(this.maxRecordBytes / 3))} … [truncated: the full message is ${formatBytes(bytes)}]`
      : full;
    const record: TrafficRecord = { time: this.now().toISOString(), direction, text, bytes, truncated };
    const stored = truncated ? Buffer.byteLength(text, 'utf8') : bytes;
    this.ring.push({ record, storedBytes: stored });
    this.storedBytes += stored;
    this.evict();
    if (this.listeners.size > 0) {
      const line = formatTrafficRecord(record);
      for (const listener of this.listeners) listener(record, line);
    }
  }

  /** Kept records, oldest first. */
  records(): TrafficRecord[] {
    return this.ring.slice(this.head).map((entry) => entry.record);
  }

  /** Bytes of text currently kept. */
  get size(): number {
    return this.storedBytes;
  }

  /** All kept records as lines: `12:00:01.123 -> {...}` (-> to the agent, <- from it). */
  format(): string {
    return this.records().map(formatTrafficRecord).join('\n');
  }

  /** Streams each new record (and its formatted line), e.g. into an OutputChannel. */
  onRecord(listener: (record: TrafficRecord, line: string) => void): { dispose(): void } {
    this.listeners.add(listener);
    return { dispose: () => void this.listeners.delete(listener) };
  }

  clear(): void {
    this.ring = [];
    this.head = 0;
    this.storedBytes = 0;
  }

  private evict(): void {
    // Keep at least the newest record, even if it alone is over the cap.
    while (this.storedBytes > this.maxBytes && this.ring.length - this.head > 1) {
      this.storedBytes -= this.ring[this.head]!.storedBytes;
      this.head++;
    }
    // Compact now and then instead of shifting on every eviction (shift is O(n)).
    if (this.head > 1024 && this.head * 2 > this.ring.length) {
      this.ring = this.ring.slice(this.head);
      this.head = 0;
    }
  }
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
