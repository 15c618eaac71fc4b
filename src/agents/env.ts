// Builds an agent's environment: the editor's environment, then the agent entry's own `env` on top.
// The user's word is final: every key they set applies, PATH and HOME included (users set PATH so
// an agent finds the right `node` when VS Code was started from a desktop launcher, HOME or XDG_*
// to keep an agent's state apart). An empty string sets the variable to empty; values are strings
// only (the settings schema says so), so there is no way to unset a variable, by design.
// Values that look like a mistake (a PATH without the system folders, a HOME that does not exist)
// still apply, with a warning the log and the failure card show.
import * as fs from 'node:fs';
import type { EnvWarning } from '../shared/entryReasons';
import { t } from '../shared/l10n';

export interface MergedEnv {
  env: NodeJS.ProcessEnv;
  /** One per value that looks like a mistake, to tell the user (log, failure card: shared/failureWords.ts). */
  warnings: EnvWarning[];
}

export interface EnvChecks {
  platform: NodeJS.Platform;
  /** Whether `path` is an existing folder (injected so tests need not depend on this machine). */
  isDirectory(path: string): boolean;
}

const defaultChecks: EnvChecks = {
  platform: process.platform,
  isDirectory: (path) => {
    try {
      return fs.statSync(path).isDirectory();
    } catch {
      return false;
    }
  },
};

const POSIX_SYSTEM_DIRS = ['/usr/bin', '/bin'];

export function mergeAgentEnv(
  base: NodeJS.ProcessEnv,
  extra: Record<string, string>,
  where = t('the agent entry'),
  checks: EnvChecks = defaultChecks,
): MergedEnv {
  const windows = checks.platform === 'win32';
  const env: NodeJS.ProcessEnv = { ...base };
  for (const [key, value] of Object.entries(extra)) {
    // Windows keys are case-insensitive (`Path` is PATH): the user's spelling replaces the base's,
    // so the child never sees two variants and picks the wrong one.
    if (windows) {
      for (const existing of Object.keys(env))
        if (existing !== key && existing.toUpperCase() === key.toUpperCase()) delete env[existing];
    }
    env[key] = value;
  }
  const warnings: EnvWarning[] = [];
  for (const [key, value] of Object.entries(extra)) {
    const name = windows ? key.toUpperCase() : key;
    if (name === 'PATH') {
      const warning = pathWarning(`${where}.env.${key}`, value, windows, base);
      if (warning) warnings.push(warning);
    } else if (name === 'HOME' && !checks.isDirectory(value)) {
      warnings.push({ kind: 'homeMissing', setting: `${where}.env.${key}`, value: JSON.stringify(value) });
    }
  }
  return { env, warnings };
}

/** Why a PATH value looks like a mistake, or undefined when it looks fine. */
function pathWarning(
  setting: string,
  value: string,
  windows: boolean,
  base: NodeJS.ProcessEnv,
): EnvWarning | undefined {
  const entries = value.split(windows ? ';' : ':').map((entry) => normalizeDir(entry, windows));
  const systemDirs = windows ? [windowsSystem32(base)] : POSIX_SYSTEM_DIRS;
  if (systemDirs.some((dir) => entries.includes(normalizeDir(dir, windows)))) return undefined;
  const variables = /\$\{?PATH\}?|%PATH%/i.test(value);
  return { kind: 'pathWithoutSystem', setting, folders: systemDirs.join(', '), variables };
}

function windowsSystem32(base: NodeJS.ProcessEnv): string {
  const root = Object.entries(base).find(([key]) => key.toUpperCase() === 'SYSTEMROOT')?.[1] ?? 'C:\\Windows';
  return `${root}\\system32`;
}

function normalizeDir(dir: string, windows: boolean): string {
  const trimmed = dir.trim();
  if (!windows) return trimmed.length > 1 ? trimmed.replace(/\/+$/, '') : trimmed;
  return trimmed.replace(/\//g, '\\').replace(/\\+$/, '').toLowerCase();
}
