// The command table (src/vscode/window/commands.ts) against package.json: every contributed command has a
// handler, every handler is contributed, whatever names a command (menus, keybindings, the walkthrough, welcome
// and walkthrough links) names one of them, and nothing in src/ registers a command outside the table.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { DisposableStore } from '../../../src/shared/disposableStore';
import { commandTable, registerCommands, type CommandTargets } from '../../../src/vscode/window/commands';
import { resetRecorded } from './fakeVscode';

vi.mock('vscode', async () => (await import('./fakeVscode')).fakeVscode);

const root = path.resolve(__dirname, '../../..');
const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {
  contributes: {
    commands: Array<{ command: string }>;
    views: Record<string, Array<{ id: string }>>;
    menus: Record<string, Array<{ command?: string; alt?: string }>>;
    keybindings: Array<{ command: string }>;
  };
};
const contributes = manifest.contributes;

/** The table, made over targets that are never called: making it reads only these. */
function table(calls: unknown[][] = []): ReturnType<typeof commandTable> {
  const record =
    (name: string) =>
    (...args: unknown[]) =>
      void calls.push([name, ...args]);
  const targets = {
    chats: { threads: { registry: { active: () => undefined } } },
    review: { controller: { keepHunk: record('keepHunk') }, checkpoints: {} },
  };
  return commandTable(targets as unknown as CommandTargets);
}

/** Every `switchboard.*` command the manifest, its translations and the walkthrough pages name. */
function namedCommands(): Map<string, string> {
  const named = new Map<string, string>();
  const add = (id: string | undefined, where: string) => id?.startsWith('switchboard.') && named.set(id, where);
  for (const [menu, items] of Object.entries(contributes.menus)) {
    for (const item of items) {
      add(item.command, `menus.${menu}`);
      add(item.alt, `menus.${menu} (alt)`);
    }
  }
  for (const binding of contributes.keybindings) add(binding.command, 'keybindings');
  const texts = ['package.json', ...fs.readdirSync(root).filter((file) => /^package\.nls.*\.json$/.test(file))];
  const walkthrough = path.join('media', 'walkthrough');
  texts.push(...fs.readdirSync(path.join(root, walkthrough)).map((file) => path.join(walkthrough, file)));
  for (const file of texts) {
    const text = fs.readFileSync(path.join(root, file), 'utf8');
    for (const match of text.matchAll(/(?:command:|onCommand:)(switchboard\.[\w.]+)/g)) add(match[1], file);
  }
  // A view's own focus command is VS Code's, not one Switchboard registers.
  for (const view of Object.values(contributes.views).flat()) named.delete(`${view.id}.focus`);
  return named;
}

beforeEach(() => void resetRecorded());

describe('the command table', () => {
  it('has a handler for every contributed command and contributes every command it handles', () => {
    const contributed = contributes.commands.map((entry) => entry.command);
    expect(new Set(contributed).size).toBe(contributed.length);
    expect(Object.keys(table()).sort()).toEqual([...contributed].sort());
  });

  it('handles every command a menu, a keybinding, the walkthrough or a link names', () => {
    const handled = new Set(Object.keys(table()));
    const unhandled = [...namedCommands()].filter(([id]) => !handled.has(id)).map(([id, where]) => `${id} (${where})`);
    expect(unhandled).toEqual([]);
    expect(namedCommands().size).toBeGreaterThan(20);
  });

  it('registers each command with its handler, arguments passed on, and unregisters them with its store', () => {
    const recorded = resetRecorded();
    const calls: unknown[][] = [];
    const store = new DisposableStore();
    registerCommands(table(calls), store);
    expect([...recorded.commands.keys()].sort()).toEqual(Object.keys(table()).sort());
    void recorded.commands.get('switchboard.review.keepHunk')?.('/w/a.ts', 2);
    expect(calls).toEqual([['keepHunk', '/w/a.ts', 2]]);
    store.dispose();
    expect(recorded.commands.size).toBe(0);
  });

  it('is the only place in src/ that registers a command', () => {
    const sources = fs
      .readdirSync(path.join(root, 'src'), { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.ts'));
    const registering = sources.filter((file) =>
      /\bregisterCommand\s*\(/.test(fs.readFileSync(path.join(root, 'src', file), 'utf8')),
    );
    expect(registering).toEqual([path.join('vscode', 'window', 'commands.ts')]);
  });
});
