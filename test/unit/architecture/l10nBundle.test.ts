// Localisation of the manifest: every user-visible string of package.json (titles, names, descriptions,
// setting texts, walkthrough and welcome contents) is a %key% of package.nls.json, every key used exists,
// and no key is left unused. A new command or setting with a literal title fails here.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(__dirname, '../../..');
const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as Record<string, unknown>;
const bundle = JSON.parse(fs.readFileSync(path.join(root, 'package.nls.json'), 'utf8')) as Record<string, string>;

/** Fields whose strings a user reads (in the UI, the palette, the settings editor, the marketplace). */
const VISIBLE = new Set([
  'displayName',
  'description',
  'markdownDescription',
  'enumDescriptions',
  'markdownEnumDescriptions',
  'deprecationMessage',
  'markdownDeprecationMessage',
  'title',
  'name',
  'contextualTitle',
  'category',
  'contents',
]);

/** Each user-visible string with where it is, walking the manifest (package.json's own `name` is an id). */
function visibleStrings(value: unknown, where: string[], out: [string, string][]): [string, string][] {
  if (Array.isArray(value)) value.forEach((item, i) => visibleStrings(item, [...where, String(i)], out));
  else if (typeof value === 'object' && value !== null) {
    for (const [key, child] of Object.entries(value)) {
      // Inside a setting's `properties`, keys are setting names, not fields.
      const isField = where.at(-1) !== 'properties';
      if (isField && VISIBLE.has(key) && !(where.length === 0 && key === 'name')) {
        const strings = Array.isArray(child) ? child : [child];
        strings.forEach((text, i) => {
          if (typeof text === 'string')
            out.push([[...where, key, ...(Array.isArray(child) ? [String(i)] : [])].join('.'), text]);
        });
      } else visibleStrings(child, [...where, key], out);
    }
  }
  return out;
}

describe('package.nls.json', () => {
  const strings = visibleStrings(manifest, [], []);

  it('holds every user-visible string of package.json', () => {
    expect(strings.length).toBeGreaterThan(50);
    const literal = strings.filter(([, text]) => !/^%[\w.-]+%$/.test(text)).map(([where]) => where);
    expect(literal).toEqual([]);
  });

  it('has every key package.json uses, and no unused one', () => {
    const used = new Set(strings.map(([, text]) => text.slice(1, -1)));
    expect([...used].filter((key) => !(key in bundle))).toEqual([]);
    expect(Object.keys(bundle).filter((key) => !used.has(key))).toEqual([]);
    expect(Object.values(bundle).every((text) => typeof text === 'string' && text.trim() !== '')).toBe(true);
  });
});
