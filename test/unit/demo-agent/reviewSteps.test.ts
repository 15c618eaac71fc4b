import { describe, expect, it } from 'vitest';
import { REVIEW_DEMO_TEXT, reviewDemoEdit } from '../../../src/demo-agent/reviewSteps';
import { computeHunks } from '../../../src/review/hunks';

describe('the Demo agent’s /review edit', () => {
  it('changes the file in two separate hunks, every time', () => {
    const first = reviewDemoEdit(REVIEW_DEMO_TEXT, 2);
    const hunks = computeHunks(REVIEW_DEMO_TEXT, first);
    expect(hunks).toHaveLength(2);
    expect(hunks[0]).toMatchObject({
      baseStart: 2,
      currentLines: ['This file was edited by the demo agent in turn 2: review each change in the editor.\n'],
    });
    expect(hunks[1]!.currentLines).toEqual(['Added by the demo agent in turn 2.\n']);
    expect(computeHunks(first, reviewDemoEdit(first, 3))).toHaveLength(2);
  });
});
