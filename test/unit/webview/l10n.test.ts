// @vitest-environment jsdom
// The webview reads the display language's strings from the page the host built (src/chat/html.ts) when
// webview/l10n.ts loads, before any module that imports it builds its labels.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { L10N_META } from '../../../src/shared/l10n';

describe('webview l10n', () => {
  afterEach(() => document.head.replaceChildren());

  it('takes the strings from the page and falls back to English for the rest', async () => {
    const meta = document.createElement('meta');
    meta.name = L10N_META;
    meta.content = JSON.stringify({ Send: 'Senden', '{0} pending files': '{0} ausstehende Dateien' });
    document.head.appendChild(meta);
    vi.resetModules();
    const { t } = await import('../../../webview/l10n');
    expect(t('Send')).toBe('Senden');
    expect(t('{0} pending files', 3)).toBe('3 ausstehende Dateien');
    expect(t('Stop')).toBe('Stop');
  });

  it('ignores a page whose strings do not parse', async () => {
    const meta = document.createElement('meta');
    meta.name = L10N_META;
    meta.content = '{"Send": ';
    document.head.appendChild(meta);
    vi.resetModules();
    const { t } = await import('../../../webview/l10n');
    expect(t('Send')).toBe('Send');
  });
});
