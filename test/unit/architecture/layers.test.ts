// The folders, docs/ARCHITECTURE.md and the lint rules must say the same thing. LAYERS in
// eslint.config.mjs is what the lint enforces; this test holds the other two to it, and checks that the lint
// really rejects an import against the arrows (a rule that matches nothing would pass silently). Every file and
// folder the document names must exist, so a move or a rename that forgets the map fails here.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
// @ts-expect-error -- a plain .mjs config without type declarations
import { LAYERS } from '../../../eslint.config.mjs';

const root = join(__dirname, '../../..');
const layers = LAYERS as Record<string, string[]>;

/** The "May import" column of the layer table, by layer folder. */
function documentedLayers(): Record<string, string[]> {
  const doc = readFileSync(join(root, 'docs/ARCHITECTURE.md'), 'utf8');
  const rows = doc.split('\n').filter((line) => /^\| `(src\/[\w-]+\/|webview\/)`/.test(line));
  return Object.fromEntries(
    rows.map((row) => {
      const cells = row.split('|').map((cell) => cell.trim());
      const layer = /`src\/([\w-]+)\/`|`(webview)\/`/.exec(cells[1] ?? '')!;
      const mayImport = [...(cells[3] ?? '').matchAll(/`([\w-/]+)`/g)].map((m) => m[1]!.replace(/^src\//, ''));
      return [layer[1] ?? layer[2]!, mayImport];
    }),
  );
}

/** What the document names in backticks that is a path of this repository, one way or another. */
function documentedPaths(): { rooted: string[]; relative: string[]; bare: string[] } {
  const doc = readFileSync(join(root, 'docs/ARCHITECTURE.md'), 'utf8');
  const names = new Set([...doc.matchAll(/`([^`\s]+)`/g)].map((m) => m[1]!).filter((name) => !/[<>]/.test(name)));
  const file = /\.(ts|mjs|css)$/;
  return {
    // `src/session/`, `test/integration/wireClient.ts`, `test/fixtures/transcripts/*.wire.jsonl`
    rooted: [...names].filter((name) => /^(src|webview|test|scripts|bench|media|l10n|docs)\//.test(name)),
    // `session/threadController.ts` (a layer's), `render/transcript/message.ts` (the webview's)
    relative: [...names].filter((name) => name.includes('/') && file.test(name) && !name.startsWith('src/')),
    // `reviewStore.ts`
    bare: [...names].filter((name) => !name.includes('/') && file.test(name)),
  };
}

/** Whether `path` (under the root; `*` in its last part stands for any characters) names something there. */
function existsInRepo(path: string): boolean {
  if (!path.includes('*')) return existsSync(join(root, path));
  const slash = path.lastIndexOf('/');
  const pattern = new RegExp(
    `^${path
      .slice(slash + 1)
      .replace(/[.]/g, '\\.')
      .replace(/\*/g, '.*')}$`,
  );
  const folder = join(root, path.slice(0, slash));
  return existsSync(folder) && readdirSync(folder).some((name) => pattern.test(name));
}

/** The names of every file under `folder`, recursively. */
function fileNames(folder: string): Set<string> {
  return new Set(readdirSync(join(root, folder), { recursive: true, encoding: 'utf8' }).map((path) => basename(path)));
}

async function lintAs(file: string, text: string): Promise<string[]> {
  const eslint = new ESLint({
    cwd: root,
    overrideConfig: [
      {
        files: ['**/*.ts'],
        languageOptions: { parserOptions: { projectService: false } },
        rules: {
          '@typescript-eslint/no-floating-promises': 'off',
          '@typescript-eslint/switch-exhaustiveness-check': 'off',
          '@typescript-eslint/consistent-type-imports': 'off',
        },
      },
    ],
  });
  const [result] = await eslint.lintText(text, { filePath: join(root, file) });
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('architecture: folders, document and lint agree', () => {
  it('every folder of src/ is a layer of the lint rules, and every layer a folder', () => {
    const folders = readdirSync(join(root, 'src'), { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name);
    expect(folders.sort()).toEqual(Object.keys(layers).sort());
  });

  it('docs/ARCHITECTURE.md lists each layer with exactly the imports the lint allows', () => {
    const documented = documentedLayers();
    for (const [layer, allowed] of Object.entries(layers)) {
      expect(documented[layer], `${layer} in docs/ARCHITECTURE.md`).toBeDefined();
      const words = documented[layer]!.filter((w) => w in layers);
      expect(new Set(words), layer).toEqual(new Set(allowed));
    }
    expect(documented.webview).toEqual(['shared']);
  });

  it('every path docs/ARCHITECTURE.md names exists (from the root, in src/ or webview/, or by its file name)', () => {
    const { rooted, relative, bare } = documentedPaths();
    expect(rooted.length).toBeGreaterThan(20);
    const files = new Set([...fileNames('src'), ...fileNames('webview'), ...readdirSync(root)]);
    const missing = [
      ...rooted.filter((path) => !existsInRepo(path)),
      ...relative.filter((path) => !['', 'src/', 'webview/'].some((at) => existsInRepo(at + path))),
      ...bare.filter((name) => !files.has(name)),
    ];
    expect(missing).toEqual([]);
  });

  it('the lint rejects imports against the arrows and accepts those along them', async () => {
    expect(
      await lintAs(
        'src/shared/probe.ts',
        "import * as vscode from 'vscode';\nimport * as fs from 'node:fs';\nimport { x } from '../session/api';\nexport const y = [vscode, fs, x];",
      ),
    ).toHaveLength(3);
    expect(
      await lintAs(
        'src/session/probe.ts',
        "import { a } from '../chat/webviewMirror';\nimport { b } from '../vscode/fs/fsHandlers';\nexport const y = [a, b];",
      ),
    ).toHaveLength(2);
    expect(
      await lintAs('src/agents/quirks/probe.ts', "import { a } from '../../session/api';\nexport const y = a;"),
    ).toHaveLength(1);
    expect(
      await lintAs('src/review/probe.ts', "import * as vscode from 'vscode';\nexport const y = vscode;"),
    ).toHaveLength(1);
    expect(
      await lintAs(
        'webview/probe.ts',
        "import { a } from '../src/session/api';\nimport * as os from 'node:os';\nexport const y = [a, os];",
      ),
    ).toHaveLength(2);
    expect(
      await lintAs(
        'src/session/probe.ts',
        "import { a } from '../agents/config';\nimport { b } from '../protocol/types';\nexport const y = [a, b];",
      ),
    ).toEqual([]);
    expect(await lintAs('webview/probe.ts', "import { b } from '../src/shared/thread';\nexport const y = b;")).toEqual(
      [],
    );
    expect(
      await lintAs(
        'src/vscode/review/probe.ts',
        "import * as vscode from 'vscode';\nimport { a } from '../../chat/html';\nexport const y = [vscode, a];",
      ),
    ).toEqual([]);
  });
});
