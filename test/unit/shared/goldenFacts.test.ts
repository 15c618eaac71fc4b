// Hand-written facts about the recorded transcripts, beside the golden snapshots (goldenTranscripts.test.ts).
// The goldens were written by the reducer they check; these facts were read off the `.jsonl` files by a
// person: which entries exist, in what order and state, what text they hold. A reducer change that keeps
// a golden self-consistent but breaks what the transcript says fails here.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type * as acp from '@agentclientprotocol/sdk';
import { reduce } from '../../../src/shared/reduce';
import type { Entry, ThreadState } from '../../../src/shared/thread';
import { freshState, update } from './helpers';

const dir = join(__dirname, '../../fixtures/transcripts');

function replay(name: string): ThreadState {
  const lines = readFileSync(join(dir, `${name}.jsonl`), 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '');
  return lines
    .map((line) => (JSON.parse(line) as { params: acp.SessionNotification }).params.update)
    .reduce((state, u) => reduce(state, update(u)), freshState());
}

const kinds = (state: ThreadState) => state.entries.map((e) => e.kind);

function textOf(entry: Entry | undefined): string {
  if (!entry || !('parts' in entry)) throw new Error(`not a message entry: ${entry?.kind}`);
  return entry.parts.map((p) => (p.kind === 'text' ? p.text : `[${p.block.type}]`)).join('');
}

function tools(state: ThreadState) {
  return state.entries.flatMap((e) => (e.kind === 'tool' ? [e.tool] : []));
}

describe('golden transcripts: facts read off the recordings', () => {
  it('claude-code-turn: chunks of one messageId form one message; three tools run to completion; the last plan wins', () => {
    const s = replay('claude-code-turn');
    expect(kinds(s)).toEqual(['thought', 'agent', 'tool', 'thought', 'tool', 'tool', 'agent']);
    expect(textOf(s.entries[1])).toBe("I'll start by reading `src/config.ts`.");
    expect(textOf(s.entries[0])).toMatch(/^The user wants inp.* I should read the/s);
    expect(tools(s).map((t) => [t.toolCallId, t.kind, t.status])).toEqual([
      ['toolu_01ReadCfg', 'read', 'completed'],
      ['toolu_02EditCfg', 'edit', 'completed'],
      ['toolu_03RunTests', 'execute', 'completed'],
    ]);
    expect(textOf(s.entries[6])).toMatch(/^Done\. `parsePort` n.* integers between 1/s);
    expect(s.plan?.map((p) => p.status)).toEqual(['completed', 'completed', 'completed']);
    expect(s.plan?.map((p) => p.content)).toEqual([
      'Read src/config.ts',
      'Validate the port in parsePort',
      'Run the test suite',
    ]);
    expect(s.commands.map((c) => c.name)).toContain('init');
    expect(s.usage).toMatchObject({ used: 18234, size: 200000, cost: { amount: 0.0421, currency: 'USD' } });
  });

  it('gemini-turn: without messageIds, consecutive chunks of one kind merge and a tool call splits messages', () => {
    const s = replay('gemini-turn');
    expect(kinds(s)).toEqual(['thought', 'tool', 'agent', 'tool', 'thought', 'tool', 'tool', 'agent']);
    expect(textOf(s.entries[0])).toMatch(/^\*\*Locating the slug tests\*\*.* It is most likely under `test\/`\.$/s);
    expect(textOf(s.entries[2])).toMatch(
      /^The test lives in `test\/slug\.test\.ts`\. Let me read it together with the implementati/,
    );
    // A resource_link between two text chunks stays in place inside the one final message.
    expect(textOf(s.entries[7])).toBe(
      'Fixed: `slugify` now trims hyphens at both ends in [resource_link], and the slug tests pass.',
    );
    expect(tools(s).every((t) => t.status === 'completed')).toBe(true);
    expect(tools(s).map((t) => t.toolCallId)).toEqual([
      'glob-1760000000001',
      'read_many_files-1760000000002',
      'replace-1760000000003',
      'run_shell_command-1760000000004',
    ]);
    const edit = tools(s)[2];
    expect(edit?.content?.some((c) => c.type === 'diff')).toBe(true);
  });

  it('session-load-replay: the user turns of a replayed session come back as user entries, the title from session_info_update', () => {
    const s = replay('session-load-replay');
    expect(kinds(s)).toEqual(['user', 'thought', 'tool', 'agent', 'user', 'tool', 'agent']);
    expect(textOf(s.entries[0])).toBe('Why does `make build` fail on CI?');
    expect(textOf(s.entries[3])).toBe(
      'The `build` target runs `go generate`, which needs `stringer`; CI does not install it.',
    );
    expect(textOf(s.entries[4])).toBe('Fix it, please. Here is the file:[resource]');
    expect(tools(s).map((t) => [t.title, t.status])).toEqual([
      ['Read Makefile', 'completed'],
      ['Edit Makefile', 'completed'],
    ]);
    expect(s.title).toBe('Fix CI build');
    expect(s.commands.map((c) => c.name)).toEqual(['compress']);
    expect(s.turn.kind).toBe('idle');
  });

  it('tolerance: an update for an unknown tool call makes a placeholder; an unknown variant is ignored; a repeated tool_call upserts', () => {
    const s = replay('tolerance');
    expect(kinds(s)).toEqual(['tool', 'tool', 'agent', 'agent', 'agent']);
    const [orphan, edit] = tools(s);
    expect(orphan).toMatchObject({ toolCallId: 'orphan-1', title: 'Run linter', kind: 'execute', status: 'completed' });
    // tool_call sent twice for edit-7: one entry, the second call's title, then the failed update.
    expect(edit).toMatchObject({ toolCallId: 'edit-7', title: 'Edit /w/a.ts', status: 'failed' });
    // Distinct messageIds are distinct messages; a chunk without one after them starts its own.
    expect(s.entries.slice(2).map(textOf)).toEqual(['First message.', 'Second message.', 'No id: a third message.']);
    expect(s.title).toBe('Lint the repo');
    expect(s.usage).toMatchObject({ used: 5120, size: 128000 });
  });
  it('acp-v1-fields: replayed user chunks show; a boolean option, a deleted diff, updatedAt and every _meta are kept', () => {
    const s = replay('acp-v1-fields');
    expect(kinds(s)).toEqual(['user', 'agent', 'tool']);
    // Not a live turn (no prompt was sent): the replayed user message is the only copy.
    expect(textOf(s.entries[0])).toBe('Delete config.legacy.json, nothing reads it.');
    expect(s.title).toBe('Remove the legacy config');
    // The second session_info_update sends only updatedAt: the title stays, the time moves on.
    expect(s.updatedAt).toBe('2026-11-20T10:16:30Z');
    expect(s.sessionMeta).toEqual({ messageCount: 2 });
    expect(s.configOptions?.map((o) => [o.id, o.type, o.currentValue])).toEqual([
      ['model', 'select', 'smart'],
      ['thinking', 'boolean', true],
    ]);
    const [del] = tools(s);
    expect(del).toMatchObject({ toolCallId: 'call_del_1', kind: 'delete', status: 'completed' });
    // The texts stay with the host's keeper: the thread has the hunks, the deletion and the revision.
    expect(del!.content).toMatchObject([
      {
        type: 'diff',
        path: '/home/dev/app/config.legacy.json',
        revision: expect.any(Number) as number,
        created: false,
        deleted: true,
        diff: { added: 0, removed: 3 },
      },
    ]);
    expect(JSON.stringify(s)).not.toMatch(/oldText|newText/);
    // The update's _meta replaced the tool_call's.
    expect(del!.meta).toEqual({ 'vendor.example/tool': { name: 'rm', durationMs: 4 } });
    expect(s.usage).toEqual({
      used: 9100,
      size: 200000,
      cost: { amount: 0.0123, currency: 'USD' },
      meta: { 'vendor.example/usage': { estimated: false } },
    });
  });
});
