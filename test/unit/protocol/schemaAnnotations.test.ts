// The host bundle carries the ACP schema without its annotations (scripts/build/schemaAnnotations.mjs, applied by
// esbuild.mjs). Here: only annotations go, and the schema check decides every case of its own tests the same
// way with that schema (the cases of schema.mutants.test.ts run again below, against the stripped schema).
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { stripSchemaAnnotations } from '../../../scripts/build/schemaAnnotations.mjs';

vi.mock('../../../node_modules/@agentclientprotocol/sdk/schema/v1/schema.json', async (importOriginal) => {
  const { stripSchemaAnnotations: strip } = await import('../../../scripts/build/schemaAnnotations.mjs');
  const original = (await importOriginal()) as { default: unknown };
  return { default: strip(original.default) };
});

// The schema check's own cases, with the schema as the bundle carries it (the mock above).
import './schema.mutants.test';

type Node = Record<string, unknown>;

/** Every schema object of the schema, with the names of the properties it declares. */
function schemaNodes(node: unknown, at = '#', into = new Map<string, Node>()): Map<string, Node> {
  if (Array.isArray(node)) node.forEach((item, i) => schemaNodes(item, `${at}/${i}`, into));
  if (typeof node !== 'object' || node === null || Array.isArray(node)) return into;
  into.set(at, node as Node);
  for (const [key, value] of Object.entries(node)) {
    if (['properties', '$defs', 'patternProperties'].includes(key))
      for (const [name, sub] of Object.entries(value as Node)) schemaNodes(sub, `${at}/${key}/${name}`, into);
    else if (['anyOf', 'oneOf', 'allOf', 'items', 'additionalProperties', 'not', 'unevaluatedProperties'].includes(key))
      schemaNodes(value, `${at}/${key}`, into);
  }
  return into;
}

describe('the ACP schema without annotations', () => {
  // Read from disk: importing it here would get the mock above.
  const file = path.resolve(__dirname, '../../../node_modules/@agentclientprotocol/sdk/schema/v1/schema.json');
  const fullSchema = JSON.parse(fs.readFileSync(file, 'utf8')) as unknown;
  const stripped = stripSchemaAnnotations(fullSchema);

  it('is what the schema check reads in this file (the mock applies)', async () => {
    const read = (await import('../../../node_modules/@agentclientprotocol/sdk/schema/v1/schema.json')) as {
      default: unknown;
    };
    expect(read.default).toEqual(stripped);
    expect(read.default).not.toEqual(fullSchema);
  });

  it('is less than half the size', () => {
    expect(JSON.stringify(stripped).length).toBeLessThan(JSON.stringify(fullSchema).length / 2);
  });

  it('drops only annotation keywords: every schema, property name, value and x-* keyword stays', () => {
    const before = schemaNodes(fullSchema);
    const after = schemaNodes(stripped);
    expect([...after.keys()]).toEqual([...before.keys()]);
    let describedProperties = 0;
    for (const [at, node] of before) {
      const kept = after.get(at)!;
      const expected = Object.keys(node).filter(
        (key) => !['description', 'title', 'examples', '$comment'].includes(key),
      );
      expect(Object.keys(kept), at).toEqual(expected);
      for (const key of ['const', 'enum', 'default', 'required', 'type', '$ref', 'discriminator'])
        if (key in node) expect(kept[key], `${at} ${key}`).toEqual(node[key]);
      const properties = node.properties as Node | undefined;
      if (properties && 'description' in properties) describedProperties++;
    }
    // ACP types with a property named `description` (commands, modes, config options) keep it.
    expect(describedProperties).toBeGreaterThan(0);
  });
});
