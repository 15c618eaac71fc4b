// Each ACP v2 session/update kind through gate, mapper and reducer (payloads checked against the SDK's v2
// schema in V2Session.send), with upsert semantics: omitted = unchanged, null = cleared, value = replaced,
// chunks append.
import { describe, expect, it } from 'vitest';
import { b64, V2Session } from './v2Harness';
import { MAX_TRACKED_TERMINALS } from '../../../../src/protocol/v2/terminalStreams';

const text = (t: string) => ({ type: 'text' as const, text: t });

describe('v2 messages', () => {
  it('chunks append to their message by messageId; a new id starts a new message', () => {
    const s = new V2Session().send(
      { sessionUpdate: 'agent_message_chunk', messageId: 'a1', content: text('Hel') },
      { sessionUpdate: 'agent_message_chunk', messageId: 'a1', content: text('lo') },
      { sessionUpdate: 'agent_thought_chunk', messageId: 't1', content: text('hm') },
      { sessionUpdate: 'agent_message_chunk', messageId: 'a2', content: text('Next') },
    );
    expect(s.messages()).toEqual([
      { kind: 'agent', messageId: 'a1', text: 'Hello' },
      { kind: 'thought', messageId: 't1', text: 'hm' },
      { kind: 'agent', messageId: 'a2', text: 'Next' },
    ]);
  });

  it('agent_message replaces accumulated content, later chunks append, null and [] clear, omitted keeps', () => {
    const s = new V2Session().send(
      { sessionUpdate: 'agent_message', messageId: 'm', content: [text('A')] },
      { sessionUpdate: 'agent_message_chunk', messageId: 'm', content: text('B') },
    );
    expect(s.messages()).toEqual([{ kind: 'agent', messageId: 'm', text: 'AB' }]);
    s.send({ sessionUpdate: 'agent_message', messageId: 'm', content: [text('C')] });
    s.send({ sessionUpdate: 'agent_message_chunk', messageId: 'm', content: text('D') });
    expect(s.messages()).toEqual([{ kind: 'agent', messageId: 'm', text: 'CD' }]);
    s.send({ sessionUpdate: 'agent_message', messageId: 'm', _meta: { k: 1 } });
    expect(s.messages()).toEqual([{ kind: 'agent', messageId: 'm', text: 'CD' }]);
    s.send({ sessionUpdate: 'agent_message', messageId: 'm', content: null });
    expect(s.messages()).toEqual([{ kind: 'agent', messageId: 'm', text: '' }]);
    s.send({ sessionUpdate: 'agent_message', messageId: 'm', content: [text('E')] });
    s.send({ sessionUpdate: 'agent_message', messageId: 'm', content: [] });
    expect(s.messages()).toEqual([{ kind: 'agent', messageId: 'm', text: '' }]);
  });

  it('a correction of an earlier message replaces it in place, not at the end', () => {
    const s = new V2Session().send(
      { sessionUpdate: 'agent_thought', messageId: 't', content: [text('think')] },
      { sessionUpdate: 'agent_message', messageId: 'm', content: [text('answer')] },
      { sessionUpdate: 'agent_thought', messageId: 't', content: [text('rethought')] },
    );
    expect(s.messages()).toEqual([
      { kind: 'thought', messageId: 't', text: 'rethought' },
      { kind: 'agent', messageId: 'm', text: 'answer' },
    ]);
  });

  it('user_message (the prompt acknowledgment, or a replay) shows as the user message with its id', () => {
    const s = new V2Session().send({
      sessionUpdate: 'user_message',
      messageId: 'u1',
      content: [text('Can you analyze this code?')],
    });
    expect(s.messages()).toEqual([{ kind: 'user', messageId: 'u1', text: 'Can you analyze this code?' }]);
  });

  it('a content block type v2 does not define is tolerated, kept as a block', () => {
    const s = new V2Session().send({
      sessionUpdate: 'agent_message_chunk',
      messageId: 'm',
      content: { type: '_widget', value: 1 } as never,
    });
    expect(s.messages()).toEqual([{ kind: 'agent', messageId: 'm', text: '[_widget]' }]);
  });
});

describe('v2 state_update drives the turn', () => {
  it('running starts a turn, idle with a stop reason ends it with that reason', () => {
    const s = new V2Session().send({ sessionUpdate: 'state_update', state: 'running' });
    expect(s.state.turn).toEqual({ kind: 'prompting' });
    s.send({ sessionUpdate: 'state_update', state: 'requires_action' });
    expect(s.state.turn).toEqual({ kind: 'prompting' });
    s.send({ sessionUpdate: 'state_update', state: 'idle', stopReason: 'cancelled' });
    expect(s.state.turn).toEqual({ kind: 'idle' });
    expect(s.state.entries.at(-1)).toMatchObject({ kind: 'turnEnd', stopReason: 'cancelled' });
  });

  it('an idle without a reason ends a running turn; while idle it changes nothing', () => {
    const s = new V2Session().send({ sessionUpdate: 'state_update', state: 'idle' });
    expect(s.actions).toEqual([]);
    s.send({ sessionUpdate: 'state_update', state: 'running' }, { sessionUpdate: 'state_update', state: 'idle' });
    expect(s.state.turn).toEqual({ kind: 'idle' });
    expect(s.notes).toContain('idle without a stop reason');
  });

  it('unknown states and `_` stop reasons are tolerated', () => {
    const s = new V2Session().send({ sessionUpdate: 'state_update', state: '_paused' } as never);
    expect(s.actions).toEqual([]);
    s.send({ sessionUpdate: 'state_update', state: 'running' });
    s.send({ sessionUpdate: 'state_update', state: 'idle', stopReason: '_budget' } as never);
    expect(s.state.entries.at(-1)).toMatchObject({ kind: 'turnEnd', stopReason: '_budget' });
  });
});

describe('v2 tool calls', () => {
  it('the first tool_call_update creates the call; omitted fields stay, null clears, values replace', () => {
    const s = new V2Session().send({
      sessionUpdate: 'tool_call_update',
      toolCallId: 'c1',
      title: 'Reading configuration file',
      kind: 'read',
      status: 'pending',
      locations: [{ path: '/w/a.json' }],
      rawInput: { path: '/w/a.json' },
    });
    expect(s.tool('c1')).toMatchObject({ title: 'Reading configuration file', kind: 'read', status: 'pending' });
    s.send({
      sessionUpdate: 'tool_call_update',
      toolCallId: 'c1',
      status: 'completed',
      locations: null,
      rawInput: null,
    });
    const tool = s.tool('c1');
    expect(tool).toMatchObject({ title: 'Reading configuration file', status: 'completed', locations: [] });
    expect(tool.rawInput).toBeUndefined();
  });

  it('tool_call_content_chunk appends; a content array in an update replaces what the chunks built', () => {
    const s = new V2Session().send(
      { sessionUpdate: 'tool_call_update', toolCallId: 'c1', title: 'Run' },
      { sessionUpdate: 'tool_call_content_chunk', toolCallId: 'c1', content: { type: 'content', content: text('a') } },
      { sessionUpdate: 'tool_call_content_chunk', toolCallId: 'c1', content: { type: 'content', content: text('b') } },
    );
    expect(s.tool('c1').content).toEqual([
      { type: 'content', content: text('a') },
      { type: 'content', content: text('b') },
    ]);
    s.send({ sessionUpdate: 'tool_call_update', toolCallId: 'c1', content: [{ type: 'content', content: text('c') }] });
    s.send({
      sessionUpdate: 'tool_call_content_chunk',
      toolCallId: 'c1',
      content: { type: 'content', content: text('d') },
    });
    expect(s.tool('c1').content.map((item) => (item as { content: { text: string } }).content.text)).toEqual([
      'c',
      'd',
    ]);
  });

  it('a chunk for an unseen tool call creates it', () => {
    const s = new V2Session().send({
      sessionUpdate: 'tool_call_content_chunk',
      toolCallId: 'new',
      content: { type: 'content', content: text('x') },
    });
    expect(s.tool('new').content).toHaveLength(1);
  });

  it('status `cancelled` is kept, `paused` is still running, unknown kinds are `other`, unknown statuses leave it', () => {
    const s = new V2Session().send({
      sessionUpdate: 'tool_call_update',
      toolCallId: 'c',
      status: 'paused',
      kind: '_x',
    });
    expect(s.tool('c')).toMatchObject({ status: 'in_progress', kind: 'other' });
    s.send({ sessionUpdate: 'tool_call_update', toolCallId: 'c', status: '_later' });
    expect(s.tool('c').status).toBe('in_progress');
    s.send({ sessionUpdate: 'tool_call_update', toolCallId: 'c', status: 'cancelled' });
    expect(s.tool('c').status).toBe('cancelled');
  });

  it('structured diffs: one card diff per file, hunks from git_patch, deletes, moves and binaries without a patch', () => {
    const patch = [
      'diff --git /w/src/config.json /w/src/config.json',
      '--- /w/src/config.json',
      '+++ /w/src/config.json',
      '@@ -1,3 +1,3 @@',
      ' {',
      '-  "debug": false',
      '+  "debug": true',
      ' }',
      '',
    ].join('\n');
    const s = new V2Session().send({
      sessionUpdate: 'tool_call_update',
      toolCallId: 'e',
      kind: 'edit',
      content: [
        {
          type: 'diff',
          changes: [
            { operation: 'modify', path: '/w/src/config.json', fileType: 'text', mimeType: 'application/json' },
            { operation: 'delete', path: '/w/old.txt', fileType: 'text' },
            { operation: 'move', oldPath: '/w/a.png', path: '/w/b.png', fileType: 'binary' },
          ],
          patch: { format: 'git_patch', text: patch },
        },
      ],
    });
    const [modify, del, move] = s.tool('e').content as {
      path: string;
      diff: { added: number; removed: number; hunks: { lines: unknown[] }[] };
      deleted?: true;
      change?: object;
    }[];
    expect(modify).toMatchObject({ type: 'diff', path: '/w/src/config.json', revision: 0, created: false });
    expect(modify!.diff).toMatchObject({ added: 1, removed: 1 });
    expect(modify!.diff.hunks[0]!.lines).toEqual([
      { kind: 'ctx', text: '{' },
      { kind: 'del', text: '  "debug": false' },
      { kind: 'add', text: '  "debug": true' },
      { kind: 'ctx', text: '}' },
    ]);
    expect(del).toMatchObject({ path: '/w/old.txt', deleted: true, diff: { hunks: [] } });
    expect(move).toMatchObject({
      path: '/w/b.png',
      change: { operation: 'move', oldPath: '/w/a.png', fileType: 'binary' },
    });
  });
});

describe('v2 agent-owned terminals', () => {
  it('terminal_update and output chunks fill the card of the tool call that shows the terminal', () => {
    const s = new V2Session().send(
      {
        sessionUpdate: 'tool_call_update',
        toolCallId: 'c',
        title: 'cargo test',
        content: [{ type: 'terminal', terminalId: 'T' }],
      },
      {
        sessionUpdate: 'terminal_update',
        terminalId: 'T',
        command: 'cargo test',
        cwd: '/w',
        output: { data: b64('one\r\n') },
      },
      { sessionUpdate: 'terminal_output_chunk', terminalId: 'T', data: b64('two\r\n') },
    );
    expect(s.tool('c').agentTerminals).toEqual([
      expect.objectContaining({
        terminalId: 'T',
        command: 'cargo test',
        cwd: '/w',
        output: 'one\r\ntwo\r\n',
        status: 'running',
      }),
    ]);
    s.send({
      sessionUpdate: 'terminal_update',
      terminalId: 'T',
      output: { data: b64('fresh') },
      exitStatus: { exitCode: 0 },
    });
    expect(s.tool('c').agentTerminals![0]).toMatchObject({
      output: 'fresh',
      status: 'exited',
      exitStatus: { exitCode: 0 },
    });
    s.send({ sessionUpdate: 'terminal_update', terminalId: 'T', output: null, command: null });
    expect(s.tool('c').agentTerminals![0]!.output).toBe('');
    expect(s.tool('c').agentTerminals![0]!.command).toBeUndefined();
  });

  it('a character split across chunks is decoded whole (each chunk decoded on its own, the decoder keeps state)', () => {
    const bytes = Buffer.from('é✓', 'utf8');
    const s = new V2Session().send(
      { sessionUpdate: 'tool_call_content_chunk', toolCallId: 'c', content: { type: 'terminal', terminalId: 'T' } },
      { sessionUpdate: 'terminal_output_chunk', terminalId: 'T', data: bytes.subarray(0, 1).toString('base64') },
      { sessionUpdate: 'terminal_output_chunk', terminalId: 'T', data: bytes.subarray(1, 3).toString('base64') },
      { sessionUpdate: 'terminal_output_chunk', terminalId: 'T', data: bytes.subarray(3).toString('base64') },
    );
    expect(s.tool('c').agentTerminals![0]!.output).toBe('é✓');
  });

  it('output that comes before any tool call names the terminal is held, then shown', () => {
    const s = new V2Session().send(
      { sessionUpdate: 'terminal_update', terminalId: 'T', cwd: '/w', output: { data: b64('a') } },
      { sessionUpdate: 'terminal_output_chunk', terminalId: 'T', data: b64('b') },
    );
    expect(s.actions).toEqual([]);
    s.send({ sessionUpdate: 'tool_call_update', toolCallId: 'c', content: [{ type: 'terminal', terminalId: 'T' }] });
    expect(s.tool('c').agentTerminals![0]).toMatchObject({ cwd: '/w', output: 'ab' });
  });

  it('output that is not base64 is left out with a note, nothing thrown', () => {
    const s = new V2Session().send(
      { sessionUpdate: 'tool_call_update', toolCallId: 'c', content: [{ type: 'terminal', terminalId: 'T' }] },
      { sessionUpdate: 'terminal_output_chunk', terminalId: 'T', data: 'not base64!' },
    );
    expect(s.notes).toEqual(['terminal T: output is not base64']);
  });

  it('the terminals remembered per session are bounded', () => {
    const s = new V2Session();
    for (let i = 0; i < MAX_TRACKED_TERMINALS + 50; i++)
      s.mapper.map({ sessionUpdate: 'terminal_output_chunk', terminalId: `T${i}`, data: b64('x') });
    const size = (s.mapper as unknown as { terminals: { streams: Map<string, unknown> } }).terminals.streams.size;
    expect(size).toBe(MAX_TRACKED_TERMINALS);
  });
});

describe('v2 plans, commands, config options and pass-through updates', () => {
  it('plan_update items become the thread plan; an unknown plan type is tolerated', () => {
    const entry = { content: 'Check for syntax errors', priority: 'high', status: 'pending' } as const;
    const s = new V2Session().send({
      sessionUpdate: 'plan_update',
      plan: { type: 'items', planId: 'p1', entries: [entry] },
    });
    expect(s.state.plan).toEqual([entry]);
    s.send({ sessionUpdate: 'plan_update', plan: { type: '_markdown', planId: 'p2', text: '# x' } } as never);
    expect(s.state.plan).toEqual([entry]);
    expect(s.notes).toEqual(['plan type "_markdown" not shown']);
  });

  it('available_commands_update: tags go, other input types are not offered, other command types left out', () => {
    const s = new V2Session().send({
      sessionUpdate: 'available_commands_update',
      availableCommands: [
        { type: 'command', name: 'search', description: 'Search', input: { type: 'text', hint: 'query' } },
        { type: 'command', name: 'pick', description: 'Pick', input: { type: '_choice', items: [] } as never },
        { type: '_macro', name: 'm', description: 'A macro' } as never,
      ],
    });
    expect(s.state.commands).toEqual([
      { name: 'search', description: 'Search', input: { hint: 'query' } },
      { name: 'pick', description: 'Pick' },
    ]);
  });

  it('config_option_update: configId and groupId become v1 id and group; unknown option types are left out', () => {
    const s = new V2Session().send({
      sessionUpdate: 'config_option_update',
      configOptions: [
        {
          type: 'select',
          configId: 'mode',
          name: 'Mode',
          category: 'mode',
          currentValue: 'ask',
          options: [{ groupId: 'g', name: 'G', options: [{ value: 'ask', name: 'Ask' }] }],
        },
        { type: 'boolean', configId: 'fast', name: 'Fast', currentValue: true },
        { type: '_slider', configId: 'x', name: 'X' } as never,
      ],
    });
    expect(s.state.configOptions).toEqual([
      expect.objectContaining({
        id: 'mode',
        options: [{ group: 'g', name: 'G', options: [{ value: 'ask', name: 'Ask' }] }],
      }),
      expect.objectContaining({ id: 'fast', currentValue: true }),
    ]);
  });

  it('session_info_update and usage_update apply as in v1', () => {
    const s = new V2Session().send(
      { sessionUpdate: 'session_info_update', title: 'Fix the build' },
      { sessionUpdate: 'usage_update', used: 10, size: 100 },
    );
    expect(s.state.title).toBe('Fix the build');
    expect(s.state.usage).toMatchObject({ used: 10, size: 100 });
  });
});
