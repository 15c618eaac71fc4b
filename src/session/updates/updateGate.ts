// Where a session/update from the agent enters the thread: checked against the ACP schema and
// bounded before the reducer (and so the webview) sees it. Agent input is hostile until proven
// otherwise: one malformed or extreme update must never stop the chat from rendering.
//
// The policy, per case (also in docs/security.md, Robustness):
//   - Streamed text chunks (the commonest update) are valid by construction when they have the
//     shape the reader's fast path matches: no schema check; only a present _meta is bounded. A chunk
//     with annotations, or a _meta that is not an object, takes the schema check (a property test holds
//     the fast path to the schema's verdict).
//   - A variant this schema does not know (a newer agent): ignored and logged once (unknownUpdates).
//   - Valid: applied, with free-form JSON bounded (rawInput/rawOutput/_meta: 8 levels, 16 KiB
//     strings, 200 items; everything else: 16 levels, 1,000 items). The output of a terminal the
//     agent runs itself (_meta.terminal_output(_delta).data) keeps its newest part instead
//     (AGENT_TERMINAL_TAIL_CHARS), as a terminal does.
//   - Invalid, with the fault inside an array item (a tool call location whose path is 42, a diff
//     whose newText is 5, a plan entry without content): that item is dropped and the rest kept.
//     A fault in an optional field of the update (a title that is a number, a cost without its
//     currency): the field is dropped.
//     The thread shows an error entry saying what was dropped.
//   - Invalid in a way that leaves nothing meaningful (no toolCallId, a chunk whose content is not
//     a content block, a usage_update without numbers): rejected; the thread shows an error entry
//     with what was wrong and the raw JSON, truncated.
import { t } from '../../shared/l10n';
import type * as acp from '@agentclientprotocol/sdk';
import { boundJson, FREE_FORM_BOUNDS, type BoundReport, type JsonBounds } from '../../protocol/boundJson';
import {
  checkParams,
  describeProblem,
  pointerSegments,
  pointerToPath,
  type SchemaProblem,
} from '../../protocol/schema';
import { AGENT_TERMINAL_TAIL_CHARS, TERMINAL_OUTPUT_KEYS } from '../../shared/agentTerminals';
import { newestChars } from '../../shared/outputTail';
import type { SubagentSessionUpdate } from '../../shared/subagentTypes';

/** What an agent may send in a session/update: the stable variants, and those of subagent sessions. */
export type AgentSessionUpdate = acp.SessionUpdate | SubagentSessionUpdate;

/** What a gate decided about one update (v1's and v2's alike, of their own update type). */
export type Verdict<Update> =
  | { kind: 'apply'; update: Update; dropped?: string[]; cuts?: string[] }
  | { kind: 'reject'; problem: string; raw: string }
  | { kind: 'unknownVariant'; variant: string };

export type GateVerdict = Verdict<AgentSessionUpdate>;

/** Structured (schema-typed) parts: deep enough for any real update, strings limited by the message size. */
export const STRUCTURED_BOUNDS: JsonBounds = { maxDepth: 16, maxString: Number.POSITIVE_INFINITY, maxItems: 1000 };
const FREE_FORM_KEYS: ReadonlySet<string> = new Set(['rawInput', 'rawOutput', '_meta']);
/** Each round removes one item or field; a message with more faults than this is rejected. */
const MAX_REPAIRS = 16;
const RAW_PREVIEW_CHARS = 1024;

export function gateSessionUpdate(notification: acp.SessionNotification): GateVerdict {
  const update = notification.update as unknown;
  if (isPlainTextChunk(update)) return { kind: 'apply', update: boundChunkExtras(update) };
  const params = notification as unknown as Record<string, unknown>;
  const problem = checkParams('session/update', params);
  if (!problem) return applyBounded(params.update);
  if (isUnknownVariant(problem, update))
    return { kind: 'unknownVariant', variant: String((update as { sessionUpdate: unknown }).sessionUpdate) };
  const repaired = repairUntilValid(params, problem, (next) => checkParams('session/update', next));
  if (!repaired) return reject(notification, problem);
  const verdict = applyBounded(repaired.params.update);
  return verdict.kind === 'apply' ? { ...verdict, dropped: repaired.dropped } : verdict;
}

/**
 * `params` with the faults `check` finds removed one by one (see repair), and what was removed; undefined
 * when a fault cannot be repaired (the caller rejects for `first`: the later faults may only be our own
 * repairs, a required field removed) or there are more than MAX_REPAIRS. Shared with the v2 gate.
 */
export function repairUntilValid(
  params: Record<string, unknown>,
  first: SchemaProblem,
  check: (params: Record<string, unknown>) => SchemaProblem | undefined,
): { params: Record<string, unknown>; dropped: string[] } | undefined {
  const dropped: string[] = [];
  let problem: SchemaProblem | undefined = first;
  for (let round = 0; problem && round < MAX_REPAIRS; round++) {
    const repaired = repair(params, problem);
    if (!repaired) return undefined;
    dropped.push(`${repaired.removed} (${describeProblem(problem)})`);
    params = repaired.params;
    problem = check(params);
  }
  return problem ? undefined : { params, dropped };
}

/** The update with its free-form parts bounded (see boundUpdate); shared with the v2 gate. */
export function applyBounded(update: unknown): GateVerdict {
  const report: BoundReport = { cuts: [] };
  const { rest, tails } = liftLongOutput(update as Record<string, unknown>);
  let bounded = boundUpdate(rest, report) as AgentSessionUpdate;
  if (tails) bounded = withOutputTails(bounded, tails);
  return report.cuts.length > 0
    ? { kind: 'apply', update: bounded, cuts: report.cuts }
    : { kind: 'apply', update: bounded };
}

/**
 * A bounded copy of an update-like object (also a permission request's toolCall): free-form keys
 * get the tight bounds, the rest the structured ones. Returns the object itself when nothing is cut.
 */
export function boundUpdate<T extends object>(update: T, report?: BoundReport): T {
  let copy: Record<string, unknown> | undefined;
  const source = update as Record<string, unknown>;
  for (const key of Object.keys(source)) {
    const value = source[key];
    const bounds = FREE_FORM_KEYS.has(key) ? FREE_FORM_BOUNDS : STRUCTURED_BOUNDS;
    const bounded = boundJson(value, bounds, report ? { cuts: report.cuts } : undefined);
    if (bounded !== value) {
      copy ??= { ...source };
      copy[key] = bounded;
      if (report && report.cuts.length === 0) report.cuts.push(key);
    }
  }
  return (copy ?? update) as T;
}

/**
 * `update` with the output of its agent terminals (`_meta.terminal_output(_delta).data`, shared/agentTerminals.ts)
 * set aside when it is longer than a free-form string may be: it keeps its newest part, as a terminal does, rather
 * than its head and a marker in the middle of the output. O(1) unless such output is there.
 */
function liftLongOutput(update: Record<string, unknown>): {
  rest: Record<string, unknown>;
  tails?: Map<string, string>;
} {
  const meta = update._meta;
  if (!isRecord(meta)) return { rest: update };
  let tails: Map<string, string> | undefined;
  let lifted: Record<string, unknown> | undefined;
  for (const key of TERMINAL_OUTPUT_KEYS) {
    const output = meta[key];
    if (!isRecord(output) || typeof output.data !== 'string' || output.data.length <= FREE_FORM_BOUNDS.maxString)
      continue;
    (tails ??= new Map()).set(key, newestChars(output.data, AGENT_TERMINAL_TAIL_CHARS));
    (lifted ??= { ...meta })[key] = { ...output, data: '' };
  }
  return lifted ? { rest: { ...update, _meta: lifted }, tails } : { rest: update };
}

function withOutputTails(update: AgentSessionUpdate, tails: Map<string, string>): AgentSessionUpdate {
  const meta = { ...(update._meta as Record<string, unknown>) };
  for (const [key, data] of tails) if (isRecord(meta[key])) meta[key] = { ...meta[key], data };
  return { ...update, _meta: meta };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export type TextChunkUpdate = {
  sessionUpdate: string;
  content: { type: 'text'; text: string; annotations?: unknown; _meta?: unknown };
  messageId?: unknown;
  _meta?: unknown;
};

/** A plain text chunk (the reader's fast path gives this shape): nothing in it needs the schema. */
export function isPlainTextChunk(update: unknown): update is TextChunkUpdate {
  if (typeof update !== 'object' || update === null) return false;
  const candidate = update as Partial<TextChunkUpdate>;
  const kind = candidate.sessionUpdate;
  if (kind !== 'agent_message_chunk' && kind !== 'agent_thought_chunk' && kind !== 'user_message_chunk') return false;
  const content = candidate.content;
  if (typeof content !== 'object' || content === null || content.type !== 'text' || typeof content.text !== 'string')
    return false;
  const messageId = candidate.messageId;
  if (messageId !== undefined && messageId !== null && typeof messageId !== 'string') return false;
  // _meta is an object wherever it appears; annotations have a shape of their own: a chunk that carries
  // them otherwise (or at all, for annotations, which are rare) takes the schema check like any update.
  if (!isMetaOrAbsent(candidate._meta) || !isMetaOrAbsent(content._meta) || content.annotations !== undefined)
    return false;
  for (const key in update)
    if (key !== 'sessionUpdate' && key !== 'content' && key !== 'messageId' && key !== '_meta') return false;
  for (const key in content) if (key !== 'type' && key !== 'text' && key !== '_meta') return false;
  return true;
}

function isMetaOrAbsent(value: unknown): boolean {
  return value === undefined || (typeof value === 'object' && value !== null && !Array.isArray(value));
}

export function boundChunkExtras(update: TextChunkUpdate): acp.SessionUpdate {
  if (update._meta === undefined && update.content.annotations === undefined && update.content._meta === undefined) {
    return update as acp.SessionUpdate;
  }
  const content = boundUpdate(update.content);
  const bounded = boundUpdate(update);
  return (content === update.content ? bounded : { ...bounded, content }) as acp.SessionUpdate;
}

function isUnknownVariant(problem: SchemaProblem, update: unknown): boolean {
  return (
    problem.keyword === 'discriminator' &&
    problem.path === '/update' &&
    typeof (update as { sessionUpdate?: unknown } | null)?.sessionUpdate === 'string'
  );
}

/**
 * One repair step: drop the array item that holds the fault, else the update's top-level field
 * that holds it. Undefined when the fault is in the update itself (a missing required field, the
 * variant tag) or the field cannot go (the next check then reports it as missing, and rejects).
 */
function repair(
  params: Record<string, unknown>,
  problem: SchemaProblem,
): { params: Record<string, unknown>; removed: string } | undefined {
  const segments = pointerSegments(problem.path);
  if (segments[0] === '_meta') return { params: without(params, ['_meta']), removed: '_meta' };
  if (segments[0] !== 'update' || segments.length < 2) return undefined;
  if (segments[1] === 'sessionUpdate') return undefined;
  // The innermost array item on the path (below the update's own fields).
  let container: unknown = params;
  let itemDepth = -1;
  for (let i = 0; i < segments.length; i++) {
    if (Array.isArray(container) && i >= 2) itemDepth = i;
    container = (container as Record<string, unknown> | undefined)?.[segments[i]!];
    if (typeof container !== 'object' || container === null) break;
  }
  // The item, else the update's field, that holds the fault. An object that lacks a required field goes
  // too: when it was optional, the update is kept without it (a usage_update whose cost has no currency);
  // when it was required, the next check finds it missing from the update, which cannot be repaired.
  const cut = itemDepth >= 0 ? segments.slice(0, itemDepth + 1) : segments.slice(0, 2);
  return { params: without(params, cut), removed: pointerToPath(`/${cut.join('/')}`) };
}

/** A copy of `root` without the value at `path`; only the containers on the path are copied. */
function without(root: Record<string, unknown>, path: string[]): Record<string, unknown> {
  const [head, ...rest] = path;
  if (head === undefined) return root; // an empty path removes nothing (repair never passes one)
  const value = root[head];
  if (rest.length === 0) {
    const copy = { ...root };
    delete copy[head];
    return copy;
  }
  const next = Array.isArray(value) ? arrayWithout(value, rest) : without(value as Record<string, unknown>, rest);
  return { ...root, [head]: next };
}

function arrayWithout(array: unknown[], path: string[]): unknown[] {
  const [head, ...rest] = path;
  const index = Number(head);
  if (rest.length === 0) return array.filter((_, i) => i !== index);
  const copy = array.slice();
  const item = copy[index];
  copy[index] = Array.isArray(item) ? arrayWithout(item, rest) : without(item as Record<string, unknown>, rest);
  return copy;
}

function reject(notification: acp.SessionNotification, problem: SchemaProblem): GateVerdict {
  return { kind: 'reject', problem: describeProblem(problem), raw: rawPreview(notification.update) };
}

/** The agent's JSON for an error entry: bounded first (it may be 5,000 levels deep), then cut. */
export function rawPreview(value: unknown, maxChars = RAW_PREVIEW_CHARS): string {
  let text: string;
  try {
    text = JSON.stringify(boundJson(value, { maxDepth: 6, maxString: 256, maxItems: 20 })) ?? String(value);
  } catch {
    text = String(value);
  }
  return text.length > maxChars ? t('{0}… (truncated)', text.slice(0, maxChars)) : text;
}
