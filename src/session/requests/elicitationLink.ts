// URL-mode elicitation (elicitation/create, mode "url"): the card's view of the address an agent asks the
// user to open, and the one address Open may open. ACP asks the client to show the whole address and its
// host before consent and to warn about suspicious ones (Punycode look-alikes). What is shown is the address
// as parsed, so it is what opens: the host in ASCII and anything unusual in the rest percent-encoded (an
// invisible or direction-changing character cannot disguise it). Only http and https open: any other scheme
// (file:, vscode:, command:, javascript:) would act on this machine rather than show a page.
import { isIP } from 'node:net';
import { domainToUnicode } from 'node:url';
import type * as acp from '@agentclientprotocol/sdk';
import { ELICITATION_BOUNDS, type ElicitationLink } from '../../shared/elicitation';
import type { LinkProblem, LinkWarning } from '../../shared/entryReasons';

/** The longest address the card shows whole (a longer one cannot be checked by eye, so it is not opened). */
export const LINK_MAX_URL = 4096;

const LOOPBACK_NAMES = new Set(['localhost', '[::1]']);

export function elicitationLink(params: acp.CreateElicitationRequest): { link: ElicitationLink; href: string | null } {
  const record = params as { url?: unknown; message?: unknown };
  const raw = typeof record.url === 'string' ? record.url : '';
  const message = bounded(record.message, ELICITATION_BOUNDS.message);
  const refused = (unusable: LinkProblem) => ({
    link: { message, url: bounded(raw, LINK_MAX_URL), host: null, warnings: [], unusable },
    href: null,
  });
  if (raw.length > LINK_MAX_URL) return refused({ kind: 'tooLong', length: raw.length, max: LINK_MAX_URL });
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    return refused({ kind: 'notWeb' });
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:')
    return refused({ kind: 'scheme', scheme: parsed.protocol });
  if (parsed.hostname === '') return refused({ kind: 'notWeb' });
  const href = parsed.href;
  if (href.length > LINK_MAX_URL) return refused({ kind: 'tooLong', length: href.length, max: LINK_MAX_URL });
  return { link: { message, url: href, host: parsed.hostname, warnings: warningsFor(parsed), unusable: null }, href };
}

function warningsFor(url: URL): LinkWarning[] {
  const host = url.hostname;
  const warnings: LinkWarning[] = [];
  if (url.username !== '' || url.password !== '')
    warnings.push({ kind: 'userName', user: bounded(decodeURIComponentSafe(url.username), 200), host });
  if (host.split('.').some((label) => label.startsWith('xn--')))
    warnings.push({ kind: 'lookAlike', unicode: domainToUnicode(host) });
  // A page on this machine talks to whatever listens there: worth knowing, though http is fine for it.
  const loopback = LOOPBACK_NAMES.has(host) || host.startsWith('127.');
  if (loopback) warnings.push({ kind: 'loopback', host });
  else if (isIP(host) !== 0 || host.startsWith('[')) warnings.push({ kind: 'ipAddress' });
  if (url.protocol === 'http:' && !loopback) warnings.push({ kind: 'unencrypted' });
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
