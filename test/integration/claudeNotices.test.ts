// Issue #33: claude-agent-acp 0.101 sends its warnings as `notice` updates when the client advertises
// session notices, and as ordinary agent text otherwise (they read as its answer); `/compact` is a
// `compaction_update` only for a client that advertises session compaction; its `_auth/status_update` was
// logged as an unhandled notification. The scripted agent replays the exact sequences recorded from the real
// adapter (test/fixtures/transcripts/claude-agent-acp-0.101-*.wire.jsonl, made by
// scripts/dev/recordAgentTranscript.mjs), choosing the recording by what this client advertises, as the adapter does.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ThreadController } from '../../src/session/api';
import { createThreadController } from '../../src/session/threadController';
import { FileTexts } from '../../src/review/fileTexts';
import { testHostEnv } from './hostEnv';
import { agentText, scriptedAgent } from './scriptedAgent';
import { tempDir } from './tempDirs';

const TRANSCRIPTS = resolve(__dirname, '../fixtures/transcripts');
const ADVERTISED = join(TRANSCRIPTS, 'claude-agent-acp-0.101-notices.wire.jsonl');
const UNADVERTISED = join(TRANSCRIPTS, 'claude-agent-acp-0.101-no-notices.wire.jsonl');

const controllers: ThreadController[] = [];
afterEach(async () => {
  await Promise.all(controllers.splice(0).map((controller) => controller.dispose()));
});

async function claudeChat() {
  const cwd = tempDir('switchboard-claude-notices-');
  const record = join(cwd, 'received.jsonl');
  const log: string[] = [];
  const controller = createThreadController({
    threadId: 't',
    agent: scriptedAgent(ADVERTISED, { extraArgs: ['--unadvertised', UNADVERTISED, '--record', record] }),
    env: testHostEnv(cwd, { log: (line) => log.push(line) }),
    handlers: handlers(),
    stopGraceMs: 500,
  });
  controllers.push(controller);
  await controller.start();
  const received = () =>
    readFileSync(record, 'utf8')
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => JSON.parse(line) as { method?: string; params?: Record<string, unknown> });
  return { controller, log, received, state: () => controller.snapshot().state };
}

/** The editor's side of fs/*: nothing to read, writes kept by a keeper of file texts. */
function handlers() {
  const fileTexts = new FileTexts();
  return {
    readTextFile: async () => ({ content: '' }),
    writeTextFile: async ({ path, content }: { path: string; content: string }) =>
      fileTexts.record(path, null, content),
  };
}

describe('claude-agent-acp 0.101, replayed', () => {
  it('advertises session notices and compaction in initialize', async () => {
    const chat = await claudeChat();
    const initialize = chat.received().find((message) => message.method === 'initialize')!;
    expect(initialize.params!.clientCapabilities).toMatchObject({ session: { notices: {}, compaction: {} } });
  });

  it("its warnings are notices in place, not the agent's answer", async () => {
    const chat = await claudeChat();
    await chat.controller.prompt('Create hello.txt containing hi');
    const state = chat.state();
    expect(agentText(state)).toBe("I'll create the file.Created hello.txt containing hi.");
    expect(state.entries.filter((entry) => entry.kind === 'agentNotice')).toEqual([
      expect.objectContaining({ severity: 'warning', title: 'MCP server "broken" failed to start' }),
      expect.objectContaining({ severity: 'warning', title: 'Claude reported a warning' }),
    ]);
  });

  it('/compact is a compaction marker with its summary; the meter follows; the conversation above is kept', async () => {
    const chat = await claudeChat();
    await chat.controller.prompt('Create hello.txt containing hi');
    const before = chat.state().entries;
    await chat.controller.prompt('/compact');
    const state = chat.state();
    expect(state.entries.slice(0, before.length)).toEqual(before);
    expect(state.entries.filter((entry) => entry.kind === 'compaction')).toEqual([
      expect.objectContaining({
        status: 'completed',
        summary: [{ kind: 'text', text: 'Created hello.txt containing hi.' }],
      }),
    ]);
    expect(state.entries.some((entry) => entry.kind === 'tool' && entry.tool.title === 'Compact conversation')).toBe(
      false,
    );
    expect(state.usage).toMatchObject({ used: 2621, size: 1_000_000 });
  });

  it('its _auth/status_update is known: logged as what the agent says it signs in with, not as unhandled', async () => {
    const chat = await claudeChat();
    await chat.controller.prompt('Create hello.txt containing hi');
    expect(chat.log.filter((line) => line.includes('_auth/status_update') && /no handler/.test(line))).toEqual([]);
    expect(chat.log).toContain('[switchboard] the agent reports its sign-in: Anthropic API key (ANTHROPIC_API_KEY)');
  });
});

// The streamed summary (compaction_summary_chunk) and an error notice, which the fake model cannot make the real
// adapter send: the sequence of the ACP pages' own examples (session-notices and session-compaction RFDs).
describe('the ACP examples of notices and a streamed compaction summary, replayed', () => {
  it('keeps the message whole around the notice, streams the summary into one completed marker, shows the error notice', async () => {
    const cwd = tempDir('switchboard-spec-notices-');
    const controller = createThreadController({
      threadId: 't',
      agent: scriptedAgent(join(TRANSCRIPTS, 'acp-notices-compaction-spec.jsonl')),
      env: testHostEnv(cwd),
      handlers: handlers(),
      stopGraceMs: 500,
    });
    controllers.push(controller);
    await controller.start();
    await controller.prompt('update the schema');
    const state = controller.snapshot().state;
    expect(state.entries.map((entry) => entry.kind)).toEqual([
      'user',
      'agent',
      'agentNotice',
      'compaction',
      'agentNotice',
      'agent',
      'turnEnd',
    ]);
    expect(agentText(state)).toBe('Reading the schema before I change it.Done.');
    expect(state.entries[3]).toMatchObject({
      status: 'completed',
      summary: [{ kind: 'text', text: '## Retained context\n\nThe user is updating the ACP schema.' }],
    });
    expect(state.entries[4]).toMatchObject({ severity: 'error', title: 'Rate limited', description: null });
    expect(state.usage).toMatchObject({ used: 12000, size: 200000 });
  });
});
