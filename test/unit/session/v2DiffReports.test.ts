// ACP v2 diffs through the intake: each change is reported to review with its own git_patch section, and once
// review finds its texts the keeper holds them and the card gets their revision (so "Open diff" works); a
// repeat of the same diff gets the revision again without a second report; a replay reports nothing.
import type * as acp from '@agentclientprotocol/sdk';
import { describe, expect, it } from 'vitest';
import type { ThreadAction } from '../../../src/shared/actions';
import { reduce } from '../../../src/shared/reduce';
import type { ThreadState } from '../../../src/shared/thread';
import { freshState } from '../shared/helpers';
import { FileTexts } from '../../../src/review/fileTexts';
import type { ReportedChange } from '../../../src/review/reportedChanges';
import { ToolDiffs } from '../../../src/session/updates/toolDiffs';
import { UpdateIntake } from '../../../src/session/updates/updateIntake';
import { ACP_V2 } from '../../../src/protocol/v2/negotiation';

const patchA = 'diff --git /w/a.txt /w/a.txt\n--- /w/a.txt\n+++ /w/a.txt\n@@ -1 +1 @@\n-old\n+new\n';
const patchB = 'diff --git /w/b.txt /w/b.txt\nnew file mode 100644\n--- /dev/null\n+++ /w/b.txt\n@@ -0,0 +1 @@\n+hi\n';
const diffUpdate = {
  sessionUpdate: 'tool_call_update',
  toolCallId: 't1',
  title: 'Edit',
  kind: 'edit',
  status: 'completed',
  content: [
    {
      type: 'diff',
      changes: [
        { operation: 'modify', path: '/w/a.txt' },
        { operation: 'add', path: '/w/b.txt' },
      ],
      patch: { format: 'git_patch', text: patchA + patchB },
    },
  ],
};

function setUp(replay = false) {
  const keeper = new FileTexts();
  const reports: ReportedChange[] = [];
  const actions: ThreadAction[] = [];
  let state: ThreadState = freshState();
  const dispatch = (action: ThreadAction) => {
    actions.push(action);
    state = reduce(state, action);
  };
  const diffs = new ToolDiffs(keeper, async (change) => {
    reports.push(change);
    return change.path === '/w/a.txt'
      ? { kind: 'texts' as const, texts: { before: 'old\n', after: 'new\n' } }
      : undefined;
  });
  const intake = new UpdateIntake(
    dispatch,
    () => {},
    diffs,
    () => true,
    replay ? 'drop' : () => {},
  );
  intake.speak(ACP_V2);
  const send = () => intake.update({ sessionId: 's', update: diffUpdate } as unknown as acp.SessionNotification);
  const cards = () => {
    const entry = state.entries.find((candidate) => candidate.kind === 'tool');
    return entry?.kind === 'tool' ? entry.tool.content : [];
  };
  return { keeper, reports, actions, send, cards };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('v2 diffs reported to review', () => {
  it('reports each change with its section; the known texts are kept and the card gets their revision', async () => {
    const { keeper, reports, send, cards } = setUp();
    send();
    expect(reports).toEqual([
      { path: '/w/a.txt', operation: 'modify', patch: patchA },
      { path: '/w/b.txt', operation: 'add', patch: patchB },
    ]);
    expect(cards().map((item) => item.type === 'diff' && item.revision)).toEqual([0, 0]);
    await settle();
    const [a, b] = cards();
    expect(a).toMatchObject({ type: 'diff', path: '/w/a.txt', change: { operation: 'modify' } });
    const revision = a?.type === 'diff' ? a.revision : 0;
    expect(revision).toBeGreaterThan(0);
    expect(keeper.texts({ path: '/w/a.txt', revision })).toEqual({ before: 'old\n', after: 'new\n' });
    expect(b).toMatchObject({ type: 'diff', path: '/w/b.txt', revision: 0 }); // review found no texts
  });

  it('a repeated diff is not reported again and its card gets the same revision at once', async () => {
    const { reports, send, cards } = setUp();
    send();
    await settle();
    const first = cards()[0];
    send();
    expect(reports).toHaveLength(2);
    expect(cards()[0]).toEqual(first);
  });

  it('a replay (session/resume from the start) reports nothing', async () => {
    const { reports, send } = setUp(true);
    send();
    await settle();
    expect(reports).toEqual([]);
  });
});

describe('v2 diffs without a patch', () => {
  const noPatch = {
    sessionUpdate: 'tool_call_update',
    toolCallId: 't2',
    title: 'Edit',
    kind: 'edit',
    status: 'completed',
    content: [
      {
        type: 'diff',
        changes: [
          { operation: 'modify', path: '/w/seen.txt' },
          { operation: 'modify', path: '/w/unseen.txt' },
        ],
      },
    ],
  };

  function withReview() {
    const keeper = new FileTexts();
    let state: ThreadState = freshState();
    const diffs = new ToolDiffs(keeper, async (change) =>
      change.path === '/w/seen.txt'
        ? { kind: 'texts', texts: { before: 'a\nb\nc\n', after: 'a\nB\nc\n' } }
        : { kind: 'unknown' },
    );
    const intake = new UpdateIntake(
      (action) => (state = reduce(state, action)),
      () => {},
      diffs,
      () => true,
      () => {},
    );
    intake.speak(ACP_V2);
    const send = () => intake.update({ sessionId: 's', update: noPatch } as unknown as acp.SessionNotification);
    const cards = () => {
      const entry = state.entries.find((candidate) => candidate.kind === 'tool');
      return entry?.kind === 'tool' ? entry.tool.content : [];
    };
    return { send, cards };
  }

  it('the card gets the diff of the texts review found; nothing known is said on the card', async () => {
    const { send, cards } = withReview();
    send();
    expect(cards().map((item) => item.type === 'diff' && item.diff.hunks.length)).toEqual([0, 0]);
    await settle();
    const [seen, unseen] = cards();
    expect(seen).toMatchObject({ type: 'diff', path: '/w/seen.txt', diff: { added: 1, removed: 1 } });
    expect(seen?.type === 'diff' && seen.revision).toBeGreaterThan(0);
    expect(seen?.type === 'diff' && seen.diff.hunks.length).toBe(1);
    expect(unseen).toMatchObject({ type: 'diff', path: '/w/unseen.txt', revision: 0, beforeUnknown: true });
    // The agent repeats the update (a card with no hunks again): both come back at once, without a new report.
    send();
    expect(cards()).toEqual([seen, unseen]);
  });
});
