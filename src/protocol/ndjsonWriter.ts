// The writing half of ACP's newline-delimited JSON framing (the reader is ndjson.ts): one compact
// JSON message per line, in call order, waiting for 'drain' under backpressure.
import { AbstractMessageWriter, type Message, type MessageWriter } from 'vscode-jsonrpc/node';
import { asError } from './errors';

export interface NdjsonWriterOptions {
  /** Sees every message written (the traffic log). */
  onMessage?: (message: Message) => void;
}

interface QueuedWrite {
  text: string;
  message: Message;
  resolve: () => void;
  reject: (error: Error) => void;
}

/**
 * Writes compact JSON + "\n". Writes go out in call order; once the stream reports backpressure the
 * following messages wait for 'drain' instead of piling up in the stream's own buffer.
 */
export class NdjsonMessageWriter extends AbstractMessageWriter implements MessageWriter {
  private queue: QueuedWrite[] = [];
  private queueHead = 0;
  private blocked = false;
  private closed = false;
  private errorCount = 0;
  private readonly onDrain = () => this.flush();
  private readonly onStreamError = (error: Error) => this.failAll(error);
  private readonly onStreamClose = () => this.failAll(new Error('The output stream was closed'));

  constructor(
    private readonly output: NodeJS.WritableStream,
    private readonly options: NdjsonWriterOptions = {},
  ) {
    super();
    // Without an 'error' listener an EPIPE from a dead agent would crash the extension host.
    output.on('error', this.onStreamError);
    output.on('close', this.onStreamClose);
    output.on('drain', this.onDrain);
  }

  write(message: Message): Promise<void> {
    if (this.closed) return Promise.reject(new Error('Cannot write: the output stream is closed'));
    let text: string;
    try {
      text = JSON.stringify(message) + '\n';
    } catch (error) {
      return Promise.reject(asError(error));
    }
    this.options.onMessage?.(message);
    return new Promise<void>((resolve, reject) => {
      const entry = { text, message, resolve, reject };
      if (this.blocked) this.queue.push(entry);
      else this.send(entry);
    });
  }

  end(): void {
    this.output.end();
  }

  override dispose(): void {
    // The 'error' listener stays: a late EPIPE must still not become an uncaught exception.
    this.output.removeListener('close', this.onStreamClose);
    this.output.removeListener('drain', this.onDrain);
    super.dispose();
  }

  private send(entry: QueuedWrite): void {
    const accepted = this.output.write(entry.text, (error?: Error | null) => {
      if (!error) {
        entry.resolve();
        return;
      }
      this.errorCount++;
      this.fireError(error, entry.message, this.errorCount);
      entry.reject(error);
    });
    if (!accepted) this.blocked = true;
  }

  private flush(): void {
    this.blocked = false;
    while (!this.blocked && this.queueHead < this.queue.length) {
      const entry = this.queue[this.queueHead++]!;
      this.send(entry);
    }
    if (this.queueHead === this.queue.length) {
      this.queue = [];
      this.queueHead = 0;
    }
  }

  private failAll(error: Error): void {
    if (this.closed) return;
    this.closed = true;
    const waiting = this.queue.slice(this.queueHead);
    this.queue = [];
    this.queueHead = 0;
    for (const entry of waiting) entry.reject(error);
    this.fireClose();
  }
}
