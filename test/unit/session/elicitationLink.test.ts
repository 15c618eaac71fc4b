// URL-mode elicitation: what the card shows of the address an agent asks the user to open (the whole address,
// the host it reaches, warnings for the suspicious kinds) and the one address Open may open. Only http and https
// open; anything else, too long or unparsable, is shown but cannot be opened.
import type * as acp from '@agentclientprotocol/sdk';
import { describe, expect, it } from 'vitest';
import { elicitationLink, LINK_MAX_URL } from '../../../src/session/requests/elicitationLink';

function request(url: unknown, message: unknown = 'Sign in to GitHub'): acp.CreateElicitationRequest {
  return { sessionId: 's1', mode: 'url', elicitationId: 'gh-1', url, message } as acp.CreateElicitationRequest;
}

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
    expect(elicitationLink(request('http://example.com/')).link.warnings).toEqual([
      expect.stringContaining('not encrypted'),
    ]);
    for (const [url, host] of [
      ['http://localhost:3000/cb', 'localhost'],
      ['http://127.0.0.1:3000/cb', '127.0.0.1'],
      ['http://[::1]:3000/cb', '[::1]'],
      ['https://0x7f.1/cb', '127.0.0.1'],
    ])
      expect(elicitationLink(request(url)).link.warnings).toEqual([`The address is on this computer (${host}).`]);
  });

  it('names the real host when a user name before "@" imitates another', () => {
    const { link } = elicitationLink(request('https://github.com@evil.example/login'));
    expect(link.host).toBe('evil.example');
    expect(link.warnings).toEqual([expect.stringContaining('evil.example')]);
    expect(link.warnings[0]).toContain('github.com');
  });

  it('shows an internationalized host as Punycode, with how it reads and a warning', () => {
    // "аpple.com" with a Cyrillic "а".
    const { link, href } = elicitationLink(request('https://\u0430pple.com/'));
    expect(link.host).toBe('xn--pple-43d.com');
    expect(link.url).toBe('https://xn--pple-43d.com/');
    expect(href).toBe('https://xn--pple-43d.com/');
    expect(link.warnings).toEqual([expect.stringContaining('\u0430pple.com')]);
  });

  it('warns about a bare IP address', () => {
    expect(elicitationLink(request('https://203.0.113.7/login')).link.warnings).toEqual([
      expect.stringContaining('IP address'),
    ]);
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
    expect(link.unusable).toContain(scheme);
    expect(link.url).toBe(url);
    expect(link.host).toBeNull();
  });

  it('cannot open what is no address, or an address too long to show whole', () => {
    for (const url of ['not a url', '', 42, null]) {
      const { link, href } = elicitationLink(request(url));
      expect(href).toBeNull();
      expect(link.unusable).toEqual(expect.any(String));
    }
    const long = `https://example.com/${'a'.repeat(LINK_MAX_URL)}`;
    const { link, href } = elicitationLink(request(long));
    expect(href).toBeNull();
    expect(link.unusable).toContain(String(LINK_MAX_URL));
    expect(link.url.length).toBeLessThanOrEqual(LINK_MAX_URL + 1);
  });

  it('bounds the message and takes a missing one as empty', () => {
    expect(elicitationLink(request('https://example.com/', 'm'.repeat(50_000))).link.message.length).toBeLessThan(
      5_000,
    );
    expect(elicitationLink(request('https://example.com/', null)).link.message).toBe('');
  });
});
