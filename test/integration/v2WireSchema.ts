// Every message a v2 agent sent, checked against the ACP SDK's v2 schema (schema/v2/schema.json): its requests
// and notifications by their method's definition (a session/update by the branch its tag names, as the client's
// gate checks it), its answers by the definition of the method they answer (read from what the client sent).
// The conformance harness runs this over the scripted agent's v2 wire after each case, so the translation of
// its v1 scenarios (test/fixtures/scripted/v2wire.mjs) cannot drift from the schema.
import type { ValidateFunction } from 'ajv/dist/2020';
import type Ajv2020 from 'ajv/dist/2020';
import schemaV2 from '../../node_modules/@agentclientprotocol/sdk/schema/v2/schema.json';
import { newSchemaAjv } from '../../src/protocol/schema';
import { checkV2SessionUpdate, V2_DEFS } from '../../src/protocol/v2/schema';

interface WireMessage {
  jsonrpc?: unknown;
  id?: unknown;
  method?: string;
  params?: unknown;
  result?: unknown;
  error?: unknown;
}

let ajv: Ajv2020 | undefined;
const validators = new Map<string, ValidateFunction>();

function validator(name: string): ValidateFunction {
  let validate = validators.get(name);
  if (!validate) {
    if (!ajv) {
      ajv = newSchemaAjv();
      ajv.addSchema({ $defs: (schemaV2 as unknown as { $defs: object }).$defs }, 'acp2v');
    }
    validate = ajv.compile({ $ref: `acp2v#/$defs/${name}` });
    validators.set(name, validate);
  }
  return validate;
}

/** The definition of `method`'s `suffix` (Request, Notification, Response) in the v2 schema. */
function definitionOf(method: string, suffix: string): string | undefined {
  return Object.entries(V2_DEFS).find(
    ([name, definition]) => definition['x-method'] === method && name.endsWith(suffix),
  )?.[0];
}

function check(name: string, value: unknown, where: string): string[] {
  const validate = validator(name);
  if (validate(value)) return [];
  const [first] = validate.errors ?? [];
  return [`${where}: not a v2 ${name} (${first?.instancePath || '/'} ${first?.message ?? ''}): ${brief(value)}`];
}

const brief = (value: unknown) => JSON.stringify(value)?.slice(0, 300) ?? String(value);

/** What in `sent` is not v2; `received` (what the client sent) names the method each answer answers. */
export function v2WireProblems(sent: readonly WireMessage[], received: readonly WireMessage[]): string[] {
  const asked = new Map(
    received.filter((m) => m.method !== undefined && m.id !== undefined).map((m) => [m.id, m.method!]),
  );
  return sent.flatMap((message) => {
    if (message.jsonrpc !== '2.0') return [`not JSON-RPC 2.0: ${brief(message)}`];
    if (message.method === undefined) return answerProblems(message, asked.get(message.id));
    const where = `${message.method}${message.id === undefined ? '' : ` (request ${String(message.id)})`}`;
    if (message.method === 'session/update') {
      const checked = checkV2SessionUpdate(message.params);
      if (checked.kind === 'valid') return [];
      const why = checked.kind === 'invalid' ? JSON.stringify(checked.problem) : 'a tag v2 does not define';
      return [`${where}: ${why}: ${brief(message.params)}`];
    }
    const name = definitionOf(message.method, message.id === undefined ? 'Notification' : 'Request');
    return name ? check(name, message.params, where) : [`${where}: not a v2 method`];
  });
}

function answerProblems(message: WireMessage, method: string | undefined): string[] {
  if (method === undefined) return [`an answer to no request of the client: ${brief(message)}`];
  if (message.error !== undefined) return check('Error', message.error, `the error answering ${method}`);
  const name = definitionOf(method, 'Response');
  return name ? check(name, message.result, `the answer to ${method}`) : [`the answer to ${method}: not a v2 method`];
}
