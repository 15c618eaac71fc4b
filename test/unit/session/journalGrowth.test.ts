// a streamed answer costs the journal its new text per interval, not the
// whole entry again. A 5 MiB answer streamed over 40 intervals made a 103 MiB journal (each
// interval re-appended the entry whole); now it makes a journal of about the text, which reads
// back exactly. Real files, the real ChatJournal, the real reducer.
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { decodeJournal } from '../../../src/session/journal/journalDecode';
import type { ThreadAction } from '../../../src/shared/actions';
import { fakeAgent } from '../chat/fakeThread';
import { chunk, journalSetup as setup, prompt, ReducingThread } from './journalHarness';

const MiB = 1024 * 1024;
const toolCall = (toolCallId: string, status: 'pending' | 'in_progress' | 'completed'): ThreadAction => ({
  type: 'sessionUpdate',
  update: { sessionUpdate: 'tool_call_update', toolCallId, status },
});

describe('a growing entry costs the journal its new text', () => {
  it('a 5 MiB answer streamed over 40 intervals makes a journal under twice the text, read back exactly', async () => {
    const { journal, tick } = setup();
    const thread = new ReducingThread('big', fakeAgent());
    journal.watch(thread);
    thread.emit(prompt('write a long answer'));
    // Not one repeated character: every piece must land at its place.
    const piece = (i: number) => `${String(i).padStart(6, '0')} ${'x'.repeat((5 * MiB) / 40 - 11)}é\n`;
    let text = '';
    for (let i = 0; i < 40; i++) {
      thread.emit(chunk(piece(i)));
      text += piece(i);
      await tick();
    }
    thread.emit({ type: 'turnEnded', stopReason: 'end_turn' });
    await journal.flushAll();
    const size = statSync(journal.fileOf('big')).size;
    const textBytes = Buffer.byteLength(text);
    console.log(`journal of a ${(textBytes / MiB).toFixed(1)} MiB answer: ${(size / MiB).toFixed(1)} MiB`);
    expect(size).toBeLessThan(2 * textBytes);
    const back = (await journal.load('big'))!;
    expect(back.notes).toEqual([]);
    expect(back.state.entries).toEqual(thread.state.entries);
  });

  it('appends survive a reload: the restored chat streams on and reads back whole', async () => {
    const first = setup();
    const thread = new ReducingThread('again', fakeAgent());
    first.journal.watch(thread);
    thread.emit(prompt('q'));
    thread.emit(chunk('one '));
    await first.tick();
    thread.emit(chunk('two '));
    await first.tick();
    first.journal.dispose();

    const decoded = (await first.journal.load('again'))!;
    expect(decoded.notes).toEqual([]);
    const restored = new ReducingThread('again', fakeAgent());
    restored.state = decoded.state;
    first.journal.watch(restored, decoded);
    restored.emit({ type: 'promptSent', prompt: [{ type: 'text', text: 'more' }] });
    restored.emit(chunk('three'));
    await first.tick();
    restored.emit(chunk(' four'));
    await first.tick();
    const back = (await first.journal.load('again'))!;
    expect(back.notes).toEqual([]);
    expect(back.state.entries).toEqual(restored.state.entries);
    const texts = back.state.entries.flatMap((entry) =>
      entry.kind === 'agent' ? entry.parts.map((part) => (part.kind === 'text' ? part.text : '')) : [],
    );
    expect(texts).toEqual(['one two ', 'three four']);
  });

  it('an append that does not fit what is written (offset off by one) is skipped and named', async () => {
    const { journal, tick } = setup();
    const thread = new ReducingThread('off', fakeAgent());
    journal.watch(thread);
    thread.emit(prompt('q'));
    thread.emit(chunk('abc'));
    await tick();
    thread.emit(chunk('def'));
    await tick();
    journal.dispose();
    const file = journal.fileOf('off');
    const lines = readFileSync(file, 'utf8').split('\n');
    const at = lines.findIndex((line) => line.startsWith('{"a":'));
    expect(at, 'the growth is written as an append line').toBeGreaterThan(0);
    lines[at] = lines[at]!.replace('"at":3', '"at":2');
    writeFileSync(file, lines.join('\n'));
    const decoded = decodeJournal(readFileSync(file, 'utf8'))!;
    expect(decoded.notes).toEqual([expect.stringContaining(`line ${at + 1}`)]);
    const agent = decoded.state.entries.find((entry) => entry.kind === 'agent');
    expect(agent?.kind === 'agent' && agent.parts).toEqual([{ kind: 'text', text: 'abc' }]);
  });

  it('an entry rewritten whole at every interval (a tool call whose status flips) is compacted: the file stays near its state', async () => {
    const { journal, tick } = setup();
    const thread = new ReducingThread('flips', fakeAgent());
    journal.watch(thread);
    thread.emit(prompt('q'));
    thread.emit({
      type: 'sessionUpdate',
      update: {
        sessionUpdate: 'tool_call',
        toolCallId: 'c1',
        title: 'Build',
        status: 'pending',
        content: [{ type: 'content', content: { type: 'text', text: 'x'.repeat(64 * 1024) } }],
      },
    });
    await tick();
    const one = statSync(journal.fileOf('flips')).size;
    for (let i = 0; i < 200; i++) {
      thread.emit(toolCall('c1', i % 2 === 0 ? 'in_progress' : 'pending'));
      await tick();
    }
    const size = statSync(journal.fileOf('flips')).size;
    // Without compaction: 200 copies of a 64 KiB entry, 13 MiB.
    expect(size).toBeLessThan(2 * one + 512 * 1024);
    expect((await journal.load('flips'))!.state.entries).toHaveLength(2);
  });

  it('a version 1 journal (before append lines) still reads, and is rewritten as version 2 before anything is appended', async () => {
    const { journal, tick } = setup();
    const v1 = [
      JSON.stringify({ v: 1, threadId: 'old', agent: { id: 'demo', displayName: 'Demo', isDemo: true }, created: 5 }),
      JSON.stringify({ e: { kind: 'user', id: 'e1', messageId: null, parts: [{ kind: 'text', text: 'q' }] } }),
      JSON.stringify({ e: { kind: 'agent', id: 'e2', messageId: null, parts: [{ kind: 'text', text: 'a' }] } }),
      JSON.stringify({ e: { kind: 'agent', id: 'e2', messageId: null, parts: [{ kind: 'text', text: 'ab' }] } }),
      JSON.stringify({ m: { title: 'Old chat', nextEntryId: 3 } }),
      '',
    ].join('\n');
    await journal.saveIndex({ open: [], active: null });
    writeFileSync(journal.fileOf('old'), v1);
    const decoded = (await journal.load('old'))!;
    expect(decoded.notes).toEqual([]);
    expect(decoded.state.title).toBe('Old chat');
    expect(decoded.state.entries.map((entry) => entry.kind)).toEqual(['user', 'agent']);
    const restored = new ReducingThread('old', fakeAgent());
    restored.state = decoded.state;
    journal.watch(restored, decoded);
    restored.emit(chunk('c'));
    await tick();
    const text = readFileSync(journal.fileOf('old'), 'utf8');
    expect(JSON.parse(text.split('\n')[0]!)).toMatchObject({ v: 2, threadId: 'old' });
    expect((await journal.load('old'))!.state.entries).toEqual(restored.state.entries);
  });
});
