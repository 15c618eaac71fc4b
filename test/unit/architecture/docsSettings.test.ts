// docs/reference.md lists the settings a user can write: every setting package.json contributes is in
// its table, and every setting the table names exists (a renamed or removed one would mislead).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';

const root = join(__dirname, '../../..');
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  contributes: { configuration: { properties: Record<string, unknown> } | { properties: Record<string, unknown> }[] };
};
const sections = [manifest.contributes.configuration].flat();
const contributed = sections.flatMap((section) => Object.keys(section.properties)).sort();
const reference = readFileSync(join(root, 'docs/reference.md'), 'utf8');
const documented = [...reference.matchAll(/^\| `(switchboard\.[\w.]+)` \|/gm)].map((match) => match[1]!).sort();

it('docs/reference.md has a row for every setting package.json contributes, and for no other', () => {
  expect(contributed.length).toBeGreaterThan(10);
  expect(documented).toEqual(contributed);
});
