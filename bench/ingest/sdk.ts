// Baseline: the official @agentclientprotocol/sdk client app (its ndJsonStream over the child's
// stdio) with a no-op session/update handler.
import { Readable, Writable } from 'node:stream';
import { client, ndJsonStream } from '@agentclientprotocol/sdk';
import { killed, spawnFlood, INITIALIZE, NEW_SESSION, PROMPT } from './floodChild';

export async function ingestSdk(chunks: number): Promise<{ ms: number; messages: number }> {
  const child = spawnFlood(chunks);
  let messages = 0;
  let allSeen: (() => void) | undefined;
  const app = client({ name: 'bench' }).onNotification('session/update', () => {
    messages++;
    if (messages === chunks) allSeen?.();
  });
  const stream = ndJsonStream(
    Writable.toWeb(child.stdin) as WritableStream<Uint8Array>,
    Readable.toWeb(child.stdout) as unknown as ReadableStream<Uint8Array>,
  );
  const ms = await app.connectWith(stream, async (cx) => {
    await cx.request('initialize', INITIALIZE);
    await cx.request('session/new', NEW_SESSION);
    const everyChunk = new Promise<void>((resolve) => (allSeen = resolve));
    const t0 = performance.now();
    await cx.request('session/prompt', PROMPT as Parameters<typeof cx.request<'session/prompt'>>[1]);
    await everyChunk;
    return performance.now() - t0;
  });
  await killed(child);
  return { ms, messages };
}
