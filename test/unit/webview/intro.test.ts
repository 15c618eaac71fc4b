// @vitest-environment jsdom
// An empty chat says what it can do: without a chat, how to start one (and, with only the Demo agent, how
// to add a real one); with a chat and no messages yet, the agent, its commands, examples and the keys.
import type * as acp from '@agentclientprotocol/sdk';
import { describe, expect, it } from 'vitest';
import type { ThreadState } from '../../../src/shared/thread';
import { capabilityLines } from '../../../webview/render/intro';
import { agentChunk, DEMO_AGENT, mount, OTHER_AGENT, READY, thread, update } from './helpers';

function realAgentThread(capabilities: acp.AgentCapabilities = {}): ThreadState {
  const t = thread([
    {
      type: 'initialized',
      agentInfo: { name: 'gemini-cli', title: 'Gemini', version: '0.9' },
      agentCapabilities: capabilities,
    },
    ...READY.slice(1),
    update({
      sessionUpdate: 'available_commands_update',
      availableCommands: [
        { name: 'compress', description: 'Shorten the context' },
        { name: 'memory', description: 'Manage <b>memory</b>', input: { hint: 'what' } },
      ],
    }),
  ]);
  return { ...t, agent: { id: OTHER_AGENT.id, displayName: OTHER_AGENT.displayName, isDemo: false } };
}

describe('empty chat', () => {
  it('without a chat and with only the Demo agent, offers to add an agent', () => {
    const m = mount();
    m.snapshot(null, [DEMO_AGENT]);
    expect(m.$('.empty-state').hidden).toBe(false);
    expect(m.$('.add-agent').hidden).toBe(false);
    m.$('button.configure-agents').click();
    expect(m.posted).toEqual([{ type: 'configureAgents' }]);
  });

  it('with a real agent configured, does not', () => {
    const m = mount();
    m.snapshot(null, [DEMO_AGENT, OTHER_AGENT]);
    expect(m.$('.add-agent').hidden).toBe(true);
    expect(m.$('.chat-intro').hidden).toBe(true);
  });

  it('a chat with no messages shows the agent, what it accepts, its commands, examples and keys', () => {
    const m = mount();
    m.snapshot(realAgentThread({ promptCapabilities: { image: true, embeddedContext: true }, loadSession: true }));
    const intro = m.$('.chat-intro');
    expect(intro.hidden).toBe(false);
    expect(intro.querySelector('.intro-title')?.textContent).toBe('Gemini 0.9');
    expect(intro.querySelector('.intro-text')?.textContent).toContain(
      'images, files and selections as context, reopening earlier sessions',
    );
    const commands = [...intro.querySelectorAll('.intro-commands li')].map((li) => li.textContent);
    expect(commands).toEqual(['/compressShorten the context', '/memoryManage <b>memory</b>']);
    expect(intro.querySelectorAll('.intro-examples button')).toHaveLength(3);
    expect([...intro.querySelectorAll('.intro-keys kbd')].map((k) => k.textContent)).toEqual([
      'Enter',
      'Shift+Enter',
      '/',
      'Esc',
    ]);
    // A command fills the composer, ready for its argument.
    (intro.querySelector('.intro-command') as HTMLElement).click();
    expect((m.$('#composer') as HTMLTextAreaElement).value).toBe('/compress ');
    (intro.querySelector('.intro-example') as HTMLElement).click();
    expect((m.$('#composer') as HTMLTextAreaElement).value).toBe(
      'Explain what this project does and how it is organised',
    );
    expect(m.posted.filter((msg) => msg.type === 'prompt')).toEqual([]);
  });

  it('goes away with the first message, and is not shown for a failed agent', () => {
    const m = mount();
    m.snapshot(thread());
    expect(m.$('.chat-intro').hidden).toBe(false);
    expect(m.$('.chat-intro .intro-text').textContent).toContain('Demo agent');
    m.act(agentChunk('hello'));
    expect(m.$('.chat-intro').hidden).toBe(true);
    const failed = thread([...READY, { type: 'connection', state: { kind: 'stopped' } }]);
    m.snapshot(failed);
    expect(m.$('.chat-intro').hidden).toBe(true);
  });

  it('says in place what this agent cannot do, and why; an agent that can do it all lists nothing', () => {
    const m = mount();
    m.snapshot(realAgentThread({ promptCapabilities: { image: true } }));
    const limits = [...m.$('.chat-intro').querySelectorAll('.intro-limits li')].map((li) => li.textContent);
    expect(limits).toEqual([
      'Sent as a link, not its text: Gemini does not support file contents attached to messages (it does not advertise promptCapabilities.embeddedContext).',
      'Gemini does not support reopening earlier chats (it does not advertise loadSession).',
    ]);
    const n = mount();
    n.snapshot(
      realAgentThread({
        promptCapabilities: { image: true, embeddedContext: true },
        sessionCapabilities: { resume: {} },
      }),
    );
    expect(n.$('.chat-intro').querySelector('.intro-limits')).toBeNull();
  });

  it('counts only capabilities the agent states as true', () => {
    expect(capabilityLines(null)).toEqual([]);
    expect(capabilityLines({ promptCapabilities: { image: 'yes' as unknown as boolean, audio: true } })).toEqual([
      'audio',
    ]);
  });
});
