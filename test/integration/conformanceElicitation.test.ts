// Conformance of elicitation (stable ACP; switchboard.elicitation, on by default) with the scripted agent's
// elicitation scenario: the capability is advertised unless the setting is off; the form shows in the chat,
// bounded; the answer reaches the agent as accept (checked values), decline or cancel. URL mode is in
// conformanceElicitationUrl.test.ts.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Entry } from '../../src/shared/thread';
import { ELICITATION_BOUNDS } from '../../src/shared/elicitation';
import { reported, stopAll } from './conformanceHarness';
import { ACP_VERSIONS, excludedOnV2, onVersion } from './conformanceVersions';
import { formProblemWords } from '../../src/shared/entryWords';

afterEach(stopAll);

type ElicitationEntry = Extract<Entry, { kind: 'elicitation' }>;

describe.each(ACP_VERSIONS)('ACP v%i', (version) => {
  const v = onVersion(version);

  async function ask(on: boolean | undefined, promptText = 'deploy') {
    const t = await v.startThread({ scenario: 'elicitation' }, { elicitation: on });
    const turn = t.controller.prompt(promptText);
    return { ...t, turn };
  }

  async function formOf(t: Awaited<ReturnType<typeof ask>>): Promise<ElicitationEntry> {
    let found: ElicitationEntry | undefined;
    await vi.waitFor(() => {
      found = t.state().entries.find((entry): entry is ElicitationEntry => entry.kind === 'elicitation');
      if (!found) throw new Error('no form yet');
    });
    return found!;
  }

  describe('elicitation', () => {
    v.it('off: not advertised, and an agent that asks anyway gets -32601', async () => {
      const t = await ask(false);
      await t.turn;
      expect(v.clientCapabilities(t.received)).not.toHaveProperty('elicitation');
      expect(reported(t.state())).toEqual([
        expect.objectContaining({
          method: 'elicitation/create',
          answer: { error: expect.objectContaining({ code: -32601 }) },
        }),
      ]);
      expect(t.state().entries.some((entry) => entry.kind === 'elicitation')).toBe(false);
    });

    v.it(
      'on by default: advertised as form mode; the form shows each field; accept sends the checked values',
      async () => {
        const t = await ask(undefined);
        expect(v.clientCapabilities(t.received)).toMatchObject({ elicitation: { form: {} } });
        const entry = await formOf(t);
        expect(entry.answer).toBeNull();
        expect(entry.form.message).toBe('Where should I deploy?');
        expect(entry.form.title).toBe('Deploy settings');
        expect(entry.form.fields.map((field) => [field.name, field.kind, field.required])).toEqual([
          ['name', 'text', true],
          ['replicas', 'integer', false],
          ['confirm', 'boolean', false],
          ['region', 'select', true],
          ['tags', 'multiselect', false],
        ]);
        // Values that do not fit the form are not sent: the problems come back by field.
        expect(t.controller.resolveElicitation(entry.elicitationId, 'accept', { name: '', replicas: 9 })).toEqual({
          name: 'Required.',
          replicas: 'At most 5.',
          region: 'Required.',
        });
        expect(reported(t.state())).toEqual([]);
        const values = { name: 'web', replicas: 3, confirm: true, region: 'eu', tags: ['a'], extra: 'dropped' };
        expect(t.controller.resolveElicitation(entry.elicitationId, 'accept', values)).toBeNull();
        await t.turn;
        expect(reported(t.state())[0]?.answer).toEqual({
          result: { action: 'accept', content: { name: 'web', replicas: 3, confirm: true, region: 'eu', tags: ['a'] } },
        });
        expect(t.state().entries.find((e) => e.kind === 'elicitation')).toMatchObject({ answer: 'accept' });
      },
    );

    v.it('decline and cancel reach the agent as such', async () => {
      for (const action of ['decline', 'cancel'] as const) {
        const t = await ask(true);
        const entry = await formOf(t);
        t.controller.resolveElicitation(entry.elicitationId, action);
        await t.turn;
        expect(reported(t.state())[0]?.answer).toEqual({ result: { action } });
      }
    });

    v.it("the agent's $/cancel_request and the user's Stop both answer cancel at once", async () => {
      const t = await ask(true, 'cancel');
      await t.turn;
      expect(reported(t.state())[0]?.answer).toEqual({ result: { action: 'cancel' } });
      expect(t.state().entries.find((e) => e.kind === 'elicitation')).toMatchObject({ answer: 'cancel' });

      const stopped = await ask(true);
      await formOf(stopped);
      await stopped.controller.cancel();
      await stopped.turn;
      expect(reported(stopped.state())[0]?.answer).toEqual({ result: { action: 'cancel' } });
    });

    v.it('a hostile form is bounded and cannot be accepted; declining still works', async () => {
      const t = await ask(true, 'hostile');
      const entry = await formOf(t);
      expect(entry.form.message.length).toBeLessThanOrEqual(ELICITATION_BOUNDS.message + 1);
      expect(entry.form.title!.length).toBeLessThanOrEqual(ELICITATION_BOUNDS.title + 1);
      expect(entry.form.fields.length).toBeLessThanOrEqual(ELICITATION_BOUNDS.fields);
      for (const field of entry.form.fields)
        expect(field.title.length).toBeLessThanOrEqual(ELICITATION_BOUNDS.title + 1);
      expect(entry.form.unusable).toMatchObject({ kind: 'tooManyFields', count: 40 });
      expect(formProblemWords(entry.form.unusable!)).toContain('40 fields');
      expect(t.controller.resolveElicitation(entry.elicitationId, 'accept', { f0: 'x' })).toEqual({
        '': formProblemWords(entry.form.unusable!),
      });
      t.controller.resolveElicitation(entry.elicitationId, 'decline');
      await t.turn;
      expect(reported(t.state())[0]?.answer).toEqual({ result: { action: 'decline' } });
    });
  });
});

describe('what ACP v2 dropped, as this suite leaves it out', () => {
  it('leaves out nothing: every case runs on v2', () => {
    expect(excludedOnV2()).toEqual([]);
  });
});
