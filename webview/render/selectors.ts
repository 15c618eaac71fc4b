// Session selectors under the composer: the agent's config options (select type, flat or
// grouped, in the agent's order; other types ignored) or, for agents without config options,
// the legacy mode selector. Rebuilt only when the options object changes, so an open <select>
// is not replaced while streaming.
import type * as acp from '@agentclientprotocol/sdk';
import type { ThreadState } from '../../src/shared/thread';
import { h } from '../dom';
import { asText, visibleText } from '../visibleText';
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
    const selects = (Array.isArray(options) ? options : []).filter((o): o is SelectOption => o?.type === 'select' && Array.isArray(o.options));
    if (Array.isArray(options) && options.length > 0) this.el.replaceChildren(...selects.map((o) => this.renderConfigOption(o)));
    else if (modes && Array.isArray(modes.availableModes) && modes.availableModes.length > 0) this.el.replaceChildren(this.renderModes(modes));
    else this.el.replaceChildren();
    this.el.hidden = this.el.childElementCount === 0;
  }

  private renderConfigOption(option: SelectOption): HTMLElement {
    const select = h('select', {
      data: { configId: asText(option.id) },
      title: visibleText(option.description ?? option.name),
      attrs: { 'aria-label': visibleText(option.name) },
    });
    for (const item of option.options) {
      if (typeof item !== 'object' || item === null) continue;
      if ('group' in item) {
        const group = h('optgroup');
        group.label = visibleText(item.name);
        group.append(...(Array.isArray(item.options) ? item.options : []).map(renderOption));
        select.appendChild(group);
      } else {
        select.appendChild(renderOption(item));
      }
    }
    select.value = asText(option.currentValue);
    select.addEventListener('change', () => this.post({ type: 'setConfigOption', configId: asText(option.id), value: select.value }));
    return h(
      'label',
      { class: 'config-option', data: { category: option.category ?? '' } },
      h('span', { class: 'selector-label', text: visibleText(option.name) }),
      select,
    );
  }

  private renderModes(modes: acp.SessionModeState): HTMLElement {
    const select = h('select', { class: 'mode-select', attrs: { 'aria-label': 'Mode' } });
    for (const mode of modes.availableModes) {
      const option = h('option', { text: visibleText(mode?.name), title: visibleText(mode?.description) });
      option.value = asText(mode?.id);
      select.appendChild(option);
    }
    select.value = asText(modes.currentModeId);
    select.addEventListener('change', () => this.post({ type: 'setMode', modeId: select.value }));
    return h('label', { class: 'mode-option' }, h('span', { class: 'selector-label', text: 'Mode' }), select);
  }
}

function renderOption(item: acp.SessionConfigSelectOption): HTMLOptionElement {
  const option = h('option', { text: visibleText(item?.name), title: visibleText(item?.description) });
  option.value = asText(item?.value);
  return option;
}
