// URL-mode elicitation (elicitation/create, mode "url"): the card's view of the address an agent asks the
// user to open, and the one address Open may open. ACP asks the client to show the whole address and its
// host before consent and to warn about suspicious ones (Punycode look-alikes). What is shown is the address
// as parsed, so it is what opens: the host in ASCII and anything unusual in the rest percent-encoded (an
// invisible or direction-changing character cannot disguise it). Only http and https open: any other scheme
// (file:, vscode:, command:, javascript:) would act on this machine rather than show a page.
import { isIP } from 'node:net';
import { domainToUnicode } from 'node:url';
import type * as acp from '@agentclientprotocol/sdk';
import { t } from '../../shared/l10n';
import { ELICITATION_BOUNDS, type ElicitationLink } from '../../shared/elicitation';

/** The longest address the card shows whole (a longer one cannot be checked by eye, so it is not opened). */
export const LINK_MAX_URL = 4096;

const LOOPBACK_NAMES = new Set(['localhost', '[::1]']);

export function elicitationLink(params: acp.CreateElicitationRequest): { link: ElicitationLink; href: string | null } {
  const record = params as { url?: unknown; message?: unknown };
  const raw = typeof record.url === 'string' ? record.url : '';
  const message = bounded(record.message, ELICITATION_BOUNDS.message);
  const refused = (unusable: string) => ({
    link: { message, url: bounded(raw, LINK_MAX_URL), host: null, warnings: [], unusable },
    href: null,
  });
  if (raw.length > LINK_MAX_URL)
    return refused(t('The address is {0} characters long; Switchboard opens at most {1}.', raw.length, LINK_MAX_URL));
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    return refused(t('This is not a web address.'));
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:')
    return refused(t('Switchboard opens only http and https addresses, not {0}.', parsed.protocol));
  if (parsed.hostname === '') return refused(t('This is not a web address.'));
  const href = parsed.href;
  if (href.length > LINK_MAX_URL)
    return refused(t('The address is {0} characters long; Switchboard opens at most {1}.', href.length, LINK_MAX_URL));
  return { link: { message, url: href, host: parsed.hostname, warnings: warningsFor(parsed), unusable: null }, href };
}

function warningsFor(url: URL): string[] {
  const host = url.hostname;
  const warnings: string[] = [];
  if (url.username !== '' || url.password !== '') {
    warnings.push(
      t(
        'The part before "@" ({0}) is a user name, not the site: this address goes to {1}.',
        bounded(decodeURIComponentSafe(url.username), 200),
        host,
      ),
    );
  }
  if (host.split('.').some((label) => label.startsWith('xn--'))) {
    warnings.push(
      t(
        'The host name has letters beyond plain ASCII and reads "{0}"; letters of other alphabets can imitate a familiar name. Check it is the site you expect.',
        domainToUnicode(host),
      ),
    );
  }
  // A page on this machine talks to whatever listens there: worth knowing, though http is fine for it.
  const loopback = LOOPBACK_NAMES.has(host) || host.startsWith('127.');
  if (loopback) warnings.push(t('The address is on this computer ({0}).', host));
  else if (isIP(host) !== 0 || host.startsWith('[')) warnings.push(t('The host is an IP address, not a name.'));
  if (url.protocol === 'http:' && !loopback) warnings.push(t('The address is not encrypted (http, not https).'));
  return warnings;
}

function bounded(value: unknown, max: number): string {
  if (typeof value !== 'string') return '';
  return value.length > max ? `${value.slice(0, max)}…` : value;
}

function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
