// @vitest-environment jsdom
// The link card (URL-mode elicitation): the whole address as text (never a link the webview would follow),
// invisible characters shown, the host set apart, the warnings; Open posts `accept` (the host opens it through
// VS Code), Decline and Cancel post theirs; an address that cannot be opened has no working Open; an answered
// or completed card says so without controls.
import { describe, expect, it } from 'vitest';
import type { ElicitationLink } from '../../../src/shared/elicitation';
import { mount, thread } from './helpers';

const LINK: ElicitationLink = {
  message: '<img src=x onerror=alert(1)> Connect your account',
  url: 'https://example.com/connect?x=1',
  host: 'example.com',
  warnings: [{ kind: 'unencrypted' }],
  unusable: null,
};

function shown(link: ElicitationLink = LINK) {
  const m = mount();
  m.snapshot(thread());
  m.act({ type: 'elicitationUrlRequested', elicitationId: 'elicitation-1', link });
  return m;
}

const buttons = (m: ReturnType<typeof mount>) => m.$$('.elicitation-actions button') as HTMLButtonElement[];

describe('the link card', () => {
  it('shows the message, the whole address and its host as text, and the warnings', () => {
    const m = shown();
    const card = m.$('.entry.elicitation-url');
    expect(card.querySelector('a, img, script')).toBeNull();
    expect(m.$('.elicitation-message').textContent).toBe('<img src=x onerror=alert(1)> Connect your account');
    expect(m.$('.elicitation-url-address').textContent).toBe('https://example.com/connect?x=1');
    expect(m.$('.elicitation-host').textContent).toBe('example.com');
    expect(m.$$('.elicitation-warning').map((el) => el.textContent)).toEqual([
      'The address is not encrypted (http, not https).',
    ]);
  });

  it('shows invisible characters of an address it cannot open by name', () => {
    const m = shown({
      ...LINK,
      url: 'file:///a\u202Egnp.exe',
      host: null,
      warnings: [],
      unusable: { kind: 'said', text: 'Not http.' },
    });
    expect(m.$('.elicitation-url-address').textContent).toBe('file:///a⟨U+202E⟩gnp.exe');
    expect(m.$('.elicitation-problem').textContent).toBe('Not http.');
    expect(buttons(m)[0]!.disabled).toBe(true);
  });

  it('Open, Decline and Cancel post their action', () => {
    const m = shown();
    const [open, decline, cancel] = buttons(m);
    expect(open!.textContent).toBe('Open');
    open!.click();
    decline!.click();
    cancel!.click();
    expect(m.posted.filter((msg) => msg.type === 'elicitation')).toEqual([
      { type: 'elicitation', elicitationId: 'elicitation-1', action: 'accept' },
      { type: 'elicitation', elicitationId: 'elicitation-1', action: 'decline' },
      { type: 'elicitation', elicitationId: 'elicitation-1', action: 'cancel' },
    ]);
  });

  it('an opened card says so until the agent completes it; no controls are left', () => {
    const m = shown();
    m.act({ type: 'elicitationResolved', elicitationId: 'elicitation-1', answer: 'accept' });
    expect(m.$('.elicitation-answer').textContent).toBe('You opened the link.');
    expect(buttons(m)).toEqual([]);
    m.act({ type: 'elicitationCompleted', elicitationId: 'elicitation-1' });
    expect(m.$('.elicitation-answer').textContent).toBe('The agent says this is done.');
  });

  it('a card the agent completed before any choice says so', () => {
    const m = shown();
    m.act(
      { type: 'elicitationResolved', elicitationId: 'elicitation-1', answer: 'cancel' },
      { type: 'elicitationCompleted', elicitationId: 'elicitation-1' },
    );
    expect(m.$('.elicitation-answer').textContent).toBe('The agent says this is done.');
    expect(buttons(m)).toEqual([]);
  });
});
