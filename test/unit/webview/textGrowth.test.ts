// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { ThreadStore } from '../../../webview/store';
import { noteShown, textGrowth } from '../../../webview/textGrowth';
import { IncrementalMarkdown } from '../../../webview/render/markdown';
import { createChatApp } from '../../../webview/app';
import type { MessagePart } from '../../../src/shared/thread';
import { agentChunk, thread, update } from './helpers';

function lastPart(store: ThreadStore): MessagePart | undefined {
  const entry = store.state.thread?.entries.at(-1);
  return entry && 'parts' in entry ? entry.parts.at(-1) : undefined;
}

describe('textGrowth', () => {
  it('records what a text part gained over the part a view last saw, across batches', () => {
    const store = new ThreadStore(() => undefined);
    store.receive({ type: 'snapshot', seq: 0, thread: thread(), agents: [], defaultAgentId: '' });
    store.receive({ type: 'actions', firstSeq: 1, actions: [agentChunk('Hello')] });
    const seen = lastPart(store)!;
    expect(textGrowth(seen)).toBeUndefined(); // a new entry: nothing to grow from
    noteShown(seen);
    store.receive({ type: 'actions', firstSeq: 2, actions: [agentChunk(', '), agentChunk('world')] });
    store.receive({ type: 'actions', firstSeq: 4, actions: [agentChunk('!')] });
    const now = lastPart(store)!;
    expect(now.kind === 'text' && now.text).toBe('Hello, world!');
    expect(textGrowth(now)).toEqual({ from: seen, added: ', world!' });
    // Once a view has shown it, the next growth starts from there.
    noteShown(now);
    store.receive({ type: 'actions', firstSeq: 5, actions: [agentChunk(' Bye.')] });
    expect(textGrowth(lastPart(store)!)).toEqual({ from: now, added: ' Bye.' });
  });

  it('records nothing for chunks it cannot vouch for', () => {
    const store = new ThreadStore(() => undefined);
    store.receive({ type: 'snapshot', seq: 0, thread: thread(), agents: [], defaultAgentId: '' });
    store.receive({ type: 'actions', firstSeq: 1, actions: [agentChunk('a', 'm1')] });
    // Another message id starts another entry; an image is not text.
    store.receive({ type: 'actions', firstSeq: 2, actions: [agentChunk('b', 'm2')] });
    expect(textGrowth(lastPart(store)!)).toBeUndefined();
    store.receive({
      type: 'actions',
      firstSeq: 3,
      actions: [
        update({
          sessionUpdate: 'agent_message_chunk',
          messageId: 'm2',
          content: { type: 'image', data: 'AA==', mimeType: 'image/png' },
        } as never),
      ],
    });
    expect(lastPart(store)?.kind).toBe('block');
    expect(textGrowth(lastPart(store)!)).toBeUndefined();
  });
});

describe('the chat app appends streamed text without reading the whole message', () => {
  it('renders the same DOM as a one-shot render, through IncrementalMarkdown.append', () => {
    const root = document.createElement('div');
    document.body.appendChild(root);
    const app = createChatApp(root, () => undefined, { requestFrame: () => undefined });
    app.receive({ type: 'snapshot', seq: 0, thread: thread(), agents: [], defaultAgentId: '' });
    const append = vi.spyOn(IncrementalMarkdown.prototype, 'append');
    const update = vi.spyOn(IncrementalMarkdown.prototype, 'update');
    const text = '# Title\r\n\r\nSome **bold** text.\r\n\r\n- a\r\n- b\r\n\r\n```ts\r\nconst x = 1;\r\n```\r\nDone.';
    let seq = 0;
    for (let i = 0; i < text.length; i += 3) {
      app.receive({ type: 'actions', firstSeq: ++seq, actions: [agentChunk(text.slice(i, i + 3))] });
      app.flush();
    }
    // The whole text is read once, when the message appears; every later frame appends.
    expect(update).toHaveBeenCalledTimes(1);
    expect(append.mock.calls.length).toBeGreaterThan(text.length / 3 - 3);
    append.mockRestore();
    update.mockRestore();
    const once = new IncrementalMarkdown();
    once.update(text);
    expect(root.querySelector('.entry.agent .markdown')!.innerHTML).toBe(once.el.innerHTML);
    root.remove();
  });
});
