// A permission request, inline in its tool-call card, with the agent's own options as real
// buttons (tab-reachable; we never move focus to them, so typing in the composer is never
// interrupted). Once resolved it says which option was chosen, or that it was cancelled.
//
// What a button does is its option's `kind`, not its name: the agent names options freely (an
// option named "Deny" can be of kind allow_always). So the kind decides the button's label
// ("Allow always"), icon and colour; the agent's name, when it says something else, is
// secondary text after it. An option of an unknown kind is labelled as such, never as an allow.
import type * as acp from '@agentclientprotocol/sdk';
import type { PermissionRequestView } from '../../../src/shared/thread';
import { h } from '../../dom';
import { visibleText } from '../../visibleText';
import type { Post } from '../types';
import { t } from '../../l10n';

interface KindLook {
  /** What pressing it does, in our words. */
  label: string;
  /** Our button classes (colour), and the icon (see media/chat.css, `.permission-option[data-kind]`). */
  className: string;
  /** The resolved card: "Always allowed". */
  verb: string;
}

const KINDS: Record<acp.PermissionOptionKind, KindLook> = {
  allow_once: { label: t('Allow once'), className: 'primary', verb: t('Allowed once') },
  allow_always: { label: t('Allow always'), className: 'primary always', verb: t('Always allowed') },
  reject_once: { label: t('Reject once'), className: 'secondary', verb: t('Rejected once') },
  reject_always: { label: t('Reject always'), className: 'danger always', verb: t('Always rejected') },
};
const UNKNOWN_KIND: KindLook = { label: t('Unknown option'), className: 'secondary unknown', verb: t('Chose') };

/** How an option's kind looks; only the four ACP kinds (own keys, so not "constructor") get one. */
export function kindLook(kind: unknown): KindLook {
  return typeof kind === 'string' && Object.hasOwn(KINDS, kind)
    ? KINDS[kind as acp.PermissionOptionKind]
    : UNKNOWN_KIND;
}

/** `cardTitle`: the title its card already shows (an agent's prompt title that repeats it is not shown twice). */
export function renderPermission(request: PermissionRequestView, post: Post, cardTitle = ''): HTMLElement {
  const state = request.state ?? { kind: 'cancelled' };
  const el = h('div', {
    class: `permission permission-${state.kind === 'pending' || state.kind === 'selected' ? state.kind : 'cancelled'}`,
    data: { permissionId: visibleText(request.permissionId), state: visibleText(state.kind) },
  });
  const options = Array.isArray(request.options)
    ? request.options.filter((o) => typeof o === 'object' && o !== null)
    : [];
  if (state.kind === 'pending') {
    el.setAttribute('role', 'group');
    el.setAttribute('aria-label', t('Permission request'));
    el.appendChild(promptOf(request, cardTitle));
    const group = h('div', { class: 'permission-options' });
    for (const option of options) group.appendChild(renderOption(request, option, group, post));
    el.appendChild(group);
  } else if (state.kind === 'selected') {
    const option = options.find((o) => o.optionId === state.optionId);
    const look = option ? kindLook(option.kind) : UNKNOWN_KIND;
    el.dataset.kind = option && look !== UNKNOWN_KIND ? option.kind : '';
    const name = visibleText(option ? option.name : state.optionId);
    el.appendChild(
      h('div', {
        class: 'permission-result',
        text: addsToLabel(name, look.label) ? `${look.verb} (“${name}”)` : look.verb,
      }),
    );
    // Answered by the client itself (a rule, auto-approve): said on the card, every time.
    if (typeof state.automatic === 'string') {
      el.dataset.automatic = 'true';
      el.appendChild(h('div', { class: 'permission-automatic', text: visibleText(state.automatic) }));
    }
  } else {
    el.appendChild(h('div', { class: 'permission-result', text: t('Permission request cancelled') }));
  }
  return el;
}

/**
 * What the agent asks: its own title and description (ACP v2), else our sentence for a tool call. A title the card
 * already shows above is left out (v2 agents give a tool call's permission the tool's own title).
 */
function promptOf(request: PermissionRequestView, cardTitle: string): HTMLElement {
  const prompt = request.prompt;
  if (!prompt || typeof prompt.title !== 'string')
    return h('div', { class: 'permission-prompt', text: t('The agent asks for permission to run this tool.') });
  const title = visibleText(prompt.title, { maxLength: 500 });
  const description = typeof prompt.description === 'string' ? prompt.description : '';
  const repeated = title.trim() !== '' && title.trim() === cardTitle.trim();
  if (repeated && !description)
    return h('div', { class: 'permission-prompt', text: t('The agent asks for permission to run this tool.') });
  return h(
    'div',
    { class: 'permission-prompt' },
    repeated ? null : h('div', { class: 'permission-title', text: title }),
    description
      ? h('div', { class: 'permission-description', text: visibleText(description, { maxLength: 4000 }) })
      : null,
  );
}

/**
 * Whether the agent's name says more than our label: "Always allow" or "Reject" under "Allow
 * always" / "Reject once" would only repeat it; "Deny" under "Allow always" must show.
 */
function addsToLabel(name: string, label: string): boolean {
  const ours = new Set(label.toLowerCase().split(' '));
  const words = name.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return words.some((word) => !ours.has(word));
}

function renderOption(
  request: PermissionRequestView,
  option: acp.PermissionOption,
  group: HTMLElement,
  post: Post,
): HTMLElement {
  const look = kindLook(option.kind);
  const name = visibleText(option.name, { maxLength: 200 });
  const secondary = addsToLabel(name, look.label) ? name : '';
  const el = h(
    'button',
    {
      class: `permission-option ${look.className}`,
      // Named by what it shows (its kind, then the agent's name for it): a spoken name that differs from the
      // visible one confuses voice control users, who say what they see.
      attrs: { type: 'button' },
      data: { optionId: visibleText(option.optionId), kind: look === UNKNOWN_KIND ? 'unknown' : option.kind },
    },
    h('span', { class: 'permission-kind', text: look.label }),
    secondary ? h('span', { class: 'permission-name', text: secondary }) : null,
  );
  // An option we could not answer with (the host takes string ids only) cannot be picked.
  if (typeof option.optionId !== 'string') {
    el.disabled = true;
    return el;
  }
  el.addEventListener('click', () => {
    // Disable the whole group at once: a double click must not answer twice. The host's
    // permissionResolved action re-renders the card with the outcome.
    for (const other of Array.from(group.querySelectorAll('button'))) other.disabled = true;
    el.classList.add('chosen');
    post({ type: 'permission', permissionId: request.permissionId, optionId: option.optionId });
  });
  return el;
}
