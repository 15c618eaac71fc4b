// What an empty chat says it can do. Without a chat: start one (the agent picker with New chat), and
// with only the built-in Demo agent, how to add a real one. With a chat that has no messages yet: the
// agent (name, version, what it accepts besides text), its slash commands, a few example prompts that
// fill the composer, and the keys. Agent-supplied text goes through visibleText and is bounded.
import type * as acp from '@agentclientprotocol/sdk';
import { agentOffers } from '../../src/shared/capabilities';
import { controlNote, controlState, type ChatControl } from '../../src/shared/controlRules';
import type { ThreadState } from '../../src/shared/thread';
import { button, h, setHidden } from '../dom';
import type { ViewState } from '../store';
import { visibleText } from '../visibleText';
import { agentName } from './header';
import type { Post } from './types';
import { t } from '../l10n';

/** At most this many slash commands are listed (the composer's / menu has all of them). */
const MAX_COMMANDS = 8;

const EXAMPLES = [
  t('Explain what this project does and how it is organised'),
  t('Find where errors are handled and suggest improvements'),
  t('Write unit tests for the file I have open'),
];

const KEYS: [string, string][] = [
  ['Enter', 'send'],
  ['Shift+Enter', t('new line')],
  ['/', 'commands'],
  ['Esc', t('stop the agent')],
];

/** What the agent accepts besides text, from its initialize answer (unknown shapes count as no). */
export function capabilityLines(capabilities: acp.AgentCapabilities | null): string[] {
  const lines: string[] = [];
  if (agentOffers(capabilities, 'image')) lines.push(t('images'));
  if (agentOffers(capabilities, 'audio')) lines.push(t('audio'));
  if (agentOffers(capabilities, 'embeddedContext')) lines.push(t('files and selections as context'));
  if (agentOffers(capabilities, 'loadSession') || agentOffers(capabilities, 'resumeSession'))
    lines.push(t('reopening earlier sessions'));
  return lines;
}

/** The chat controls this agent cannot use (or only in part), each with the sentence that says why. */
const INTRO_CONTROLS: readonly ChatControl[] = ['attachImage', 'embedContext', 'continueChat'];

export function limitLines(capabilities: acp.AgentCapabilities | null, name: string): string[] {
  return INTRO_CONTROLS.map((control) => controlNote(controlState(control, { capabilities, agentName: name }))).filter(
    (note): note is string => note !== null,
  );
}

export class IntroView {
  /** The empty state without a chat: the picker (HeaderView's, placed here by threadView) and New chat. */
  readonly noChat: HTMLElement;
  readonly pickerHome = h('div', { class: 'empty-actions' });
  /** The intro of a chat with no messages yet. */
  readonly chatIntro = h('section', { class: 'chat-intro', attrs: { 'aria-label': t('About this chat') } });
  private readonly addAgent: HTMLElement;
  private lastThread: ThreadState | null | undefined = undefined;

  constructor(
    post: Post,
    private readonly fill: (text: string) => void,
  ) {
    this.addAgent = h(
      'div',
      { class: 'add-agent' },
      h('p', {
        text: t(
          'Only the built-in Demo agent is set up: it works offline and shows what Switchboard does. To chat with a real agent (Gemini CLI, Claude Code, Codex and others that speak ACP), add it to the switchboard.agents setting.',
        ),
      }),
      button(t('Add an Agent...'), 'configure-agents secondary', () => post({ type: 'configureAgents' })),
    );
    this.noChat = h(
      'div',
      { class: 'empty-state' },
      h('h2', { class: 'empty-title', text: t('Start a chat') }),
      h('p', {
        class: 'empty-text',
        text: t(
          'Pick an agent, then type a message below (or press New chat). Agents run on this machine as programs; they ask before they edit files or run commands, and you review every change.',
        ),
      }),
      this.pickerHome,
      this.addAgent,
    );
  }

  update(view: ViewState): void {
    const onlyDemo = view.agents.length > 0 && view.agents.every((agent) => agent.isDemo);
    setHidden(this.addAgent, !onlyDemo);
    const thread = view.thread;
    const show = thread !== null && Array.isArray(thread.entries) && thread.entries.length === 0;
    setHidden(this.chatIntro, !show || thread?.connection.kind === 'failed' || thread?.connection.kind === 'stopped');
    if (!show || thread === this.lastThread) return;
    this.lastThread = thread;
    this.chatIntro.replaceChildren(...this.render(thread));
  }

  private render(thread: ThreadState): Node[] {
    const version = thread.agentInfo?.version ? ` ${visibleText(thread.agentInfo.version, { maxLength: 40 })}` : '';
    const parts: Node[] = [h('h2', { class: 'intro-title', text: `${agentName(thread)}${version}` })];
    const caps = capabilityLines(thread.agentCapabilities);
    parts.push(
      h('p', {
        class: 'intro-text',
        text: thread.agent.isDemo
          ? t(
              'The built-in Demo agent: scripted, offline, no account needed. Try /help, /edit, /review, /terminal or /subagents.',
            )
          : t(
              'Works in this workspace, asks before it edits files or runs commands.{0}',
              caps.length ? t(' Also accepts {0}.', caps.join(', ')) : '',
            ),
      }),
    );
    const limits = thread.agent.isDemo ? [] : limitLines(thread.agentCapabilities, agentName(thread));
    if (limits.length > 0) {
      parts.push(
        h('h3', { class: 'intro-heading', text: t('Not with this agent') }),
        h('ul', { class: 'intro-limits' }, ...limits.map((text) => h('li', { text }))),
      );
    }
    const commands = Array.isArray(thread.commands) ? thread.commands.slice(0, MAX_COMMANDS) : [];
    if (commands.length > 0) {
      parts.push(
        h('h3', { class: 'intro-heading', text: t('Commands') }),
        h(
          'ul',
          { class: 'intro-commands' },
          ...commands.map((command) =>
            h(
              'li',
              {},
              button(`/${visibleText(command?.name, { maxLength: 60 })}`, 'intro-command link-button', () =>
                this.fill(`/${visibleText(command?.name, { maxLength: 60 })} `),
              ),
              h('span', { class: 'intro-description', text: visibleText(command?.description, { maxLength: 160 }) }),
            ),
          ),
        ),
      );
    }
    if (!thread.agent.isDemo) {
      parts.push(
        h('h3', { class: 'intro-heading', text: t('Try') }),
        h(
          'ul',
          { class: 'intro-examples' },
          ...EXAMPLES.map((text) =>
            h(
              'li',
              {},
              button(text, 'intro-example link-button', () => this.fill(text)),
            ),
          ),
        ),
      );
    }
    parts.push(
      h(
        'p',
        { class: 'intro-keys' },
        ...KEYS.flatMap(([key, what], i) => [i > 0 ? ' · ' : '', h('kbd', { text: key }), ` ${what}`]),
      ),
    );
    return parts;
  }
}
