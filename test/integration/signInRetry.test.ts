// A prompt that fails because the agent asks for sign-in is sent again once signed in (signInFlow.ts): the chat
// holds the user's message once, on screen and in its journal (a reload shows it once), on ACP v1 and v2. The real
// scripted agent (scenario prompt-auth-required: the session opens, session/prompt answers auth_required until
// `authenticate`), through a real ThreadController and ChatJournal on disk.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ThreadController } from '../../src/session/api';
import { ChatJournal } from '../../src/session/journal/chatJournal';
import { createThreadController } from '../../src/session/threadController';
import type { Entry } from '../../src/shared/thread';
import { testHostEnv } from './hostEnv';
import { scriptedAgent } from './scriptedAgent';
import { tempDir } from './tempDirs';

const controllers: ThreadController[] = [];
afterEach(async () => {
  await Promise.all(controllers.splice(0).map((controller) => controller.dispose()));
});

function start(dir: string, acp: 1 | 2): ThreadController {
  const controller = createThreadController({
    threadId: 'chat-1',
    agent: scriptedAgent('prompt-auth-required', {
      extraArgs: acp === 2 ? ['--acp', '2', '--record-sent', join(dir, 'sent.jsonl')] : [],
    }),
    env: testHostEnv(dir, { acpV2: acp === 2 }),
    handlers: {
      readTextFile: () => Promise.reject(new Error('unused')),
      writeTextFile: () => Promise.reject(new Error('unused')),
    },
  });
  controllers.push(controller);
  return controller;
}

/** The chat's entries as lines: the user's messages and the agent's, the turn ends. */
function lines(entries: readonly Entry[]): string[] {
  return entries.flatMap((entry) => {
    if (entry.kind === 'user' || entry.kind === 'agent')
      return [`${entry.kind}: ${entry.parts.map((part) => (part.kind === 'text' ? part.text : '')).join('')}`];
    if (entry.kind === 'turnEnd') return [`-- ${entry.stopReason}${entry.needsSignIn ? ' (sign in)' : ''}`];
    return [];
  });
}

describe('a prompt sent again after sign-in', () => {
  for (const acp of [1, 2] as const) {
    it(`shows the user's message once, and its journal holds it once (ACP v${acp})`, async () => {
      const dir = tempDir('sb-signin-retry-');
      const journal = new ChatJournal(join(dir, 'journal'), () => undefined, 10);
      const controller = start(dir, acp);
      journal.watch(controller);
      await controller.start();
      const state = () => controller.snapshot().state;
      expect(state().connection.kind).toBe('ready');
      if (acp === 2) {
        // The agent answered initialize with version 2: the chat speaks v2.
        const sent = readFileSync(join(dir, 'sent.jsonl'), 'utf8')
          .trim()
          .split('\n')
          .map((line) => JSON.parse(line));
        expect(sent.some((message) => message.result?.protocolVersion === 2)).toBe(true);
      }

      await controller.prompt('hello again');
      expect(state().connection.kind).toBe('authRequired');
      expect(lines(state().entries)).toEqual(['user: hello again', '-- error (sign in)']);

      await controller.authenticate('scripted-login');
      expect(state().connection.kind).toBe('ready');
      expect(state().turn.kind).toBe('idle');
      const shown = lines(state().entries);
      expect(shown.filter((line) => line === 'user: hello again')).toHaveLength(1);
      expect(shown[0]).toBe('user: hello again');
      expect(shown.at(-1)).toBe('-- end_turn');

      await journal.flushAll();
      journal.dispose();
      const decoded = await new ChatJournal(join(dir, 'journal'), () => undefined).load('chat-1');
      expect(lines(decoded!.state.entries)).toEqual(shown);
    });
  }
});
