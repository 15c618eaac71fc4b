// @vitest-environment jsdom
import type * as acp from '@agentclientprotocol/sdk';
import { describe, expect, it } from 'vitest';
import type { ThreadAction } from '../../../src/shared/actions';
import type { AgentFailure } from '../../../src/shared/thread';
import { IncrementalMarkdown } from '../../../webview/render/markdown/markdown';
import { agentChunk, DEMO_AGENT, mount, OTHER_AGENT, READY, thread, update } from './helpers';

const FAILURE: AgentFailure = {
  reason: { kind: 'exited' },
  commandLine: 'gemini --experimental-acp',
  exitCode: 1,
  signal: null,
  stderrTail: ['Error: no API key', 'at main (index.js:1)'],
};

describe('empty state and header', () => {
  it('before the first snapshot of the host shows neither "Start a chat" nor a chat (a reload restoring its chat)', () => {
    const m = mount();
    expect(m.$('.empty-state').hidden).toBe(true);
    expect(m.$('.transcript-frame').hidden).toBe(true);
    expect(m.$('main').getAttribute('aria-busy')).toBe('true');
    m.snapshot(null);
    expect(m.$('.empty-state').hidden).toBe(false);
    expect(m.$('main').hasAttribute('aria-busy')).toBe(false);
  });

  it('without a chat shows a New chat button and the agent picker', () => {
    const m = mount();
    m.snapshot(null);
    expect(m.$('.empty-state').hidden).toBe(false);
    // The transcript's frame (its room in the layout) goes too, so the empty state has the view.
    expect(m.$('.transcript-frame').hidden).toBe(true);
    expect(m.$$('.new-chat')).toHaveLength(1);
    const picker = m.$('select.agent-picker') as HTMLSelectElement;
    expect(Array.from(picker.options).map((o) => o.value)).toEqual(['demo', 'gemini']);
    expect(picker.value).toBe('demo');
    picker.value = 'gemini';
    m.$('.new-chat').click();
    expect(m.posted).toEqual([{ type: 'newChat', agentId: 'gemini' }]);
  });

  it('lists agents found on this machine in their own group, after the configured ones, and starts them', () => {
    const m = mount();
    const found = {
      id: 'opencode',
      displayName: 'OpenCode',
      isDemo: false,
      commandLine: '/usr/local/bin/opencode acp',
      foundAt: '/usr/local/bin/opencode',
    };
    m.snapshot(null, [DEMO_AGENT, found, OTHER_AGENT]);
    const picker = m.$('select.agent-picker') as HTMLSelectElement;
    expect(Array.from(picker.options).map((o) => o.value)).toEqual(['demo', 'gemini', 'opencode']);
    const group = picker.querySelector('optgroup');
    expect(group?.label).toBe('Found on this machine');
    expect(Array.from(group?.querySelectorAll('option') ?? []).map((o) => [o.value, o.title])).toEqual([
      ['opencode', 'Found on this machine: /usr/local/bin/opencode acp'],
    ]);
    picker.value = 'opencode';
    m.$('.new-chat').click();
    expect(m.posted).toEqual([{ type: 'newChat', agentId: 'opencode' }]);
    // Without found agents there is no empty group.
    m.snapshot(null, [DEMO_AGENT, OTHER_AGENT]);
    expect(picker.querySelector('optgroup')).toBeNull();
  });

  it('with no configured agents, New chat lets the host ask', () => {
    const m = mount();
    m.snapshot(null, []);
    m.$('.new-chat').click();
    expect(m.posted).toEqual([{ type: 'newChat' }]);
  });

  it('shows agent name, version, Demo badge, title, usage and connection state', () => {
    const m = mount();
    m.snapshot(
      thread([
        ...READY,
        update({ sessionUpdate: 'session_info_update', title: 'Fix the parser' }),
        update({ sessionUpdate: 'usage_update', used: 50_000, size: 200_000, cost: { amount: 0.42, currency: 'USD' } }),
      ]),
    );
    expect(m.$('#agent-name').textContent).toBe('Demo Agent');
    expect(m.$('.agent-version').textContent).toBe('v1.2.3');
    expect(m.$('.demo-badge').hidden).toBe(false);
    expect(m.$('#session-title').textContent).toBe('Fix the parser');
    expect(m.$('.usage').hidden).toBe(false);
    expect(m.$('.usage-text').textContent).toMatch(/^25% · 50k \/ 200k · .*0\.42/);
    expect(m.$('.connection-state').dataset.state).toBe('ready');
    expect(m.$('.empty-state').hidden).toBe(true);
    expect(m.$('.transcript-frame').hidden).toBe(false);
    expect(m.$('.transcript').parentElement).toBe(m.$('.transcript-frame'));
    // One line, no buttons: New chat, Restart and the log are in the view's title bar.
    expect(m.$('.header').querySelectorAll('button, select')).toHaveLength(0);
    expect(m.$$('.new-chat')).toHaveLength(1); // still one, in the hidden empty state
  });

  it('prefers agentInfo.title for the name and hides the Demo badge for real agents', () => {
    const m = mount();
    const t = thread([
      {
        type: 'initialized',
        agentInfo: { name: 'gemini-cli', title: 'Gemini', version: '0.9' },
        agentCapabilities: {},
      },
    ]);
    m.snapshot({ ...t, agent: { id: OTHER_AGENT.id, displayName: OTHER_AGENT.displayName, isDemo: false } });
    expect(m.$('#agent-name').textContent).toBe('Gemini');
    expect(m.$('.demo-badge').hidden).toBe(true);
  });

  it("shows the name the user gave the agent in its settings before the agent's own title", () => {
    const m = mount();
    const t = thread([
      {
        type: 'initialized',
        agentInfo: { name: 'scripted-agent', title: 'Scripted Agent', version: '1.0.0' },
        agentCapabilities: {},
      },
    ]);
    m.snapshot({ ...t, agent: { id: 'mine', displayName: 'Scripted v2 agent', isDemo: false, namedByUser: true } });
    expect(m.$('#agent-name').textContent).toBe('Scripted v2 agent');
  });
});

describe('connection states', () => {
  it('starting shows a spinner line naming the agent', () => {
    const m = mount();
    m.snapshot(thread([]));
    expect(m.$('.connection-banner').textContent).toBe(`Starting ${DEMO_AGENT.displayName}...`);
    expect(m.$('.connection-banner .spinner')).toBeTruthy();
  });

  it('authRequired offers one button per auth method', () => {
    const m = mount();
    const methods: acp.AuthMethod[] = [
      { id: 'oauth', name: 'Sign in with Google', description: 'Opens a browser' },
      { id: 'key', name: 'Use an API key' },
    ];
    m.snapshot(thread([{ type: 'connection', state: { kind: 'authRequired', methods } }]));
    const buttons = m.$$('.auth-method button');
    expect(buttons.map((b) => [b.dataset.methodId, b.textContent])).toEqual([
      ['oauth', 'Sign in with Google'],
      ['key', 'Use an API key'],
    ]);
    expect(m.$('.auth-description').textContent).toBe('Opens a browser');
    buttons[1]!.click();
    expect(m.posted).toEqual([{ type: 'authenticate', methodId: 'key' }]);
    m.act({ type: 'connection', state: { kind: 'authenticating', methodId: 'key' } });
    expect(m.$('.connection-banner').textContent).toBe('Signing in with Use an API key...');
    m.act({ type: 'connection', state: { kind: 'ready' } });
    expect(m.$('.connection-banner').hidden).toBe(true);
  });

  it('a failure shows an error card with command, exit code, stderr, hint, Restart and Show log', () => {
    const m = mount();
    m.snapshot(thread(READY));
    m.act({ type: 'agentFailed', failure: FAILURE });
    const card = m.$('.entry.failure .error-card');
    expect(card.querySelector('.error-title')?.textContent).toBe('Agent exited with code 1');
    expect(card.querySelector('.error-command code')?.textContent).toBe(FAILURE.commandLine);
    expect(card.querySelector('.error-exit')?.textContent).toBe('Exited with exit code 1');
    expect(card.querySelector('.error-stderr pre')?.textContent).toBe('Error: no API key\nat main (index.js:1)');
    expect(card.querySelector('.error-hint')?.textContent).toBe(
      'The agent exited; press Restart to start it again. The stderr lines above may say why.',
    );
    // The card is shown once (the banner refers to it rather than repeating it).
    expect(m.$$('.error-card')).toHaveLength(1);
    (card.querySelector('button.restart') as HTMLElement).click();
    (card.querySelector('button.show-log') as HTMLElement).click();
    expect(m.posted).toEqual([{ type: 'restartAgent' }, { type: 'showLog' }]);
  });
});

describe('entries', () => {
  it('renders each entry kind with stable hooks', () => {
    const m = mount();
    m.snapshot(
      thread([
        ...READY,
        { type: 'promptSent', prompt: [{ type: 'text', text: 'Hi <b>there</b>' }] },
        update({ sessionUpdate: 'agent_thought_chunk', content: { type: 'text', text: 'Let me *think*' } }),
        agentChunk('Hello **world**'),
        { type: 'turnEnded', stopReason: 'end_turn' },
      ]),
    );
    const kinds = m.$$('.entry').map((e) => e.className.replace('entry ', ''));
    expect(kinds).toEqual(['user', 'thought', 'agent', 'turn-end']);
    expect(m.$$('.entry').every((e) => e.dataset.entryId)).toBe(true);
    // The user's text is shown as typed, never as HTML.
    expect(m.$('.entry.user .user-text').textContent).toBe('Hi <b>there</b>');
    expect(m.root.querySelector('.entry.user b')).toBeNull();
    expect(m.$('.entry.agent .markdown strong').textContent).toBe('world');
    const thought = m.$('.entry.thought details') as HTMLDetailsElement;
    expect(thought.open).toBe(false);
    expect(thought.querySelector('summary')?.textContent).toBe('Thinking');
    thought.open = true;
    thought.dispatchEvent(new Event('toggle'));
    expect(thought.querySelector('.markdown em')?.textContent).toBe('think');
    expect(m.$('.entry.turn-end').dataset.stopReason).toBe('end_turn');
  });

  it('each non-normal stop reason is a distinct notice; refusal explains the context loss', () => {
    const reasons: ThreadAction[] = [
      { type: 'turnEnded', stopReason: 'refusal' },
      { type: 'turnEnded', stopReason: 'max_tokens' },
      { type: 'turnEnded', stopReason: 'max_turn_requests' },
      { type: 'turnEnded', stopReason: 'cancelled' },
      { type: 'turnFailed', message: 'Internal error: boom' },
    ];
    const m = mount();
    m.snapshot(thread([...READY, ...reasons]));
    const ends = m.$$('.entry.turn-end');
    expect(ends.map((e) => e.dataset.stopReason)).toEqual([
      'refusal',
      'max_tokens',
      'max_turn_requests',
      'cancelled',
      'error',
    ]);
    const titles = ends.map((e) => e.querySelector('.turn-end-title')?.textContent);
    expect(new Set(titles).size).toBe(5);
    expect(ends[0]!.textContent).toContain("won't be in the agent's context");
    expect(ends[4]!.textContent).toContain('Internal error: boom');
  });

  it('copy buttons on code blocks post the code', () => {
    const m = mount();
    m.snapshot(thread([...READY, agentChunk('Run:\n\n```sh\nnpm test\n```\n')]));
    m.$('.entry.agent button.copy-code').click();
    expect(m.posted).toEqual([{ type: 'copy', text: 'npm test\n' }]);
  });

  it('shows the plan with status and priority per entry', () => {
    const m = mount();
    m.snapshot(thread(READY));
    expect(m.$('.plan').hidden).toBe(true);
    m.act(
      update({
        sessionUpdate: 'plan',
        entries: [
          { content: 'Read the code', priority: 'high', status: 'completed' },
          { content: 'Write the fix', priority: 'medium', status: 'in_progress' },
          { content: 'Run tests', priority: 'low', status: 'pending' },
        ],
      }),
    );
    const items = m.$$('.plan .plan-entry');
    expect(
      items.map((i) => [i.dataset.status, i.dataset.priority, i.querySelector('.plan-content')?.textContent]),
    ).toEqual([
      ['completed', 'high', 'Read the code'],
      ['in_progress', 'medium', 'Write the fix'],
      ['pending', 'low', 'Run tests'],
    ]);
    expect(m.$('.plan-summary').textContent).toBe('Plan · 1 of 3 done');
    expect((m.$('.plan') as HTMLDetailsElement).open).toBe(true);
    // All done: the plan folds to its summary line, leaving the room to the conversation.
    const done = (content: string) => ({ content, priority: 'medium' as const, status: 'completed' as const });
    m.act(update({ sessionUpdate: 'plan', entries: [done('Read the code'), done('Write the fix')] }));
    expect((m.$('.plan') as HTMLDetailsElement).open).toBe(false);
    // The user opens it again: a later update with the same state keeps it open.
    (m.$('.plan') as HTMLDetailsElement).open = true;
    m.act(update({ sessionUpdate: 'plan', entries: [done('Read the code'), done('Write the fix'), done('Ship')] }));
    expect((m.$('.plan') as HTMLDetailsElement).open).toBe(true);
  });
});

describe('rendering performance contract', () => {
  it('batches many action batches into one render per frame', () => {
    const m = mount();
    m.snapshot(thread(READY));
    for (let i = 0; i < 50; i++) m.app.receive({ type: 'actions', firstSeq: i + 1, actions: [agentChunk('x')] });
    expect(m.frames).toHaveLength(1); // one frame requested for 50 batches
    expect(m.root.querySelector('.entry.agent')).toBeNull(); // nothing rendered before the frame
    m.frames.splice(0).forEach((cb) => cb());
    expect(m.$('.entry.agent .markdown').textContent?.trim()).toBe('x'.repeat(50));
  });

  it('re-renders only entries whose identity changed', () => {
    const m = mount();
    m.snapshot(
      thread([...READY, { type: 'promptSent', prompt: [{ type: 'text', text: 'q' }] }, agentChunk('first\n\n')]),
    );
    const user = m.$('.entry.user');
    const userText = user.innerHTML;
    const agentEl = m.$('.entry.agent');
    const frozenP = agentEl.querySelector('p');
    const observer = new MutationObserver(() => undefined);
    observer.observe(user, { subtree: true, childList: true, characterData: true, attributes: true });
    for (const chunk of ['more ', 'text ', 'streams in']) m.act(agentChunk(chunk));
    expect(observer.takeRecords()).toEqual([]);
    expect(m.$('.entry.user')).toBe(user);
    expect(user.innerHTML).toBe(userText);
    expect(m.$('.entry.agent')).toBe(agentEl);
    expect(agentEl.querySelector('p')).toBe(frozenP);
    expect(agentEl.querySelectorAll('p')).toHaveLength(2);
  });

  it('streaming through actions ends identical to a one-shot render', () => {
    const text =
      '# Plan\n\nSteps:\n\n1. one\n2. two\n\n```ts\nconst a = 1;\n```\n\nDone, see [docs](https://example.com).\n';
    const m = mount();
    m.snapshot(thread(READY));
    for (const ch of text) m.act(agentChunk(ch));
    const oneShot = new IncrementalMarkdown();
    oneShot.update(text);
    expect(m.$('.entry.agent .markdown').innerHTML).toBe(oneShot.el.innerHTML);
  });

  it('a new snapshot for another thread replaces the transcript', () => {
    const m = mount();
    m.snapshot(thread([...READY, agentChunk('old thread')]));
    const other = thread([...READY, agentChunk('new thread')]);
    m.snapshot({ ...other, key: { agentId: 'demo', threadId: 't2' } });
    expect(m.$$('.entry.agent .message-body').map((e) => e.textContent?.trim())).toEqual(['new thread']);
  });
});

describe('selectors', () => {
  const configOptions: acp.SessionConfigOption[] = [
    {
      id: 'model',
      name: 'Model',
      category: 'model',
      type: 'select',
      currentValue: 'sonnet',
      options: [
        {
          group: 'anthropic',
          name: 'Anthropic',
          options: [
            { value: 'sonnet', name: 'Sonnet' },
            { value: 'opus', name: 'Opus' },
          ],
        },
        { group: 'other', name: 'Other', options: [{ value: 'local', name: 'Local' }] },
      ],
    },
    {
      id: 'mode',
      name: 'Mode',
      category: 'mode',
      type: 'select',
      currentValue: 'ask',
      options: [
        { value: 'ask', name: 'Ask' },
        { value: 'code', name: 'Code' },
      ],
    },
    { id: 'fast', name: 'Fast', type: 'boolean', currentValue: true } as acp.SessionConfigOption,
  ];
  const modes: acp.SessionModeState = {
    currentModeId: 'a',
    availableModes: [
      { id: 'a', name: 'Architect' },
      { id: 'b', name: 'Build' },
    ],
  };

  it('renders select config options in order (grouped with optgroup), ignores other types, posts setConfigOption', () => {
    const m = mount();
    m.snapshot(thread([...READY, { type: 'sessionStarted', sessionId: 's', modes, configOptions }]));
    const selects = m.$$('.config-option select') as HTMLSelectElement[];
    expect(selects.map((s) => s.dataset.configId)).toEqual(['model', 'mode']);
    expect(Array.from(selects[0]!.querySelectorAll('optgroup')).map((g) => g.label)).toEqual(['Anthropic', 'Other']);
    expect(selects[0]!.value).toBe('sonnet');
    expect(m.root.querySelector('.mode-select')).toBeNull(); // config options win over legacy modes
    selects[0]!.value = 'opus';
    selects[0]!.dispatchEvent(new Event('change'));
    expect(m.posted).toEqual([{ type: 'setConfigOption', configId: 'model', value: 'opus' }]);
  });

  it('shows the legacy mode selector only without config options', () => {
    const m = mount();
    m.snapshot(thread([...READY, { type: 'sessionStarted', sessionId: 's', modes, configOptions: null }]));
    const select = m.$('select.mode-select') as HTMLSelectElement;
    expect(select.value).toBe('a');
    select.value = 'b';
    select.dispatchEvent(new Event('change'));
    expect(m.posted).toEqual([{ type: 'setMode', modeId: 'b' }]);
    m.act({ type: 'modeChanged', modeId: 'b' });
    expect((m.$('select.mode-select') as HTMLSelectElement).value).toBe('b');
  });

  it('shows no selectors when the agent advertised none', () => {
    const m = mount();
    m.snapshot(thread(READY));
    expect(m.$('.selectors').hidden).toBe(true);
  });
});
