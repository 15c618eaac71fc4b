import { describe, expect, it } from 'vitest';
import { buildChatHtml, contentSecurityPolicy, createNonce } from '../../../src/chat/html';

const input = {
  cspSource: 'https://file+.vscode-resource.vscode-cdn.net',
  nonce: 'abc123XYZ+/=',
  scriptUri: 'https://file+.vscode-resource.vscode-cdn.net/ext/dist/webview.js',
  styleUri: 'https://file+.vscode-resource.vscode-cdn.net/ext/media/chat.css',
};

describe('chat webview HTML', () => {
  const html = buildChatHtml(input);

  it('puts the nonce in the CSP and on the script tag', () => {
    expect(html).toContain(`script-src 'nonce-${input.nonce}'`);
    expect(html).toContain(`<script nonce="${input.nonce}" src="${input.scriptUri}"></script>`);
  });

  it('has a strict policy: nothing by default, no unsafe-inline or eval', () => {
    const csp = contentSecurityPolicy(input.cspSource, input.nonce);
    expect(csp.startsWith("default-src 'none';")).toBe(true);
    expect(csp).toContain(`style-src ${input.cspSource} 'nonce-${input.nonce}'`);
    expect(csp).toContain(`font-src ${input.cspSource}`);
    expect(html).not.toContain('unsafe-inline');
    expect(html).not.toContain('unsafe-eval');
    // The only script is the nonce'd bundle: no inline script body.
    expect(html.match(/<script/g)).toHaveLength(1);
  });

  it('lets nothing the agent writes make a request: no remote images, media, frames, connections, forms or base', () => {
    const csp = contentSecurityPolicy(input.cspSource, input.nonce);
    const directives = new Map(
      csp
        .split(';')
        .map((part) => part.trim())
        .filter(Boolean)
        .map((part) => {
          const [name, ...values] = part.split(/\s+/);
          return [name, values.join(' ')] as const;
        }),
    );
    // Our icons and data: images (bytes already in the webview); never https: or any other host.
    expect(directives.get('img-src')).toBe(`${input.cspSource} data:`);
    expect(csp).not.toMatch(/https:(?!\/\/file\+\.vscode-resource)/);
    expect(csp).not.toContain('*');
    for (const name of [
      'media-src',
      'connect-src',
      'frame-src',
      'child-src',
      'worker-src',
      'object-src',
      'manifest-src',
      'form-action',
      'base-uri',
    ]) {
      expect(directives.get(name), name).toBe("'none'");
    }
    expect([...directives.keys()].sort()).toEqual(
      [
        'base-uri',
        'child-src',
        'connect-src',
        'default-src',
        'font-src',
        'form-action',
        'frame-src',
        'img-src',
        'manifest-src',
        'media-src',
        'object-src',
        'script-src',
        'style-src',
        'worker-src',
      ].sort(),
    );
  });

  it('links the stylesheet and has the root element', () => {
    expect(html).toContain(`<link rel="stylesheet" nonce="${input.nonce}" href="${input.styleUri}">`);
    expect(html).toContain('<div id="root"></div>');
  });

  it('escapes attribute values', () => {
    const strings = { Send: '"><script>alert(1)</script>', '{0} of {1} done': '{0} / {1} erledigt' };
    const localised = buildChatHtml({ ...input, l10n: strings, language: 'de' });
    expect(localised).toContain('<html lang="de">');
    expect(localised).not.toContain('<script>alert');
    const meta = /<meta name="switchboard-l10n" content="([^"]*)">/.exec(localised)?.[1] ?? '';
    const decoded = meta
      .replace(/&quot;/g, '"')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&');
    expect(JSON.parse(decoded)).toEqual(strings);
    expect(buildChatHtml({ ...input, language: 'en" onload="x' })).toContain('<html lang="en">');
    const hostile = buildChatHtml({ ...input, scriptUri: 'x"><img src=x onerror=alert(1)>' });
    expect(hostile).not.toContain('"><img');
    expect(hostile).toContain('x&quot;&gt;&lt;img');
  });

  it('marks the comparison page on its body, under the same policy and nonce as the chat (one bundle boots either)', () => {
    const compare = buildChatHtml({ ...input, page: 'compare' });
    expect(compare).toContain('<body data-page="compare">');
    expect(html).toContain('<body>');
    expect(html).not.toContain('data-page');
    // Only the body differs: the same CSP, nonce'd script and stylesheet.
    expect(compare.replace('<body data-page="compare">', '<body>')).toBe(html);
  });

  it('makes a fresh, unguessable nonce each time', () => {
    const nonces = new Set(Array.from({ length: 50 }, () => createNonce()));
    expect(nonces.size).toBe(50);
    for (const nonce of nonces) expect(nonce.length).toBeGreaterThanOrEqual(24);
  });
});
