// Figure 1: ingest throughput. The same flood (N agent_message_chunk notifications from a child
// process) through plain line-split + JSON.parse, the official SDK client, and Switchboard's host
// path; repetitions interleaved so machine noise hits all three alike; medians compared.
import { ingestPlain } from '../ingest/plain';
import { ingestSdk } from '../ingest/sdk';
import { ingestSwitchboard } from '../ingest/switchboard';
import { gc, isQuick, median, report, round, settle, type Figure } from '../lib/figure';

async function main(): Promise<void> {
  const quick = isQuick();
  const chunks = quick ? 20_000 : 200_000;
  const reps = quick ? 1 : 5;
  const plain: number[] = [];
  const sdk: number[] = [];
  const ours: number[] = [];
  let last: Awaited<ReturnType<typeof ingestSwitchboard>> | undefined;
  for (let rep = 0; rep < reps; rep++) {
    gc();
    plain.push((await ingestPlain(chunks)).ms);
    await settle();
    gc();
    sdk.push((await ingestSdk(chunks)).ms);
    await settle();
    gc();
    last = await ingestSwitchboard(chunks);
    ours.push(last.ms);
    await settle();
    process.stderr.write(`ingest rep ${rep + 1}/${reps}: plain ${plain.at(-1)!.toFixed(0)} ms, sdk ${sdk.at(-1)!.toFixed(0)} ms, switchboard ${ours.at(-1)!.toFixed(0)} ms\n`);
  }
  const perSec = (ms: number) => Math.round((chunks / ms) * 1000);
  const [oursRate, plainRate, sdkRate] = [perSec(median(ours)), perSec(median(plain)), perSec(median(sdk))];
  const note = `${chunks} chunks, median of ${reps}; ${(median(ours) / chunks * 1000).toFixed(2)} us/chunk; ` +
    `${last?.posts} posts carrying ${last?.postedActions} actions (${((last?.postedBytes ?? 0) / 1e6).toFixed(1)} MB) to the webview`;
  const figures: Figure[] = [
    {
      name: 'ingest_vs_plain_parse', value: oursRate, unit: 'chunks/s', baseline: plainRate,
      ratio: round(oursRate / plainRate), target: '>= 0.5x plain line split + JSON.parse', met: oursRate / plainRate >= 0.5, note,
    },
    {
      name: 'ingest_vs_sdk', value: oursRate, unit: 'chunks/s', baseline: sdkRate,
      ratio: round(oursRate / sdkRate), target: '>= 5x @agentclientprotocol/sdk client', met: oursRate / sdkRate >= 5, note,
    },
  ];
  report(figures);
}

void main().then(() => process.exit(0), (error: unknown) => {
  console.error(error);
  process.exit(1);
});
