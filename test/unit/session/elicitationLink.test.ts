// URL-mode elicitation: what the card shows of the address an agent asks the user to open (the whole address,
// the host it reaches, warnings for the suspicious kinds) and the one address Open may open. Only http and https
// open; anything else, too long or unparsable, is shown but cannot be opened.
import type * as acp from '@agentclientprotocol/sdk';
import { describe, expect, it } from 'vitest';
import { elicitationLink, LINK_MAX_URL } from '../../../src/session/requests/elicitationLink';
import { linkProblemWords, linkWarningWords } from '../../../src/shared/entryWords';

function request(url: unknown, message: unknown = 'Sign in to GitHub'): acp.CreateElicitationRequest {
  return { sessionId: 's1', mode: 'url', elicitationId: 'gh-1', url, message } as acp.CreateElicitationRequest;
}

/** The card's warnings as it shows them. */
const warningsOf = (url: string) => elicitationLink(request(url)).link.warnings.map(linkWarningWords);
/** Why it cannot be opened, as the card says it ('' when it can). */
const problemOf = (url: unknown) => {
  const { unusable } = elicitationLink(request(url)).link;
  return unusable ? linkProblemWords(unusable) : '';
};

describe('elicitationLink', () => {
  it('shows the whole address and its host, and opens exactly that address', () => {
    const { link, href } = elicitationLink(request('https://github.com/login/oauth?state=a%2Fb&x=1#frag'));
    expect(link).toEqual({
      message: 'Sign in to GitHub',
      url: 'https://github.com/login/oauth?state=a%2Fb&x=1#frag',
      host: 'github.com',
      warnings: [],
      unusable: null,
    });
    expect(href).toBe(link.url);
  });

  it('warns about an unencrypted address; one on this machine says so instead (http is fine there)', () => {
    expect(warningsOf('http://example.com/')).toEqual([expect.stringContaining('not encrypted')]);
    for (const [url, host] of [
      ['http://localhost:3000/cb', 'localhost'],
      ['http://127.0.0.1:3000/cb', '127.0.0.1'],
      ['http://[::1]:3000/cb', '[::1]'],
      ['https://0x7f.1/cb', '127.0.0.1'],
    ])
      expect(warningsOf(url!)).toEqual([`The address is on this computer (${host}).`]);
  });

  it('names the real host when a user name before "@" imitates another', () => {
    const { link } = elicitationLink(request('https://github.com@evil.example/login'));
    expect(link.host).toBe('evil.example');
    expect(link.warnings.map(linkWarningWords)).toEqual([
      'The part before "@" (github.com) is a user name, not the site: this address goes to evil.example.',
    ]);
  });

  it('shows an internationalized host as Punycode, with how it reads and a warning', () => {
    // "аpple.com" with a Cyrillic "а".
    const { link, href } = elicitationLink(request('https://\u0430pple.com/'));
    expect(link.host).toBe('xn--pple-43d.com');
    expect(link.url).toBe('https://xn--pple-43d.com/');
    expect(href).toBe('https://xn--pple-43d.com/');
    expect(link.warnings.map(linkWarningWords)).toEqual([expect.stringContaining('reads "\u0430pple.com"')]);
  });

  it('warns about a bare IP address', () => {
    expect(warningsOf('https://203.0.113.7/login')).toEqual(['The host is an IP address, not a name.']);
  });

  it('percent-encodes invisible characters of the path in what it shows and opens', () => {
    const { link } = elicitationLink(request('https://example.com/a\u202Egnp.exe'));
    expect(link.url).toBe('https://example.com/a%E2%80%AEgnp.exe');
    expect(link.unusable).toBeNull();
  });

  it.each([
    ['javascript:alert(1)', 'javascript:'],
    ['file:///etc/passwd', 'file:'],
    ['vscode://some.extension/run', 'vscode:'],
    ['command:workbench.action.terminal.new', 'command:'],
    ['data:text/html,<script>alert(1)</script>', 'data:'],
  ])('shows but never opens %s', (url, scheme) => {
    const { link, href } = elicitationLink(request(url));
    expect(href).toBeNull();
    expect(problemOf(url)).toBe(`Switchboard opens only http and https addresses, not ${scheme}.`);
    expect(link.url).toBe(url);
    expect(link.host).toBeNull();
  });

  it('cannot open what is no address, or an address too long to show whole', () => {
    for (const url of ['not a url', '', 42, null]) {
      const { link, href } = elicitationLink(request(url));
      expect(href).toBeNull();
      expect(link.unusable).not.toBeNull();
      expect(problemOf(url)).toBe('This is not a web address.');
    }
    const long = `https://example.com/${'a'.repeat(LINK_MAX_URL)}`;
    const { link, href } = elicitationLink(request(long));
    expect(href).toBeNull();
    expect(problemOf(long)).toBe(
      `The address is ${long.length} characters long; Switchboard opens at most ${LINK_MAX_URL}.`,
    );
    expect(link.url.length).toBeLessThanOrEqual(LINK_MAX_URL + 1);
  });

  it('bounds the message and takes a missing one as empty', () => {
    expect(elicitationLink(request('https://example.com/', 'm'.repeat(50_000))).link.message.length).toBeLessThan(
      5_000,
    );
    expect(elicitationLink(request('https://example.com/', null)).link.message).toBe('');
  });
});
