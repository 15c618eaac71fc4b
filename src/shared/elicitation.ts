// Elicitation (stable ACP; switchboard.elicitation turns it off): an agent asks the user for
// structured input with `elicitation/create` in form mode. This module turns the agent's schema
// into a bounded form description the webview renders as plain controls (text only, never
// markup), and checks the user's values against it before the host answers `accept`. Pure: the
// host and the webview use the same rules. URL mode's card (ElicitationLink) is made on the host,
// which parses the address (src/session/requests/elicitationLink.ts).
import { t } from './l10n';
import type * as acp from '@agentclientprotocol/sdk';
import type { FormProblem, LinkProblem, LinkWarning } from './entryReasons';
import { formProblemWords } from './entryWords';

/** Bounds on what an agent may put in one form: it is hostile input shown in the chat. */
export const ELICITATION_BOUNDS = {
  fields: 32,
  options: 100,
  message: 4000,
  title: 200,
  description: 1000,
  /** The longest text value the user may send (and the longest default kept). */
  value: 10_000,
} as const;

export interface ElicitationOption {
  value: string;
  label: string;
}

export type ElicitationField = {
  name: string;
  title: string;
  description: string | null;
  required: boolean;
} & (
  | { kind: 'text'; default: string | null; minLength: number | null; maxLength: number | null }
  | { kind: 'number' | 'integer'; default: number | null; minimum: number | null; maximum: number | null }
  | { kind: 'boolean'; default: boolean | null }
  | { kind: 'select'; default: string | null; options: ElicitationOption[] }
  | {
      kind: 'multiselect';
      default: string[] | null;
      options: ElicitationOption[];
      minItems: number | null;
      maxItems: number | null;
    }
);

export interface ElicitationForm {
  message: string;
  title: string | null;
  fields: ElicitationField[];
  /**
   * Why the form cannot be accepted as sent (a required field of a type this client does not
   * know, too many fields): the user can only decline or cancel. Null when it can. Worded where
   * shown (shared/entryWords.ts).
   */
  unusable: FormProblem | null;
}

/**
 * A URL-mode elicitation as its card shows it: the agent asks the user to open an address (a sign-in
 * elsewhere). Open asks VS Code to open it (never before the user's click); `accept` means only that.
 */
export interface ElicitationLink {
  message: string;
  /** The whole address Open opens, as parsed (host in ASCII, anything unusual percent-encoded); else the agent's text, bounded. */
  url: string;
  /** The host the address reaches (ASCII: an internationalized name as Punycode); null when it cannot be opened. */
  host: string | null;
  /**
   * Why the address deserves a second look (not encrypted, a user name before the host, a look-alike name).
   * Worded where shown (shared/entryWords.ts), like `unusable`.
   */
  warnings: LinkWarning[];
  /** Why it cannot be opened (not http or https, not an address, too long to show); null when it can. */
  unusable: LinkProblem | null;
}

export type ElicitationAction = 'accept' | 'decline' | 'cancel';
export type ElicitationValue = string | number | boolean | string[];

function text(value: unknown, max: number): string | null {
  if (typeof value !== 'string') return null;
  return value.length > max ? `${value.slice(0, max)}…` : value;
}

function count(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

function record(value: unknown): Record<string, unknown> | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;
}

function enumOptions(values: unknown, titled: unknown): ElicitationOption[] | null {
  const options: ElicitationOption[] = [];
  if (Array.isArray(titled)) {
    for (const item of titled.slice(0, ELICITATION_BOUNDS.options)) {
      const option = record(item);
      const value = typeof option?.const === 'string' ? option.const : null;
      if (value !== null) options.push({ value, label: text(option?.title, ELICITATION_BOUNDS.title) ?? value });
    }
    return options;
  }
  if (Array.isArray(values)) {
    for (const value of values.slice(0, ELICITATION_BOUNDS.options)) {
      if (typeof value === 'string') options.push({ value, label: text(value, ELICITATION_BOUNDS.title) ?? value });
    }
    return options;
  }
  return null;
}

function fieldOf(name: string, schema: Record<string, unknown>, required: boolean): ElicitationField | null {
  const base = {
    name,
    title: text(schema.title, ELICITATION_BOUNDS.title) ?? text(name, ELICITATION_BOUNDS.title) ?? '',
    description: text(schema.description, ELICITATION_BOUNDS.description),
    required,
  };
  switch (schema.type) {
    case 'string': {
      const options = enumOptions(schema.enum, schema.oneOf);
      const fallback = text(schema.default, ELICITATION_BOUNDS.value);
      if (options) return { ...base, kind: 'select', options, default: fallback };
      return {
        ...base,
        kind: 'text',
        default: fallback,
        minLength: count(schema.minLength),
        maxLength: count(schema.maxLength),
      };
    }
    case 'number':
    case 'integer':
      return {
        ...base,
        kind: schema.type,
        default: count(schema.default),
        minimum: count(schema.minimum),
        maximum: count(schema.maximum),
      };
    case 'boolean':
      return { ...base, kind: 'boolean', default: typeof schema.default === 'boolean' ? schema.default : null };
    case 'array': {
      const items = record(schema.items);
      const options = enumOptions(items?.enum, items?.anyOf);
      if (!options) return null;
      const defaults = Array.isArray(schema.default)
        ? schema.default
            .filter((value): value is string => typeof value === 'string')
            .slice(0, ELICITATION_BOUNDS.options)
        : null;
      return {
        ...base,
        kind: 'multiselect',
        options,
        default: defaults,
        minItems: count(schema.minItems),
        maxItems: count(schema.maxItems),
      };
    }
    default:
      return null;
  }
}

/** The form to show for a form-mode `elicitation/create`, bounded; tolerant of a malformed schema. */
export function elicitationForm(params: acp.CreateElicitationRequest): ElicitationForm {
  const schema = record((params as { requestedSchema?: unknown }).requestedSchema) ?? {};
  const properties = record(schema.properties) ?? {};
  const required = new Set(Array.isArray(schema.required) ? schema.required.filter((n) => typeof n === 'string') : []);
  const names = Object.keys(properties);
  const fields: ElicitationField[] = [];
  const unknown: string[] = [];
  for (const name of names.slice(0, ELICITATION_BOUNDS.fields)) {
    const property = record(properties[name]);
    const field = property ? fieldOf(name, property, required.has(name)) : null;
    if (field) fields.push(field);
    else if (required.has(name)) unknown.push(name);
  }
  let unusable: FormProblem | null = null;
  if (names.length > ELICITATION_BOUNDS.fields) {
    unusable = { kind: 'tooManyFields', count: names.length, max: ELICITATION_BOUNDS.fields };
  } else if (unknown.length > 0) {
    unusable = { kind: 'unknownRequired', names: text(unknown.join(', '), ELICITATION_BOUNDS.title) ?? '' };
  }
  return {
    message: text(params.message, ELICITATION_BOUNDS.message) ?? '',
    title: text(schema.title, ELICITATION_BOUNDS.title),
    fields,
    unusable,
  };
}

/** The values a form starts with: each field's default, where it has one. */
export function initialValues(form: ElicitationForm): Record<string, ElicitationValue> {
  const values: Record<string, ElicitationValue> = {};
  for (const field of form.fields) if (field.default !== null) values[field.name] = field.default;
  return values;
}

export type ContentCheck =
  { ok: true; content: Record<string, ElicitationValue> } | { ok: false; problems: Record<string, string> };

/**
 * Checks the user's values against the form: required fields, types, lengths, ranges, choices.
 * Only the form's fields are kept (anything else the webview sent is dropped).
 */
export function checkContent(form: ElicitationForm, values: Record<string, unknown>): ContentCheck {
  if (form.unusable) return { ok: false, problems: { '': formProblemWords(form.unusable) } };
  const content: Record<string, ElicitationValue> = {};
  const problems: Record<string, string> = {};
  for (const field of form.fields) {
    const value = Object.hasOwn(values, field.name) ? values[field.name] : undefined;
    const empty = value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);
    if (empty) {
      if (field.required) problems[field.name] = t('Required.');
      continue;
    }
    const problem = fieldProblem(field, value);
    if (problem) problems[field.name] = problem;
    else content[field.name] = value as ElicitationValue;
  }
  return Object.keys(problems).length > 0 ? { ok: false, problems } : { ok: true, content };
}

function fieldProblem(field: ElicitationField, value: unknown): string | null {
  switch (field.kind) {
    case 'text':
      if (typeof value !== 'string') return t('Must be text.');
      if (value.length > ELICITATION_BOUNDS.value) return t('At most {0} characters.', ELICITATION_BOUNDS.value);
      if (field.minLength !== null && value.length < field.minLength)
        return t('At least {0} characters.', field.minLength);
      if (field.maxLength !== null && value.length > field.maxLength)
        return t('At most {0} characters.', field.maxLength);
      return null;
    case 'number':
    case 'integer':
      if (typeof value !== 'number' || !Number.isFinite(value)) return t('Must be a number.');
      if (field.kind === 'integer' && !Number.isInteger(value)) return t('Must be a whole number.');
      if (field.minimum !== null && value < field.minimum) return t('At least {0}.', field.minimum);
      if (field.maximum !== null && value > field.maximum) return t('At most {0}.', field.maximum);
      return null;
    case 'boolean':
      return typeof value === 'boolean' ? null : t('Must be yes or no.');
    case 'select':
      return typeof value === 'string' && field.options.some((option) => option.value === value)
        ? null
        : t('Pick one of the choices.');
    case 'multiselect': {
      if (!Array.isArray(value) || !value.every((item) => field.options.some((option) => option.value === item)))
        return t('Pick from the choices.');
      if (new Set(value).size !== value.length) return t('Each choice once.');
      if (field.minItems !== null && value.length < field.minItems) return t('Pick at least {0}.', field.minItems);
      if (field.maxItems !== null && value.length > field.maxItems) return t('Pick at most {0}.', field.maxItems);
      return null;
    }
  }
}
