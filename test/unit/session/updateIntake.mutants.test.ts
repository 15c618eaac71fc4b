// Where a session/update enters the thread, and which text chunks merge, from the survivors of a mutation
// run over session-core: a repaired update is shown with what was dropped, a bounded one is
// logged, the log lines say what happened, the entry after the limit points to the log, and long
// variant names are cut.
import type * as acp from '@agentclientprotocol/sdk';
import { describe, expect, it } from 'vitest';
import type { ThreadAction } from '../../../src/shared/actions';
import type { ProtocolProblem } from '../../../src/shared/entryReasons';
import { problemWords } from '../../../src/shared/entryWords';
import { FileTexts } from '../../../src/review/fileTexts';
import { mergeableChunk } from '../../../src/shared/chunkRun';
import { ToolDiffs } from '../../../src/session/updates/toolDiffs';
import {
  MAX_FAULT_LOG_LINES,
  MAX_PROTOCOL_ERROR_ENTRIES,
  UpdateIntake,
} from '../../../src/session/updates/updateIntake';

function setup() {
  const actions: ThreadAction[] = [];
  const log: string[] = [];
  const intake = new UpdateIntake(
    (action) => actions.push(action),
    (line) => log.push(line),
    new ToolDiffs(new FileTexts()),
  );
  const send = (update: unknown) => intake.update({ sessionId: 's', update } as acp.SessionNotification);
  return { actions, log, intake, send };
}

const said = (title: string, detail: string): ProtocolProblem => ({ kind: 'said', title, detail });

describe('UpdateIntake (mutation survivors)', () => {
  it('applies a repaired update and shows what was dropped, with the raw JSON; logs the same', () => {
    const { actions, log, send } = setup();
    send({ sessionUpdate: 'tool_call', toolCallId: 't', title: 'x', locations: [{ path: 42 }, { path: '/a' }] });
    expect(actions.map((a) => a.type)).toEqual(['sessionUpdate', 'protocolError']);
    expect(actions[1]).toEqual({
      type: 'protocolError',
      problem: {
        kind: 'partialUpdate',
        variant: 'tool_call',
        dropped: ['update.locations[0] (update.locations[0].path must be string)'],
      },
      raw: expect.stringContaining('"path":42'),
    });
    const shown = actions[1]!;
    expect(shown.type === 'protocolError' && problemWords(shown.problem)).toEqual({
      title: 'Showed part of an invalid tool_call update from the agent',
      detail: 'Dropped update.locations[0] (update.locations[0].path must be string)',
    });
    expect(log).toHaveLength(1);
    expect(log[0]).toMatch(
      /^\[switchboard\] Showed part of an invalid tool_call update from the agent: Dropped update\.locations\[0\].*\n {2}\{"sessionUpdate":"tool_call"/s,
    );
  });

  it('applies a valid update without an entry, and logs that it was bounded when it was', () => {
    const { actions, log, send } = setup();
    send({ sessionUpdate: 'tool_call', toolCallId: 't', title: 'x' });
    expect(actions.map((a) => a.type)).toEqual(['sessionUpdate']);
    expect(log).toEqual([]);
    send({ sessionUpdate: 'tool_call', toolCallId: 'u', title: 'x', rawInput: { long: 'y'.repeat(20_000) } });
    expect(actions.map((a) => a.type)).toEqual(['sessionUpdate', 'sessionUpdate']);
    expect(log).toHaveLength(1);
    expect(log[0]).toMatch(/^\[switchboard\] bounded a tool_call update: .*a string of 20000 characters cut to 16384$/);
  });

  it('logs a fault without raw JSON on one line, and the entry after the limit points to the agent log', () => {
    const { actions, log, intake } = setup();
    intake.reportProtocolError(said('Title', 'Detail'));
    expect(log).toEqual(['[switchboard] Title: Detail']);
    for (let i = 0; i < MAX_PROTOCOL_ERROR_ENTRIES; i++) intake.reportProtocolError(said('Title', 'Detail'));
    const last = actions.at(-1);
    expect(last).toEqual({
      type: 'protocolError',
      problem: { kind: 'keepsFailing', shown: MAX_PROTOCOL_ERROR_ENTRIES },
    });
    expect(last?.type === 'protocolError' && problemWords(last.problem)).toEqual({
      title: 'The agent keeps sending invalid messages',
      detail: `Only the first ${MAX_PROTOCOL_ERROR_ENTRIES} are shown here; the rest are in the agent log (Switchboard: Show Agent Log).`,
    });
  });

  it(`logs exactly ${MAX_FAULT_LOG_LINES} faults one by one`, () => {
    const { log, intake } = setup();
    for (let i = 0; i < MAX_FAULT_LOG_LINES; i++) intake.reportProtocolError(said('T', String(i)));
    expect(log).toHaveLength(MAX_FAULT_LOG_LINES);
    expect(log.at(-1)).toBe(`[switchboard] T: ${MAX_FAULT_LOG_LINES - 1}`);
    intake.reportProtocolError(said('T', 'one more'));
    expect(log).toHaveLength(MAX_FAULT_LOG_LINES);
  });

  it('cuts a variant name longer than 60 characters in the entry title, and keeps one of 60', () => {
    // Only a tag that is not a string can be that long: a known variant is short, an unknown one is ignored.
    const { actions, send } = setup();
    send({ sessionUpdate: ['v'.repeat(60)], content: 5 });
    send({ sessionUpdate: ['w'.repeat(61)], content: 5 });
    const titles = actions.flatMap((a) => (a.type === 'protocolError' ? [problemWords(a.problem).title] : []));
    expect(titles).toEqual([
      `Ignored an invalid ${'v'.repeat(60)} update from the agent`,
      `Ignored an invalid ${'w'.repeat(60)}… update from the agent`,
    ]);
  });
});

describe('mergeableChunk (mutation survivors)', () => {
  const action = (update: unknown) => ({ type: 'sessionUpdate', update }) as ThreadAction;

  it('takes agent and thought text chunks, with or without a string message id', () => {
    for (const kind of ['agent_message_chunk', 'agent_thought_chunk'])
      for (const messageId of [undefined, null, 'm'])
        expect(
          mergeableChunk(action({ sessionUpdate: kind, content: { type: 'text', text: 'a' }, messageId })),
        ).toMatchObject({
          kind,
          messageId: messageId ?? null,
          text: 'a',
        });
  });

  it.each([
    ['another action', { type: 'turnEnded', stopReason: 'end_turn' }],
    ['no update', action(null)],
    ['an update that is not an object', action('agent_message_chunk')],
    ['a user chunk', action({ sessionUpdate: 'user_message_chunk', content: { type: 'text', text: 'a' } })],
    [
      'an image chunk',
      action({ sessionUpdate: 'agent_message_chunk', content: { type: 'image', data: '', mimeType: 'image/png' } }),
    ],
    ['no content', action({ sessionUpdate: 'agent_message_chunk' })],
    ['null content', action({ sessionUpdate: 'agent_message_chunk', content: null })],
    ['text that is not a string', action({ sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: 5 } })],
    [
      'a message id that is a number',
      action({ sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: 'a' }, messageId: 5 }),
    ],
  ])('applies %s as it is', (_, input) => {
    expect(mergeableChunk(input as ThreadAction)).toBeUndefined();
  });
});
