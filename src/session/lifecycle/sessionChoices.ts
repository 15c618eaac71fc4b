// The mode and config options (model, thought level, ...) a new chat of an agent starts with. The user's
// last picks are remembered per agent (the glue keeps them: src/vscode/chat/sessionChoiceStore.ts); the
// switchboard.agentDefaults setting pins values and wins over them. Of those, a new session gets what the
// agent offers now and does not already have: the mode first, then the options in the agent's order (an
// earlier option, such as the model, may change what a later one offers). What it no longer offers is
// skipped with a log line. Pure: the session applies the plan (startChoices.ts).
import type * as acp from '@agentclientprotocol/sdk';
import { t } from '../../shared/l10n';

export interface AgentChoices {
  mode?: string;
  options: Record<string, string | boolean>;
}

export type ChoiceStep =
  { kind: 'mode'; modeId: string } | { kind: 'option'; configId: string; value: string | boolean };

/** What is kept per agent at most: agents (the least recently changed go first) and options per agent. */
export const MAX_REMEMBERED_AGENTS = 64;
export const MAX_REMEMBERED_OPTIONS = 32;
/** A mode or value id longer than this is not one an agent offers: it is not kept. */
const MAX_ID_LENGTH = 1000;

/** The pinned choices over the remembered ones, option by option. */
export function wantedChoices(pinned: AgentChoices | undefined, remembered: AgentChoices | undefined): AgentChoices {
  const wanted: AgentChoices = { options: { ...remembered?.options, ...pinned?.options } };
  const mode = pinned?.mode ?? remembered?.mode;
  if (mode !== undefined) wanted.mode = mode;
  return wanted;
}

/** The key a step is tried under once (a refused change is not sent again in the same start). */
export function stepKey(step: ChoiceStep): string {
  return step.kind === 'mode' ? 'mode' : `option:${step.configId}`;
}

/** What to send next to a session that offers `modes` and `configOptions`, and what to skip (log lines). */
export function planChoices(
  wanted: AgentChoices,
  modes: acp.SessionModeState | null,
  configOptions: acp.SessionConfigOption[] | null,
  attempted: ReadonlySet<string>,
): { steps: ChoiceStep[]; skipped: string[] } {
  const steps: ChoiceStep[] = [];
  const skipped: string[] = [];
  if (wanted.mode !== undefined && !attempted.has('mode')) {
    const offered = modes?.availableModes?.some((mode) => mode?.id === wanted.mode);
    if (!modes) skipped.push(`[switchboard] the agent offers no modes; mode "${wanted.mode}" was not set`);
    else if (!offered) skipped.push(`[switchboard] the agent no longer offers mode "${wanted.mode}"; not set`);
    else if (modes.currentModeId !== wanted.mode) steps.push({ kind: 'mode', modeId: wanted.mode });
  }
  const offeredIds = new Set<string>();
  for (const option of configOptions ?? []) {
    if (typeof option?.id !== 'string') continue;
    offeredIds.add(option.id);
    if (!Object.hasOwn(wanted.options, option.id) || attempted.has(`option:${option.id}`)) continue;
    const value = wanted.options[option.id]!;
    if (offers(option, value)) {
      if (option.currentValue !== value) steps.push({ kind: 'option', configId: option.id, value });
    } else {
      skipped.push(`[switchboard] the agent no longer offers ${JSON.stringify(value)} for ${option.id}; not set`);
    }
  }
  for (const configId of Object.keys(wanted.options))
    if (!offeredIds.has(configId) && !attempted.has(`option:${configId}`))
      skipped.push(`[switchboard] the agent no longer offers the option ${configId}; not set`);
  return { steps, skipped };
}

function offers(option: acp.SessionConfigOption, value: string | boolean): boolean {
  if (option.type === 'boolean') return typeof value === 'boolean';
  if (option.type !== 'select' || typeof value !== 'string' || !Array.isArray(option.options)) return false;
  return option.options.some((item) =>
    item && 'group' in item
      ? Array.isArray(item.options) && item.options.some((choice) => choice?.value === value)
      : item?.value === value,
  );
}

/**
 * The switchboard.agentDefaults setting (or the remembered choices, read back from storage, which is not
 * trusted either): `{ "<agentId>": { "mode": "...", "options": { "<configId>": "<value>" | true | false } } }`.
 * Each part that is not of that shape is left out and named.
 */
export function parseAgentDefaults(value: unknown): { defaults: Record<string, AgentChoices>; errors: string[] } {
  const errors: string[] = [];
  if (value === undefined || value === null) return { defaults: {}, errors };
  if (!isRecord(value)) return { defaults: {}, errors: [t('switchboard.agentDefaults must be an object.')] };
  const entries: Array<[string, AgentChoices]> = [];
  for (const [agentId, raw] of Object.entries(value)) {
    if (!isRecord(raw)) {
      errors.push(t('switchboard.agentDefaults: "{0}" must be an object with mode and options.', agentId));
      continue;
    }
    const choices: AgentChoices = { options: {} };
    if (isId(raw.mode)) choices.mode = raw.mode;
    else if (raw.mode !== undefined)
      errors.push(t('switchboard.agentDefaults: the mode of "{0}" must be a mode id.', agentId));
    const options = isRecord(raw.options) ? raw.options : {};
    const bad = raw.options !== undefined && !isRecord(raw.options);
    const kept = Object.entries(options).filter(([, v]) => isId(v) || typeof v === 'boolean');
    if (bad || kept.length < Object.keys(options).length)
      errors.push(
        t('switchboard.agentDefaults: the options of "{0}" must map option ids to value ids or true/false.', agentId),
      );
    choices.options = Object.fromEntries(kept.slice(-MAX_REMEMBERED_OPTIONS)) as AgentChoices['options'];
    entries.push([agentId, choices]);
  }
  return { defaults: Object.fromEntries(entries.slice(-MAX_REMEMBERED_AGENTS)), errors };
}

/** The remembered choices with the user's latest pick for `agentId`; bounded (oldest agents and options go). */
export function rememberChoice(
  stored: Readonly<Record<string, AgentChoices>>,
  agentId: string,
  step: ChoiceStep,
): Record<string, AgentChoices> {
  const previous = Object.hasOwn(stored, agentId) ? stored[agentId] : undefined;
  const choices: AgentChoices = { ...previous, options: { ...previous?.options } };
  if (step.kind === 'mode') choices.mode = step.modeId;
  else {
    // Entries, not assignment: an option an agent calls "__proto__" is kept as an option like any other.
    const others = Object.entries(choices.options).filter(([configId]) => configId !== step.configId);
    choices.options = Object.fromEntries([...others, [step.configId, step.value]].slice(-MAX_REMEMBERED_OPTIONS));
  }
  const others = Object.entries(stored).filter(([id]) => id !== agentId);
  return Object.fromEntries([...others, [agentId, choices] as const].slice(-MAX_REMEMBERED_AGENTS));
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isId(value: unknown): value is string {
  return typeof value === 'string' && value.length > 0 && value.length <= MAX_ID_LENGTH;
}
