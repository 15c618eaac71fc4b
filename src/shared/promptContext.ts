// Context the user attaches to a prompt (files, folders, a selection, a symbol, Problems, images)
// and how it becomes ACP content blocks for one agent. Runtime-neutral: the webview uses
// `contextSupport` to say in place what an agent cannot take; the host uses `contextBlocks`
// after reading the texts. The rules follow the agent's `promptCapabilities` (ACP: every agent
// takes text and resource_link; embedded `resource` needs `embeddedContext`, `image` needs `image`).
import { t } from './l10n';
import type * as acp from '@agentclientprotocol/sdk';
import { whyUnavailable } from './capabilities';

/** 1-based, inclusive lines. */
export interface LineRange {
  startLine: number;
  endLine: number;
}

/** What the composer holds and posts: references only, never file texts (the host reads those). */
export type ContextRef =
  | { kind: 'file'; path: string }
  | { kind: 'folder'; path: string }
  | { kind: 'selection'; path: string; range: LineRange }
  | { kind: 'symbol'; path: string; name: string; range: LineRange }
  /** The Problems of one file, or of the workspace (path null). */
  | { kind: 'problems'; path: string | null }
  /** A pasted or dropped image: its bytes, base64. */
  | { kind: 'image'; name: string; mimeType: string; data: string }
  /**
   * What was selected in a VS Code terminal, copied when picked: VS Code's stable API cannot read a
   * terminal's selection later (src/vscode/chat/terminalSelection.ts). At most MAX_TERMINAL_TEXT.
   */
  | { kind: 'terminal'; name: string; text: string };

/** A terminal selection longer than this is cut (with a note) when picked. */
export const MAX_TERMINAL_TEXT = 64 * 1024;

/** A reference with what the host read for it: the file's (or range's) text, or Problems as text. */
export interface ResolvedContext {
  ref: ContextRef;
  /** The text to embed (file, selection, symbol) or to send (problems); absent when unreadable or too large. */
  text?: string;
}

export type Support = { ok: true } | { ok: false; reason: string };

/** Whether the agent can take this reference at all (embedding is optional: a link always works). */
export function contextSupport(
  ref: ContextRef,
  caps: acp.PromptCapabilities | null | undefined,
  agentName = t('This agent'),
): Support {
  if (ref.kind === 'image' && caps?.image !== true) return { ok: false, reason: whyUnavailable(agentName, 'image') };
  return { ok: true };
}

/** The image types the webview and the agents understand. */
export const IMAGE_MIME_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;

/** The content blocks of the attached context, in order; what the agent cannot take is left out and listed. */
export function contextBlocks(
  items: readonly ResolvedContext[],
  caps: acp.PromptCapabilities | null | undefined,
): { blocks: acp.ContentBlock[]; refused: ContextRef[] } {
  const blocks: acp.ContentBlock[] = [];
  const refused: ContextRef[] = [];
  const embed = caps?.embeddedContext === true;
  for (const { ref, text } of items) {
    if (!contextSupport(ref, caps).ok) {
      refused.push(ref);
      continue;
    }
    switch (ref.kind) {
      case 'image':
        blocks.push({ type: 'image', mimeType: ref.mimeType, data: ref.data });
        break;
      case 'problems':
        blocks.push({
          type: 'text',
          text: text ?? (ref.path === null ? t('No problems in the workspace.') : t('No problems in {0}.', ref.path)),
        });
        break;
      case 'folder':
        blocks.push({ type: 'resource_link', uri: fileUri(ref.path), name: baseName(ref.path) });
        break;
      case 'terminal':
        // Text, which every agent takes: a terminal's output has no file the agent could read.
        blocks.push({ type: 'text', text: t('Selected in the terminal "{0}":\n```\n{1}\n```', ref.name, ref.text) });
        break;
      case 'file':
      case 'selection':
      case 'symbol': {
        const range = ref.kind === 'file' ? null : ref.range;
        const uri = fileUri(ref.path, range);
        if (embed && text !== undefined) {
          blocks.push({ type: 'resource', resource: { uri, mimeType: 'text/plain', text } });
        } else {
          blocks.push({ type: 'resource_link', uri, name: contextLabel(ref) });
        }
        break;
      }
    }
  }
  return { blocks, refused };
}

/** The chip's label: `a.ts`, `a.ts:3-7`, `parse (a.ts:3)`, `Problems: a.ts`, the image's name. */
export function contextLabel(ref: ContextRef): string {
  switch (ref.kind) {
    case 'file':
    case 'folder':
      return baseName(ref.path);
    case 'selection':
      return `${baseName(ref.path)}:${lines(ref.range)}`;
    case 'symbol':
      return `${ref.name} (${baseName(ref.path)}:${ref.range.startLine})`;
    case 'problems':
      return ref.path === null ? t('Problems: workspace') : t('Problems: {0}', baseName(ref.path));
    case 'image':
      return ref.name;
    case 'terminal':
      return t('Terminal: {0}', ref.name);
  }
}

function lines(range: LineRange): string {
  return range.startLine === range.endLine ? `${range.startLine}` : `${range.startLine}-${range.endLine}`;
}

/**
 * file:// URI of an absolute path (POSIX or Windows), each segment percent-encoded; a line range
 * as the fragment `#L3-L7` (GitHub's form, which agents that read the URI recognise).
 */
export function fileUri(path: string, range?: LineRange | null): string {
  const slashed = path.replace(/\\/g, '/');
  const rooted = slashed.startsWith('/') ? slashed : `/${slashed}`;
  const encoded = rooted
    .split('/')
    .map((segment, index) => (index === 1 && /^[a-zA-Z]:$/.test(segment) ? segment : encodeURIComponent(segment)))
    .join('/');
  const fragment = range ? `#L${range.startLine}${range.endLine !== range.startLine ? `-L${range.endLine}` : ''}` : '';
  return 'file://' + encoded + fragment;
}

/** The 1-based line a `#L3` / `#L3-L7` fragment names, or null. */
export function lineFromFragment(fragment: string): number | null {
  const match = /^#L(\d{1,9})(?:-L?\d{1,9})?$/.exec(fragment);
  return match ? Number(match[1]) : null;
}

function baseName(path: string): string {
  const trimmed = path.replace(/[\\/]+$/, '');
  return trimmed.slice(Math.max(trimmed.lastIndexOf('/'), trimmed.lastIndexOf('\\')) + 1) || path;
}

/**
 * The references moved into a chat's own worktree: a path inside one of the workspace's folders (`from`) names the
 * same file in that folder's copy (`to`), so the agent reads and edits its worktree's files, not the user's. Paths
 * elsewhere stay as they are (the agent is asked before it reads outside its worktree).
 */
export function rebaseContext(
  refs: readonly ContextRef[],
  folders: readonly { from: string; to: string }[],
): ContextRef[] {
  const rebase = (path: string): string => {
    for (const { from, to } of folders) {
      if (path === from) return to;
      for (const separator of ['/', '\\']) {
        if (path.startsWith(from.endsWith(separator) ? from : from + separator)) return to + path.slice(from.length);
      }
    }
    return path;
  };
  return refs.map((ref) => {
    if (ref.kind === 'problems') return ref.path === null ? ref : { ...ref, path: rebase(ref.path) };
    return 'path' in ref ? { ...ref, path: rebase(ref.path) } : ref;
  });
}
