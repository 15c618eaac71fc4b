// A permission request, inline in its tool-call card, with the agent's own options as real
// buttons (tab-reachable; we never move focus to them, so typing in the composer is never
// interrupted). Once resolved it says which option was chosen, or that it was cancelled.
import type * as acp from '@agentclientprotocol/sdk';
import type { PermissionRequestView } from '../../src/shared/thread';
import { h } from '../dom';
import type { Post } from './types';

const KIND_CLASS: Record<acp.PermissionOptionKind, string> = {
  allow_once: 'primary',
  allow_always: 'primary always',
  reject_once: 'secondary',
  reject_always: 'danger always',
};

const KIND_VERB: Record<acp.PermissionOptionKind, string> = {
  allow_once: 'Allowed',
  allow_always: 'Always allowed',
  reject_once: 'Rejected',
  reject_always: 'Always rejected',
};

export function renderPermission(request: PermissionRequestView, post: Post): HTMLElement {
  const el = h('div', {
    class: `permission permission-${request.state.kind}`,
    data: { permissionId: request.permissionId, state: request.state.kind },
  });
  const state = request.state;
  if (state.kind === 'pending') {
    el.setAttribute('role', 'group');
    el.setAttribute('aria-label', 'Permission request');
    el.appendChild(h('div', { class: 'permission-prompt', text: 'The agent asks for permission to run this tool.' }));
    const options = h('div', { class: 'permission-options' });
    for (const option of request.options) options.appendChild(renderOption(request, option, options, post));
    el.appendChild(options);
  } else if (state.kind === 'selected') {
    const option = request.options.find((o) => o.optionId === state.optionId);
    const verb = option ? KIND_VERB[option.kind] ?? 'Chosen' : 'Chosen';
    el.dataset.kind = option?.kind ?? '';
    el.appendChild(h('div', { class: 'permission-result', text: `${verb}: ${option?.name ?? state.optionId}` }));
  } else {
    el.appendChild(h('div', { class: 'permission-result', text: 'Permission request cancelled' }));
  }
  return el;
}

function renderOption(request: PermissionRequestView, option: acp.PermissionOption, group: HTMLElement, post: Post): HTMLElement {
  const el = h('button', {
    class: `permission-option ${KIND_CLASS[option.kind] ?? 'secondary'}`,
    text: option.name,
    attrs: { type: 'button' },
    data: { optionId: option.optionId, kind: option.kind },
  });
  el.addEventListener('click', () => {
    // Disable the whole group at once: a double click must not answer twice. The host's
    // permissionResolved action re-renders the card with the outcome.
    for (const other of Array.from(group.querySelectorAll('button'))) other.disabled = true;
    el.classList.add('chosen');
    post({ type: 'permission', permissionId: request.permissionId, optionId: option.optionId });
  });
  return el;
}
