// The controls table (src/chat/controls/controlTable.ts) holds everything about each message the webview posts:
// its shape, what the user was doing, what helps, what goes back to the composer, its handler. The compiler demands
// an entry per message type (the type checks below fail `npm run typecheck` if it stops doing so); these tests
// check what it cannot: every wording is a translated sentence, every listed field is checked, no group overrides
// another's entry.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { agentControls } from '../../../src/chat/controls/agentControls';
import type { ChatHost } from '../../../src/chat/controls/chatHost';
import { chatListControls } from '../../../src/chat/controls/chatListControls';
import type { Control, MessageOf, MessageType, Shape } from '../../../src/chat/controls/control';
import { CONTROLS, type ControlTable } from '../../../src/chat/controls/controlTable';
import { revision, text } from '../../../src/chat/controls/fields';
import { navigationControls } from '../../../src/chat/controls/navigationControls';
import { reviewControls } from '../../../src/chat/controls/reviewControls';
import { turnControls } from '../../../src/chat/controls/turnControls';
import { worktreeControls } from '../../../src/chat/controls/worktreeControls';
import { errorAdvice } from '../../../src/chat/errorAdvice';
import { parseWebviewMessage } from '../../../src/chat/webviewMessages';

const bundle = JSON.parse(fs.readFileSync(path.resolve(__dirname, '../../../l10n/bundle.l10n.json'), 'utf8')) as Record<
  string,
  string
>;
const types = Object.keys(CONTROLS) as MessageType[];

describe('the controls table', () => {
  it('has entries (the compiler keeps their keys equal to the WebviewToHost union)', () => {
    // A floor, not a count: adding a control must not need this file.
    expect(types.length).toBeGreaterThan(30);
  });

  it('says in words, translated, what the user was doing for each message type, and the error reads it', () => {
    for (const type of types) {
      const doing = CONTROLS[type].doing();
      expect(doing, type).toMatch(/^[a-z]+( [a-z-]+)+$/);
      expect(doing, type).not.toBe(type);
      expect(bundle, `${type}: "${doing}" is not in l10n/bundle.l10n.json`).toHaveProperty([doing]);
      expect(errorAdvice(type, new Error('why')), type).toMatch(new RegExp(`^Switchboard could not ${doing}: why\\.`));
    }
  });

  it('checks every field its shape lists: a message with any of them wrong is refused', () => {
    const checked: string[] = [];
    for (const type of types) {
      for (const field of Object.keys(CONTROLS[type].shape)) {
        expect(parseWebviewMessage({ type, [field]: Symbol('wrong') }), `${type}.${field}`).toBeNull();
        checked.push(`${type}.${field}`);
      }
    }
    expect(checked.length).toBeGreaterThan(40);
  });

  it('is made of groups that each own their types: none overrides another', () => {
    const groups = [
      chatListControls,
      turnControls,
      agentControls,
      navigationControls,
      reviewControls,
      worktreeControls,
    ];
    const owned = groups.flatMap((group) => Object.keys(group));
    expect(new Set(owned).size).toBe(owned.length);
    expect(owned.sort()).toEqual([...types].sort());
  });

  it('gives the composer back the text that was typed, where it gives anything back', () => {
    const givingBack = types.filter((type) => CONTROLS[type].unsent !== undefined);
    expect(givingBack).toContain('prompt');
    for (const type of givingBack) {
      const control = CONTROLS[type] as Control<MessageOf<MessageType>, ChatHost>;
      expect(Object.keys(control.shape), type).toContain('text');
      const message = { type, text: 'typed', entryId: 'e', id: undefined } as MessageOf<MessageType>;
      expect(control.unsent?.(message, new Error('failed')), type).toBe('typed');
    }
  });
});

// Checked by `npm run typecheck` (never run): each `@ts-expect-error` fails the type check if its line compiles.
export function compilerDemands(host: ChatHost): unknown[] {
  const { ready: _ready, ...withoutReady } = CONTROLS;
  // @ts-expect-error -- an entry missing
  const missing: ControlTable = withoutReady;
  // @ts-expect-error -- a check laxer than the contract ('keep' | 'undo')
  const lax: Shape<MessageOf<'reviewFile'>> = { path: text, action: text };
  // @ts-expect-error -- a field without its check
  const unchecked: Shape<MessageOf<'openDiff'>> = { path: text, fromRevision: revision };
  // @ts-expect-error -- a required threadId (the chat list's) left unchecked
  const noThread: Shape<MessageOf<'showChat'>> = {};
  const wrongMessage: Control<MessageOf<'copy'>, ChatHost> = {
    shape: { text },
    doing: () => 'copy',
    // @ts-expect-error -- another message's field
    handle: (message) => host.openTerminal(host.activeThread()!, message.terminalId),
  };
  return [missing, lax, unchecked, noThread, wrongMessage];
}
