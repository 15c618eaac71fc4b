// Checks what the agent sends against the ACP SDK's own JSON schema (schema/v1/schema.json), with
// ajv. One place knows the shapes (the SDK's schema), never hand-written checks. The validators are
// compiled once per process (about 0.15 s; warmUpSchemas() does it while an agent starts, so the
// first tool call does not wait for it), and cost about 0.4 us per message after:
// the streamed-text fast path does not use them at all (its lines are valid by construction).
import Ajv2020, { type ErrorObject, type ValidateFunction } from 'ajv/dist/2020';
// The SDK's package.json "exports" does not list the schema, so it is imported by its path; the
// bundler inlines it (the vsix carries no node_modules).
import schema from '../../node_modules/@agentclientprotocol/sdk/schema/v1/schema.json';
// Subagent sessions' definitions are in the unstable schema only (schemaExtensions.ts).
import unstableSchema from '../../node_modules/@agentclientprotocol/sdk/schema/v1/schema.unstable.json';
import { ClientMethod } from './methods';
import { withSubagentSessions } from './schemaExtensions';

/** The $defs entry for the params of each request or notification the agent may send us. */
const PARAMS_DEF = {
  [ClientMethod.sessionUpdate]: 'SessionNotification',
  [ClientMethod.sessionRequestPermission]: 'RequestPermissionRequest',
  [ClientMethod.fsReadTextFile]: 'ReadTextFileRequest',
  [ClientMethod.fsWriteTextFile]: 'WriteTextFileRequest',
  [ClientMethod.terminalCreate]: 'CreateTerminalRequest',
  [ClientMethod.terminalOutput]: 'TerminalOutputRequest',
  [ClientMethod.terminalWaitForExit]: 'WaitForTerminalExitRequest',
  [ClientMethod.terminalKill]: 'KillTerminalRequest',
  [ClientMethod.terminalRelease]: 'ReleaseTerminalRequest',
  [ClientMethod.elicitationCreate]: 'CreateElicitationRequest',
} as const;

export type CheckedMethod = keyof typeof PARAMS_DEF;

/** One thing wrong, as ajv sees it: where (a JSON pointer into the params) and what. */
export interface SchemaProblem {
  /** JSON pointer, e.g. `/update/locations/0/path`; '' for the params themselves. */
  path: string;
  message: string;
  /** ajv's keyword: `required` (a property is missing: `missing` names it), `type`, `enum`... */
  keyword: string;
  missing?: string;
}

let ajv: Ajv2020 | undefined;
const validators = new Map<string, ValidateFunction>();

function validatorFor(method: CheckedMethod): ValidateFunction {
  let validate = validators.get(method);
  if (validate) return validate;
  ajv ??= createAjv();
  validate = ajv.compile({ $ref: `acp#/$defs/${PARAMS_DEF[method]}` });
  validators.set(method, validate);
  return validate;
}

function createAjv(): Ajv2020 {
  const instance = newSchemaAjv();
  const defs = withSubagentSessions(
    (schema as { $defs: Record<string, unknown> }).$defs,
    (unstableSchema as { $defs: Record<string, unknown> }).$defs,
  );
  instance.addSchema({ $defs: withObjectUnions(defs) }, 'acp');
  return instance;
}

/** An ajv set up for the ACP schemas (v1 here, v2 in protocol/v2/schema.ts). */
export function newSchemaAjv(): Ajv2020 {
  // strict: false because the schema carries its own x-* annotations; formats (uint32, int64...)
  // are Rust-isms that only describe integer widths. discriminator: the unions (session updates,
  // content blocks, tool content) are tagged, so errors name the branch the agent meant instead
  // of every branch it did not. validateSchema: false saves a third of the compile time.
  // code.optimize: false compiles in a third of the time; the validators it makes are as fast here.
  return new Ajv2020({
    strict: false,
    discriminator: true,
    validateFormats: false,
    validateSchema: false,
    allErrors: false,
    code: { optimize: false },
  });
}

/**
 * ajv's discriminator checks the tag only when the value is an object, so a union alone accepts
 * null, 5 or "abc" (each branch's own `type: object` is never reached). Every tagged union gets
 * `type: object` beside it; a copy, the imported schema stays as the SDK ships it.
 */
function withObjectUnions<T>(node: T): T {
  if (Array.isArray(node)) return node.map((item) => withObjectUnions(item)) as T;
  if (typeof node !== 'object' || node === null) return node;
  const copy: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) copy[key] = withObjectUnions(value);
  if ('discriminator' in copy && !('type' in copy)) copy.type = 'object';
  return copy as T;
}

/** Compiles every validator now (idempotent): call it where a pause is already expected. */
export function warmUpSchemas(): void {
  for (const method of Object.keys(PARAMS_DEF) as CheckedMethod[]) validatorFor(method);
}

export function isCheckedMethod(method: string): method is CheckedMethod {
  return Object.hasOwn(PARAMS_DEF, method);
}

/** undefined when `params` fits the schema of `method`; else the first problem ajv found. */
export function checkParams(method: CheckedMethod, params: unknown): SchemaProblem | undefined {
  const validate = validatorFor(method);
  if (validate(params)) return undefined;
  return toProblem(validate.errors ?? []);
}

export function toProblem(errors: readonly ErrorObject[]): SchemaProblem {
  const error = errors[0];
  if (!error) return { path: '', message: 'does not match the schema', keyword: 'unknown' };
  const missing =
    error.keyword === 'required' ? String((error.params as { missingProperty?: unknown }).missingProperty) : undefined;
  let message = error.message ?? 'is invalid';
  if (error.keyword === 'const') {
    // An enum written as oneOf of consts (e.g. PermissionOptionKind): one error per branch.
    const allowed = errors
      .filter((other) => other.keyword === 'const' && other.instancePath === error.instancePath)
      .map((other) => (other.params as { allowedValue?: unknown }).allowedValue);
    message = `must be one of ${JSON.stringify(allowed)}`;
  }
  if (error.keyword === 'enum')
    message += `: ${JSON.stringify((error.params as { allowedValues?: unknown }).allowedValues)}`;
  if (error.keyword === 'discriminator') {
    const params = error.params as { tag?: string; tagValue?: unknown };
    message = `has an unknown ${params.tag} ${JSON.stringify(params.tagValue)}`;
  }
  return { path: error.instancePath, message, keyword: error.keyword, missing };
}

/** "update.locations[0].path must be string" */
export function describeProblem(problem: SchemaProblem): string {
  const where = pointerToPath(problem.path);
  return where ? `${where} ${problem.message}` : `params ${problem.message}`;
}

export function pointerToPath(pointer: string): string {
  if (pointer === '') return '';
  return pointer
    .split('/')
    .slice(1)
    .map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~'))
    .map((segment, i) => (/^\d+$/.test(segment) ? `[${segment}]` : i === 0 ? segment : `.${segment}`))
    .join('');
}

export function pointerSegments(pointer: string): string[] {
  if (pointer === '') return [];
  return pointer
    .split('/')
    .slice(1)
    .map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~'));
}
