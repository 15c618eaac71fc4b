// @vitest-environment jsdom
// Subagent sessions as the host sends them (numbered action batches through the real reducer): the card
// appears where the child was announced, its work follows the child's stream, a permission request of
// the child opens the card at once, and messages between sessions stream in place.
import { describe, expect, it } from 'vitest';
import type { ThreadAction } from '../../../src/shared/actions';
import { agentChunk, mount, READY, thread, update } from './helpers';
import { OPTIONS, toolCall } from './subagentThreads';

const subagentUpdate = (sessionId: string, fields: Record<string, unknown> = {}): ThreadAction =>
  ({ type: 'sessionUpdate', update: { sessionUpdate: 'subagent_update', sessionId, ...fields } }) as ThreadAction;
const inChild = (sessionId: string, action: ThreadAction): ThreadAction => ({ type: 'subagent', sessionId, action });
const sessionChunk = (messageId: string, text: string): ThreadAction =>
  ({
    type: 'sessionUpdate',
    update: { sessionUpdate: 'session_message_chunk', messageId, content: { type: 'text', text } },
  }) as ThreadAction;
const textOf = (el: Element | null | undefined) => el?.querySelector('.message-body')?.textContent?.trim();

function started() {
  const m = mount();
  m.snapshot(thread(READY));
  m.act(
    agentChunk('Delegating.', 'a1'),
    subagentUpdate('c1', {
      title: 'Explore',
      description: 'Reads the code',
      capabilities: { cancel: {} },
      state: { state: 'running' },
    }),
  );
  return m;
}

describe('subagents as the host streams them', () => {
  it('the card appears where the child was announced, and its work and activity follow its stream', () => {
    const m = started();
    expect(m.$$('.entries .entry').map((el) => el.classList[1])).toEqual(['agent', 'subagent']);
    m.$('.subagent-toggle').click();
    m.act(inChild('c1', agentChunk('Reading ', 'x1')));
    m.act(inChild('c1', agentChunk('the parser.', 'x1')), inChild('c1', toolCall('t1', 'Read parser.ts')));
    expect(textOf(m.$('.subagent-entries .entry.agent'))).toBe('Reading the parser.');
    expect(m.$('.subagent-entries .entry.tool .tool-title').textContent).toBe('Read parser.ts');
    expect(m.$('.subagent-card .subagent-latest').textContent).toBe('Read parser.ts');
    expect(m.$('.subagent-card .subagent-counts').textContent).toBe('1 message · 1 tool call');
    // Shown on its own, it streams there too.
    m.$('.subagent-open').click();
    m.act(inChild('c1', agentChunk('More.', 'x2')), inChild('c1', agentChunk(' And more.', 'x2')));
    const messages = m.$$('.subagent-transcript .entry.agent').map((el) => textOf(el));
    expect(messages).toEqual(['Reading the parser.', 'More. And more.']);
  });

  it("a permission request of the child opens its card at once, answered in place; the state's end is announced", () => {
    const m = started();
    expect(m.$('.subagent-work').hidden).toBe(true);
    m.act(
      inChild('c1', toolCall('t1', 'Run npm test', { kind: 'execute', status: 'pending' })),
      inChild('c1', {
        type: 'permissionRequested',
        permissionId: 'p-1',
        toolCall: { toolCallId: 't1' },
        options: OPTIONS,
      }),
    );
    expect(m.$('.subagent-work').hidden).toBe(false);
    expect(m.$('.subagent-card').dataset.work).toBe('waiting');
    m.$$('.subagent-work .permission button')[0]!.click();
    expect(m.posted).toEqual([{ type: 'permission', permissionId: 'p-1', optionId: 'allow' }]);
    m.act(
      inChild('c1', {
        type: 'permissionResolved',
        permissionId: 'p-1',
        outcome: { outcome: 'selected', optionId: 'allow' },
      } as never),
      subagentUpdate('c1', { state: { state: 'idle', stopReason: 'end_turn' } }),
    );
    expect(m.$('.subagent-card').dataset.work).toBe('done');
    expect(m.$('[role="status"][aria-live="polite"]').textContent).toBe('Subagent Explore: Done.');
    expect(m.$('.subagent-card .subagent-stop').hidden).toBe(true);
  });

  it('a message between sessions streams in place, labelled', () => {
    const m = started();
    m.act(sessionChunk('sm1', 'Found '), sessionChunk('sm1', '**3** callers'));
    m.act({
      type: 'sessionUpdate',
      update: { sessionUpdate: 'session_message', messageId: 'sm1', senderSessionId: 'c1', recipientSessionId: 's1' },
    } as ThreadAction);
    const el = m.$('.entry.session-message');
    expect(el.querySelector('.session-message-label')!.textContent).toBe('Explore→Chat');
    expect(el.querySelector('.markdown strong')!.textContent).toBe('3');
    expect(textOf(el)).toBe('Found 3 callers');
  });

  it("a subagent's terminal shows its command, and goes with the place shown: under the card, on its own, back", () => {
    const m = started();
    m.act(
      inChild('c1', {
        type: 'terminalCreated',
        terminal: { terminalId: 'term-c1', commandLine: 'npm test', cwd: '/w', mode: 'pty' },
      }),
      inChild('c1', toolCall('t1', 'Run npm test', { kind: 'execute', status: 'in_progress' })),
      inChild(
        'c1',
        update({
          sessionUpdate: 'tool_call_update',
          toolCallId: 't1',
          content: [{ type: 'terminal', terminalId: 'term-c1' }],
        }),
      ),
    );
    m.$('.subagent-toggle').click();
    const widget = m.$('.subagent-work .terminal-view');
    expect(widget.querySelector('.terminal-command')!.textContent).toBe('$ npm test');
    m.$('.subagent-open').click();
    expect(widget.closest('.subagent-transcript')).not.toBeNull();
    m.$('.subagent-back').click();
    expect(widget.closest('.subagent-work')).not.toBeNull();
  });
});
