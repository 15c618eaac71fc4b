// @vitest-environment jsdom
// The warm-up (webview/render/markdown/markdownWarmUp.ts): the sample renders once, off screen, when the
// webview is idle, through the real markdown path (a cold first answer cost 5-10x per frame).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { warmUpMarkdownWhenIdle } from '../../../webview/render/markdown/markdownWarmUp';
import * as markdown from '../../../webview/render/markdown/markdown';

describe('markdown warm-up', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('renders the sample once when idle, off screen, and nothing without idle callbacks', () => {
    const render = vi.spyOn(markdown, 'renderMarkdownOnce');
    warmUpMarkdownWhenIdle(); // jsdom has no requestIdleCallback
    expect(render).not.toHaveBeenCalled();

    const idle: Array<() => void> = [];
    vi.stubGlobal('requestIdleCallback', (callback: () => void) => idle.push(callback));
    document.body.replaceChildren();
    warmUpMarkdownWhenIdle();
    expect(render).not.toHaveBeenCalled();
    idle.splice(0).forEach((callback) => callback());
    expect(render).toHaveBeenCalledTimes(1);
    const el = render.mock.results[0]!.value as HTMLElement;
    // Every kind of block, with the fence highlighted, rendered but never put on screen.
    for (const selector of ['h2', 'strong', 'ul li', 'ol li', 'blockquote', 'table td', 'pre code .hljs-keyword', 'a'])
      expect(el.querySelector(selector), selector).not.toBeNull();
    expect(el.isConnected).toBe(false);
    expect(document.body.children.length).toBe(0);
  });
});
