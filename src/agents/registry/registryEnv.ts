// Environment values that come from the registry index are the index author's word, not the user's: they may
// configure the agent (an API base URL, a feature flag) but never how programs are found or loaded on this
// machine. Anything that could redirect execution (PATH, loader and interpreter hooks, shells' startup files,
// where home and temp are) is dropped with a note; the user's own `env` in switchboard.agents always applies.

const BLOCKED = new Set([
  'PATH',
  'PATHEXT',
  'HOME',
  'USERPROFILE',
  'APPDATA',
  'LOCALAPPDATA',
  'SYSTEMROOT',
  'COMSPEC',
  'SHELL',
  'TMPDIR',
  'TEMP',
  'TMP',
  'IFS',
  'ENV',
  'BASH_ENV',
  'PROMPT_COMMAND',
  'NODE_OPTIONS',
  'NODE_PATH',
  'NODE_EXTRA_CA_CERTS',
  'NODE_TLS_REJECT_UNAUTHORIZED',
  'ELECTRON_RUN_AS_NODE',
  'PYTHONPATH',
  'PYTHONHOME',
  'PYTHONSTARTUP',
  'PERL5OPT',
  'PERL5LIB',
  'RUBYOPT',
  'RUBYLIB',
  'JAVA_TOOL_OPTIONS',
  '_JAVA_OPTIONS',
  'SSL_CERT_FILE',
  'SSL_CERT_DIR',
  'GIT_SSH',
  'GIT_SSH_COMMAND',
  'GIT_EXEC_PATH',
  'EDITOR',
  'VISUAL',
]);
const BLOCKED_PREFIXES = ['LD_', 'DYLD_', 'XDG_', 'NPM_CONFIG_', 'UV_', 'PIP_', 'GIT_CONFIG', 'VSCODE_'];

export interface SanitizedEnv {
  env: Record<string, string>;
  /** The keys left out, to name in the agent's log. */
  dropped: string[];
}

export function sanitizeRegistryEnv(raw: Record<string, string>): SanitizedEnv {
  const env: Record<string, string> = {};
  const dropped: string[] = [];
  for (const [key, value] of Object.entries(raw)) {
    const upper = key.toUpperCase();
    const unsafe =
      !/^[A-Za-z_][A-Za-z0-9_]{0,127}$/.test(key) ||
      BLOCKED.has(upper) ||
      BLOCKED_PREFIXES.some((prefix) => upper.startsWith(prefix)) ||
      value.includes('\0');
    if (unsafe) dropped.push(key.slice(0, 128));
    else env[key] = value;
  }
  return { env, dropped };
}
