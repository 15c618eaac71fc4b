// @vitest-environment jsdom
// The one webview bundle (webview/main.ts) boots the comparison view when the page's body says so
// (src/chat/html.ts page 'compare'): it posts compareReady, renders the host's compareView, and keeps the follow-up
// draft in VS Code's webview state so a reloaded tab finds it again.
import { expect, it, vi } from 'vitest';
import { column, view } from '../../layout/compareViews';

it('boots the comparison page: compareReady, renders the view, restores and saves the follow-up draft', async () => {
  document.body.dataset.page = 'compare';
  document.body.innerHTML = '<div id="root"></div>';
  const posted: unknown[] = [];
  let state: unknown = { draft: 'try again with tests' };
  vi.stubGlobal('acquireVsCodeApi', () => ({
    postMessage: (msg: unknown) => posted.push(msg),
    getState: () => state,
    setState: (next: unknown) => (state = next),
  }));
  await import('../../../webview/main');
  expect(posted).toEqual([{ type: 'compareReady' }]);
  expect(document.querySelector('.chat-app')).toBeNull();
  window.dispatchEvent(new MessageEvent('message', { data: { type: 'compareView', view: view([column('a', 'A')]) } }));
  expect(document.querySelector('.compare-column')?.getAttribute('aria-label')).toBe('A');
  const input = document.querySelector<HTMLTextAreaElement>('.compare-follow-up-input')!;
  expect(input.value).toBe('try again with tests');
  input.value = 'a new draft';
  input.dispatchEvent(new Event('input'));
  // The comparison's id is kept for the tab's serializer (it finds the comparison again after a reload).
  expect(state).toEqual({ draft: 'a new draft', comparisonId: 'cmp-1' });
  vi.unstubAllGlobals();
});
