// One agent message has a size cap: five 40 MB chunks of one messageId held
// 650 MiB. Sent by an agent over the real ACP connection (framing, gate, intake, chunk ingest,
// reducer): the thread holds the cap and says the rest was cut, what the webview is sent is bounded
// too, and the memory the chat keeps is about the cap, not what the agent sent.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import type { ThreadAction } from '../../../src/shared/actions';
import { MAX_MESSAGE_CHARS } from '../../../src/shared/messageCap';
import type { Entry } from '../../../src/shared/thread';
import { scriptBasicAgent } from './fakeAgent';
import { setup } from './harness';

const CHUNK_CHARS = 40_000_000;
const CHUNKS = 5;

function textOf(entry: Entry | undefined): string {
  return entry?.kind === 'agent' ? entry.parts.map((part) => (part.kind === 'text' ? part.text : '')).join('') : '';
}

function sentText(action: ThreadAction): number {
  if (action.type !== 'sessionUpdate') return 0;
  const content = (action.update as { content?: { text?: unknown } }).content;
  return typeof content?.text === 'string' ? content.text.length : 0;
}

/** The heap in use after a full collection (gc exposed for this test). */
function heapAfterGc(): number {
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
  return process.memoryUsage().heapUsed;
}

// Without a messageId (v1), with a short one, and with a UUID as v2 agents send: the reader's chunk fast
// path takes all three, and an id of 13 characters or more sliced from a 40 MB line would keep the line.
const MESSAGE_IDS = [undefined, 'm1', '0f8b5a52-3c1e-4d7a-9b6e-2f4c8d1a7e93'];

describe('the size of one agent message', () => {
  it.each(MESSAGE_IDS)(
    'five 40 MB chunks of one message (messageId %s): the thread keeps the cap and says the rest was cut',
    async (messageId) => {
      const t = setup(
        (fake) => {
          scriptBasicAgent(fake);
          fake.agent.onRequest('session/prompt', async ({ sessionId }) => {
            for (let i = 0; i < CHUNKS; i++) {
              const text = String.fromCharCode(97 + i).repeat(CHUNK_CHARS);
              await fake.agent.notify('session/update', {
                sessionId,
                update: {
                  sessionUpdate: 'agent_message_chunk',
                  ...(messageId === undefined ? {} : { messageId }),
                  content: { type: 'text', text },
                },
              });
            }
            return { stopReason: 'end_turn' };
          });
        },
        { maxMessageBytes: 64 * 1024 * 1024 },
      );
      await t.controller.start();
      const before = heapAfterGc();
      await t.controller.prompt('write a lot');
      const state = t.state();
      const agents = state.entries.filter((entry) => entry.kind === 'agent');
      expect(agents).toHaveLength(1);
      const text = textOf(agents[0]);
      expect(text.length).toBe(MAX_MESSAGE_CHARS);
      expect(text.startsWith('aaa')).toBe(true);
      expect(agents[0]).toMatchObject({ truncated: true });
      // What listeners (the webview mirror, the journal) were given is about the cap, not 200 MB.
      const sent = t.events.reduce((sum, event) => sum + sentText(event.action), 0);
      expect(sent).toBeLessThanOrEqual(MAX_MESSAGE_CHARS + CHUNKS);
      // The chat keeps about the cap (one byte a character here), not a 40 MB chunk the cut came from.
      t.events.length = 0;
      const held = heapAfterGc() - before;
      expect(held).toBeLessThan(MAX_MESSAGE_CHARS + 16 * 1024 * 1024);
    },
    60_000,
  );
});
