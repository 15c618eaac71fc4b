// Session selectors under the composer: the agent's config options (select type, flat or
// grouped, and boolean type as a toggle, in the agent's order but for the options that configure
// the model, placed right after the model selector: shared/configOptions.ts; other types ignored) or, for
// agents without config options, the legacy mode selector. Rebuilt only when the options, the
// modes or the setting error change, so an open <select> is not replaced while streaming. A
// change the agent refused rebuilds them too: the control goes back to the agent's value and
// the agent's reason shows beside it.
import type * as acp from '@agentclientprotocol/sdk';
import { placedConfigOptions } from '../../../src/shared/configOptions';
import { settingErrorWords } from '../../../src/shared/entryWords';
import type { SettingError, ThreadState } from '../../../src/shared/thread';
import { h } from '../../dom';
import { asText, visibleText } from '../../visibleText';
import type { Post } from '../types';
import { t } from '../../l10n';

type SelectOption = Extract<acp.SessionConfigOption, { type: 'select' }>;
type BooleanOption = Extract<acp.SessionConfigOption, { type: 'boolean' }>;

export class SelectorsView {
  readonly el = h('div', { class: 'selectors' });
  private lastOptions: acp.SessionConfigOption[] | null | undefined = undefined;
  private lastModes: acp.SessionModeState | null | undefined = undefined;
  private lastError: SettingError | null | undefined = undefined;

  constructor(private readonly post: Post) {}

  update(thread: ThreadState | null): void {
    const options = thread?.configOptions ?? null;
    const modes = thread?.modes ?? null;
    const error = thread?.settingError ?? null;
    if (options === this.lastOptions && modes === this.lastModes && error === this.lastError) return;
    this.lastOptions = options;
    this.lastModes = modes;
    this.lastError = error;
    if (Array.isArray(options) && options.length > 0)
      this.el.replaceChildren(...placedConfigOptions(options).flatMap((o) => this.renderConfigOption(o, error)));
    else if (modes && Array.isArray(modes.availableModes) && modes.availableModes.length > 0)
      this.el.replaceChildren(this.renderModes(modes, error));
    else this.el.replaceChildren();
    this.el.hidden = this.el.childElementCount === 0;
  }

  /** The control for one option; none for a type this client does not know (the agent keeps its default). */
  private renderConfigOption(option: acp.SessionConfigOption, error: SettingError | null): HTMLElement[] {
    const failed = error?.target.kind === 'config' && error.target.configId === option?.id ? error : null;
    if (option?.type === 'select' && Array.isArray(option.options)) return [this.renderSelect(option, failed)];
    if (option?.type === 'boolean' && typeof option.currentValue === 'boolean')
      return [this.renderToggle(option, failed)];
    return [];
  }

  private renderSelect(option: SelectOption, error: SettingError | null): HTMLElement {
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
    select.addEventListener('change', () =>
      this.post({ type: 'setConfigOption', configId: asText(option.id), value: select.value }),
    );
    return labelled('config-option', option, select, error);
  }

  /** A checkbox: it sends the new state; the agent's answer (the complete option list) sets it. */
  private renderToggle(option: BooleanOption, error: SettingError | null): HTMLElement {
    const toggle = h('input', {
      class: 'config-toggle',
      data: { configId: asText(option.id) },
      title: visibleText(option.description ?? option.name),
      attrs: { type: 'checkbox', role: 'switch', 'aria-label': visibleText(option.name) },
    });
    toggle.checked = option.currentValue;
    toggle.addEventListener('change', () =>
      this.post({ type: 'setConfigOption', configId: asText(option.id), value: toggle.checked }),
    );
    return labelled('config-option config-boolean', option, toggle, error);
  }

  private renderModes(modes: acp.SessionModeState, error: SettingError | null): HTMLElement {
    const select = h('select', { class: 'mode-select', attrs: { 'aria-label': t('Mode') } });
    for (const mode of modes.availableModes) {
      const option = h('option', { text: visibleText(mode?.name), title: visibleText(mode?.description) });
      option.value = asText(mode?.id);
      select.appendChild(option);
    }
    select.value = asText(modes.currentModeId);
    select.addEventListener('change', () => this.post({ type: 'setMode', modeId: select.value }));
    const label = h('label', { class: 'mode-option' }, h('span', { class: 'selector-label', text: t('Mode') }), select);
    return withError(label, select, error?.target.kind === 'mode' ? error : null);
  }
}

function labelled(
  className: string,
  option: acp.SessionConfigOption,
  control: HTMLElement,
  error: SettingError | null,
): HTMLElement {
  const label = h(
    'label',
    { class: className, data: { category: asText(option.category ?? '') } },
    h('span', { class: 'selector-label', text: visibleText(option.name) }),
    control,
  );
  return withError(label, control, error);
}

/** The agent's reason for refusing the last change of this control, in place (not a notification). */
function withError(label: HTMLElement, control: HTMLElement, error: SettingError | null): HTMLElement {
  if (!error) return label;
  const message = h('span', {
    class: 'selector-error',
    text: visibleText(settingErrorWords(error), { maxLength: 300 }),
    attrs: { role: 'alert' },
  });
  message.id = `selector-error-${asText(control.dataset.configId ?? 'mode').replace(/[^\w-]/g, '_')}`;
  control.setAttribute('aria-invalid', 'true');
  control.setAttribute('aria-describedby', message.id);
  label.classList.add('has-error');
  label.appendChild(message);
  return label;
}

function renderOption(item: acp.SessionConfigSelectOption): HTMLOptionElement {
  const option = h('option', { text: visibleText(item?.name), title: visibleText(item?.description) });
  option.value = asText(item?.value);
  return option;
}
