// package.json's `contributes.configuration` (what VS Code's settings editor shows and checks) and the settings
// table the code reads by (src/shared/settingsTable.ts) say the same: the same keys, types, defaults, values,
// bounds and scopes. A default changed in one place only fails here, so it cannot be written twice differently.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SETTINGS, SETTINGS_SECTION, type SettingSpec } from '../../../src/shared/settingsTable';

type Properties = Record<string, Record<string, unknown>>;

const root = join(__dirname, '../../..');
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  contributes: { configuration: { properties: Properties } | { properties: Properties }[] };
};
const contributed: Properties = Object.assign(
  {},
  ...[manifest.contributes.configuration].flat().map((section) => section.properties),
) as Properties;

/** The schema fields the table mirrors, as package.json writes them. */
function manifestFields(spec: SettingSpec): Record<string, unknown> {
  return {
    type: spec.type,
    default: spec.default,
    enum: 'enum' in spec ? spec.enum : undefined,
    minimum: 'minimum' in spec ? spec.minimum : undefined,
    maximum: 'maximum' in spec ? spec.maximum : undefined,
    scope: spec.scope,
  };
}

/** One line for each difference between the manifest's properties and the table. */
function disagreements(properties: Properties, table: Record<string, SettingSpec>): string[] {
  const prefix = `${SETTINGS_SECTION}.`;
  const lines: string[] = [];
  const names = new Set([...Object.keys(properties), ...Object.keys(table).map((key) => prefix + key)]);
  for (const name of [...names].sort()) {
    const property = properties[name];
    const spec = table[name.slice(prefix.length)];
    if (!property || !spec || !name.startsWith(prefix)) {
      lines.push(`${name}: only in ${property ? 'package.json' : 'the table'}`);
      continue;
    }
    const declared: Record<string, unknown> = { ...property, scope: property.scope ?? 'window' };
    for (const [field, value] of Object.entries(manifestFields(spec))) {
      if (JSON.stringify(declared[field]) !== JSON.stringify(value))
        lines.push(`${name}.${field}: package.json ${JSON.stringify(declared[field])}, table ${JSON.stringify(value)}`);
    }
  }
  return lines;
}

describe('package.json and the settings table', () => {
  it('name the same settings with the same types, defaults, values, bounds and scopes', () => {
    expect(Object.keys(contributed).length).toBeGreaterThan(10);
    expect(disagreements(contributed, SETTINGS)).toEqual([]);
  });

  it('would disagree on one default changed in package.json alone', () => {
    const changed = structuredClone(contributed);
    changed['switchboard.maxMessageSizeMiB']!.default = 32;
    changed['switchboard.followAgent']!.scope = 'machine';
    delete changed['switchboard.fs.maxReadMiB']!.maximum;
    expect(disagreements(changed, SETTINGS)).toEqual([
      'switchboard.followAgent.scope: package.json "machine", table "window"',
      'switchboard.fs.maxReadMiB.maximum: package.json undefined, table 1024',
      'switchboard.maxMessageSizeMiB.default: package.json 32, table 64',
    ]);
  });

  it('has every user-only setting machine-scoped, so VS Code keeps a workspace value out as well', () => {
    const spec: Record<string, SettingSpec> = SETTINGS;
    const userOnly = Object.keys(spec).filter((key) => spec[key]!.userOnly);
    expect(userOnly.length).toBeGreaterThan(5);
    for (const key of userOnly) expect(spec[key]!.scope, key).toBe('machine');
  });
});
