// @vitest-environment jsdom
// One malformed or extreme update must not stop the chat from rendering: the entry (or the item
// of a tool card) it reaches becomes an error card, every other entry renders, later actions
// render, and a fresh view (a snapshot holding the same data) renders too.
import type * as acp from '@agentclientprotocol/sdk';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ThreadAction } from '../../../src/shared/actions';
import type { SessionUpdateView } from '../../../src/shared/thread';
import { clearRecentErrors, recentErrors } from '../../../webview/errors';
import { boundedJson } from '../../../webview/render/transcript/entryError';
import { agentChunk, mount, READY, thread, update, type Mounted } from './helpers';

const PROMPT: ThreadAction = { type: 'promptSent', prompt: [{ type: 'text', text: 'go' }] };

function tool(id: string, fields: Record<string, unknown>): ThreadAction {
  return update({
    sessionUpdate: 'tool_call',
    toolCallId: id,
    title: `Tool ${id}`,
    kind: 'edit',
    status: 'in_progress',
    ...fields,
  } as unknown as acp.SessionUpdate);
}

/** A tool call as it reaches the webview, unchecked: the host's ingest is bypassed, as if the state were corrupt. */
function rawTool(id: string, fields: Record<string, unknown>): ThreadAction {
  const update = { sessionUpdate: 'tool_call', toolCallId: id, title: `Tool ${id}`, kind: 'edit', ...fields };
  return { type: 'sessionUpdate', update: update as unknown as SessionUpdateView };
}

const HUNKS = { hunks: [], added: 0, removed: 0 };

function deep(levels: number): unknown {
  let value: unknown = 'bottom';
  for (let i = 0; i < levels; i++) value = { next: value };
  return value;
}

/** Each malformed case: the actions that bring it, and whether it shows an error card. */
const CASES: { name: string; actions: ThreadAction[]; errorCard: boolean }[] = [
  { name: 'locations [{ path: 42 }]', actions: [tool('a', { locations: [{ path: 42 }] })], errorCard: true },
  { name: 'locations "abc"', actions: [tool('b', { locations: 'abc' })], errorCard: true },
  {
    name: 'diff with path null',
    actions: [rawTool('c', { content: [{ type: 'diff', path: null, revision: 1, diff: HUNKS, created: false }] })],
    errorCard: true,
  },
  {
    name: 'diff whose hunks are 5',
    actions: [
      rawTool('d', { content: [{ type: 'diff', path: '/w/a.ts', revision: 1, diff: { hunks: 5 }, created: false }] }),
    ],
    errorCard: true,
  },
  {
    name: 'resource_link with a numeric uri (tool content)',
    actions: [tool('e', { content: [{ type: 'resource_link', uri: 7, name: 'x' }] })],
    errorCard: true,
  },
  {
    name: 'resource_link with a numeric uri (message)',
    actions: [
      update({
        sessionUpdate: 'agent_message_chunk',
        content: { type: 'resource_link', uri: 7, name: 'x' },
      } as unknown as acp.SessionUpdate),
    ],
    errorCard: true,
  },
  { name: 'rawInput nested 5,000 deep', actions: [tool('f', { rawInput: deep(5000) })], errorCard: false },
  { name: '3 KB of ">"', actions: [agentChunk('>'.repeat(3000), 'm-gt')], errorCard: false },
  {
    name: 'emphasis nested 2,000 deep',
    actions: [agentChunk('*a '.repeat(2000) + 'b' + ' a*'.repeat(2000), 'm-em')],
    errorCard: false,
  },
];

function entryOf(m: Mounted, text: string): HTMLElement | undefined {
  return m.$$('.entries .entry').find((el) => el.textContent?.includes(text));
}

beforeEach(() => clearRecentErrors());

describe('malformed updates', () => {
  for (const c of CASES) {
    it(`${c.name}: only that entry is affected; later actions still render`, () => {
      const m = mount();
      m.snapshot(thread([...READY, PROMPT, agentChunk('before', 'm0')]));
      const started = performance.now();
      m.act(...c.actions);
      m.act(agentChunk('after', 'm1'), tool('ok', { title: 'Fine tool', locations: [{ path: '/w/ok.ts', line: 3 }] }));
      expect(performance.now() - started).toBeLessThan(2000);

      const cards = m.$$('.entry-error');
      expect(cards.length).toBe(c.errorCard ? 1 : 0);
      if (c.errorCard) {
        expect(cards[0]!.textContent).toMatch(/could not be shown/);
        // The card is inside the bad entry, which is neither the one before nor the ones after.
        const bad = cards[0]!.closest('.entry') as HTMLElement;
        expect(bad.textContent).not.toContain('before');
        expect(bad.textContent).not.toContain('after');
        expect(bad.textContent).not.toContain('Fine tool');
        expect(recentErrors().length).toBeGreaterThan(0);
      }
      expect(entryOf(m, 'before')).toBeDefined();
      expect(entryOf(m, 'after')).toBeDefined();
      expect(m.$('.tool-card[data-tool-call-id="ok"] .location-link').textContent).toBe('/w/ok.ts:3');

      // And a new view of the same thread (the panel reloaded) renders it the same way.
      const n = mount();
      n.snapshot(m.app.state.thread);
      expect(n.$$('.entry-error').length).toBe(c.errorCard ? 1 : 0);
      expect(entryOf(n, 'after')).toBeDefined();
    });
  }

  it('a bad item of a tool card leaves the rest of the card, its permission request included, working', () => {
    const m = mount();
    m.snapshot(
      thread([
        ...READY,
        PROMPT,
        rawTool('t', {
          content: [
            { type: 'diff', path: null, revision: 1, diff: HUNKS, created: false },
            { type: 'content', content: { type: 'text', text: 'good text' } },
          ],
        }),
      ]),
    );
    m.act({
      type: 'permissionRequested',
      permissionId: 'p1',
      toolCall: { toolCallId: 't' },
      options: [{ optionId: 'ok', name: 'Allow', kind: 'allow_once' }],
    });
    expect(m.$('.tool-content').textContent).toContain('good text');
    expect(m.$('.tool-content .entry-error').textContent).toContain('diff path should be a string, got null');
    m.$('.permission button').click();
    expect(m.posted).toContainEqual({ type: 'permission', permissionId: 'p1', optionId: 'ok' });
  });

  it('a list that is not a list shows an error card in its section; the permission request still works', () => {
    const m = mount();
    m.snapshot(thread([...READY, PROMPT, tool('t', { locations: 'abc' })]));
    m.act({
      type: 'permissionRequested',
      permissionId: 'p1',
      toolCall: { toolCallId: 't' },
      options: [{ optionId: 'no', name: 'No', kind: 'reject_once' }],
    });
    expect(m.$('.tool-locations .entry-error').textContent).toContain('expected a list, got a string');
    expect(m.$('.tool-title').textContent).toBe('Tool t');
    m.$('.permission button').click();
    expect(m.posted).toContainEqual({ type: 'permission', permissionId: 'p1', optionId: 'no' });
  });

  it('an entry fixed by a later update renders normally again', () => {
    const m = mount();
    m.snapshot(thread([...READY, PROMPT, tool('t', { locations: 'abc' })]));
    expect(m.$$('.entry-error')).toHaveLength(1);
    m.act(
      update({
        sessionUpdate: 'tool_call_update',
        toolCallId: 't',
        locations: [{ path: '/w/x.ts' }],
      } as acp.SessionUpdate),
    );
    expect(m.$$('.entry-error')).toHaveLength(0);
    expect(m.$('.tool-card[data-tool-call-id="t"] .location-link').textContent).toBe('/w/x.ts');
    // And an empty list after a broken one clears the card too.
    m.act(
      update({ sessionUpdate: 'tool_call_update', toolCallId: 't', locations: 'abc' } as unknown as acp.SessionUpdate),
    );
    expect(m.$$('.entry-error')).toHaveLength(1);
    m.act(update({ sessionUpdate: 'tool_call_update', toolCallId: 't', locations: [] } as acp.SessionUpdate));
    expect(m.$$('.entry-error')).toHaveLength(0);
  });

  it('raw input nested 5,000 deep opens, cut at a bounded depth', () => {
    const m = mount();
    m.snapshot(thread([...READY, PROMPT, tool('t', { rawInput: deep(5000) })]));
    const raw = m.$('details.tool-raw') as HTMLDetailsElement;
    raw.open = true;
    raw.dispatchEvent(new Event('toggle'));
    expect(raw.querySelector('pre')?.textContent).toContain('{…}');
  });

  it('the error card shows the data as text, bounded, and never throws on cycles or depth', () => {
    const cyclic: Record<string, unknown> = { a: '<img src=x onerror=alert(1)>' };
    cyclic.self = cyclic;
    const json = boundedJson(cyclic, 500);
    expect(json.length).toBeLessThan(600);
    expect(json).toContain('<img src=x onerror=alert(1)>');
    expect(boundedJson(deep(5000), 100_000)).toContain('{…}');
  });

  it('a batch that cannot be applied is not dropped: the webview asks for a snapshot and records why', () => {
    const m = mount();
    m.snapshot(thread([...READY, PROMPT]));
    m.app.receive({ type: 'actions', firstSeq: 1, actions: null as unknown as ThreadAction[] });
    expect(m.posted).toEqual([{ type: 'resync' }]);
    expect(recentErrors().at(-1)?.where).toMatch(/resync/);
    m.posted.length = 0;
    // An action the reducer throws on: the same.
    m.app.receive({
      type: 'actions',
      firstSeq: 1,
      actions: [
        { type: 'permissionRequested', permissionId: 'p', toolCall: null, options: [] } as unknown as ThreadAction,
      ],
    });
    expect(m.posted).toEqual([]); // still waiting for the first resync's snapshot
    m.snapshot(thread([...READY, PROMPT]));
    m.app.receive({
      type: 'actions',
      firstSeq: 1,
      actions: [
        { type: 'permissionRequested', permissionId: 'p', toolCall: null, options: [] } as unknown as ThreadAction,
      ],
    });
    expect(m.posted).toEqual([{ type: 'resync' }]);
    // The snapshot that answers brings the chat back, and later batches apply.
    m.snapshot(thread([...READY, PROMPT]));
    m.act(agentChunk('back again'));
    expect(entryOf(m, 'back again')).toBeDefined();
  });

  it('a part of the UI that throws on every frame does not stop the others, nor later frames', () => {
    const m = mount();
    const poisoned = thread([...READY, PROMPT, agentChunk('one')]);
    // The header and the composer both show the agent's name (the reducer copies agentInfo, never reads it).
    poisoned.agentInfo = Object.defineProperty({ name: 'x', version: '1' }, 'title', {
      enumerable: true,
      get: () => {
        throw new Error('boom');
      },
    });
    m.snapshot(poisoned);
    expect(recentErrors().map((e) => e.where)).toEqual(
      expect.arrayContaining(['the header could not be rendered', 'the composer could not be rendered']),
    );
    expect(entryOf(m, 'one')).toBeDefined();
    m.act(agentChunk(' two'));
    expect(entryOf(m, 'one two')).toBeDefined();
  });
});
