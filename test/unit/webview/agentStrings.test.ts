// @vitest-environment jsdom
// Agent strings shown as UI text: invisible and direction-changing characters are made visible
// (visibleText.ts), and a permission button says what its option's kind does, whatever the agent
// named it.
import type * as acp from '@agentclientprotocol/sdk';
import { describe, expect, it } from 'vitest';
import type { ThreadAction } from '../../../src/shared/actions';
import { TerminalViews } from '../../../webview/terminal/views';
import { visibleText } from '../../../webview/visibleText';
import { mount, READY, thread, type, update } from './helpers';

const RLO = '\u202E';
const PROMPT: ThreadAction = { type: 'promptSent', prompt: [{ type: 'text', text: 'go' }] };

function tool(fields: Record<string, unknown> = {}): ThreadAction {
  return update({
    sessionUpdate: 'tool_call',
    toolCallId: 'c1',
    title: 'Read file',
    kind: 'read',
    status: 'pending',
    ...fields,
  } as unknown as acp.SessionUpdate);
}

function permission(options: acp.PermissionOption[]): ThreadAction {
  return { type: 'permissionRequested', permissionId: 'p1', toolCall: { toolCallId: 'c1' }, options };
}

describe('visibleText', () => {
  it('shows direction overrides, isolates, zero-width, separators, tags and controls as code points', () => {
    expect(visibleText(`a${RLO}b`)).toBe('a⟨U+202E⟩b');
    for (const char of [
      '\u202A',
      '\u202B',
      '\u202C',
      '\u202D',
      '\u2066',
      '\u2067',
      '\u2068',
      '\u2069',
      '\u200B',
      '\u200C',
      '\u200D',
      '\u200E',
      '\u200F',
      '\uFEFF',
      '\u2028',
      '\u2029',
      '\u0000',
      '\u001B',
      '\u007F',
      '\u0085',
      '\u{E0041}',
    ]) {
      const code = char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0');
      expect(visibleText(`x${char}y`)).toBe(`x⟨U+${code}⟩y`);
    }
  });

  it('leaves ordinary text (accents, emoji, CJK, right-to-left scripts) alone', () => {
    for (const text of ['café', 'ünïcödé', '日本語', 'مرحبا', 'שלום', '👍🏽 ok', 'a/b\\c.ts:12'])
      expect(visibleText(text)).toBe(text);
  });

  it('one-line labels show line breaks; multiline text keeps them', () => {
    expect(visibleText('rm -rf /\ntouch x')).toBe('rm -rf /⏎touch x');
    expect(visibleText('line 1\nline 2', { multiline: true })).toBe('line 1\nline 2');
  });

  it('turns non-strings into text and bounds the length', () => {
    expect(visibleText(42)).toBe('42');
    expect(visibleText(null)).toBe('');
    expect(visibleText({ toString: () => 'x' })).toBe('');
    expect(visibleText('a'.repeat(50), { maxLength: 10 })).toBe(`${'a'.repeat(10)}…`);
  });
});

describe('agent strings in cards', () => {
  it('a tool title, a permission option name and a location path show their bidi characters', () => {
    const m = mount();
    m.snapshot(
      thread([
        ...READY,
        PROMPT,
        tool({ title: `Read ${RLO}txt.exe`, locations: [{ path: `/w/${RLO}gpj.exe` }] }),
        permission([{ optionId: 'a', name: `Allow ${RLO}ecno`, kind: 'allow_once' }]),
      ]),
    );
    expect(m.$('.tool-title').textContent).toBe('Read ⟨U+202E⟩txt.exe');
    expect(m.$('.permission-option').textContent).toContain('⟨U+202E⟩ecno');
    expect(m.$('.location-link').textContent).toContain('⟨U+202E⟩gpj.exe');
    // Nothing reaches the DOM as the raw character.
    expect(m.root.textContent).not.toContain(RLO);
  });

  it('plan entries, slash commands, mode names and the agent name do too', () => {
    const m = mount();
    m.snapshot(
      thread([
        { type: 'initialized', agentInfo: { name: 'x', title: `Agent${RLO}`, version: '1' }, agentCapabilities: {} },
        {
          type: 'sessionStarted',
          sessionId: 's',
          modes: { currentModeId: 'm', availableModes: [{ id: 'm', name: `Mode\u200B1` }] },
          configOptions: null,
        },
        { type: 'connection', state: { kind: 'ready' } },
        update({ sessionUpdate: 'plan', entries: [{ content: `Step\u2066one`, priority: 'high', status: 'pending' }] }),
        update({
          sessionUpdate: 'available_commands_update',
          availableCommands: [{ name: `cmd${RLO}`, description: `desc\u200F` }],
        }),
      ]),
    );
    expect(m.$('.agent-name').textContent).toBe('Agent⟨U+202E⟩');
    expect(m.$('.plan-content').textContent).toBe('Step⟨U+2066⟩one');
    expect(m.$('.mode-select option').textContent).toBe('Mode⟨U+200B⟩1');
    type(m.$('textarea') as HTMLTextAreaElement, '/');
    expect(m.$('.slash-name').textContent).toBe('/cmd⟨U+202E⟩');
    expect(m.$('.slash-description').textContent).toBe('desc⟨U+200F⟩');
    expect(m.root.textContent).not.toMatch(/[\u202E\u2066\u200B\u200F]/);
  });

  it('a terminal command line does too', () => {
    const views = new TerminalViews();
    const el = views.element('t1');
    document.body.appendChild(el);
    views.describe({
      t1: {
        terminalId: 't1',
        commandLine: `ls ${RLO}fdp.sh\nrm -rf ~`,
        cwd: '/w',
        mode: 'pty',
        status: 'running',
        exitStatus: null,
        stoppedBy: null,
        released: false,
      },
    });
    expect(el.querySelector('.terminal-command')?.textContent).toBe('$ ls ⟨U+202E⟩fdp.sh⏎rm -rf ~');
  });
});

describe('permission buttons say what the kind does', () => {
  const options: acp.PermissionOption[] = [
    { optionId: 'trap', name: 'Deny', kind: 'allow_always' },
    { optionId: 'trap2', name: 'Allow', kind: 'reject_once' },
    { optionId: 'odd', name: 'Sure', kind: 'constructor' as acp.PermissionOptionKind },
  ];

  it('an option named "Deny" of kind allow_always renders as an allow, the name as secondary text', () => {
    const m = mount();
    m.snapshot(thread([...READY, PROMPT, tool(), permission(options)]));
    const [deny, allow, odd] = m.$$('.permission-option');
    expect(deny!.dataset.kind).toBe('allow_always');
    expect(deny!.classList.contains('primary')).toBe(true);
    expect(deny!.querySelector('.permission-kind')?.textContent).toBe('Allow always');
    expect(deny!.querySelector('.permission-name')?.textContent).toBe('Deny');
    // Named by what it shows, the kind first: a screen reader says "Allow always" before the agent's "Deny".
    expect(deny!.hasAttribute('aria-label')).toBe(false);
    expect(deny!.textContent).toBe('Allow alwaysDeny');
    // And an option named "Allow" that rejects looks like a rejection.
    expect(allow!.classList.contains('primary')).toBe(false);
    expect(allow!.querySelector('.permission-kind')?.textContent).toBe('Reject once');
    // An unknown kind is never dressed as an allow.
    expect(odd!.dataset.kind).toBe('unknown');
    expect(odd!.classList.contains('primary')).toBe(false);
    expect(odd!.querySelector('.permission-kind')?.textContent).toBe('Unknown option');
  });

  it('the resolved card names what was done by kind', () => {
    const m = mount();
    m.snapshot(
      thread([
        ...READY,
        PROMPT,
        tool(),
        permission(options),
        { type: 'permissionResolved', permissionId: 'p1', outcome: { kind: 'selected', optionId: 'trap' } },
      ]),
    );
    expect(m.$('.permission-result').textContent).toBe('Always allowed (“Deny”)');
  });

  it('an answer the client gave by itself says so on the card', () => {
    const m = mount();
    const answered = (automatic?: string): ThreadAction => ({
      type: 'permissionResolved',
      permissionId: 'p1',
      outcome: { kind: 'selected', optionId: 'trap', ...(automatic ? { automatic } : {}) },
    });
    m.snapshot(thread([...READY, PROMPT, tool(), permission(options), answered(`Allowed by rule: x${RLO}`)]));
    expect(m.$('.permission').dataset.automatic).toBe('true');
    expect(m.$('.permission-automatic').textContent).toBe(visibleText(`Allowed by rule: x${RLO}`));
    m.snapshot(thread([...READY, PROMPT, tool(), permission(options), answered()]));
    expect(m.$('.permission').dataset.automatic).toBeUndefined();
    expect(m.root.querySelector('.permission-automatic')).toBeNull();
  });
});
