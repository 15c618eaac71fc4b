// The long-chat stream figure (bench/figures/longchat.mjs, `longchat_stream`): the agent streams markdown into a
// new answer at the end of the long-chat figures' hours-long live chat while the reader stays at its end, with
// real requestAnimationFrame. What recycling costs then: every frame's gap, and how many entries were mounted
// (a placeholder given its view), recycled (a view dropped for a placeholder) or taken out of the DOM meanwhile.
import type { ThreadAction } from '../../src/shared/actions';
import { agentChunk, markdownAnswer, splitChunks } from './content';
import { showLiveChat } from './longChat';

/** Bytes of a chunk: as the typing figure streams (a few tokens each). */
const CHUNK_BYTES = 10;

export interface LongChatStreamRun {
  entries: number;
  /** Every frame's gap while streaming. */
  gaps: number[];
  /** Chunks sent, and the rate they went at (chunks/s). */
  chunks: number;
  rate: number;
  /** Placeholders that got their view, views recycled to placeholders, entry elements taken out of the DOM. */
  mounted: number;
  unmounted: number;
  removed: number;
}

const isEntry = (node: Node): node is HTMLElement => node instanceof HTMLElement && node.classList.contains('entry');

/** Counts entries mounted, recycled and removed in `root` (a replaceWith is one record: removed and added). */
function watchEntries(root: HTMLElement): { stop(): Pick<LongChatStreamRun, 'mounted' | 'unmounted' | 'removed'> } {
  const counts = { mounted: 0, unmounted: 0, removed: 0 };
  const tally = (records: MutationRecord[]): void => {
    for (const record of records) {
      const added = [...record.addedNodes].filter(isEntry);
      const gone = [...record.removedNodes].filter(isEntry);
      for (const el of gone) {
        const into = added.shift();
        if (!into) counts.removed++;
        else if (el.classList.contains('lazy') && !into.classList.contains('lazy')) counts.mounted++;
        else if (!el.classList.contains('lazy') && into.classList.contains('lazy')) counts.unmounted++;
      }
    }
  };
  const observer = new MutationObserver(tally);
  observer.observe(root, { childList: true, subtree: true });
  return {
    stop() {
      tally(observer.takeRecords());
      observer.disconnect();
      return counts;
    },
  };
}

/**
 * Shows the live chat of `entries` entries, sends a prompt, then streams markdown into the answer at `rate`
 * chunks/s for `seconds`, paced by the clock (a timer late by a few ms sends what is due at once, as an agent's
 * socket would deliver it), one action per chunk (the host's mirror would batch them: this is harsher).
 */
export async function longChatStream(entries: number, rate: number, seconds: number): Promise<LongChatStreamRun> {
  const chat = await showLiveChat(entries);
  const { app, root } = chat;
  let seq = chat.seq;
  const send = (actions: ThreadAction[]): void => {
    app.receive({ type: 'actions', firstSeq: seq + 1, actions });
    seq += actions.length;
  };
  send([{ type: 'promptSent', prompt: [{ type: 'text', text: 'stream a long answer' }] }]);
  for (let i = 0; i < 5; i++) await new Promise((resolve) => requestAnimationFrame(resolve)); // what the prompt left
  const total = Math.round(rate * seconds);
  const pieces = splitChunks(markdownAnswer(total * CHUNK_BYTES), total);
  const watch = watchEntries(root);
  const gaps: number[] = [];
  let sent = 0;
  const start = performance.now();
  await new Promise<void>((resolve) => {
    let last = start;
    const onFrame = (now: number): void => {
      gaps.push(now - last);
      last = now;
      if (sent < total) requestAnimationFrame(onFrame);
      else resolve();
    };
    requestAnimationFrame(onFrame);
    const tick = (): void => {
      const due = Math.min(total, Math.floor(((performance.now() - start) * rate) / 1000));
      const actions: ThreadAction[] = [];
      while (sent < due) actions.push(agentChunk(pieces[sent++]!));
      if (actions.length > 0) send(actions);
      if (sent < total) setTimeout(tick, 1000 / rate);
    };
    tick();
  });
  const elapsed = performance.now() - start;
  const counts = watch.stop();
  const shown = root.querySelectorAll('.entries .entry');
  const scroller = root.querySelector<HTMLElement>('.transcript')!;
  if (!shown[shown.length - 1]?.classList.contains('agent'))
    throw new Error('the streamed answer is not the last entry in the transcript');
  if (scroller.scrollTop + scroller.clientHeight < scroller.scrollHeight - 2)
    throw new Error('the reader was left above the end while the answer streamed');
  return { entries, gaps, chunks: sent, rate: (sent * 1000) / elapsed, ...counts };
}
