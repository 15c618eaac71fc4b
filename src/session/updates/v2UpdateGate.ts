// Where an ACP v2 session/update enters: checked against the v2 schema (protocol/v2/schema.ts) with v1's
// policy (../updateGate.ts): a known variant that fits is applied with its free-form JSON bounded; a fault
// inside an array item or an optional field drops that item or field (the schema marks them so:
// x-deserialize-skip-invalid-items, x-deserialize-default-on-error) and the rest is applied; a fault that
// leaves nothing meaningful rejects the update. A variant v2 does not define (`_`-prefixed, or a newer
// ACP's) is tolerated: logged once, never applied, never an error. Unknown enum values inside a known
// variant pass the schema (v2's enums are open) and fall back in the mapper (protocol/v2/v2Shapes.ts).
// A plain text chunk with its messageId (v2 requires one) is valid by construction, as on v1: no schema
// check (the commonest update; v2UpdateGate.test.ts holds this to the schema's verdict).
import type * as acp2 from '@agentclientprotocol/sdk/experimental/v2';
import { checkV2SessionUpdate } from '../../protocol/v2/schema';
import { describeProblem, type SchemaProblem } from '../../protocol/schema';
import {
  applyBounded,
  boundChunkExtras,
  isPlainTextChunk,
  rawPreview,
  repairUntilValid,
  type Verdict,
} from './updateGate';

export type V2GateVerdict = Verdict<acp2.SessionUpdate>;

export function gateV2SessionUpdate(params: unknown): V2GateVerdict {
  const chunk = (params as { update?: unknown } | null)?.update;
  if (isPlainTextChunk(chunk) && typeof chunk.messageId === 'string' && isSessionId(params))
    return { kind: 'apply', update: boundChunkExtras(chunk) as unknown as acp2.SessionUpdate };
  const checked = checkV2SessionUpdate(params);
  const update = (params as { update?: unknown } | null)?.update;
  if (checked.kind === 'unknownVariant')
    return { kind: 'unknownVariant', variant: String((update as { sessionUpdate: unknown }).sessionUpdate) };
  if (checked.kind === 'valid') return bounded(update);
  if (!isRecord(params) || !isRecord(update)) return reject(params, checked.problem);
  const repaired = repairUntilValid(params, checked.problem, (next) => problemOf(next));
  if (!repaired) return reject(update, checked.problem);
  const verdict = bounded(repaired.params.update);
  return verdict.kind === 'apply' ? { ...verdict, dropped: repaired.dropped } : verdict;
}

function problemOf(params: Record<string, unknown>): SchemaProblem | undefined {
  const checked = checkV2SessionUpdate(params);
  return checked.kind === 'invalid' ? checked.problem : undefined;
}

/** v1's bounds (free-form JSON, structured depth and items); they read no v1-only field but agent terminals' `_meta`. */
function bounded(update: unknown): V2GateVerdict {
  const verdict = applyBounded(update);
  return verdict.kind === 'apply' ? { ...verdict, update: verdict.update as unknown as acp2.SessionUpdate } : verdict;
}

function reject(raw: unknown, problem: SchemaProblem): V2GateVerdict {
  return { kind: 'reject', problem: describeProblem(problem), raw: rawPreview(raw) };
}

/** The envelope the schema would check around a chunk: a string sessionId, nothing else but `update` and `_meta`. */
function isSessionId(params: unknown): boolean {
  if (!isRecord(params) || typeof params.sessionId !== 'string') return false;
  for (const key in params) if (key !== 'sessionId' && key !== 'update' && key !== '_meta') return false;
  return params._meta === undefined || isRecord(params._meta);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
