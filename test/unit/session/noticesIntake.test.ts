// What claude-agent-acp 0.101 really sends (recorded by scripts/dev/recordAgentTranscript.mjs against the fake model,
// see test/fixtures/transcripts/) taken in by the session's intake and reducer. With the client capabilities
// advertised it sends `notice` and `compaction_update`: they become notice entries and a compaction marker, not
// the agent's answer. Without them (the recording made while the client did not advertise) it falls back to
// bold agent text and a "Compact conversation" tool call: that is what the user read before as the answer.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type * as acp from '@agentclientprotocol/sdk';
import { describe, expect, it } from 'vitest';
import { FileTexts } from '../../../src/review/fileTexts';
import { ToolDiffs } from '../../../src/session/updates/toolDiffs';
import { UpdateIntake } from '../../../src/session/updates/updateIntake';
import { reduce } from '../../../src/shared/reduce';
import { createThreadState, type ThreadState } from '../../../src/shared/thread';

const TRANSCRIPTS = resolve(__dirname, '../../fixtures/transcripts');
export const ADVERTISED = resolve(TRANSCRIPTS, 'claude-agent-acp-0.101-notices.wire.jsonl');
export const UNADVERTISED = resolve(TRANSCRIPTS, 'claude-agent-acp-0.101-no-notices.wire.jsonl');

function replay(file: string): { state: ThreadState; log: string[] } {
  let state = createThreadState(
    { agentId: 'claude', threadId: 't1' },
    { id: 'claude', displayName: 'Claude', isDemo: false },
  );
  const log: string[] = [];
  const intake = new UpdateIntake(
    (action) => (state = reduce(state, action)),
    (line) => log.push(line),
    new ToolDiffs(new FileTexts()),
  );
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (!line.trim()) continue;
    const message = JSON.parse(line) as { method?: string; params?: acp.SessionNotification };
    if (message.method === 'session/update') intake.update(message.params!);
  }
  return { state, log };
}

const agentText = (state: ThreadState) =>
  state.entries
    .flatMap((entry) => (entry.kind === 'agent' ? entry.parts : []))
    .map((part) => (part.kind === 'text' ? part.text : ''))
    .join('\n');

describe('claude-agent-acp 0.101 notices and compaction through the intake', () => {
  it('capability advertised: the notices are notice entries and none of their text is in the answer', () => {
    const { state, log } = replay(ADVERTISED);
    const notices = state.entries.filter((entry) => entry.kind === 'agentNotice');
    expect(notices).toEqual([
      expect.objectContaining({
        severity: 'warning',
        title: 'MCP server "broken" failed to start',
        description: 'Its tools are unavailable in this session. Run /mcp for the error.',
      }),
      expect.objectContaining({ severity: 'warning', title: 'Claude reported a warning' }),
    ]);
    expect(agentText(state)).toBe("I'll create the file.\nCreated hello.txt containing hi.");
    expect(log.filter((line) => /ignoring session\/update variant/.test(line))).toEqual([]);
  });

  it('capability advertised: /compact is one completed marker with its summary, the meter follows, nothing above is lost', () => {
    const { state } = replay(ADVERTISED);
    const markers = state.entries.filter((entry) => entry.kind === 'compaction');
    expect(markers).toEqual([
      expect.objectContaining({
        status: 'completed',
        summary: [{ kind: 'text', text: 'Created hello.txt containing hi.' }],
        error: null,
      }),
    ]);
    const at = state.entries.indexOf(markers[0]!);
    expect(state.entries.slice(0, at).map((entry) => entry.kind)).toEqual(
      expect.arrayContaining(['agentNotice', 'agent', 'tool']),
    );
    expect(state.usage).toMatchObject({ used: 2621, size: 1_000_000 });
  });

  it('capability not advertised: the agent falls back to bold text in its answer and a tool call for /compact', () => {
    const { state } = replay(UNADVERTISED);
    expect(state.entries.filter((entry) => entry.kind === 'agentNotice' || entry.kind === 'compaction')).toEqual([]);
    expect(agentText(state)).toContain('**MCP server "broken" failed to start:** Its tools are unavailable');
    expect(agentText(state)).toContain('**Warning:** ');
    expect(state.entries).toContainEqual(
      expect.objectContaining({ kind: 'tool', tool: expect.objectContaining({ title: 'Compact conversation' }) }),
    );
  });
});
