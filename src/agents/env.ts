// Builds an agent's environment: the editor's environment plus the agent's own `env` entries.
// PATH and HOME always come from the editor: an agent entry that replaced them would hide the
// tools the agent itself shells out to (node, git, ...) and its login state under HOME.

const PROTECTED_KEYS = ['PATH', 'HOME'];

export interface MergedEnv {
  env: NodeJS.ProcessEnv;
  /** Keys from the agent entry that were not applied, to tell the user in the log. */
  ignored: string[];
}

export function mergeAgentEnv(base: NodeJS.ProcessEnv, extra: Record<string, string>): MergedEnv {
  const env: NodeJS.ProcessEnv = { ...base };
  const ignored: string[] = [];
  for (const [key, value] of Object.entries(extra)) {
    // Windows spells it `Path`; environment keys are case-insensitive there.
    if (PROTECTED_KEYS.includes(key.toUpperCase())) {
      ignored.push(key);
      continue;
    }
    env[key] = value;
  }
  return { env, ignored };
}
