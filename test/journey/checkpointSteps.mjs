// Checkpoint steps of the user journey: "Restore checkpoint" on a prompt asks in VS Code's own modal
// (src/vscode/review/checkpointService.ts confirmRestore), naming the files; Cancel leaves them alone, the
// restore button puts the file back as it was before that prompt, and the notification offers to undo it.
import fs from 'node:fs';
import path from 'node:path';
import { waitUntil } from './steps.mjs';

/** Adds the steps to a journey whose chat ran the Demo agent's /review on `reviewFile` (reviewSteps.mjs). */
export function addCheckpointSteps(journey, { page, chat, reviewFile, textBefore, screenshotDir, timeout }) {
  const dialog = () => page.locator('.monaco-dialog-box');
  const askRestore = async () => {
    const prompt = chat.locator('.entry.user', { hasText: '/review' }).last();
    await prompt.hover();
    await prompt.locator('button.restore-checkpoint').click();
    await dialog().waitFor({ timeout });
    const text = (await dialog().textContent()) ?? '';
    if (!text.includes('Restore 1 file to how it was before this message') || !text.includes(path.basename(reviewFile)))
      throw new Error(`the restore dialog does not name the file: ${text.slice(0, 300)}`);
    return text;
  };

  journey.step('"Restore checkpoint" asks in VS Code\'s modal; Cancel leaves the file as it is', async () => {
    // Keep / Undo of the step before save the file: wait until the disk has both (the kept change in, the
    // undone one out) and holds still before taking "now". Holding still alone was not enough: on CI the
    // save landed after two equal reads, during the wait after Cancel ("Cancel changed the file").
    await waitUntil(
      () => {
        const text = fs.readFileSync(reviewFile, 'utf8');
        return text.includes('This file was edited by the demo agent') && !text.includes('Added by the demo agent');
      },
      timeout,
      'the Keep and Undo of the step before to be saved',
    );
    const now = await settledText(reviewFile);
    if (now === textBefore) throw new Error('the /review turn left the file as it was: nothing to restore');
    await askRestore();
    await page.screenshot({ path: path.join(screenshotDir, 'restore-dialog.png') });
    await dialog().getByRole('button', { name: 'Cancel', exact: true }).click();
    await dialog().waitFor({ state: 'detached', timeout });
    await new Promise((resolve) => setTimeout(resolve, 1000));
    if (fs.readFileSync(reviewFile, 'utf8') !== now) throw new Error('Cancel changed the file');
  });

  journey.step("the modal's restore button puts the file back as it was before the prompt", async () => {
    await askRestore();
    // "Restore", or "Restore All" when the user's Keep / Undo counted as edits since the checkpoint.
    await dialog()
      .getByRole('button', { name: /^Restore( All)?$/ })
      .first()
      .click();
    await waitUntil(() => fs.readFileSync(reviewFile, 'utf8') === textBefore, timeout, 'the file to be restored');
    await page.locator('.notification-toast', { hasText: 'Switchboard restored 1 file.' }).waitFor({ timeout });
  });
}

/** The file's text once two reads half a second apart agree (an editor save may still be landing). */
async function settledText(file) {
  let previous = fs.readFileSync(file, 'utf8');
  for (let i = 0; i < 20; i++) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const current = fs.readFileSync(file, 'utf8');
    if (current === previous) return current;
    previous = current;
  }
  return previous;
}
