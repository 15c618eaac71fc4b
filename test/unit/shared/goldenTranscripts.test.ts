// Golden tests: recorded session/update streams (one JSON-RPC notification per line) are reduced
// from a fresh thread and compared with the reviewed result next to them. After an intended
// change of the thread model, rewrite the goldens with UPDATE_GOLDEN=1 and review the diff.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type * as acp from '@agentclientprotocol/sdk';
import { reduce } from '../../../src/shared/reduce';
import { freshState } from './helpers';
import { FileTexts } from '../../../src/review/fileTexts';
import { ToolDiffs } from '../../../src/session/updates/toolDiffs';

const dir = join(__dirname, '../../fixtures/transcripts');
const update = process.env.UPDATE_GOLDEN === '1';

/** The transcripts this suite owns: each must have a golden. */
const owned = ['claude-code-turn', 'gemini-turn', 'session-load-replay', 'tolerance', 'acp-v1-fields'];
/** Other transcripts in the shared folder take part once someone adds a golden for them. */
const others = readdirSync(dir)
  .filter((f) => f.endsWith('.jsonl'))
  .map((f) => f.slice(0, -'.jsonl'.length))
  .filter((name) => !owned.includes(name) && existsSync(join(dir, `${name}.golden.json`)));

function readNotifications(name: string): acp.SessionNotification[] {
  const lines = readFileSync(join(dir, `${name}.jsonl`), 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '');
  return lines.map((line, i) => {
    const message = JSON.parse(line) as { jsonrpc?: string; method?: string; params?: acp.SessionNotification };
    if (message.jsonrpc !== '2.0' || message.method !== 'session/update' || !message.params) {
      throw new Error(`${name}.jsonl:${i + 1} is not a session/update notification`);
    }
    return message.params;
  });
}

describe('golden transcripts', () => {
  for (const name of [...owned, ...others]) {
    it(`${name}.jsonl reduces to ${name}.golden.json`, () => {
      let state = freshState();
      // Through the host's ingest of tool calls' own diffs, as every session/update goes (revisions from 1).
      const toolDiffs = new ToolDiffs(new FileTexts());
      for (const { update: u } of readNotifications(name))
        state = reduce(state, { type: 'sessionUpdate', update: toolDiffs.update(u) });
      // The tool index is a cache whose shape is the trie's (toolIndex.ts), not part of the thread model.
      const { toolIndex: _cache, ...model } = state;
      const actual = JSON.stringify(model, null, 2) + '\n';
      const goldenPath = join(dir, `${name}.golden.json`);
      if (update) writeFileSync(goldenPath, actual);
      expect(existsSync(goldenPath), `missing ${goldenPath}; run with UPDATE_GOLDEN=1`).toBe(true);
      expect(JSON.parse(actual)).toEqual(JSON.parse(readFileSync(goldenPath, 'utf8')));
    });
  }

  it('uses only recorded notifications of one session per transcript', () => {
    for (const name of owned) {
      const sessions = new Set(readNotifications(name).map((n) => n.sessionId));
      expect(sessions.size, name).toBe(1);
    }
  });
});
