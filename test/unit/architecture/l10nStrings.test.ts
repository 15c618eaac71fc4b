// Localisation of the code's strings (the manifest's are l10nBundle.test.ts): the webview shows no
// user-visible literal that does not go through `t` (webview/l10n.ts, fed with `vscode.l10n.bundle`), the
// host's messages go through `vscode.l10n.t`, and `l10n/bundle.l10n.json` (what translators translate) holds
// exactly the messages the code passes to them.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseBundle, setL10nBundle, t } from '../../../webview/l10n';
import { localisedMessages, moduleLevelTranslations, unlocalisedStrings } from './userVisibleStrings';
import { spawnFailure } from '../../../src/agents/failure';
import { whyUnavailable } from '../../../src/shared/capabilities';
import { failureWords } from '../../../src/shared/failureWords';
import { setTranslations } from '../../../src/shared/l10n';

const root = path.resolve(__dirname, '../../..');

function sources(dir: string): string[] {
  return fs
    .readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.d.ts'))
    .map((file) => path.join(dir, file));
}

/** Literals that look like words but are not for the user, each with why. */
const NOT_TEXT: Record<string, string> = {
  'webview/terminal/screen.ts': 'ANSI colour names: parts of the --vscode-terminal-ansi* variable names',
  'webview/render/composer/attachments.ts': "a pasted image's file name (pasted-image.png)",
  'webview/render/markdown/agentImages.ts': 'a data: URL',
  'webview/render/tools/toolCard.ts': "the status badge's class list",
  'webview/render/transcript/entryWindow.ts': "a CSS value (a remounted entry's contain-intrinsic-size)",
};
/** Host files left out: fs request handling answers the agent (its errors are protocol messages, not UI). */
const HOST_AGENT_FACING = new Set([path.join('src', 'vscode', 'fs', 'fsRequests.ts')]);
const NOT_TEXT_STRINGS = new Set([
  'Black',
  'Red',
  'Green',
  'Yellow',
  'Blue',
  'Magenta',
  'Cyan',
  'White',
  'pasted-image.{}',
  'data:{};base64,{}',
  'status-badge status-{}',
  'auto {}px',
]);

const webviewFiles = sources('webview').filter((file) => file !== path.join('webview', 'l10n.ts'));
/** The host's VS Code glue: where its messages, quick picks and titles are made. */
const hostFiles = [...sources('src/vscode'), path.join('src', 'extension.ts')].filter((f) => !HOST_AGENT_FACING.has(f));
const bundle = JSON.parse(fs.readFileSync(path.join(root, 'l10n', 'bundle.l10n.json'), 'utf8')) as Record<
  string,
  string
>;

describe('webview strings', () => {
  it('every user-visible literal of the webview goes through t()', () => {
    const left = webviewFiles.flatMap((file) =>
      unlocalisedStrings(file, fs.readFileSync(path.join(root, file), 'utf8'))
        .filter(({ text }) => !(file in NOT_TEXT && NOT_TEXT_STRINGS.has(text)))
        .map(({ line, text }) => `${file}:${line} ${JSON.stringify(text)}`),
    );
    expect(left).toEqual([]);
  });

  it('the finder sees literals in the places a user reads them', () => {
    const found = unlocalisedStrings(
      'x.ts',
      [
        "h('span', { text: 'ready' });",
        "el.title = 'Open the file';",
        'setText(el, `${n} files left`);',
        "button('Keep', 'keep primary', go);",
        "el.setAttribute('aria-label', 'Close');",
        "const STATE_LABEL = { idle: 'idle' };",
        "h('span', { text: t('Fine') });",
        "if (event.key === 'Enter') go();",
        "h('div', { class: 'entry turn-end' });",
        "recordError('a frame could not be rendered', e);",
      ].join('\n'),
    ).map(({ text }) => text);
    expect(found).toEqual(['ready', 'Open the file', '{} files left', 'Keep', 'Close', 'idle']);
  });

  it('t() fills the arguments and takes the translation from the bundle', () => {
    expect(t('{0} of {1} done', 2, 3)).toBe('2 of 3 done');
    setL10nBundle(parseBundle(JSON.stringify({ '{0} of {1} done': '{1} 件中 {0} 件完了', Keep: 42 })));
    try {
      expect(t('{0} of {1} done', 2, 3)).toBe('3 件中 2 件完了');
      expect(t('Keep')).toBe('Keep'); // a non-string entry is ignored
      expect(t('{0} and {1}', 'a')).toBe('a and {1}');
    } finally {
      setL10nBundle({});
    }
    expect(parseBundle('not json')).toEqual({});
    expect(parseBundle('["a"]')).toEqual({});
  });
});

describe('host strings', () => {
  it("the host's messages and quick-pick texts go through vscode.l10n.t", () => {
    const left = hostFiles.flatMap((file) =>
      unlocalisedStrings(file, fs.readFileSync(path.join(root, file), 'utf8')).map(
        ({ line, text }) => `${file}:${line} ${JSON.stringify(text)}`,
      ),
    );
    expect(left).toEqual([]);
  });
});

/**
 * Pure code that makes what a user reads (failure cards, notices, settings errors, capability sentences, form
 * checks, history and export texts) goes through the shared `t` (src/shared/l10n.ts). Left out, each with why:
 * what is read by the agent, not the user, and what is markup or a name.
 */
const PURE_NOT_FOR_USER: Record<string, string> = {
  [path.join('src', 'protocol')]: "framing and dispatch: errors answered to the agent, the traffic log's records",
  [path.join('src', 'fs')]: "the fs/* answers: errors the agent reads (the user's prompts are src/vscode's)",
  [path.join('src', 'terminals')]: 'the terminal/* answers: errors the agent reads, as a shell would word them',
  [path.join('src', 'demo-agent')]: "the Demo agent is an agent: what it writes is the agent's output",
  [path.join('src', 'mcp-bridge')]:
    "the stdio bridge is a program the agent runs: its errors are the agent's to read, its stderr the agent's log",
  [path.join('src', 'chat', 'mcp')]:
    "the editor MCP server's answers: tool results, descriptions and HTTP refusals the agent reads (its cards' titles and options go through t())",
  [path.join('src', 'chat', 'html.ts')]: 'the page markup and its Content-Security-Policy',
  [path.join('src', 'shared', 'conversationSeed.ts')]:
    'the conversation as text the agent reads (a seeded session; its summary head for the composer goes through t())',
  [path.join('src', 'session', 'agent', 'earlyUpdates.ts')]: 'reasons written to the agent log',
  [path.join('src', 'session', 'agent', 'capabilityGuard.ts')]: "an error class's name",
  [path.join('src', 'review', 'reversePatch.ts')]: 'why a patch was refused: for tests, never shown',
  [path.join('src', 'review', 'reportedChanges.ts')]: 'why a report says nothing: for tests, never shown',
  [path.join('src', 'chat', 'compare', 'testCommand.ts')]:
    'the test commands a shell runs and the project files they are read from (the user sees and edits them as typed)',
  [path.join('src', 'worktrees', 'gitRunner.ts')]:
    "git's command-line settings, refs and pathspecs: what git reads (its errors go through t())",
};
/** Literals of pure code that read as prose but are names, each with why. */
const PURE_NOT_TEXT: Record<string, string> = {
  Codespaces: "a product's name (src/agents/whereAgentsRun.ts)",
  'Node.js': "a product's name (src/agents/registry/managedRuntime.ts)",
  '${secret:': 'the syntax of a secret reference in settings (src/agents/mcpServers.ts)',
  'C:\\Windows': "Windows' default folder when SYSTEMROOT is not set (src/agents/env.ts)",
};
const pureFiles = sources('src').filter(
  (file) =>
    !file.startsWith(path.join('src', 'vscode')) &&
    file !== path.join('src', 'extension.ts') &&
    !Object.keys(PURE_NOT_FOR_USER).some((left) => file === left || file.startsWith(left + path.sep)),
);

describe('pure-layer strings', () => {
  it('what a user reads goes through t() of src/shared/l10n.ts', () => {
    const left = pureFiles.flatMap((file) =>
      unlocalisedStrings(file, fs.readFileSync(path.join(root, file), 'utf8'))
        .filter(({ text }) => !(text in PURE_NOT_TEXT))
        .map(({ line, text }) => `${file}:${line} ${JSON.stringify(text)}`),
    );
    expect(left).toEqual([]);
  });
});

describe('when strings are translated', () => {
  it('no t() runs when an extension-host module loads (before activation installs the translations)', () => {
    const early = sources('src').flatMap((file) =>
      moduleLevelTranslations(file, fs.readFileSync(path.join(root, file), 'utf8')).map((line) => `${file}:${line}`),
    );
    expect(early).toEqual([]);
  });

  it('the webview takes t from webview/l10n.ts, which installs the page bundle before its importers build labels', () => {
    const direct = webviewFiles.filter((file) =>
      /from '(\.\.\/)+src\/shared\/l10n'/.test(fs.readFileSync(path.join(root, file), 'utf8')),
    );
    expect(direct).toEqual([]);
  });

  it("pure code speaks the installed display language: a failure card's title, a capability note", () => {
    setTranslations({
      'Command not found: {0}': 'Befehl nicht gefunden: {0}',
      'images in messages': 'Bilder in Nachrichten',
      '{0} does not support {1} (it does not advertise {2}).': '{0} unterstützt keine {1} ({2} fehlt).',
    });
    try {
      const ctx = { command: 'gemini', commandLine: 'gemini --acp', stderrTail: [] };
      const error = Object.assign(new Error('spawn gemini ENOENT'), { code: 'ENOENT' });
      expect(failureWords(spawnFailure(ctx, error)).title).toBe('Befehl nicht gefunden: gemini');
      expect(whyUnavailable('Gemini', 'image')).toBe(
        'Gemini unterstützt keine Bilder in Nachrichten (promptCapabilities.image fehlt).',
      );
    } finally {
      setTranslations(undefined);
    }
    expect(
      failureWords(
        spawnFailure(
          { command: 'x', commandLine: 'x', stderrTail: [] },
          Object.assign(new Error('e'), { code: 'ENOENT' }),
        ),
      ).title,
    ).toBe('Command not found: x');
  });

  it('finds the calls that run at load', () => {
    const source = [
      "const A = t('at load');",
      "function f() { return t('later'); }",
      "const g = () => t('later too');",
      "class C { x = t('per object'); static y = t('at load, static'); m() { return t('later'); } }",
    ].join('\n');
    expect(moduleLevelTranslations('x.ts', source)).toEqual([1, 4]);
  });
});

describe('l10n/bundle.l10n.json', () => {
  it('holds exactly the messages the webview and the host localise, each as its own English text', () => {
    const used = new Set<string>();
    const dynamic: string[] = [];
    for (const file of [...webviewFiles, ...sources('src')]) {
      const found = localisedMessages(file, fs.readFileSync(path.join(root, file), 'utf8'));
      found.messages.forEach((message) => used.add(message));
      dynamic.push(...found.dynamic.map((line) => `${file}:${line}`));
    }
    // A message that is not a literal cannot be listed for translators.
    expect(dynamic).toEqual([]);
    expect([...used].filter((message) => !(message in bundle)).sort()).toEqual([]);
    expect(Object.keys(bundle).filter((message) => !used.has(message))).toEqual([]);
    expect(Object.entries(bundle).filter(([key, text]) => key !== text)).toEqual([]);
  });
});
