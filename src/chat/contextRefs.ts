// Checks the context a webview message attaches to a prompt (shared/promptContext.ts ContextRef)
// before the host reads anything for it: the webview renders agent text, so its messages are
// untrusted input. Paths must be absolute and plain, sizes are bounded, unknown kinds refused.
import { IMAGE_MIME_TYPES, MAX_TERMINAL_TEXT, type ContextRef, type LineRange } from '../shared/promptContext';

/** More than anyone attaches by hand; each one is read from disk. */
export const MAX_CONTEXT_REFS = 50;
/** A pasted screenshot is a few MiB at most; base64 is 4/3 of the bytes. */
export const MAX_IMAGE_BASE64 = Math.ceil((8 * 1024 * 1024 * 4) / 3);
const MAX_PATH = 4096;
const MAX_NAME = 512;

/** The references, or null when any is malformed (the whole message is then refused). */
export function parseContextRefs(raw: unknown): ContextRef[] | null {
  if (raw === undefined) return [];
  if (!Array.isArray(raw) || raw.length > MAX_CONTEXT_REFS) return null;
  const refs: ContextRef[] = [];
  for (const item of raw) {
    const ref = parseRef(item);
    if (!ref) return null;
    refs.push(ref);
  }
  return refs;
}

function parseRef(raw: unknown): ContextRef | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const r = raw as Record<string, unknown>;
  switch (r.kind) {
    case 'file':
    case 'folder':
      return isPath(r.path) ? { kind: r.kind, path: r.path } : null;
    case 'selection': {
      const range = parseRange(r.range);
      return isPath(r.path) && range ? { kind: 'selection', path: r.path, range } : null;
    }
    case 'symbol': {
      const range = parseRange(r.range);
      return isPath(r.path) && range && isName(r.name) ? { kind: 'symbol', path: r.path, name: r.name, range } : null;
    }
    case 'problems':
      return r.path === null || isPath(r.path) ? { kind: 'problems', path: r.path } : null;
    case 'image': {
      const mimeType = r.mimeType;
      const data = r.data;
      if (
        !isName(r.name) ||
        typeof mimeType !== 'string' ||
        !(IMAGE_MIME_TYPES as readonly string[]).includes(mimeType)
      )
        return null;
      if (typeof data !== 'string' || data.length === 0 || data.length > MAX_IMAGE_BASE64) return null;
      if (!/^[A-Za-z0-9+/]+={0,2}$/.test(data)) return null;
      return { kind: 'image', name: r.name, mimeType, data };
    }
    case 'terminal':
      return isName(r.name) && typeof r.text === 'string' && r.text.length > 0 && r.text.length <= MAX_TERMINAL_TEXT
        ? { kind: 'terminal', name: r.name, text: r.text }
        : null;
    default:
      return null;
  }
}

/** Absolute (POSIX or Windows drive), without control characters or NUL. */
function isPath(value: unknown): value is string {
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_PATH) return false;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(value)) return false;
  return value.startsWith('/') || /^[a-zA-Z]:[\\/]/.test(value);
}

function isName(value: unknown): value is string {
  return typeof value === 'string' && value.length > 0 && value.length <= MAX_NAME;
}

function parseRange(raw: unknown): LineRange | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const { startLine, endLine } = raw as Record<string, unknown>;
  const line = (value: unknown): value is number =>
    typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= 1e9;
  return line(startLine) && line(endLine) && startLine <= endLine ? { startLine, endLine } : null;
}
