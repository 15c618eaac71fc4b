// switchboard.elicitation (on by default: elicitation is stable ACP) replaced the draft's
// switchboard.experimental.elicitation (off by default). A value the user set under either name is their
// choice and is never dropped: the new name wins where it is set; else the old name's value holds, and the
// agent's log says the setting was renamed. Pure (VS Code's `inspect` results come in), so it is unit-tested.
import { t } from '../../shared/l10n';
import type { InspectedSetting } from '../../shared/settingsCheck';

export interface ReadSetting {
  inspected: InspectedSetting | undefined;
  /** The effective value (`get`). */
  value: unknown;
}

function userSet(setting: ReadSetting): boolean {
  const inspected = setting.inspected;
  return (
    inspected?.globalValue !== undefined ||
    inspected?.workspaceValue !== undefined ||
    inspected?.workspaceFolderValue !== undefined
  );
}

export function elicitationSetting(current: ReadSetting, legacy: ReadSetting): { on: boolean; note: string | null } {
  if (userSet(current) || !userSet(legacy)) return { on: current.value !== false, note: null };
  return {
    on: legacy.value !== false,
    note: t(
      'The setting switchboard.experimental.elicitation was renamed switchboard.elicitation; your value ({0}) still applies. Set switchboard.elicitation to replace it.',
      String(legacy.value),
    ),
  };
}
