// An elicitation form (form mode; link cards are elicitationUrl.ts): the agent's question as an
// inline form in the chat, answered Submit (accept, with the values), Decline or Cancel. Built
// from the bounded form description of src/shared/elicitation.ts: every agent string is set as
// text, never markup. The values are checked with the same rules as on the host before posting.
import { formProblemWords } from '../../../src/shared/entryWords';
import type { Entry } from '../../../src/shared/thread';
import {
  checkContent,
  initialValues,
  type ElicitationField,
  type ElicitationValue,
} from '../../../src/shared/elicitation';
import { button, h } from '../../dom';
import type { EntryView, Post } from '../types';
import { t } from '../../l10n';
import { visibleText } from '../../visibleText';

type ElicitationEntry = Extract<Entry, { kind: 'elicitation' }>;

const ANSWERED: Record<string, string> = {
  accept: t('You sent the form.'),
  decline: t('You declined.'),
  cancel: t('Cancelled.'),
};

export class ElicitationView implements EntryView {
  readonly el: HTMLElement;
  private built: string | null = null;
  private readonly values: Record<string, ElicitationValue>;
  private readonly problems = new Map<string, HTMLElement>();

  constructor(
    entry: ElicitationEntry,
    private readonly post: Post,
  ) {
    this.el = h('div', { class: 'entry elicitation', data: { entryId: entry.id }, attrs: { role: 'group' } });
    this.values = initialValues(entry.form);
  }

  update(entry: Entry): void {
    if (entry.kind !== 'elicitation') return;
    const key = `${entry.elicitationId}:${entry.answer ?? 'pending'}`;
    if (this.built === key) return;
    this.built = key;
    const { form } = entry;
    // Agent strings, shown with their invisible and direction-changing characters made visible.
    const title = form.title !== null ? visibleText(form.title) : t('The agent asks for input');
    this.el.setAttribute('aria-label', title);
    this.el.replaceChildren(
      h('div', { class: 'elicitation-title', text: title }),
      h('div', { class: 'elicitation-message', text: visibleText(form.message, { multiline: true }) }),
    );
    if (entry.answer !== null) {
      this.el.appendChild(h('div', { class: 'elicitation-answer', text: ANSWERED[entry.answer] ?? entry.answer }));
      return;
    }
    const formEl = h('form', { class: 'elicitation-form' });
    formEl.addEventListener('submit', (event) => event.preventDefault());
    for (const field of form.fields) formEl.appendChild(this.fieldRow(field));
    if (form.unusable)
      formEl.appendChild(h('div', { class: 'elicitation-problem', text: formProblemWords(form.unusable) }));
    const answer = (action: 'decline' | 'cancel') => () =>
      this.post({ type: 'elicitation', elicitationId: entry.elicitationId, action });
    const submit = button(t('Submit'), 'primary', () => {
      const checked = checkContent(form, this.values);
      for (const [name, el] of this.problems) el.textContent = checked.ok ? '' : (checked.problems[name] ?? '');
      if (!checked.ok) return;
      this.post({ type: 'elicitation', elicitationId: entry.elicitationId, action: 'accept', values: checked.content });
    });
    submit.disabled = form.unusable !== null;
    formEl.appendChild(
      h(
        'div',
        { class: 'elicitation-actions' },
        submit,
        button(t('Decline'), 'secondary', answer('decline')),
        button(t('Cancel'), 'secondary', answer('cancel')),
      ),
    );
    this.el.appendChild(formEl);
  }

  private fieldRow(field: ElicitationField): HTMLElement {
    const id = `elicitation-${this.built ?? ''}-${field.name}`.replace(/[^\w-]/g, '_');
    const problem = h('div', { class: 'elicitation-problem', attrs: { 'aria-live': 'polite' } });
    this.problems.set(field.name, problem);
    const fieldTitle = visibleText(field.title);
    const label = h('label', { text: field.required ? `${fieldTitle} *` : fieldTitle, attrs: { for: id } });
    const row = h('div', { class: 'elicitation-field' }, label, this.control(field, id));
    if (field.description)
      row.appendChild(
        h('div', { class: 'elicitation-description', text: visibleText(field.description, { multiline: true }) }),
      );
    row.appendChild(problem);
    return row;
  }

  private control(field: ElicitationField, id: string): HTMLElement {
    const set = (value: ElicitationValue | undefined) => {
      if (value === undefined) delete this.values[field.name];
      else this.values[field.name] = value;
    };
    switch (field.kind) {
      case 'text': {
        const input = h('input', { attrs: { id, type: 'text' } });
        input.value = field.default ?? '';
        input.addEventListener('input', () => set(input.value === '' ? undefined : input.value));
        return input;
      }
      case 'number':
      case 'integer': {
        const input = h('input', { attrs: { id, type: 'number', step: field.kind === 'integer' ? '1' : 'any' } });
        if (field.default !== null) input.value = String(field.default);
        input.addEventListener('input', () => set(input.value === '' ? undefined : Number(input.value)));
        return input;
      }
      case 'boolean': {
        const input = h('input', { attrs: { id, type: 'checkbox' } });
        input.checked = field.default ?? false;
        if (field.default === null) set(false);
        input.addEventListener('change', () => set(input.checked));
        return input;
      }
      case 'select': {
        const select = h('select', { attrs: { id } }, h('option', { text: '—', attrs: { value: '' } }));
        for (const option of field.options)
          select.appendChild(h('option', { text: visibleText(option.label), attrs: { value: option.value } }));
        select.value = field.default ?? '';
        select.addEventListener('change', () => set(select.value === '' ? undefined : select.value));
        return select;
      }
      case 'multiselect': {
        const box = h('div', { class: 'elicitation-choices', attrs: { id, role: 'group' } });
        const chosen = new Set(field.default ?? []);
        for (const option of field.options) {
          const input = h('input', { attrs: { type: 'checkbox' } });
          input.checked = chosen.has(option.value);
          input.addEventListener('change', () => {
            if (input.checked) chosen.add(option.value);
            else chosen.delete(option.value);
            set(chosen.size === 0 ? undefined : field.options.map((o) => o.value).filter((v) => chosen.has(v)));
          });
          box.appendChild(h('label', {}, input, visibleText(option.label)));
        }
        return box;
      }
    }
  }
}
