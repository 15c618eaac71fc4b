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

/**
 * The SDK's schema.unstable.json as the host bundle carries it (src/protocol/schemaExtensions.ts takes the
 * subagent sessions' definitions from it): without annotations, and only the definitions the stable schema
 * lacks, plus the SessionUpdate union the new variants are read from. About 25 KB instead of 386 KB.
 */
export function unstableSchemaForBundle(unstable, stable) {
  const kept = Object.entries(unstable.$defs).filter(
    ([name]) => name === 'SessionUpdate' || !Object.hasOwn(stable.$defs, name),
  );
  return stripSchemaAnnotations({ $defs: Object.fromEntries(kept) });
}

const readJson = async (file) => JSON.parse(await fs.promises.readFile(file, 'utf8'));

/** esbuild: the SDK's schema.json without its annotations, and the part of schema.unstable.json the host uses. */
export const acpSchemaWithoutAnnotations = {
  name: 'acp-schema-without-annotations',
  setup(build) {
    build.onLoad({ filter: /@agentclientprotocol[\\/]sdk[\\/]schema[\\/]v1[\\/]schema\.json$/ }, async (args) => ({
      contents: JSON.stringify(stripSchemaAnnotations(await readJson(args.path))),
      loader: 'json',
    }));
    build.onLoad(
      { filter: /@agentclientprotocol[\\/]sdk[\\/]schema[\\/]v1[\\/]schema\.unstable\.json$/ },
      async (args) => {
        const stable = await readJson(args.path.replace(/schema\.unstable\.json$/, 'schema.json'));
        return { contents: JSON.stringify(unstableSchemaForBundle(await readJson(args.path), stable)), loader: 'json' };
      },
    );
  },
};
