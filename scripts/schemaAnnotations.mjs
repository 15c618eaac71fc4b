// The ACP schema the host checks agent messages with (src/protocol/schema.ts) is the SDK's schema.json, whose
// annotations (description, title, examples) are documentation: ajv does not read them, and they are 60 % of its
// bytes. The host bundle carries the schema without them (esbuild.mjs): 110 KB less in a bundle with a 1 MiB
// budget. Only annotation keywords at schema positions go; property names (`description` is a property of
// several ACP types) and values (const, enum, default, x-* keywords) stay as the SDK ships them.
import fs from 'node:fs';

const ANNOTATIONS = new Set(['description', 'title', 'examples', '$comment']);
/** Keywords whose value maps names to schemas. */
const SCHEMA_MAPS = new Set(['properties', '$defs', 'definitions', 'patternProperties', 'dependentSchemas']);
/** Keywords whose value is a schema, or a list of them. */
const SCHEMAS = new Set([
  'anyOf',
  'oneOf',
  'allOf',
  'prefixItems',
  'items',
  'additionalProperties',
  'not',
  'if',
  'then',
  'else',
  'contains',
  'propertyNames',
  'unevaluatedProperties',
  'unevaluatedItems',
]);

/** `schema` without its annotation keywords (a copy). */
export function stripSchemaAnnotations(schema) {
  if (Array.isArray(schema)) return schema.map(stripSchemaAnnotations);
  if (typeof schema !== 'object' || schema === null) return schema; // a boolean schema
  const out = {};
  for (const [key, value] of Object.entries(schema)) {
    if (ANNOTATIONS.has(key)) continue;
    if (SCHEMA_MAPS.has(key) && typeof value === 'object' && value !== null)
      out[key] = Object.fromEntries(Object.entries(value).map(([name, sub]) => [name, stripSchemaAnnotations(sub)]));
    else out[key] = SCHEMAS.has(key) ? stripSchemaAnnotations(value) : value;
  }
  return out;
}

/** esbuild: the SDK's schema.json without its annotations. */
export const acpSchemaWithoutAnnotations = {
  name: 'acp-schema-without-annotations',
  setup(build) {
    build.onLoad({ filter: /@agentclientprotocol[\\/]sdk[\\/]schema[\\/]v1[\\/]schema\.json$/ }, async (args) => ({
      contents: JSON.stringify(stripSchemaAnnotations(JSON.parse(await fs.promises.readFile(args.path, 'utf8')))),
      loader: 'json',
    }));
  },
};
