// What a permission request is about, read from its tool call: the paths it names (for rules of files) and
// the URLs (for rules of fetches). Agents put them in different places: ACP's `locations`, the `path` of
// `diff` content, and their own rawInput (`file_path`, `path`, `new_path`, `url`, a map keyed by path such
// as Codex's patch changes). Everything found counts: a request is answered by a rule only when every path
// it names is one the rule covers, so a path found by mistake makes it asked, never allowed.
import type { ToolCallView } from '../shared/thread';

/** Keys of rawInput whose string values (or arrays of them) are paths. */
const PATH_KEY =
  /(^|_|[a-z])(path|paths|file|files|filename|dir|directory|folder|cwd|source|destination|dest|target|uri)$/i;
const URL_KEY = /^(url|urls|uri|href|link)$/i;
/** How deep and how much of rawInput is searched: an agent chooses its size. */
const MAX_DEPTH = 4;
const MAX_VALUES = 256;

export interface RequestTargets {
  paths: string[];
  urls: string[];
}

/** What the request names, or undefined when its rawInput is too large to read whole (it is then asked). */
export function requestTargets(
  tool: Pick<ToolCallView, 'locations' | 'content' | 'rawInput'>,
): RequestTargets | undefined {
  const found: RequestTargets = { paths: [], urls: [] };
  for (const location of Array.isArray(tool.locations) ? tool.locations : []) {
    if (typeof location?.path === 'string') found.paths.push(location.path);
  }
  for (const item of Array.isArray(tool.content) ? tool.content : []) {
    if (item?.type === 'diff' && typeof item.path === 'string') found.paths.push(item.path);
  }
  const budget = { left: MAX_VALUES };
  walk(tool.rawInput, 0, found, budget);
  if (budget.left <= 0) return undefined;
  return { paths: unique(found.paths), urls: unique(found.urls) };
}

function walk(value: unknown, depth: number, found: RequestTargets, budget: { left: number }): void {
  if (depth > MAX_DEPTH || typeof value !== 'object' || value === null || budget.left <= 0) return;
  const entries: Array<[string, unknown]> = Array.isArray(value)
    ? value.map((item): [string, unknown] => ['', item])
    : Object.entries(value);
  for (const [key, item] of entries) {
    if (--budget.left <= 0) return;
    // A map keyed by absolute path (Codex's `changes`): the keys are the files.
    if (key.startsWith('/') || /^[A-Za-z]:[\\/]/.test(key)) found.paths.push(key);
    const strings = typeof item === 'string' ? [item] : Array.isArray(item) ? item.filter(isString) : [];
    if (key !== '' && strings.length > 0) {
      if (URL_KEY.test(key)) {
        for (const text of strings) (isWebUrl(text) ? found.urls : found.paths).push(text);
      } else if (PATH_KEY.test(key)) {
        found.paths.push(...strings);
      }
    }
    if (typeof item === 'object') walk(item, depth + 1, found, budget);
  }
}

function isString(value: unknown): value is string {
  return typeof value === 'string';
}

function isWebUrl(text: string): boolean {
  return /^[a-z][a-z0-9+.-]*:/i.test(text) && !/^file:/i.test(text);
}

function unique(values: string[]): string[] {
  return [...new Set(values)];
}

/** The origin (scheme, host and port) of a URL a fetch rule is for, or undefined when it is not a web URL. */
export function urlOrigin(url: string): string | undefined {
  try {
    const parsed = new URL(url);
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return undefined;
    return parsed.origin;
  } catch {
    return undefined;
  }
}
