// No module of the product imports itself through others, type imports included: a cycle makes the order of
// initialisation matter and hides which module owns a shape. Relative imports of src/ and webview/ are followed
// (a depth-first search finds a back edge exactly when a cycle exists).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { expect, it } from 'vitest';

const root = join(__dirname, '../../..');
const IMPORT = /^\s*(?:import|export)\s[^;]*?from\s+'(\.[^']+)'/gms;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(IMPORT)].flatMap((match) => {
    const target = join(dirname(file), match[1]!);
    const found = [`${target}.ts`, join(target, 'index.ts')].find((candidate) => existsSync(candidate));
    return found ? [found] : [];
  });
}

/** One cycle per back edge the search meets, as the chain of files (relative to the root). */
export function importCycles(files: string[]): string[][] {
  const graph = new Map(files.map((file) => [file, importsOf(file)]));
  const state = new Map<string, 'open' | 'done'>();
  const path: string[] = [];
  const cycles: string[][] = [];
  const visit = (file: string): void => {
    state.set(file, 'open');
    path.push(file);
    for (const next of graph.get(file) ?? []) {
      if (state.get(next) === 'open') cycles.push([...path.slice(path.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    path.pop();
    state.set(file, 'done');
  };
  for (const file of files) if (!state.has(file)) visit(file);
  return cycles.map((cycle) => cycle.map((file) => relative(root, file)));
}

it('no import cycle in src/ or webview/, type imports included', () => {
  const files = [...sources(join(root, 'src')), ...sources(join(root, 'webview'))];
  expect(files.length).toBeGreaterThan(300);
  expect(importCycles(files)).toEqual([]);
});
