// docs/reference.md lists the settings a user can write: every setting package.json contributes is in
// its table, and every setting the table names exists (a renamed or removed one would mislead). Its Default
// column says what the settings table (src/shared/settingsTable.ts, equal to package.json) says.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { SETTINGS, settingName, SETTING_KEYS } from '../../../src/shared/settingsTable';

const root = join(__dirname, '../../..');
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  contributes: { configuration: { properties: Record<string, unknown> } | { properties: Record<string, unknown> }[] };
};
const sections = [manifest.contributes.configuration].flat();
const contributed = sections.flatMap((section) => Object.keys(section.properties)).sort();
const reference = readFileSync(join(root, 'docs/reference.md'), 'utf8');
const rows = [...reference.matchAll(/^\| `(switchboard\.[\w.]+)` \| ([^|]+) \|/gm)].map((match) => ({
  name: match[1]!,
  defaultCell: match[2]!.trim(),
}));
const documented = rows.map((row) => row.name).sort();

it('docs/reference.md has a row for every setting package.json contributes, and for no other', () => {
  expect(contributed.length).toBeGreaterThan(10);
  expect(documented).toEqual(contributed);
});

it("docs/reference.md's Default column is each setting's default", () => {
  const wrong = SETTING_KEYS.flatMap((key) => {
    const expected: unknown = SETTINGS[key].default;
    const cell = rows.find((row) => row.name === settingName(key))?.defaultCell ?? '';
    const code = /^`(.*)`$/.exec(cell)?.[1];
    // An address too long for the column may be named in words ("the official index").
    if (code === undefined) return typeof expected === 'string' && expected.startsWith('https://') ? [] : [cell];
    const written: unknown = /^[{"\d]|^true$|^false$/.test(code) ? JSON.parse(code) : code;
    return JSON.stringify(written) === JSON.stringify(expected) ? [] : [`${key}: ${cell}`];
  });
  expect(wrong).toEqual([]);
});
