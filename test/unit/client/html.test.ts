import { describe, expect, it } from 'vitest';
import { buildChatHtml, contentSecurityPolicy, createNonce } from '../../../src/panel/html';

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
    expect(csp).toContain(`img-src ${input.cspSource} data: https:`);
    expect(csp).toContain(`font-src ${input.cspSource}`);
    expect(html).not.toContain('unsafe-inline');
    expect(html).not.toContain('unsafe-eval');
    // The only script is the nonce'd bundle: no inline script body.
    expect(html.match(/<script/g)).toHaveLength(1);
  });

  it('links the stylesheet and has the root element', () => {
    expect(html).toContain(`<link rel="stylesheet" nonce="${input.nonce}" href="${input.styleUri}">`);
    expect(html).toContain('<div id="root"></div>');
  });

  it('escapes attribute values', () => {
    const hostile = buildChatHtml({ ...input, scriptUri: 'x"><img src=x onerror=alert(1)>' });
    expect(hostile).not.toContain('"><img');
    expect(hostile).toContain('x&quot;&gt;&lt;img');
  });

  it('makes a fresh, unguessable nonce each time', () => {
    const nonces = new Set(Array.from({ length: 50 }, () => createNonce()));
    expect(nonces.size).toBe(50);
    for (const nonce of nonces) expect(nonce.length).toBeGreaterThanOrEqual(24);
  });
});
