// Checks what a v2 agent sends against the ACP SDK's v2 schema (schema/v2/schema.json), with the same
// ajv set-up as v1 (../schema.ts). v2's unions are open (`anyOf` with a catch-all branch for values this
// schema does not know), so the whole union would accept any payload with an unknown tag and report a
// known tag's fault as "must match a schema in anyOf". The migration guide asks the opposite for known
// tags ("strict where it counts"): a session/update is checked against the one branch its tag names,
// and a tag the schema does not list is reported as unknown, for the caller to tolerate. Validators are
// compiled once per tag, on first use.
import type { ErrorObject, ValidateFunction } from 'ajv/dist/2020';
import type Ajv2020 from 'ajv/dist/2020';
// Imported by its path like v1's (the bundler inlines it).
import schemaV2 from '../../../node_modules/@agentclientprotocol/sdk/schema/v2/schema.json';
import { newSchemaAjv, toProblem, type SchemaProblem } from '../schema';

type Node = Record<string, unknown>;

/** The v2 `$defs` (the SDK's v2 schema, as shipped). */
export const V2_DEFS = (schemaV2 as unknown as { $defs: Record<string, Node> }).$defs;

/** The session/update tags v2 defines, each with its branch's index in SessionUpdate.anyOf. */
export const V2_UPDATE_TAGS: ReadonlyMap<string, number> = tagsOf(V2_DEFS.SessionUpdate, 'sessionUpdate');

export type V2Check = { kind: 'valid' } | { kind: 'invalid'; problem: SchemaProblem } | { kind: 'unknownVariant' };

let ajv: Ajv2020 | undefined;
const validators = new Map<string, ValidateFunction>();

function compile(key: string, schema: Node): ValidateFunction {
  let validate = validators.get(key);
  if (validate) return validate;
  if (!ajv) {
    ajv = newSchemaAjv();
    ajv.addSchema({ $defs: V2_DEFS }, 'acp2');
  }
  validate = ajv.compile(schema);
  validators.set(key, validate);
  return validate;
}

/**
 * A v2 session/update notification's params checked against the branch of its `sessionUpdate` tag.
 * `unknownVariant`: the tag is a string v2 does not define (a newer agent's, or an `_`-prefixed one).
 */
export function checkV2SessionUpdate(params: unknown): V2Check {
  const tag = (params as { update?: { sessionUpdate?: unknown } } | null)?.update?.sessionUpdate;
  const branch = typeof tag === 'string' ? V2_UPDATE_TAGS.get(tag) : undefined;
  if (typeof tag === 'string' && branch === undefined) {
    // The envelope still has to be one (a sessionId, an object update).
    const envelope = checkWith('envelope', { $ref: 'acp2#/$defs/UpdateSessionNotification' }, params);
    return envelope.kind === 'valid' ? { kind: 'unknownVariant' } : envelope;
  }
  const key = `update:${String(branch)}`;
  return checkWith(key, notificationWith(branch), params);
}

/** A v2 session/request_permission request's params (title required, subject a tagged union). */
export function checkV2PermissionRequest(params: unknown): V2Check {
  return checkWith('permission', { $ref: 'acp2#/$defs/RequestPermissionRequest' }, params);
}

function checkWith(key: string, schema: Node, value: unknown): V2Check {
  const validate = compile(key, schema);
  if (validate(value)) return { kind: 'valid' };
  return { kind: 'invalid', problem: toProblem(deepestFirst(validate.errors ?? [])) };
}

/** The notification schema with `update` narrowed to one branch (undefined: no tag, the whole union). */
function notificationWith(branch: number | undefined): Node {
  const update = branch === undefined ? 'SessionUpdate' : `SessionUpdate/anyOf/${branch}`;
  return {
    type: 'object',
    properties: {
      sessionId: { $ref: 'acp2#/$defs/SessionId' },
      update: { type: 'object', $ref: `acp2#/$defs/${update}` },
      _meta: { type: ['object', 'null'] },
    },
    required: ['sessionId', 'update'],
  };
}

/**
 * Inside an open union every branch reports its own fault; the one that names the deepest place is
 * the one the agent meant (its tag matched, a field inside was wrong), so it goes first.
 */
function deepestFirst(errors: readonly ErrorObject[]): ErrorObject[] {
  let deepest = 0;
  for (let i = 1; i < errors.length; i++)
    if (errors[i]!.instancePath.length > errors[deepest]!.instancePath.length) deepest = i;
  return [errors[deepest]!, ...errors.filter((_, i) => i !== deepest)].filter(Boolean);
}

/** tag value → branch index, for an open tagged union (the catch-all branch has no const). */
function tagsOf(union: Node | undefined, tag: string): Map<string, number> {
  const tags = new Map<string, number>();
  const branches = (union?.anyOf ?? union?.oneOf) as Node[] | undefined;
  branches?.forEach((branch, index) => {
    const value = ((branch.properties as Node | undefined)?.[tag] as { const?: unknown } | undefined)?.const;
    if (typeof value === 'string') tags.set(value, index);
  });
  if (tags.size === 0) throw new Error(`the ACP v2 schema has no ${tag} union`);
  return tags;
}
