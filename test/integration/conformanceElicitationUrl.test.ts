// Conformance of URL-mode elicitation with the scripted agent: advertised only where the host can open an
// address; the link card shows the address and its host; Open goes through the host's opener (VS Code's
// openExternal, which asks) and only then answers accept; the agent's elicitation/complete closes the card,
// also before the user chose; an address that is not http(s) is never opened.
import { afterEach, describe, expect, it } from 'vitest';
import type { Entry } from '../../src/shared/thread';
import { eventually, within } from '../within';
import { reported, stopAll } from './conformanceHarness';
import { ACP_VERSIONS, excludedOnV2, onVersion } from './conformanceVersions';

afterEach(stopAll);

type LinkEntry = Extract<Entry, { kind: 'elicitationUrl' }>;

describe.each(ACP_VERSIONS)('ACP v%i', (version) => {
  const v = onVersion(version);

  async function ask(promptText: string, opens = true) {
    const opened: string[] = [];
    const openExternal = async (url: string) => {
      opened.push(url);
      return opens;
    };
    const t = await v.startThread({ scenario: 'elicitation' }, { openExternal });
    const turn = t.controller.prompt(promptText);
    let card: LinkEntry | undefined;
    await eventually(() => {
      card = t.state().entries.find((entry): entry is LinkEntry => entry.kind === 'elicitationUrl');
      return card !== undefined;
    }, 'the link card');
    const entry = () => t.state().entries.find((e): e is LinkEntry => e.kind === 'elicitationUrl')!;
    return { ...t, turn, opened, card: card!, entry };
  }

  describe('URL-mode elicitation', () => {
    v.it('is advertised with form mode where the host can open addresses', async () => {
      const t = await v.startThread({ scenario: 'elicitation' }, { openExternal: async () => true });
      expect(v.clientCapabilities(t.received)).toMatchObject({
        elicitation: { form: {}, url: {} },
      });
      const off = await v.startThread(
        { scenario: 'elicitation' },
        { elicitation: false, openExternal: async () => true },
      );
      expect(v.clientCapabilities(off.received)).not.toHaveProperty('elicitation');
    });

    v.it('shows the address, opens it only on Open, answers accept, and the agent completes it', async () => {
      const t = await ask('url');
      expect(t.card.link).toEqual({
        message: 'Connect your account',
        url: 'https://example.com/connect?elicitationId=scripted-url-1',
        host: 'example.com',
        warnings: [],
        unusable: null,
      });
      expect(t.opened).toEqual([]);
      expect(t.controller.resolveElicitation(t.card.elicitationId, 'accept')).toBeNull();
      await within(t.turn, 'the end of the turn');
      expect(t.opened).toEqual(['https://example.com/connect?elicitationId=scripted-url-1']);
      expect(reported(t.state())[0]?.answer).toEqual({ result: { action: 'accept' } });
      await eventually(() => t.entry().completed, 'the card marked done by elicitation/complete');
      expect(t.entry().answer).toBe('accept');
    });

    v.it('a user who says no to VS Code leaves the card waiting; Decline then reaches the agent', async () => {
      const t = await ask('url', false);
      t.controller.resolveElicitation(t.card.elicitationId, 'accept');
      await eventually(() => t.opened.length === 1, 'the opener asked');
      expect(t.entry().answer).toBeNull();
      t.controller.resolveElicitation(t.card.elicitationId, 'decline');
      await within(t.turn, 'the end of the turn');
      expect(reported(t.state())[0]?.answer).toEqual({ result: { action: 'decline' } });
    });

    v.it("the agent's elicitation/complete before any choice closes the card and answers cancel", async () => {
      const t = await ask('url-complete-first');
      await within(t.turn, 'the end of the turn');
      expect(reported(t.state())[0]?.answer).toEqual({ result: { action: 'cancel' } });
      expect(t.entry()).toMatchObject({ answer: 'cancel', completed: true });
      expect(t.opened).toEqual([]);
    });

    v.it('never opens a file: address; the card says why and can still be declined', async () => {
      const t = await ask('url-file');
      expect(t.card.link.unusable).toEqual({ kind: 'scheme', scheme: 'file:' });
      expect(t.controller.resolveElicitation(t.card.elicitationId, 'accept')).toEqual({
        '': 'Switchboard opens only http and https addresses, not file:.',
      });
      t.controller.resolveElicitation(t.card.elicitationId, 'decline');
      await within(t.turn, 'the end of the turn');
      expect(t.opened).toEqual([]);
      expect(reported(t.state())[0]?.answer).toEqual({ result: { action: 'decline' } });
    });
  });
});

describe('what ACP v2 dropped, as this suite leaves it out', () => {
  it('leaves out nothing: every case runs on v2', () => {
    expect(excludedOnV2()).toEqual([]);
  });
});
