// A switchboard.agents entry is described twice: by package.json's JSON schema (what VS Code's settings editor
// checks and completes) and by parseAgentsSetting (what Switchboard runs). This walks the schema: for each of its
// two shapes it makes entries from it (each field right, each field wrong, each required field left out, a field
// it does not have) and asks both; they must agree on every one. The fields the validator takes are the schema's.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv from 'ajv';
import { describe, expect, it } from 'vitest';
import { AGENT_ENTRY_FIELDS, parseAgentsSetting, REGISTRY_ENTRY_FIELDS } from '../../../src/agents/config';

interface Schema {
  type?: string;
  const?: unknown;
  enum?: unknown[];
  minLength?: number;
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: Schema | boolean;
  anyOf?: Schema[];
}

const root = join(__dirname, '../../..');
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  contributes: { configuration: { properties: Record<string, Schema> } };
};
const entrySchema = manifest.contributes.configuration.properties['switchboard.agents']!.additionalProperties as Schema;
const shapes = entrySchema.anyOf ?? [];
const isRegistryShape = (shape: Schema) => shape.properties?.type?.const === 'registry';

// VS Code's settings editor reads markdownDescription and the like; ajv needs to be told they are not checks.
const ajv = new Ajv({ strict: false, allErrors: true });
const schemaAccepts = ajv.compile(entrySchema);

const demo = { command: '/opt/electron', args: ['/ext/dist/demo-agent.js'] };
const installed = () => ({ command: '/agents/a/bin', args: [], env: {}, version: '1.0.0' });

/** Whether Switchboard runs the entry as written: an agent, and nothing said about it. */
function validatorAccepts(entry: unknown): boolean {
  const parsed = parseAgentsSetting({ probe: entry }, demo, installed);
  return parsed.errors.length === 0 && parsed.agents.some((agent) => agent.id === 'probe');
}

/** A value the field's schema takes. */
function good(schema: Schema): unknown {
  if (schema.const !== undefined) return schema.const;
  if (schema.enum !== undefined) return schema.enum[0];
  switch (schema.type) {
    case 'string':
      return '1.0.0';
    case 'boolean':
      return false;
    case 'array':
      return [good(schema.items ?? {})];
    case 'object':
      return { KEY: good(schema.additionalProperties as Schema) };
    default:
      throw new Error(`no sample for ${JSON.stringify(schema)}`);
  }
}

/** Values the field's schema refuses. */
function bad(schema: Schema): unknown[] {
  if (schema.const !== undefined) return ['something-else'];
  if (schema.enum !== undefined) return ['something-else', 5];
  switch (schema.type) {
    case 'string':
      return [5, ...((schema.minLength ?? 0) > 0 ? [''] : [])];
    case 'boolean':
      return ['yes'];
    case 'array':
      return ['a', ...bad(schema.items ?? {}).map((item) => [item])];
    case 'object':
      return ['a', ['a'], ...bad(schema.additionalProperties as Schema).map((value) => ({ KEY: value }))];
    default:
      throw new Error(`no wrong values for ${JSON.stringify(schema)}`);
  }
}

/** Entries made from one shape of the schema, each with its name. */
function entriesFrom(shape: Schema): Array<[string, Record<string, unknown>]> {
  const properties = shape.properties ?? {};
  const required = shape.required ?? [];
  const base = Object.fromEntries(required.map((field) => [field, good(properties[field]!)]));
  const entries: Array<[string, Record<string, unknown>]> = [['the required fields', base]];
  for (const [field, schema] of Object.entries(properties)) {
    entries.push([`${field} right`, { ...base, [field]: good(schema) }]);
    for (const value of bad(schema)) entries.push([`${field}: ${JSON.stringify(value)}`, { ...base, [field]: value }]);
    if (required.includes(field)) {
      const { [field]: _left, ...without } = base;
      entries.push([`without ${field}`, without]);
    }
  }
  entries.push(['a field the schema does not have', { ...base, colour: 'blue' }]);
  return entries;
}

describe('the switchboard.agents entry: package.json schema and parseAgentsSetting', () => {
  it('has the two shapes: a command, and an installed registry agent', () => {
    expect(shapes).toHaveLength(2);
    expect(shapes.filter(isRegistryShape)).toHaveLength(1);
  });

  it("takes in the validator exactly the schema's fields", () => {
    for (const shape of shapes) {
      const fields = isRegistryShape(shape) ? REGISTRY_ENTRY_FIELDS : AGENT_ENTRY_FIELDS;
      expect([...fields].sort()).toEqual(Object.keys(shape.properties ?? {}).sort());
      expect(shape.additionalProperties).toBe(false);
    }
  });

  for (const shape of shapes) {
    const kind = isRegistryShape(shape) ? 'registry entry' : 'command entry';
    it(`agrees on every ${kind} made from the schema`, () => {
      const verdicts = entriesFrom(shape).map(([name, entry]) => ({
        name,
        schema: schemaAccepts(entry),
        validator: validatorAccepts(entry),
      }));
      expect(verdicts.length).toBeGreaterThan(10);
      expect(verdicts.filter((verdict) => verdict.schema !== verdict.validator)).toEqual([]);
      // Both ways are exercised: some entries are taken, some refused.
      expect(verdicts.some((verdict) => verdict.schema)).toBe(true);
      expect(verdicts.some((verdict) => !verdict.schema)).toBe(true);
    });
  }
});
