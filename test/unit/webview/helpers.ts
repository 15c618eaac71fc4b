// Test helpers for the webview: threads built with the real reducer, and a mounted app whose
// frames are flushed by hand.
import type * as acp from '@agentclientprotocol/sdk';
import type { ThreadAction } from '../../../src/shared/actions';
import type { AgentChoice, HostToWebview, WebviewToHost } from '../../../src/shared/messages';
import { reduce } from '../../../src/shared/reduce';
import { FileTexts } from '../../../src/review/fileTexts';
import { ToolDiffs } from '../../../src/session/updates/toolDiffs';
import { createThreadState, type ThreadState } from '../../../src/shared/thread';
import { createChatApp, type ChatApp } from '../../../webview/app';

export const DEMO_AGENT: AgentChoice = {
  id: 'demo',
  displayName: 'Demo Agent',
  isDemo: true,
  commandLine: 'switchboard-demo',
};
export const OTHER_AGENT: AgentChoice = {
  id: 'gemini',
  displayName: 'Gemini CLI',
  isDemo: false,
  commandLine: 'gemini --experimental-acp',
};

export const READY: ThreadAction[] = [
  {
    type: 'initialized',
    agentInfo: { name: 'demo-agent', title: 'Demo Agent', version: '1.2.3' },
    agentCapabilities: {},
  },
  { type: 'sessionStarted', sessionId: 's1', modes: null, configOptions: null },
  { type: 'connection', state: { kind: 'ready' } },
];

export function thread(actions: ThreadAction[] = READY): ThreadState {
  const { commandLine: _ignored, ...agent } = DEMO_AGENT;
  return actions.reduce(reduce, createThreadState({ agentId: 'demo', threadId: 't1' }, agent));
}

/** The host's ingest of tool calls' own diffs (src/session/updates/toolDiffs.ts): the webview gets hunks, not texts. */
const toolDiffs = new ToolDiffs(new FileTexts());

export function update(update: acp.SessionUpdate): ThreadAction {
  return { type: 'sessionUpdate', update: toolDiffs.update(update) };
}

export function agentChunk(text: string, messageId?: string): ThreadAction {
  return update({
    sessionUpdate: 'agent_message_chunk',
    content: { type: 'text', text },
    ...(messageId ? { messageId } : {}),
  } as acp.SessionUpdate);
}

export interface Mounted {
  root: HTMLElement;
  app: ChatApp;
  /** What the app posted, without the `threadId` every message carries (see `targets`). */
  posted: WebviewToHost[];
  /** The `threadId` each posted message named (the chat shown when it was sent). */
  targets: Array<string | undefined>;
  frames: (() => void)[];
  /** Sends a snapshot at seq 0 and renders it. */
  snapshot(t: ThreadState | null, agents?: AgentChoice[]): void;
  /** Sends one numbered batch (continuing the sequence) and renders the frame. */
  act(...actions: ThreadAction[]): void;
  $(selector: string): HTMLElement;
  $$(selector: string): HTMLElement[];
}

export function mount(): Mounted {
  document.body.replaceChildren();
  const root = document.createElement('div');
  root.id = 'root';
  document.body.appendChild(root);
  const posted: WebviewToHost[] = [];
  const targets: Array<string | undefined> = [];
  const frames: (() => void)[] = [];
  const PAYLOAD_THREAD = ['showChat', 'closeChat', 'openChatInEditor'];
  const record = (msg: WebviewToHost) => {
    targets.push(msg.threadId);
    if (PAYLOAD_THREAD.includes(msg.type) || msg.threadId === undefined) posted.push(msg);
    else {
      const { threadId: _target, ...rest } = msg;
      posted.push(rest as WebviewToHost);
    }
  };
  const app = createChatApp(root, record, { requestFrame: (cb) => frames.push(cb) });
  let seq = 0;
  const receive = (msg: HostToWebview) => app.receive(msg);
  // Until nothing is pending: a frame may let streamed text wait for the next one.
  const runFrames = () => {
    while (frames.length > 0) frames.splice(0).forEach((cb) => cb());
  };
  const m: Mounted = {
    root,
    app,
    posted,
    targets,
    frames,
    snapshot(t, agents = [DEMO_AGENT, OTHER_AGENT]) {
      seq = 0;
      receive({ type: 'snapshot', seq: 0, thread: t, agents, defaultAgentId: 'demo' });
      runFrames();
    },
    act(...actions) {
      receive({ type: 'actions', firstSeq: seq + 1, actions });
      seq += actions.length;
      runFrames();
    },
    $(selector) {
      const el = root.querySelector<HTMLElement>(selector);
      if (!el) throw new Error(`no element matches ${selector}`);
      return el;
    },
    $$(selector) {
      return Array.from(root.querySelectorAll<HTMLElement>(selector));
    },
  };
  return m;
}

export function key(target: HTMLElement, keyName: string, init: KeyboardEventInit = {}): KeyboardEvent {
  const event = new KeyboardEvent('keydown', { key: keyName, bubbles: true, cancelable: true, ...init });
  target.dispatchEvent(event);
  return event;
}

export function type(textarea: HTMLTextAreaElement, text: string): void {
  textarea.value = text;
  textarea.setSelectionRange(text.length, text.length);
  textarea.dispatchEvent(new Event('input', { bubbles: true }));
}

/**
 * A chat app with the real 8 ms frame budget (frameBudget.ts) and frames run by hand, showing an
 * empty ready thread: for tests of how streamed text is spread over frames.
 */
export function mountBudgeted() {
  document.body.replaceChildren();
  const root = document.body.appendChild(document.createElement('div'));
  const frames: Array<() => void> = [];
  const app = createChatApp(root, () => undefined, { requestFrame: (cb) => frames.push(cb), frameBudgetMs: 8 });
  app.receive({ type: 'snapshot', seq: 0, thread: thread(), agents: [], defaultAgentId: '' });
  frames.splice(0).forEach((cb) => cb());
  /** Runs the frames asked for so far; returns how many there were. */
  const runFrame = () => {
    const run = frames.splice(0);
    run.forEach((cb) => cb());
    return run.length;
  };
  const markdown = () => root.querySelector<HTMLElement>('.entry.agent .markdown');
  return { root, app, frames, runFrame, markdown };
}
