// A bounded FIFO of UTF-8 texts stored as bytes in one preallocated buffer. The traffic log sees
// every message on the hot path; keeping each as a JS string plus a record object means a
// hundred thousand medium-lived objects per flood, which survive young-generation GCs and get
// promoted only to die later: that cost several microseconds per message. Here a message is one
// memcpy into the buffer and a few numbers in flat arrays (no per-message heap object); texts are
// decoded only when someone reads the log.

export class ByteRing {
  private readonly buffer: Buffer;
  private readonly starts: number[] = [];
  private readonly lengths: number[] = [];
  /** Per-entry numbers the owner stores alongside (e.g. time, flags), kept in step with entries. */
  readonly meta: number[][];
  private head = 0;
  private writeAt = 0;
  private usedBytes = 0;

  constructor(
    readonly capacity: number,
    metaColumns: number,
  ) {
    this.buffer = Buffer.allocUnsafe(Math.max(1, capacity));
    this.meta = Array.from({ length: metaColumns }, () => []);
  }

  get count(): number {
    return this.starts.length - this.head;
  }

  /** Bytes of the entries kept. */
  get size(): number {
    return this.usedBytes;
  }

  /**
   * Appends `text` (at most `capacity` bytes once encoded; longer texts are cut to fit), evicting
   * the oldest entries it needs room for. Returns the entry's stored byte length.
   */
  push(text: string, meta: readonly number[]): number {
    let length = Buffer.byteLength(text, 'utf8');
    if (length > this.capacity) length = this.capacity;
    this.makeRoom(length);
    const written = this.buffer.write(text, this.writeAt, length, 'utf8');
    this.starts.push(this.writeAt);
    this.lengths.push(written);
    for (let c = 0; c < this.meta.length; c++) this.meta[c]!.push(meta[c] ?? 0);
    this.writeAt += written;
    this.usedBytes += written;
    return written;
  }

  /**
   * Appends several texts with one encode and one copy into the buffer (per-entry calls into the
   * native encoder cost more than the bytes on a stream of small messages). `meta[c][i]` is
   * column c of text i. Equivalent to pushing them one by one, except that room for the whole
   * batch is made at once.
   */
  pushAll(texts: readonly string[], meta: readonly (readonly number[])[]): void {
    const joined = texts.join('');
    const total = Buffer.byteLength(joined, 'utf8');
    if (total * 4 > this.capacity) {
      for (let i = 0; i < texts.length; i++)
        this.push(
          texts[i]!,
          this.meta.map((_, c) => meta[c]?.[i] ?? 0),
        );
      return;
    }
    // All ASCII (the usual JSON-RPC line): every text's byte length is its length.
    const ascii = total === joined.length;
    this.makeRoom(total);
    this.buffer.write(joined, this.writeAt, total, ascii ? 'latin1' : 'utf8');
    let at = this.writeAt;
    for (let i = 0; i < texts.length; i++) {
      const text = texts[i]!;
      const length = ascii ? text.length : Buffer.byteLength(text, 'utf8');
      this.starts.push(at);
      this.lengths.push(length);
      for (let c = 0; c < this.meta.length; c++) this.meta[c]!.push(meta[c]?.[i] ?? 0);
      at += length;
    }
    this.writeAt = at;
    this.usedBytes += total;
  }

  /** Calls `visit` for each kept entry, oldest first, with its decoded text and meta row. */
  forEach(visit: (text: string, meta: number[]) => void): void {
    for (let i = this.head; i < this.starts.length; i++) {
      const start = this.starts[i]!;
      const text = this.buffer.toString('utf8', start, start + this.lengths[i]!);
      visit(
        text,
        this.meta.map((column) => column[i]!),
      );
    }
  }

  clear(): void {
    this.starts.length = 0;
    this.lengths.length = 0;
    for (const column of this.meta) column.length = 0;
    this.head = 0;
    this.writeAt = 0;
    this.usedBytes = 0;
  }

  /** Entries are laid out in allocation order around the circle; evict from the oldest until `length` fits at writeAt. */
  private makeRoom(length: number): void {
    for (;;) {
      if (this.count === 0) {
        this.writeAt = 0;
        return;
      }
      // count > 0, so head indexes a kept entry.
      const oldest = this.starts[this.head]!;
      if (this.writeAt > oldest) {
        // Live bytes are [oldest, writeAt): free space is the end of the buffer, then its start.
        if (this.writeAt + length <= this.capacity) return;
        this.writeAt = 0;
        continue;
      }
      // The writer wrapped and is behind the oldest entry: free space is [writeAt, oldest).
      if (this.writeAt + length <= oldest) return;
      this.evictOldest();
    }
  }

  private evictOldest(): void {
    this.usedBytes -= this.lengths[this.head]!;
    this.head++;
    // Compact now and then instead of shifting on every eviction (shift is O(n)).
    if (this.head > 1024 && this.head * 2 > this.starts.length) {
      this.starts.splice(0, this.head);
      this.lengths.splice(0, this.head);
      for (const column of this.meta) column.splice(0, this.head);
      this.head = 0;
    }
  }
}
