// Deterministic bench content: a long markdown answer (prose, lists, tables, fenced code) and a
// long thread of mixed entries (messages, tool calls with diffs, plans), built with the reducer.
import type * as acp from '@agentclientprotocol/sdk';
import type { ThreadAction } from '../../src/shared/actions';
import { reduce } from '../../src/shared/reduce';
import { FileTexts } from '../../src/review/fileTexts';
import { ToolDiffs } from '../../src/session/updates/toolDiffs';
import { createThreadState, type Entry, type ThreadState } from '../../src/shared/thread';
import { entryId } from '../../src/shared/threadEntries';

const WORDS =
  'the agent reads files plans edits and explains what it changed so that reviewers can follow every step of the work'.split(
    ' ',
  );

function sentence(seed: number, words = 14): string {
  const out: string[] = [];
  for (let i = 0; i < words; i++) out.push(WORDS[(seed * 7 + i * 3) % WORDS.length]!);
  const text = out.join(' ');
  return text.charAt(0).toUpperCase() + text.slice(1) + '.';
}

/** About `bytes` of markdown: sections of prose, a list, a table and a fenced code block. */
export function markdownAnswer(bytes: number): string {
  const parts: string[] = [];
  let size = 0;
  for (let s = 0; size < bytes; s++) {
    const section = [
      `## Step ${s + 1}: ${sentence(s, 4)}`,
      '',
      `${sentence(s)} ${sentence(s + 1)} **${sentence(s + 2, 3)}** and \`code_${s}()\` ${sentence(s + 3)}`,
      '',
      ...Array.from({ length: 5 }, (_, i) => `- ${sentence(s + i, 8)} [link](https://example.invalid/${s}/${i})`),
      '',
      '| File | Lines | Change |',
      '| --- | ---: | --- |',
      ...Array.from(
        { length: 6 },
        (_, i) => `| src/module${s}_${i}.ts | ${(s * 13 + i * 7) % 400} | ${sentence(s + i, 4)} |`,
      ),
      '',
      '```ts',
      ...Array.from(
        { length: 14 },
        (_, i) => `export function step${s}_${i}(input: string): number { return input.length * ${i} + ${s}; }`,
      ),
      '```',
      '',
    ].join('\n');
    parts.push(section);
    size += section.length + 1;
  }
  return parts.join('\n').slice(0, bytes);
}

/** Splits `text` into `count` chunks of nearly equal size. */
export function splitChunks(text: string, count: number): string[] {
  const chunks: string[] = [];
  for (let i = 0; i < count; i++)
    chunks.push(text.slice(Math.floor((i * text.length) / count), Math.floor(((i + 1) * text.length) / count)));
  return chunks;
}

export const READY: ThreadAction[] = [
  { type: 'initialized', agentInfo: { name: 'bench', version: '1' }, agentCapabilities: {} },
  { type: 'sessionStarted', sessionId: 's1', modes: null, configOptions: null },
  { type: 'connection', state: { kind: 'ready' } },
];

export function agentChunk(text: string, messageId = 'streaming'): ThreadAction {
  return {
    type: 'sessionUpdate',
    update: { sessionUpdate: 'agent_message_chunk', content: { type: 'text', text }, messageId },
  };
}

export function emptyThread(): ThreadState {
  const initial = createThreadState(
    { agentId: 'bench', threadId: 'bench' },
    { id: 'bench', displayName: 'Bench', isDemo: false },
  );
  return READY.reduce(reduce, initial);
}

/** The host's ingest of tool calls' own diffs (src/session/updates/toolDiffs.ts): the webview gets hunks, not texts. */
const toolDiffs = new ToolDiffs(new FileTexts());

export function update(u: acp.SessionUpdate): ThreadAction {
  return { type: 'sessionUpdate', update: toolDiffs.update(u) };
}

/** A thread of about `entries` entries: turns of prompt, thought, message, tool call with a diff, plan. */
export function longThread(entries: number): ThreadState {
  let state = emptyThread();
  for (let turn = 0; state.entries.length < entries; turn++) {
    const actions: ThreadAction[] = [
      { type: 'promptSent', prompt: [{ type: 'text', text: `Please do step ${turn}` }] },
      update({
        sessionUpdate: 'agent_thought_chunk',
        content: { type: 'text', text: sentence(turn) },
        messageId: `t${turn}`,
      }),
      update({
        sessionUpdate: 'agent_message_chunk',
        content: {
          type: 'text',
          text: `${sentence(turn)}\n\n- ${sentence(turn + 1, 6)}\n- ${sentence(turn + 2, 6)}\n\n\`\`\`ts\nconst step = ${turn};\n\`\`\``,
        },
        messageId: `m${turn}`,
      }),
      update({
        sessionUpdate: 'tool_call',
        toolCallId: `tool${turn}`,
        title: `Edit src/file${turn}.ts`,
        kind: 'edit',
        status: 'completed',
        content: [
          {
            type: 'diff',
            path: `/ws/src/file${turn}.ts`,
            oldText: `const a = ${turn};\nconst b = 2;\n`,
            newText: `const a = ${turn + 1};\nconst b = 2;\nconst c = 3;\n`,
          },
        ],
      }),
      update({
        sessionUpdate: 'plan',
        entries: [
          { content: `Step ${turn}`, priority: 'medium', status: 'completed' },
          { content: `Step ${turn + 1}`, priority: 'medium', status: 'pending' },
        ],
      }),
      { type: 'turnEnded', stopReason: 'end_turn' },
    ];
    for (const action of actions) state = reduce(state, action);
  }
  return state;
}

/**
 * A thread of `entries` entries: the long thread's 1,000 repeated, each copy with ids of its own (reducing 50,000
 * entries one action at a time would take minutes, the reducer copying the list each time). Copies share their
 * parts with the first (a journal read back makes each its own).
 */
export function repeatedThread(entries: number): ThreadState {
  const base = longThread(Math.min(1_000, entries));
  const copies: Entry[] = [];
  for (let copy = 0; copies.length < entries; copy++)
    for (const entry of base.entries) {
      if (copies.length >= entries) break;
      // Ids as the reducer mints them (e<n>, what a journal line must hold), numbered on from the first copy's.
      copies.push(copy === 0 ? entry : ({ ...entry, id: entryId(base.nextEntryId + copies.length) } as Entry));
    }
  return { ...base, entries: copies, nextEntryId: base.nextEntryId + copies.length };
}
