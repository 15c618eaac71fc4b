// The check of a setting's value against its entry in settingsTable.ts, and the reader over a source of values
// (VS Code's configuration in src/vscode/settings.ts; a plain object in the tests). The user's word is final where
// it can be: a value of the wrong type gives the default, a number out of bounds the nearest bound, a fraction
// for a whole number the nearest whole number; each of these comes with a sentence saying so, which the window
// shows (nothing the user wrote is set aside in silence). Settings with their own shape (type "object") are
// passed on as they are: their parsers check them and say what they cannot use.
import { t } from './l10n';
import {
  SETTING_KEYS,
  SETTINGS,
  settingName,
  type IntegerSetting,
  type SettingKey,
  type SettingSpec,
  type SettingValue,
} from './settingsTable';

/** Where values come from: VS Code's `get` (all scopes merged, the default when none) and the user's own. */
export interface SettingsSource {
  /** The effective value (`WorkspaceConfiguration.get`): the workspace's over the user's over the default. */
  get(key: string): unknown;
  /** The user's own value (`inspect(key).globalValue`), undefined when the user set none. */
  userValue(key: string): unknown;
}

/** The fields of VS Code's `WorkspaceConfiguration.inspect` that are the user's own values. */
export interface InspectedSetting {
  /** The declared default: not the user's value. */
  defaultValue?: unknown;
  globalValue?: unknown;
  workspaceValue?: unknown;
  workspaceFolderValue?: unknown;
}

export interface CheckedSetting<K extends SettingKey> {
  value: SettingValue<K>;
  /** Why the value read is not what was written, or undefined when it is. */
  problem?: string;
}

/** The longest part of a wrong value quoted in a problem (a setting can hold a large object). */
const QUOTE_CHARS = 60;

/** The value a setting reads as, from what was written (undefined when nothing was). */
export function checkSetting<K extends SettingKey>(key: K, written: unknown): CheckedSetting<K> {
  const spec: SettingSpec = SETTINGS[key];
  const checked = written === undefined ? { value: spec.default } : checkValue(settingName(key), spec, written);
  return checked as CheckedSetting<K>;
}

/** The setting as it applies: the user's own value for the user-only ones, VS Code's merged value for the rest. */
export function readSetting<K extends SettingKey>(source: SettingsSource, key: K): CheckedSetting<K> {
  return checkSetting(key, written(source, key));
}

/** One sentence for each setting whose value does not apply as written. */
export function settingProblems(source: SettingsSource): string[] {
  return SETTING_KEYS.flatMap((key) => readSetting(source, key).problem ?? []);
}

function written(source: SettingsSource, key: SettingKey): unknown {
  const spec: SettingSpec = SETTINGS[key];
  return spec.userOnly ? source.userValue(key) : source.get(key);
}

interface Checked {
  value: unknown;
  problem?: string;
}

function checkValue(name: string, spec: SettingSpec, value: unknown): Checked {
  switch (spec.type) {
    case 'object':
      return { value };
    case 'integer':
      return checkInteger(name, spec, value);
    case 'boolean':
      if (typeof value === 'boolean') return { value };
      return {
        value: spec.default,
        problem: t(
          '{0} must be true or false, not {1}; its default, {2}, applies.',
          name,
          quote(value),
          String(spec.default),
        ),
      };
    case 'string': {
      if (typeof value !== 'string')
        return {
          value: spec.default,
          problem: t('{0} must be text, not {1}; its default, {2}, applies.', name, quote(value), quote(spec.default)),
        };
      if (spec.enum && !spec.enum.includes(value)) {
        const allowed = spec.enum.map(quote).join(', ');
        return {
          value: spec.default,
          problem: t(
            '{0} is {1}, which is not one of {2}; its default, {3}, applies.',
            name,
            quote(value),
            allowed,
            quote(spec.default),
          ),
        };
      }
      if (!spec.blankIsDefault) return { value };
      const trimmed = value.trim();
      return { value: trimmed === '' ? spec.default : trimmed };
    }
  }
}

function checkInteger(name: string, spec: IntegerSetting, value: unknown): Checked {
  if (typeof value !== 'number' || !Number.isFinite(value))
    return {
      value: spec.default,
      problem: t('{0} must be a whole number, not {1}; its default, {2}, applies.', name, quote(value), spec.default),
    };
  const nearest = Math.min(spec.maximum, Math.max(spec.minimum, Math.round(value)));
  if (nearest === value) return { value };
  return {
    value: nearest,
    problem: t(
      '{0} is {1}, but it takes a whole number from {2} to {3}; {4} applies.',
      name,
      value,
      spec.minimum,
      spec.maximum,
      nearest,
    ),
  };
}

/** The value as it is written in settings.json, cut short. */
function quote(value: unknown): string {
  const json = JSON.stringify(value) ?? String(value);
  return json.length > QUOTE_CHARS ? `${json.slice(0, QUOTE_CHARS)}…` : json;
}
