// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { agentChunk, key, mount, READY, thread, type } from './helpers';

describe('continued marker', () => {
  it('says whether the agent kept the conversation, and says plainly when it starts fresh', () => {
    const m = mount();
    m.snapshot(thread(READY));
    m.act({ type: 'sessionContinued', how: 'resumed' }, { type: 'sessionContinued', how: 'new' });
    const notes = m.$$('.entry.continued');
    expect(notes.map((note) => note.dataset.how)).toEqual(['resumed', 'new']);
    expect(notes[0]!.textContent).toContain('Chat resumed');
    expect(notes[1]!.textContent).toContain('The agent starts fresh from here');
    expect(notes[1]!.textContent).toContain('does not know the conversation above');
  });
});

describe('"Give it the conversation" on a fresh start', () => {
  it('puts the conversation above the marker into the composer, before the draft, to edit before sending', () => {
    const m = mount();
    m.snapshot(
      thread([
        ...READY,
        { type: 'promptSent', prompt: [{ type: 'text', text: 'rename the parser' }] },
        agentChunk('Renamed it to Lexer.'),
        { type: 'turnEnded', stopReason: 'end_turn' },
        { type: 'sessionContinued', how: 'resumed' },
        { type: 'sessionContinued', how: 'new' },
      ]),
    );
    const [resumed, fresh] = m.$$('.entry.continued');
    expect(resumed!.querySelector('button.continued-summary')).toBeNull(); // the agent kept it
    const composer = m.$('#composer') as HTMLTextAreaElement;
    type(composer, 'now add tests');
    (fresh!.querySelector('button.continued-summary') as HTMLButtonElement).click();
    expect(composer.value).toBe(
      [
        'For context, our conversation so far (the earlier session could not be continued):',
        'User: rename the parser',
        'Assistant: Renamed it to Lexer.',
        '',
        'now add tests',
      ].join('\n'),
    );
    expect(m.posted).toEqual([]); // nothing is sent until the user sends it
  });

  it('a fresh start with nothing above offers nothing to give', () => {
    const m = mount();
    m.snapshot(thread([...READY, { type: 'sessionContinued', how: 'new' }]));
    const composer = m.$('#composer') as HTMLTextAreaElement;
    m.$('.entry.continued button.continued-summary').click();
    expect(composer.value).toBe('');
  });
});

describe('"Edit" on a previous message', () => {
  const promptSent = (text: string) => ({ type: 'promptSent' as const, prompt: [{ type: 'text' as const, text }] });
  const ended = { type: 'turnEnded' as const, stopReason: 'end_turn' as const };

  it('puts the message into the composer and says what sending does; Esc gives the draft back', () => {
    const m = mount();
    m.snapshot(thread([...READY, promptSent('first question'), ended, promptSent('second'), ended]));
    const composer = m.$('#composer') as HTMLTextAreaElement;
    type(composer, 'my draft');
    const edits = m.$$('.entry.user .edit-message');
    expect(edits).toHaveLength(2);
    edits[0]!.click();
    expect(composer.value).toBe('first question');
    expect(m.$('.composer-editing').hidden).toBe(false);
    expect(m.$('.composer-editing').textContent).toContain('puts the files back as they were before it');
    key(composer, 'Escape');
    expect(composer.value).toBe('my draft');
    expect(m.$('.composer-editing').hidden).toBe(true);
    expect(m.posted.filter((message) => message.type !== 'ready')).toEqual([]);
  });

  it('sending posts editMessage for that entry (never a plain prompt), then the composer is back to normal', () => {
    const m = mount();
    m.snapshot(thread([...READY, promptSent('first question'), ended]));
    const composer = m.$('#composer') as HTMLTextAreaElement;
    const userEntry = m.$('.entry.user');
    (userEntry.querySelector('.edit-message') as HTMLElement).click();
    composer.value = 'first question, better';
    key(composer, 'Enter');
    expect(m.posted.at(-1)).toEqual({
      type: 'editMessage',
      entryId: userEntry.dataset.entryId,
      text: 'first question, better',
    });
    expect(m.$('.composer-editing').hidden).toBe(true);
    type(composer, 'next');
    key(composer, 'Enter');
    expect(m.posted.at(-1)).toEqual({ type: 'prompt', text: 'next' });
  });

  it('the marker says which way the chat went on, what it went back to, and the files put back', () => {
    const m = mount();
    m.snapshot(thread(READY));
    m.act(
      { type: 'sessionContinued', how: 'forked', edit: { excerpt: 'first question', restoredFiles: 2 } },
      {
        type: 'sessionContinued',
        how: 'seeded',
        edit: {
          excerpt: '<b>x</b>',
          restoredFiles: 0,
          reason: { kind: 'notOffered', agent: 'Demo' },
        },
      },
    );
    const [forked, seeded] = m.$$('.entry.continued');
    expect(forked!.dataset.how).toBe('forked');
    expect(forked!.textContent).toContain('continued in a fork of the session');
    expect(forked!.querySelector('.continued-edit')!.textContent).toBe(
      'Went back to “first question”. 2 files were put back as they were before it.',
    );
    expect(seeded!.textContent).toContain('continued in a new session');
    expect(seeded!.textContent).toContain('given the conversation up to the edited message as text');
    expect(seeded!.querySelector('.continued-edit')!.textContent).toBe(
      'Went back to “<b>x</b>”. No files needed restoring.',
    );
    expect(seeded!.querySelector('b')).toBeNull();
    expect(seeded!.querySelector('.continued-reason')!.textContent).toContain('sessionCapabilities.fork');
  });
});
