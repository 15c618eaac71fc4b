// Review steps of the user journey: the Demo agent's /review edits a file through the
// editor in two places; the editor shows the inline review (CodeLens Keep / Undo per change, added
// lines highlighted); the user keeps one change and undoes the other.
import fs from 'node:fs';
import path from 'node:path';
import { waitUntil } from './steps.mjs';

export const REVIEW_FILE = 'switchboard-review-demo.md';

export const START_TEXT = `# Review journey

This line is replaced by the demo agent.

Unchanged line one.
Unchanged line two.
Unchanged line three.

## End
`;

/** Adds the review steps to a journey whose chat already ended one turn. */
export function addReviewSteps(journey, { page, chat, workspace, screenshotDir, timeout }) {
  const file = path.join(workspace, REVIEW_FILE);
  const editor = () => page.locator('.editor-instance .monaco-editor').first();
  const lens = (label) =>
    editor()
      .locator('.codelens-decoration a')
      .filter({ hasText: new RegExp(`^\\W*${label}\\s*$`) });
  // Written now, long before any turn: it is the user's file, not a change of the agent's.
  fs.writeFileSync(file, START_TEXT);

  journey.step('/review: the Demo agent edits a file in two places through the editor', async () => {
    const turnsBefore = await chat.locator('.entry.turn-end').count();
    await chat.locator('#composer').fill('/review');
    // Enter would pick from the slash-command menu that typing "/" opened; Send sends the text.
    await chat.locator('button.send-button').click();
    await waitUntil(
      async () => (await chat.locator('.entry.turn-end').count()) > turnsBefore,
      timeout,
      'the /review turn to end',
    );
    await chat.locator('.tool-card[data-status="completed"] .diff button.review-keep').last().waitFor();
  });

  journey.step('the editor shows the inline review: Keep / Undo on each change', async () => {
    await chat.locator(`.tool-card .diff-path[title$="${REVIEW_FILE}"]`).last().click();
    await editor().locator('.codelens-decoration', { hasText: 'Switchboard: 2 agent changes' }).waitFor();
    await waitUntil(
      async () => (await lens('Keep').count()) === 2 && (await lens('Undo').count()) === 2,
      timeout,
      'Keep and Undo on both changes',
    );
    await page.screenshot({ path: path.join(screenshotDir, 'review-inline.png') });
  });

  journey.step('Keep on the first change and Undo on the second', async () => {
    await lens('Keep').first().click();
    await editor().locator('.codelens-decoration', { hasText: 'Switchboard: 1 agent change' }).waitFor();
    await waitUntil(async () => (await lens('Undo').count()) === 1, timeout, 'one change left');
    await lens('Undo').first().click();
    await waitUntil(async () => (await lens('Undo').count()) === 0, timeout, 'no change left to review');
    const text = await editor().locator('.view-lines').textContent();
    const normalized = (text ?? '').replace(/\u00a0/g, ' ');
    if (!normalized.includes('edited by the demo agent')) throw new Error(`the kept change is gone: ${normalized}`);
    if (normalized.includes('Added by the demo agent'))
      throw new Error(`the undone change is still there: ${normalized}`);
    await page.screenshot({ path: path.join(screenshotDir, 'review-kept-and-undone.png') });
  });
}
