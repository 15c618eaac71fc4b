// The one place the extension reads and writes settings: `settings.get('maxMessageSizeMiB')` is typed by the
// table in shared/settingsTable.ts (key, type, default, bounds, whether only the user's own settings count), and
// checked as shared/settingsCheck.ts says. Nothing else calls `getConfiguration`: VS Code's own settings that
// Switchboard reads (`files.exclude`, `mcp.servers`) are read here too.
import * as vscode from 'vscode';
import { readSetting, settingProblems, type InspectedSetting, type SettingsSource } from '../shared/settingsCheck';
import { SETTINGS_SECTION, type SettingKey, type SettingValue } from '../shared/settingsTable';

function source(): SettingsSource {
  const config = vscode.workspace.getConfiguration(SETTINGS_SECTION);
  return {
    get: (key) => config.get<unknown>(key),
    userValue: (key) => config.inspect<unknown>(key)?.globalValue,
  };
}

export const settings = {
  /** The value that applies now (read at each call: a change applies from the next read). */
  get<K extends SettingKey>(key: K): SettingValue<K> {
    return readSetting(source(), key).value;
  },

  /** The value in each of VS Code's scopes, for a setting whose meaning depends on where it was set. */
  inspect(key: SettingKey): InspectedSetting | undefined {
    return vscode.workspace.getConfiguration(SETTINGS_SECTION).inspect<unknown>(key);
  },

  /** The user's own value as written (unchecked), for a change written back over it. */
  userValue(key: SettingKey): unknown {
    return source().userValue(key);
  },

  /** Writes the user's settings (never a workspace's). */
  async update<K extends SettingKey>(key: K, value: SettingValue<K>): Promise<void> {
    await vscode.workspace.getConfiguration(SETTINGS_SECTION).update(key, value, vscode.ConfigurationTarget.Global);
  },

  /** One sentence for each setting whose value does not apply as written, for the window to show. */
  problems(): string[] {
    return settingProblems(source());
  },
};

/** Whether the change touches any of `keys`, or, without keys, any Switchboard setting. */
export function settingsChanged(event: vscode.ConfigurationChangeEvent, keys?: readonly SettingKey[]): boolean {
  if (keys === undefined) return event.affectsConfiguration(SETTINGS_SECTION);
  return keys.some((key) => event.affectsConfiguration(`${SETTINGS_SECTION}.${key}`));
}

/** VS Code's own settings that Switchboard reads: not contributed by it, so not in the table. */
export type VsCodeSetting = 'files.exclude' | 'mcp.servers';

/** A VS Code setting's value as VS Code merges it (for `folder` when given); checked where it is used. */
export function vscodeSetting(key: VsCodeSetting, folder?: vscode.Uri): unknown {
  return vscode.workspace.getConfiguration(undefined, folder).get<unknown>(key);
}

export function vscodeSettingChanged(event: vscode.ConfigurationChangeEvent, key: VsCodeSetting): boolean {
  return event.affectsConfiguration(key);
}

/** An object setting's value as a copy to change and write back: empty when it is not an object. */
export function entriesOf(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? { ...(value as Record<string, unknown>) }
    : {};
}
