// A new session of an agent starts with the user's mode and options (sessionChoices.ts decides which):
// applied after session/new and before the chat is ready, so the first message already runs with them.
// One change at a time, each planned against what the agent offers after the previous one; a refusal shows
// beside its selector as any refused change does (sessionSettings.ts) and is not sent again.
import type { Generation } from './generation';
import { planChoices, stepKey, type AgentChoices } from './sessionChoices';
import { setConfigOption, setMode, type SessionSettingsPort } from './sessionSettings';
import type { ThreadPort } from '../threadPort';

export async function applyStartChoices(
  port: SessionSettingsPort & Pick<ThreadPort, 'current'>,
  gen: Generation,
  wanted: AgentChoices,
): Promise<void> {
  const attempted = new Set<string>();
  const logged = new Set<string>();
  while (gen.live) {
    const { modes, configOptions } = port.current();
    const plan = planChoices(wanted, modes, configOptions, attempted);
    for (const line of plan.skipped) {
      if (logged.has(line)) continue;
      logged.add(line);
      port.log(line);
    }
    const step = plan.steps[0];
    if (!step) return;
    attempted.add(stepKey(step));
    if (step.kind === 'mode') await setMode(port, step.modeId);
    else await setConfigOption(port, step.configId, step.value);
  }
}
