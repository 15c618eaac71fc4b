// Baseline: the cheapest reasonable client. Split stdout on '\n' and JSON.parse each line; nothing
// else. Timed from writing session/prompt to parsing its response (all chunks come before it).
import { killed, spawnFlood, INITIALIZE, NEW_SESSION, PROMPT, type FloodShape } from './floodChild';

export async function ingestPlain(
  chunks: number,
  shape: FloodShape = 'sdk',
): Promise<{ ms: number; messages: number }> {
  const child = spawnFlood(chunks, shape);
  let messages = 0;
  let partial = '';
  const waiting = new Map<number, () => void>();
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (data: string) => {
    let start = 0;
    const text = partial + data;
    for (let nl = text.indexOf('\n'); nl !== -1; nl = text.indexOf('\n', start)) {
      const msg = JSON.parse(text.slice(start, nl)) as { id?: number };
      messages++;
      if (msg.id !== undefined) waiting.get(msg.id)?.();
      start = nl + 1;
    }
    partial = text.slice(start);
  });
  const call = (id: number, method: string, params: unknown) =>
    new Promise<void>((resolve) => {
      waiting.set(id, resolve);
      child.stdin.write(JSON.stringify({ jsonrpc: '2.0', id, method, params }) + '\n');
    });
  await call(1, 'initialize', INITIALIZE);
  await call(2, 'session/new', NEW_SESSION);
  messages = 0;
  const t0 = performance.now();
  await call(3, 'session/prompt', PROMPT);
  const ms = performance.now() - t0;
  await killed(child);
  return { ms, messages: messages - 1 };
}
