// @vitest-environment jsdom
import { readFileSync } from 'node:fs';
import type * as acp from '@agentclientprotocol/sdk';
import { describe, expect, it } from 'vitest';
import type { ThreadAction } from '../../../src/shared/actions';
import { restoredTool } from '../../../src/shared/toolCalls';
import { fileWritten } from '../shared/helpers';
import { mount, READY, thread, update } from './helpers';

const OPTIONS: acp.PermissionOption[] = [
  { optionId: 'allow', name: 'Allow once', kind: 'allow_once' },
  { optionId: 'always', name: 'Always allow', kind: 'allow_always' },
  { optionId: 'reject', name: 'Reject', kind: 'reject_once' },
];

function toolCall(fields: Partial<acp.ToolCall> = {}): ThreadAction {
  return update({
    sessionUpdate: 'tool_call',
    toolCallId: 'call-1',
    title: 'Edit main.ts',
    kind: 'edit',
    status: 'in_progress',
    ...fields,
  } as acp.SessionUpdate);
}

/** The tool call's content becomes one diff of `path` (a one-line change). */
function diffUpdate(path: string): ThreadAction {
  return update({
    sessionUpdate: 'tool_call_update',
    toolCallId: 'call-1',
    content: [{ type: 'diff', path, oldText: 'a\n', newText: 'b\n' }],
  });
}

function withTool(...extra: ThreadAction[]) {
  const m = mount();
  m.snapshot(thread([...READY, { type: 'promptSent', prompt: [{ type: 'text', text: 'go' }] }, toolCall(), ...extra]));
  return m;
}

describe('tool-call card', () => {
  it('shows kind, title and status as stable hooks', () => {
    const m = withTool();
    const card = m.$('.entry.tool .tool-card');
    expect(card.dataset.toolCallId).toBe('call-1');
    expect(card.dataset.status).toBe('in_progress');
    expect(m.$('.tool-icon').dataset.kind).toBe('edit');
    expect(m.$('.tool-title').textContent).toBe('Edit main.ts');
    m.act(update({ sessionUpdate: 'tool_call_update', toolCallId: 'call-1', status: 'completed' }));
    expect(m.$('.tool-card').dataset.status).toBe('completed');
    expect(m.$('.status-badge').textContent).toBe('Completed');
  });

  it('permission buttons carry option id and kind and post the chosen option', () => {
    const m = withTool({
      type: 'permissionRequested',
      permissionId: 'perm-7',
      toolCall: { toolCallId: 'call-1' },
      options: OPTIONS,
    });
    const buttons = m.$$('.permission button');
    expect(buttons.map((b) => [b.textContent, b.dataset.optionId, b.dataset.kind])).toEqual([
      // The kind's label; the agent's name is not repeated when it says the same.
      ['Allow once', 'allow', 'allow_once'],
      ['Allow always', 'always', 'allow_always'],
      ['Reject once', 'reject', 'reject_once'],
    ]);
    expect(buttons.every((b) => b.tagName === 'BUTTON' && b.tabIndex >= 0)).toBe(true);
    // The request must not steal focus from the composer.
    expect(document.activeElement).not.toBe(buttons[0]);
    buttons[2]!.click();
    expect(m.posted).toEqual([{ type: 'permission', permissionId: 'perm-7', optionId: 'reject' }]);
    // A second click cannot answer twice.
    buttons[0]!.click();
    expect(m.posted).toHaveLength(1);
  });

  it("an agent's prompt title that repeats the card's title shows once; another title and a description show", () => {
    const ask = (permissionId: string, prompt: { title: string; description?: string }) =>
      withTool({
        type: 'permissionRequested',
        permissionId,
        toolCall: { toolCallId: 'call-1' },
        options: OPTIONS,
        prompt,
      });
    const same = ask('a', { title: 'Edit main.ts' });
    expect(same.$$('.permission-title')).toHaveLength(0);
    expect(same.$('.permission-prompt').textContent).toBe('The agent asks for permission to run this tool.');
    const described = ask('b', { title: 'Edit main.ts', description: 'It rewrites the entry point.' });
    expect(described.$$('.permission-title')).toHaveLength(0);
    expect(described.$('.permission-description').textContent).toBe('It rewrites the entry point.');
    const other = ask('c', { title: 'Allow writing outside the workspace?' });
    expect(other.$('.permission-title').textContent).toBe('Allow writing outside the workspace?');
  });

  it('a resolved request shows the chosen option, a cancelled one says so', () => {
    const m = withTool({
      type: 'permissionRequested',
      permissionId: 'p',
      toolCall: { toolCallId: 'call-1' },
      options: OPTIONS,
    });
    m.act({ type: 'permissionResolved', permissionId: 'p', outcome: { kind: 'selected', optionId: 'always' } });
    expect(m.$$('.permission button')).toHaveLength(0);
    expect(m.$('.permission').textContent).toContain('Always allow');
    const n = withTool({
      type: 'permissionRequested',
      permissionId: 'q',
      toolCall: { toolCallId: 'call-1' },
      options: OPTIONS,
    });
    n.act({ type: 'cancelRequested' });
    expect(n.$('.permission').textContent).toMatch(/cancelled/i);
    expect(n.$('.tool-card').dataset.status).toBe('cancelled');
  });

  it('renders diff content as hunks with counts and an Open diff button', () => {
    const oldText = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j'].join('\n') + '\n';
    const newText = ['a', 'b', 'C', 'd', 'e', 'f', 'g', 'h', 'i', 'j', 'k'].join('\n') + '\n';
    const action = update({
      sessionUpdate: 'tool_call_update',
      toolCallId: 'call-1',
      content: [{ type: 'diff', path: '/w/src/main.ts', oldText, newText }],
    });
    // The host kept the texts and sent hunks: the action carries no text of the file.
    expect(JSON.stringify(action)).not.toContain('"newText"');
    const m = withTool(action);
    const diff = m.$('.diff');
    expect(diff.querySelector('.diff-file-name')?.textContent).toBe('main.ts');
    expect(diff.querySelector('.diff-file-dir')?.textContent).toBe('/w/src');
    expect(diff.querySelector('.diff-added')?.textContent).toBe('+2');
    expect(diff.querySelector('.diff-removed')?.textContent).toBe('-1');
    expect(m.$$('.diff .line.del').map((l) => l.querySelector('.line-text')?.textContent)).toEqual(['c']);
    expect(m.$$('.diff .line.add').map((l) => l.querySelector('.line-text')?.textContent)).toEqual(['C', 'k']);
    expect(m.$$('.diff .line.ctx').length).toBeGreaterThanOrEqual(4);
    expect(m.$$('.diff .hunk-header').length).toBeGreaterThanOrEqual(1);
    (diff.querySelector('button.open-diff') as HTMLElement).click();
    // Ids, never texts: the host reads the texts from the keeper by revision.
    const item = action.type === 'sessionUpdate' && 'content' in action.update ? action.update.content : undefined;
    const revision = Array.isArray(item) && item[0]?.type === 'diff' ? item[0].revision : -1;
    expect(revision).toBeGreaterThan(0);
    expect(m.posted).toEqual([{ type: 'openDiff', path: '/w/src/main.ts', fromRevision: revision, revision }]);
  });

  it('keeps the rendered diff when only the status changes', () => {
    const m = withTool(diffUpdate('x'));
    const diff = m.$('.diff');
    m.act(update({ sessionUpdate: 'tool_call_update', toolCallId: 'call-1', status: 'completed' }));
    expect(m.$('.diff')).toBe(diff);
  });

  it('the agent repeating the same diff in a later update keeps the rendered card', () => {
    const item = { type: 'diff' as const, path: '/w/x.ts', oldText: 'a\n', newText: 'b\n' };
    const m = withTool(update({ sessionUpdate: 'tool_call_update', toolCallId: 'call-1', content: [item] }));
    const diff = m.$('.diff');
    m.act(update({ sessionUpdate: 'tool_call_update', toolCallId: 'call-1', status: 'completed', content: [item] }));
    expect(m.$('.diff')).toBe(diff);
  });

  it("a restored chat's diffs and writes show their hunks without Open diff (the texts were the closed window's)", () => {
    const state = thread([
      ...READY,
      { type: 'promptSent', prompt: [{ type: 'text', text: 'go' }] },
      toolCall(),
      diffUpdate('/w/a.ts'),
      fileWritten('/w/b.ts', 'x\n', 'y\n', 3, 3),
    ]);
    const m = mount();
    m.snapshot({
      ...state,
      entries: state.entries.map((entry) =>
        entry.kind === 'tool' ? { ...entry, tool: restoredTool(entry.tool) } : entry,
      ),
    });
    expect(m.$$('.diff')).toHaveLength(2);
    expect(m.$$('.diff .line.add').map((line) => line.querySelector('.line-text')?.textContent)).toEqual(['b', 'y']);
    expect(m.$$('button.open-diff')).toHaveLength(0);
  });

  it('shows fs writes as diffs, new files flagged', () => {
    const m = withTool(fileWritten('/w/new.txt', null, 'hello\nworld\n', 4, 2));
    expect(m.$('.tool-writes .diff .diff-added').textContent).toBe('+2');
    expect(m.$('.tool-writes .diff-new-file').textContent).toBe('New file');
  });

  it('shows a file once when the agent both wrote it and reported a diff for it', () => {
    const m = withTool(
      fileWritten('/w/a.txt', 'a\n', 'b\n'),
      update({
        sessionUpdate: 'tool_call_update',
        toolCallId: 'call-1',
        content: [
          { type: 'diff', path: '/w/a.txt', oldText: 'a\n', newText: 'b\n' },
          { type: 'diff', path: '/w/other.txt', oldText: 'x\n', newText: 'y\n' },
        ],
      }),
    );
    expect(m.$$('.diff')).toHaveLength(2);
    expect(m.$$('.tool-writes .diff')).toHaveLength(1);
    expect(m.$$('.tool-content .diff')).toHaveLength(1);
  });

  it('renders text content as markdown, terminals as a live terminal widget, and locations as links', () => {
    const m = withTool(
      update({
        sessionUpdate: 'tool_call_update',
        toolCallId: 'call-1',
        content: [
          { type: 'content', content: { type: 'text', text: 'Found **3** matches' } },
          { type: 'terminal', terminalId: 'term-1' },
        ],
        locations: [{ path: '/w/a.ts', line: 12 }, { path: '/w/b.ts' }],
        rawInput: { pattern: 'foo' },
      }),
    );
    expect(m.$('.tool-content .markdown strong').textContent).toBe('3');
    expect(m.$('.terminal-view').dataset.terminalId).toBe('term-1');
    const links = m.$$('.tool-locations .location-link');
    expect(links.map((l) => l.textContent)).toEqual(['/w/a.ts:12', '/w/b.ts']);
    links[0]!.click();
    links[1]!.click();
    expect(m.posted).toEqual([
      { type: 'openLocation', path: '/w/a.ts', line: 12 },
      { type: 'openLocation', path: '/w/b.ts', line: null },
    ]);
    const raw = m.$('details.tool-raw') as HTMLDetailsElement;
    expect(raw.open).toBe(false);
    raw.open = true;
    raw.dispatchEvent(new Event('toggle'));
    expect(raw.querySelector('pre')?.textContent).toContain('"pattern": "foo"');
  });

  it("keeps a tool text's lines apart (plain output), not an answer's", () => {
    const style = document.createElement('style');
    style.textContent = readFileSync('media/chat.css', 'utf8');
    const m = withTool(
      update({
        sessionUpdate: 'tool_call_update',
        toolCallId: 'call-1',
        content: [{ type: 'content', content: { type: 'text', text: 'Command: ls\nExit Code: 0' } }],
      }),
      update({ sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: 'One\ntwo' } }),
    );
    document.head.appendChild(style);
    // jsdom lays nothing out: ask the stylesheet which rules keep line breaks, and whom they match.
    const keepsLines = Array.from(style.sheet?.cssRules ?? []).filter(
      (rule): rule is CSSStyleRule => rule instanceof CSSStyleRule && /white-space: pre-line/.test(rule.style.cssText),
    );
    const matched = (el: HTMLElement) => keepsLines.some((rule) => el.matches(rule.selectorText));
    expect(m.$('.tool-text p').textContent).toBe('Command: ls\nExit Code: 0');
    expect(matched(m.$('.tool-text p'))).toBe(true);
    expect(matched(m.$('.entry.agent .markdown p'))).toBe(false);
    style.remove();
  });

  it('unfinished and cancelled tools do not spin; running ones do', () => {
    const style = document.createElement('style');
    style.textContent = readFileSync('media/chat.css', 'utf8');
    const m = withTool();
    document.head.appendChild(style);
    // jsdom computes no animation styles, so ask the stylesheet which animated rules match the icon.
    const animated = Array.from(style.sheet?.cssRules ?? []).filter(
      (rule): rule is CSSStyleRule => rule instanceof CSSStyleRule && /animation/.test(rule.style.cssText),
    );
    expect(animated.length).toBeGreaterThan(0);
    const animation = () => {
      const icon = m.$('.status-badge .status-icon');
      return animated.some((rule) => icon.matches(rule.selectorText)) ? 'sb-spin' : 'none';
    };
    expect(m.$('.status-badge').classList.contains('status-in_progress')).toBe(true);
    expect(animation()).toBe('sb-spin');
    m.act({ type: 'turnEnded', stopReason: 'end_turn' });
    expect(m.$('.tool-card').dataset.status).toBe('unfinished');
    expect(m.$('.status-badge').textContent).toBe('Unfinished');
    expect(m.$('.status-badge').classList.contains('status-in_progress')).toBe(false);
    expect(['', 'none']).toContain(animation());
    style.remove();
  });
});

describe('location links', () => {
  it('show the last path segments and keep the whole path in the tooltip and the click', () => {
    const m = withTool(
      update({
        sessionUpdate: 'tool_call_update',
        toolCallId: 'call-1',
        locations: [{ path: '/home/me/project/src/deep/file.ts', line: 3 }],
      }),
    );
    const link = m.$('.tool-locations .location-link');
    expect(link.textContent).toBe('…/src/deep/file.ts:3');
    expect(link.title).toBe('Open /home/me/project/src/deep/file.ts:3');
    link.click();
    expect(m.posted).toEqual([{ type: 'openLocation', path: '/home/me/project/src/deep/file.ts', line: 3 }]);
  });

  it("labels a diff's folder by its last two segments; the tooltip keeps the whole path", () => {
    const m = withTool(diffUpdate('/home/you/projects/app/src/main.ts'));
    expect(m.$('.diff .diff-file-dir').textContent).toBe('…/app/src');
    expect(m.$('.diff .diff-path').title).toBe('/home/you/projects/app/src/main.ts');
  });

  it('label paths inside a workspace folder relative to it, as the user knows the files', () => {
    const m = mount();
    m.app.receive({ type: 'workspaceFolders', folders: [{ name: 'project', path: '/home/me/project' }] });
    m.snapshot(
      thread([
        ...READY,
        { type: 'promptSent', prompt: [{ type: 'text', text: 'go' }] },
        toolCall(),
        update({
          sessionUpdate: 'tool_call_update',
          toolCallId: 'call-1',
          locations: [
            { path: '/home/me/project/src/deep/file.ts', line: 3 },
            { path: '/home/me/project-other/notes.md' },
          ],
        }),
        diffUpdate('/home/me/project/src/deep/file.ts'),
      ]),
    );
    const links = m.$$('.tool-locations .location-link');
    expect(links.map((link) => link.textContent)).toEqual(['src/deep/file.ts:3', '…/me/project-other/notes.md']);
    expect(links[0]!.title).toBe('Open /home/me/project/src/deep/file.ts:3');
    expect(m.$('.diff .diff-file-name').textContent).toBe('file.ts');
    expect(m.$('.diff .diff-file-dir').textContent).toBe('src/deep');
  });

  it('name the folder first in a window of several, and follow a folder added to the window', () => {
    const m = withTool(
      update({
        sessionUpdate: 'tool_call_update',
        toolCallId: 'call-1',
        locations: [{ path: '/w/api/src/app.ts' }, { path: '/w/web/index.html' }],
      }),
      diffUpdate('/w/web/index.html'),
    );
    const labels = () => m.$$('.tool-locations .location-link').map((link) => link.textContent);
    expect(labels()).toEqual(['…/api/src/app.ts', '/w/web/index.html']);
    m.app.receive({ type: 'workspaceFolders', folders: [{ name: 'api', path: '/w/api' }] });
    m.frames.splice(0).forEach((frame) => frame());
    expect(labels()).toEqual(['src/app.ts', '/w/web/index.html']);
    m.app.receive({
      type: 'workspaceFolders',
      folders: [
        { name: 'api', path: '/w/api' },
        { name: 'web', path: '/w/web/' },
      ],
    });
    m.frames.splice(0).forEach((frame) => frame());
    expect(labels()).toEqual(['api/src/app.ts', 'web/index.html']);
    // A file at the top of its folder: the folder's name stands for its place.
    expect(m.$('.diff .diff-file-dir').textContent).toBe('web');
  });
});
