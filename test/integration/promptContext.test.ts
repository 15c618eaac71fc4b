// Attached context end to end: a prompt message from the webview (with file, selection, folder,
// Problems and image references) goes through the message router and a real ThreadController to
// the scripted agent (a real child process) advertising each combination of promptCapabilities;
// the agent records what it received, and the blocks on the wire are exactly the expected ones.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type * as acp from '@agentclientprotocol/sdk';
import { afterEach, describe, expect, it } from 'vitest';
import type { ChatHost } from '../../src/chat/controls/chatHost';
import { routeWebviewMessage } from '../../src/chat/messageRouter';
import type { AgentConfig } from '../../src/session/api';
import { AcpThreadController } from '../../src/session/threadController';
import { FileTexts } from '../../src/review/fileTexts';
import type { ContextRef, ResolvedContext } from '../../src/shared/promptContext';
import { tempDir } from './tempDirs';
import { testHostEnv } from './hostEnv';

const SCRIPTED_AGENT = resolve(__dirname, '../fixtures/scriptedAgent.mjs');
const controllers: AcpThreadController[] = [];

afterEach(async () => {
  await Promise.all(controllers.splice(0).map((controller) => controller.dispose()));
});

async function start(promptCapabilities: acp.PromptCapabilities) {
  const cwd = tempDir('switchboard-context-');
  const record = join(cwd, 'received.jsonl');
  const agent: AgentConfig = {
    id: 'scripted',
    displayName: 'Scripted',
    command: process.execPath,
    args: [
      SCRIPTED_AGENT,
      '--scenario',
      'basic-turn',
      '--record',
      record,
      '--capabilities',
      JSON.stringify({ promptCapabilities }),
    ],
    env: {},
    isDemo: false,
  };
  const controller = new AcpThreadController({
    threadId: 't',
    agent,
    env: testHostEnv(cwd),
    handlers: {
      readTextFile: async () => ({ content: '' }),
      writeTextFile: async ({ path, content }) => new FileTexts().record(path, null, content),
    },
    stopGraceMs: 500,
  });
  controllers.push(controller);
  await controller.start();
  const errors: string[] = [];
  // The host side without VS Code: texts read from disk (src/vscode/chat/promptContext.ts reads
  // the editor's copy; its rules for what to embed are the pure module's).
  const host = {
    activeThread: () => controller,
    resolveContext: async (refs: ContextRef[]): Promise<ResolvedContext[]> =>
      refs.map((ref) => {
        if (ref.kind === 'file') return { ref, text: readFileSync(ref.path, 'utf8') };
        if (ref.kind === 'selection')
          return {
            ref,
            text: readFileSync(ref.path, 'utf8')
              .split('\n')
              .slice(ref.range.startLine - 1, ref.range.endLine)
              .join('\n'),
          };
        if (ref.kind === 'problems') return { ref, text: 'Problems in a.ts:\na.ts:2:1 error: boom' };
        return { ref };
      }),
    reportError: (message: string) => errors.push(message),
    reportInvalid: (raw: unknown) => errors.push(`invalid: ${JSON.stringify(raw)}`),
  } as unknown as ChatHost;
  const prompts = (): acp.ContentBlock[][] =>
    (existsSync(record) ? readFileSync(record, 'utf8') : '')
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => JSON.parse(line) as { method?: string; params: acp.PromptRequest })
      .filter((message) => message.method === 'session/prompt')
      .map((message) => message.params.prompt);
  return { controller, cwd, host, errors, prompts };
}

describe('attached context reaches the agent as the blocks its promptCapabilities allow', () => {
  const cases: Array<[string, acp.PromptCapabilities, boolean, boolean]> = [
    ['links only (no capabilities)', {}, false, false],
    ['embedded context', { embeddedContext: true }, true, false],
    ['images', { image: true }, false, true],
    ['embedded context and images', { embeddedContext: true, image: true }, true, true],
  ];
  for (const [name, caps, embeds, images] of cases) {
    it(name, async () => {
      const t = await start(caps);
      mkdirSync(join(t.cwd, 'src'));
      const file = join(t.cwd, 'src', 'a.ts');
      writeFileSync(file, 'line 1\nline 2\nline 3\n');
      const refs: ContextRef[] = [
        { kind: 'file', path: file },
        { kind: 'selection', path: file, range: { startLine: 2, endLine: 3 } },
        { kind: 'folder', path: join(t.cwd, 'src') },
        { kind: 'problems', path: file },
        { kind: 'image', name: 'shot.png', mimeType: 'image/png', data: 'iVBORw0KGgo=' },
      ];
      await routeWebviewMessage({ type: 'prompt', text: 'look at these', context: refs }, t.host);
      const uri = `file://${file}`;
      const expected: acp.ContentBlock[] = [
        { type: 'text', text: 'look at these' },
        embeds
          ? { type: 'resource', resource: { uri, mimeType: 'text/plain', text: 'line 1\nline 2\nline 3\n' } }
          : { type: 'resource_link', uri, name: 'a.ts' },
        embeds
          ? { type: 'resource', resource: { uri: `${uri}#L2-L3`, mimeType: 'text/plain', text: 'line 2\nline 3' } }
          : { type: 'resource_link', uri: `${uri}#L2-L3`, name: 'a.ts:2-3' },
        { type: 'resource_link', uri: `file://${join(t.cwd, 'src')}`, name: 'src' },
        { type: 'text', text: 'Problems in a.ts:\na.ts:2:1 error: boom' },
        ...(images ? [{ type: 'image' as const, mimeType: 'image/png', data: 'iVBORw0KGgo=' }] : []),
      ];
      expect(t.prompts()).toEqual([expected]);
      expect(t.errors).toEqual(images ? [] : ['Scripted cannot take shot.png; sent without it.']);
      // The sent message shows the mentions (as parts after the text).
      const user = t.controller.snapshot().state.entries.find((entry) => entry.kind === 'user');
      expect(user && 'parts' in user ? user.parts.length : 0).toBe(expected.length);
    });
  }
});
