// Figure 1: ingest throughput. The same flood (N agent_message_chunk notifications from a child
// process) through plain line-split + JSON.parse, the official SDK client, and Switchboard's host
// path; repetitions interleaved so machine noise hits all three alike; medians compared.
// A reported figure runs the flood again with `"_meta":{}` in every update (flood --shape meta):
// a valid shape Switchboard's chunk fast path does not match, so every line takes JSON.parse (then
// joins the same per-read merging, _meta being ignored), against plain parsing of those bytes.
// `ingest_v2_vs_v1`: the same flood on ACP v2 (state_update running, every chunk with its messageId, idle) against
// v1's; `--only ingest_v2_vs_v1` runs that figure alone.
import { ingestPlain } from '../ingest/plain';
import { ingestSdk } from '../ingest/sdk';
import { ingestSwitchboard, type SwitchboardIngest } from '../ingest/switchboard';
import { argValue, gc, isQuick, median, report, round, settle, type Figure } from '../lib/figure';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { longThread } from '../render/content';
import type { ThreadState } from '../../src/shared/thread';
import { replayPlain, replaySwitchboard, storedSession } from '../ingest/replay';
import { reopenChats, storedChats } from '../ingest/reopen';

async function timed<T extends { ms: number }>(run: () => Promise<T>, into: number[]): Promise<T> {
  gc();
  const result = await run();
  into.push(result.ms);
  await settle();
  return result;
}

async function main(): Promise<void> {
  const quick = isQuick();
  const chunks = quick ? 20_000 : 200_000;
  const reps = quick ? 1 : 5;
  if (argValue('only') === 'ingest_v2_vs_v1') {
    const v1: number[] = [];
    const v2: number[] = [];
    for (let rep = 0; rep < reps; rep++) await v1AndV2(chunks, v1, v2, rep, `v2 vs v1 rep ${rep + 1}/${reps}`);
    report([v2VsV1(chunks, reps, v1, v2)]);
    return;
  }
  const plain: number[] = [];
  const sdk: number[] = [];
  const ours: number[] = [];
  const plainMeta: number[] = [];
  const oursMeta: number[] = [];
  const persisted: number[] = [];
  const oursV2: number[] = [];
  let last: SwitchboardIngest | undefined;
  let lastMeta: SwitchboardIngest | undefined;
  for (let rep = 0; rep < reps; rep++) {
    await timed(() => ingestPlain(chunks), plain);
    await timed(() => ingestSdk(chunks), sdk);
    last = await v1AndV2(chunks, ours, oursV2, rep, `rep ${rep + 1}/${reps}`);
    await timed(() => ingestPlain(chunks, 'meta'), plainMeta);
    lastMeta = await timed(() => ingestSwitchboard(chunks, 'meta'), oursMeta);
    const journalDir = mkdtempSync(join(tmpdir(), 'sb-bench-journal-'));
    await timed(() => ingestSwitchboard(chunks, 'sdk', journalDir), persisted);
    rmSync(journalDir, { recursive: true, force: true });
    // Both paths must end with the same message: regex-matched and parsed chunks alike.
    if (last.textLength === 0 || last.textLength !== lastMeta.textLength) {
      throw new Error(
        `the agent message differs: ${last.textLength} characters (fast path) vs ${lastMeta.textLength} (general path)`,
      );
    }
    process.stderr.write(
      `ingest rep ${rep + 1}/${reps}: plain ${plain.at(-1)!.toFixed(0)} ms, sdk ${sdk.at(-1)!.toFixed(0)} ms, ` +
        `switchboard ${ours.at(-1)!.toFixed(0)} ms, journaled ${persisted.at(-1)!.toFixed(0)} ms; general path: plain ${plainMeta.at(-1)!.toFixed(0)} ms, switchboard ${oursMeta.at(-1)!.toFixed(0)} ms\n`,
    );
  }
  const perSec = (ms: number) => Math.round((chunks / ms) * 1000);
  const [oursRate, plainRate, sdkRate] = [perSec(median(ours)), perSec(median(plain)), perSec(median(sdk))];
  const [oursMetaRate, plainMetaRate] = [perSec(median(oursMeta)), perSec(median(plainMeta))];
  const note =
    `${chunks} chunks, median of ${reps}; ${((median(ours) / chunks) * 1000).toFixed(2)} us/chunk; ` +
    `${last?.posts} posts carrying ${last?.postedActions} actions (${((last?.postedBytes ?? 0) / 1e6).toFixed(1)} MB) to the webview`;
  const metaNote =
    `the same flood with "_meta":{} in each update, a shape the chunk fast path (exact SDK form) does not match: ` +
    `every line goes through JSON.parse, then consecutive chunks of one read merge as on the fast path (_meta is ignored by ` +
    `the reducer), so dispatch, routing and the reducer see one message per read; baseline parses the same bytes. ` +
    `${((median(oursMeta) / chunks) * 1000).toFixed(2)} us/chunk, median of ${reps}`;
  const figures: Figure[] = [
    {
      name: 'ingest_vs_plain_parse',
      value: oursRate,
      unit: 'chunks/s',
      baseline: plainRate,
      ratio: round(oursRate / plainRate),
      target: '>= 0.5x plain line split + JSON.parse',
      met: oursRate / plainRate >= 0.5,
      note,
    },
    {
      name: 'ingest_vs_sdk',
      value: oursRate,
      unit: 'chunks/s',
      baseline: sdkRate,
      ratio: round(oursRate / sdkRate),
      target: '>= 5x @agentclientprotocol/sdk client',
      met: oursRate / sdkRate >= 5,
      note,
    },
    {
      name: 'ingest_general_path_vs_plain',
      value: oursMetaRate,
      unit: 'chunks/s',
      baseline: plainMetaRate,
      ratio: round(oursMetaRate / plainMetaRate),
      target: '>= 0.5x plain (reported)',
      met: oursMetaRate / plainMetaRate >= 0.5,
      note: metaNote,
    },
    {
      name: 'persistence_overhead',
      value: round(median(persisted), 1),
      unit: 'ms',
      baseline: round(median(ours), 1),
      ratio: round(median(persisted) / median(ours)),
      target: '<= 1.1x ingest without persistence',
      met: median(persisted) / median(ours) <= 1.1,
      note: `the same ${chunks}-chunk flood through the host path with the chat journaled as the extension does (src/session/journal/chatJournal.ts), timed until the journal holds the whole turn (checked by reading it back); median of ${reps}, interleaved`,
    },
    v2VsV1(chunks, reps, ours, oursV2),
    // Nine runs, not five: a run takes about 0.1 s and single runs move by a third with the machine.
    await loadReplay(quick ? 500 : 5000, quick ? reps : 9),
    idleChatsMemory(quick ? 2 : 10, quick ? 100 : 1000),
    await reopenChatList(quick ? 5 : 20, quick ? 500 : 5000, reps),
  ];
  report(figures);
}

/**
 * One flood through the host path on ACP v1 and one on v2, in turns: the second of two floods run back to back
 * was about 30 ms slower whichever protocol it spoke (the first one's garbage), so `rep` alternates which goes
 * first. Both must end with the same message.
 */
async function v1AndV2(
  chunks: number,
  v1: number[],
  v2: number[],
  rep: number,
  label: string,
): Promise<SwitchboardIngest> {
  const runV1 = () => timed(() => ingestSwitchboard(chunks), v1);
  const runV2 = () => timed(() => ingestSwitchboard(chunks, 'sdk', undefined, 2), v2);
  let one: SwitchboardIngest, two: SwitchboardIngest;
  if (rep % 2 === 0) {
    one = await runV1();
    two = await runV2();
  } else {
    two = await runV2();
    one = await runV1();
  }
  if (one.textLength === 0 || one.textLength !== two.textLength)
    throw new Error(`the agent message differs: ${one.textLength} characters on v1, ${two.textLength} on v2`);
  process.stderr.write(`ingest ${label}: v1 ${v1.at(-1)!.toFixed(0)} ms, v2 ${v2.at(-1)!.toFixed(0)} ms\n`);
  return one;
}

/** v2's ingest path against v1's on the same flood (within a tenth of it). */
function v2VsV1(chunks: number, reps: number, v1: number[], v2: number[]): Figure {
  const perSec = (ms: number) => Math.round((chunks / ms) * 1000);
  const [v2Rate, v1Rate] = [perSec(median(v2)), perSec(median(v1))];
  return {
    name: 'ingest_v2_vs_v1',
    value: v2Rate,
    unit: 'chunks/s',
    baseline: v1Rate,
    ratio: round(v2Rate / v1Rate),
    target: '>= 0.9x the same flood on ACP v1',
    met: v2Rate / v1Rate >= 0.9,
    note:
      `${chunks} agent_message_chunk through the whole host path on ACP v2 (switchboard.acpV2 on, the agent answering 2: ` +
      `the prompt acknowledged, state_update running, every chunk with its messageId, state_update idle ending the turn), ` +
      `against the same flood on v1 (its chunks without messageId, the turn ended by the prompt's answer); ` +
      `${((median(v2) / chunks) * 1000).toFixed(2)} us/chunk on v2, median of ${reps}, interleaved`,
  };
}

/** session/load of a stored session of `entries` entries into a chat that holds them (src/session/lifecycle/sessionContinuation.ts). */
async function loadReplay(entries: number, reps: number): Promise<Figure> {
  const session = storedSession(entries);
  const ours: number[] = [];
  const plain: number[] = [];
  try {
    for (let rep = 0; rep < reps; rep++) {
      await timed(() => replayPlain(session), plain);
      await timed(() => replaySwitchboard(session), ours);
      process.stderr.write(
        `load replay rep ${rep + 1}/${reps}: plain ${plain.at(-1)!.toFixed(0)} ms, switchboard ${ours.at(-1)!.toFixed(0)} ms\n`,
      );
    }
  } finally {
    session.dispose();
  }
  const [o, p] = [median(ours), median(plain)];
  return {
    name: 'load_replay',
    value: Math.round((entries / o) * 1000),
    unit: 'entries/s',
    baseline: Math.round((entries / p) * 1000),
    ratio: round(p / o),
    target: '>= 0.5x plain line split + JSON.parse',
    met: p / o >= 0.5,
    note: `session/load of a ${entries}-entry session (questions, markdown answers, tool calls) replayed by the scripted agent into a chat that holds the same entries: ingest, routing and the reconciler, which adds none; from sending session/load to the chat being ready, ${round(o, 1)} ms vs ${round(p, 1)} ms reading the same replay with a line split and JSON.parse; median of ${reps}, interleaved`,
  };
}

/** Reopening a window of `chats` chats, one `longEntries` long: the host's part, to the chat list (bench/ingest/reopen.ts). */
async function reopenChatList(chats: number, longEntries: number, reps: number): Promise<Figure> {
  const stored = await storedChats(chats, longEntries);
  const times: number[] = [];
  try {
    for (let r = 0; r < reps; r++) {
      gc();
      times.push(await reopenChats(stored, chats));
      process.stderr.write(`reopen rep ${r + 1}/${reps}: ${round(times.at(-1)!, 1)} ms\n`);
    }
  } finally {
    stored.dispose();
  }
  const ms = median(times);
  return {
    name: 'reopen_chat_list',
    value: round(ms, 1),
    unit: 'ms',
    baseline: null,
    ratio: round(ms / 1000),
    target: '<= 1 s to the full chat list',
    met: ms <= 1000,
    note: `a window reopened with ${chats} chats (one of ${longEntries} entries, the others 40) in its journal folder: from reading the index to the chat list, every journal read and decoded, each chat made with its restored state and no agent started (src/vscode/chat/chatPersistence.ts); median of ${reps}; ratio = value / 1 s`,
  };
}

/**
 * Memory of idle chats as the host keeps them: each chat's thread state (entries with messages, thoughts, tool calls
 * with diffs and plans, built with the reducer), after a GC, against none. Target: a chat of 1,000 entries keeps
 * under 2 MB, so ten such chats stay under 20 MB of the extension host that all extensions share (VS Code warns
 * about an extension host past a few hundred MB).
 */
function idleChatsMemory(chats: number, entries: number): Figure {
  gc();
  const before = process.memoryUsage().heapUsed;
  const kept: ThreadState[] = [];
  for (let i = 0; i < chats; i++) kept.push(longThread(entries));
  gc();
  const bytes = process.memoryUsage().heapUsed - before;
  const perChat = bytes / chats;
  const mb = (n: number) => round(n / (1024 * 1024), 2);
  return {
    name: 'idle_chats_memory',
    value: mb(bytes),
    unit: 'MiB',
    baseline: null,
    ratio: round(perChat / (2 * 1024 * 1024)),
    target: '< 2 MiB per 1,000-entry chat',
    met: perChat < 2 * 1024 * 1024,
    note: `${chats} idle chats of ${kept[0]?.entries.length ?? 0} entries each (messages, thoughts, tool calls with diffs, plans), JS heap after a GC: ${mb(perChat)} MiB per chat; ratio = per chat / 2 MiB`,
  };
}

void main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
