// Session selectors under the composer: the agent's config options (select type, flat or
// grouped, in the agent's order; other types ignored) or, for agents without config options,
// the legacy mode selector. Rebuilt only when the options object changes, so an open <select>
// is not replaced while streaming.
import type * as acp from '@agentclientprotocol/sdk';
import type { ThreadState } from '../../src/shared/thread';
import { h } from '../dom';
import type { Post } from './types';

type SelectOption = Extract<acp.SessionConfigOption, { type: 'select' }>;

export class SelectorsView {
  readonly el = h('div', { class: 'selectors' });
  private lastOptions: acp.SessionConfigOption[] | null | undefined = undefined;
  private lastModes: acp.SessionModeState | null | undefined = undefined;

  constructor(private readonly post: Post) {}

  update(thread: ThreadState | null): void {
    const options = thread?.configOptions ?? null;
    const modes = thread?.modes ?? null;
    if (options === this.lastOptions && modes === this.lastModes) return;
    this.lastOptions = options;
    this.lastModes = modes;
    const selects = (options ?? []).filter((o): o is SelectOption => o.type === 'select');
    if (options && options.length > 0) this.el.replaceChildren(...selects.map((o) => this.renderConfigOption(o)));
    else if (modes && modes.availableModes.length > 0) this.el.replaceChildren(this.renderModes(modes));
    else this.el.replaceChildren();
    this.el.hidden = this.el.childElementCount === 0;
  }

  private renderConfigOption(option: SelectOption): HTMLElement {
    const select = h('select', {
      data: { configId: option.id },
      title: option.description ?? option.name,
      attrs: { 'aria-label': option.name },
    });
    for (const item of option.options) {
      if ('group' in item) {
        const group = h('optgroup');
        group.label = item.name;
        group.append(...item.options.map(renderOption));
        select.appendChild(group);
      } else {
        select.appendChild(renderOption(item));
      }
    }
    select.value = option.currentValue;
    select.addEventListener('change', () => this.post({ type: 'setConfigOption', configId: option.id, value: select.value }));
    return h(
      'label',
      { class: 'config-option', data: { category: option.category ?? '' } },
      h('span', { class: 'selector-label', text: option.name }),
      select,
    );
  }

  private renderModes(modes: acp.SessionModeState): HTMLElement {
    const select = h('select', { class: 'mode-select', attrs: { 'aria-label': 'Mode' } });
    for (const mode of modes.availableModes) {
      const option = h('option', { text: mode.name, title: mode.description ?? '' });
      option.value = mode.id;
      select.appendChild(option);
    }
    select.value = modes.currentModeId;
    select.addEventListener('change', () => this.post({ type: 'setMode', modeId: select.value }));
    return h('label', { class: 'mode-option' }, h('span', { class: 'selector-label', text: 'Mode' }), select);
  }
}

function renderOption(item: acp.SessionConfigSelectOption): HTMLOptionElement {
  const option = h('option', { text: item.name, title: item.description ?? '' });
  option.value = item.value;
  return option;
}
