// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { createChatApp } from '../../../webview/app';
import { createThreadRenderer } from '../../../webview/render/threadView';
import { HeaderView } from '../../../webview/render/header';
import { ComposerView } from '../../../webview/render/composer/composer';
import { onlyStreamingTextGrew } from '../../../webview/streamingFrames';
import type { ViewState } from '../../../webview/store';
import { reduce } from '../../../src/shared/reduce';
import { MAX_QUEUED_FRAMES, MIN_PASS_CHARS } from '../../../webview/render/transcript/message';
import { COLOUR_PENDING } from '../../../webview/render/markdown/codeColour';
import { agentChunk, thread, update } from './helpers';

const NO_AGENTS: ViewState['agents'] = [];

function view(t: ViewState['thread']): ViewState {
  return { thread: t, agents: NO_AGENTS, defaultAgentId: '', appended: null };
}

describe('onlyStreamingTextGrew', () => {
  it('is true only when the last text part of the last message grew', () => {
    const base = reduce(thread(), agentChunk('Hello'));
    const shown = view(base);
    const grown = { ...shown, thread: reduce(base, agentChunk(' world')) };
    expect(onlyStreamingTextGrew(shown, grown)).toBe(true);
    expect(onlyStreamingTextGrew(shown, shown)).toBe(false);
    // A new entry, a plan, another message: render now.
    expect(onlyStreamingTextGrew(shown, view(reduce(base, agentChunk('x', 'other'))))).toBe(false);
    expect(
      onlyStreamingTextGrew(
        shown,
        view(
          reduce(
            base,
            update({ sessionUpdate: 'plan', entries: [{ content: 'a', priority: 'low', status: 'pending' }] }),
          ),
        ),
      ),
    ).toBe(false);
    expect(onlyStreamingTextGrew(shown, view(reduce(base, { type: 'turnEnded', stopReason: 'end_turn' })))).toBe(false);
    expect(onlyStreamingTextGrew(shown, { ...grown, agents: [] })).toBe(false);
    // The chat list changed too (the thread renderer would otherwise skip it).
    expect(onlyStreamingTextGrew(shown, { ...grown, chats: [] })).toBe(false);
  });

  it('answers false, without throwing, for a state too malformed to compare', () => {
    const base = reduce(thread(), agentChunk('Hello'));
    const malformed = { ...base, entries: null } as unknown as ViewState['thread'];
    expect(onlyStreamingTextGrew(view(base), view(malformed))).toBe(false);
    expect(onlyStreamingTextGrew(view(malformed), view(base))).toBe(false);
  });
});

describe('the thread renderer on a frame where only streamed text grew', () => {
  it('renders the transcript and leaves every other part alone', () => {
    const renderer = createThreadRenderer(document.createElement('div'), () => undefined);
    const base = reduce(thread(), agentChunk('Hello'));
    renderer.render(view(base));
    const headerUpdates = vi.spyOn(HeaderView.prototype, 'update');
    const composerUpdates = vi.spyOn(ComposerView.prototype, 'update');
    renderer.render(view(reduce(base, agentChunk(' world'))));
    expect(renderer.transcript.el.querySelector('.entry.agent .markdown')?.textContent?.trim()).toBe('Hello world');
    expect(headerUpdates).not.toHaveBeenCalled();
    expect(composerUpdates).not.toHaveBeenCalled();
    // Anything else that changed renders every part.
    renderer.render(view(reduce(reduce(base, agentChunk(' world')), { type: 'turnEnded', stopReason: 'end_turn' })));
    expect(headerUpdates).toHaveBeenCalledTimes(1);
    expect(composerUpdates).toHaveBeenCalledTimes(1);
    vi.restoreAllMocks();
  });
});

describe('the chat app under a fast stream', () => {
  function setup(frameBudgetMs?: number) {
    const root = document.createElement('div');
    const frames: (() => void)[] = [];
    const app = createChatApp(root, () => undefined, { requestFrame: (cb) => frames.push(cb), frameBudgetMs });
    let seq = 0;
    const send = (...actions: Parameters<typeof reduce>[1][]) => {
      app.receive({ type: 'actions', firstSeq: seq + 1, actions });
      seq += actions.length;
    };
    const tick = () => frames.splice(0).forEach((cb) => cb());
    app.receive({ type: 'snapshot', seq: 0, thread: thread(), agents: [], defaultAgentId: '' });
    tick();
    const text = () => (root.querySelector('.entry.agent .markdown')?.textContent ?? '').trim();
    return { send, tick, text, frames, root };
  }

  it('renders streamed text in the frame after it arrives, every frame', () => {
    // Every chunk is on screen one frame after it came (bench chunk_to_dom_latency_p95): no text-only
    // frame waits unless a key was typed.
    const { send, tick, text, frames } = setup();
    send(agentChunk('One'));
    tick();
    expect(text()).toBe('One');
    send(agentChunk(' two'));
    tick();
    expect(text()).toBe('One two');
    send(agentChunk(' three'));
    tick();
    expect(text()).toBe('One two three');
    send(agentChunk(' four'));
    tick();
    expect(text()).toBe('One two three four');
    // Shown as plain text at once; its markdown pass follows within MAX_QUEUED_FRAMES frames, then
    // the app stops asking for frames.
    let waited = 0;
    while (frames.length > 0 && waited <= MAX_QUEUED_FRAMES) {
      tick();
      waited++;
    }
    expect(frames).toHaveLength(0);
    expect(waited).toBeLessThanOrEqual(MAX_QUEUED_FRAMES);
    expect(text()).toBe('One two three four');
  });

  it('lets streamed text wait for the frame after a key typed in the webview, never two frames running', () => {
    // The frame that paints a typed character does no markdown: the key is on screen a frame sooner
    // (bench typing_latency_p95). A user typing every frame still sees the stream every other frame.
    const { send, tick, text, root } = setup();
    const composer = root.querySelector<HTMLTextAreaElement>('#composer')!;
    const typeKey = () => composer.dispatchEvent(new Event('input', { bubbles: true }));
    send(agentChunk('One'));
    tick();
    send(agentChunk(' two'));
    typeKey();
    tick(); // a text-only frame, and a key came
    expect(text()).toBe('One');
    typeKey();
    tick(); // it waited last frame: it renders, key or not
    expect(text()).toBe('One two');
    send(agentChunk(' three'));
    typeKey();
    tick(); // a key again: the text waits again, having rendered last frame
    expect(text()).toBe('One two');
    tick();
    expect(text()).toBe('One two three');
    // Anything but streamed text renders in the frame of the key.
    send(agentChunk(' four'), { type: 'turnEnded', stopReason: 'end_turn' });
    typeKey();
    tick();
    expect(text()).toBe('One two three four');
  });

  it('counts text queued for its markdown pass as on screen, not behind: the pass takes all of it, colouring included', () => {
    // A budget no frame can run out of: only how the frames before were counted decides the pass.
    const { send, tick, root } = setup(1000);
    send(agentChunk('Intro.\n\n'));
    tick();
    // A closed code block and prose, under MIN_PASS_CHARS: shown as plain text, its pass waits.
    const words = (chars: number) => 'word '.repeat(Math.ceil(chars / 5));
    send(agentChunk('```ts\nconst a = 1;\n```\n\n' + words(MIN_PASS_CHARS - 100)));
    tick();
    expect(root.querySelector('.md-pending')).not.toBeNull();
    expect(root.querySelector('pre code')).toBeNull();
    // The queue passes MIN_PASS_CHARS: one pass renders all of it (were the waiting frame counted as
    // held back, a burst's ramp would have cut it to MIN_CHARS), and colours the code block now.
    send(agentChunk(words(200)));
    tick();
    expect(root.querySelector('.md-pending')).toBeNull();
    const code = root.querySelector('pre code')!;
    expect(code.classList.contains(COLOUR_PENDING)).toBe(false);
    expect(code.querySelector('.hljs-keyword')?.textContent).toBe('const');
  });

  it('never delays anything but streamed text', () => {
    const { send, tick, text } = setup();
    send(agentChunk('One'));
    tick();
    send(agentChunk(' two'));
    tick();
    send(agentChunk(' three'), { type: 'turnEnded', stopReason: 'end_turn' });
    tick();
    expect(text()).toBe('One two three');
  });
});
