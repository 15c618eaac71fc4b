// @vitest-environment jsdom
// The elicitation form (experimental) in the chat, and the workspace-folder notice: agent text is
// shown as text, the form posts checked values, Decline and Cancel post their action, an answered
// form shows the answer and no controls.
import type * as acp from '@agentclientprotocol/sdk';
import { describe, expect, it } from 'vitest';
import { elicitationForm } from '../../../src/shared/elicitation';
import { mount, thread } from './helpers';

const REQUEST = {
  sessionId: 's1',
  mode: 'form',
  message: '<img src=x onerror=alert(1)> Where should I deploy?',
  requestedSchema: {
    type: 'object',
    title: '<b>Deploy</b>',
    properties: {
      name: { type: 'string', title: 'Name', maxLength: 5 },
      replicas: { type: 'integer', title: 'Replicas', default: 2 },
      confirm: { type: 'boolean', title: 'Sure?' },
      region: {
        type: 'string',
        title: 'Region',
        oneOf: [
          { const: 'eu', title: 'Europe' },
          { const: 'us', title: 'USA' },
        ],
      },
      tags: { type: 'array', title: 'Tags', items: { type: 'string', enum: ['a', 'b'] } },
    },
    required: ['name', 'region'],
  },
} as acp.CreateElicitationRequest;

function shown() {
  const m = mount();
  m.snapshot(thread());
  m.act({ type: 'elicitationRequested', elicitationId: 'elicitation-1', form: elicitationForm(REQUEST) });
  return m;
}

function input(el: HTMLInputElement | HTMLSelectElement, value: string): void {
  el.value = value;
  el.dispatchEvent(new Event(el instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
}

describe('the elicitation form', () => {
  it("shows the agent's strings as text, never markup", () => {
    const m = shown();
    const card = m.$('.entry.elicitation');
    expect(card.querySelector('img, b, script')).toBeNull();
    expect(m.$('.elicitation-message').textContent).toBe('<img src=x onerror=alert(1)> Where should I deploy?');
    expect(m.$('.elicitation-title').textContent).toBe('<b>Deploy</b>');
    expect(m.$$('.elicitation-field label').map((label) => label.textContent)).toEqual([
      'Name *',
      'Replicas',
      'Sure?',
      'Region *',
      'Tags',
      'a',
      'b',
    ]);
  });

  it('Submit with a missing required field posts nothing and says what is missing by the field', () => {
    const m = shown();
    (m.$('.elicitation-actions button.primary') as HTMLButtonElement).click();
    expect(m.posted.filter((msg) => msg.type === 'elicitation')).toEqual([]);
    expect(m.$$('.elicitation-problem').map((el) => el.textContent)).toEqual(['Required.', '', '', 'Required.', '']);
  });

  it('Submit posts the checked values (defaults included)', () => {
    const m = shown();
    input(m.$('.elicitation-field input[type="text"]') as HTMLInputElement, 'web');
    input(m.$('.elicitation-field select') as HTMLSelectElement, 'us');
    const checkbox = m.$('.elicitation-field input[type="checkbox"]') as HTMLInputElement;
    checkbox.click();
    (m.$$('.elicitation-choices input')[1] as HTMLInputElement).click();
    (m.$('.elicitation-actions button.primary') as HTMLButtonElement).click();
    expect(m.posted.filter((msg) => msg.type === 'elicitation')).toEqual([
      {
        type: 'elicitation',
        elicitationId: 'elicitation-1',
        action: 'accept',
        values: { name: 'web', replicas: 2, confirm: true, region: 'us', tags: ['b'] },
      },
    ]);
  });

  it('Decline and Cancel post their action; an answered form shows the answer without controls', () => {
    const m = shown();
    const [, decline, cancel] = m.$$('.elicitation-actions button') as HTMLButtonElement[];
    decline!.click();
    cancel!.click();
    expect(m.posted.filter((msg) => msg.type === 'elicitation').map((msg) => 'action' in msg && msg.action)).toEqual([
      'decline',
      'cancel',
    ]);
    m.act({ type: 'elicitationResolved', elicitationId: 'elicitation-1', answer: 'decline' });
    expect(m.$('.elicitation-answer').textContent).toBe('You declined.');
    expect(m.$$('.entry.elicitation button')).toEqual([]);
  });
});

describe('the workspace-folder notice', () => {
  it('is one line of text in the transcript', () => {
    const m = mount();
    m.snapshot(thread());
    m.act({ type: 'notice', note: { kind: 'outsideWorkspace', agent: 'Agent', cwd: '/a', outside: ['<b>/b</b>'] } });
    expect(m.$('.entry.notice').textContent).toBe(
      'Agent works in /a. It cannot take more than one workspace folder (it does not advertise sessionCapabilities.additionalDirectories), so <b>/b</b> is outside its workspace: writes there need your approval, and reads follow switchboard.fs.readOutsideWorkspace.',
    );
    expect(m.$('.entry.notice').querySelector('b')).toBeNull();
  });

  it('a notice an older journal stored as text shows that text', () => {
    const m = mount();
    m.snapshot(thread());
    m.act({ type: 'notice', note: { kind: 'said', text: 'Agent works in /a (stored sentence).' } });
    expect(m.$('.entry.notice').textContent).toBe('Agent works in /a (stored sentence).');
  });
});
