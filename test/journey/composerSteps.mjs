// Journey steps of the composer's "decide once": "Always allow" on the Demo agent's edit makes a rule
// (the Demo remembers "always" only within its own session), so the same edit in a new chat is answered by the
// client itself, and its card says by which rule.
import fs from 'node:fs';
import path from 'node:path';
import { waitUntil } from './steps.mjs';

/** The file the Demo's showcase code block names (src/demo-agent/content.ts APPLY_DEMO_FILE_NAME). */
const APPLY_FILE = 'switchboard-apply-demo.ts';

export function addComposerSteps(journey, { page, chat, prompt, workspace, screenshotDir, timeout }) {
  journey.step(
    '"Always allow" makes a rule: the same edit in a new chat is answered by it, and the card says so',
    async () => {
      // The "+" in the Chat view's title bar: a new chat with the agent picked in the composer (the Demo here).
      const newDemoChat = async () => {
        const before = await chat.locator('.chat-tab').count();
        await page()
          .locator('.pane-header .actions-container .action-label[aria-label^="New Chat"]:not([aria-label*="Agent"])')
          .first()
          .click();
        await chat.locator(`.chat-tab >> nth=${before}`).waitFor({ timeout });
        await chat.locator('#composer:enabled').waitFor({ timeout });
        if (!/Demo agent/.test((await chat.locator('#agent-name').textContent()) ?? ''))
          throw new Error('the new chat is not with the Demo agent');
      };
      await newDemoChat();
      await chat.locator('#composer').fill(prompt);
      await chat.locator('#composer').press('Enter');
      const always = chat.locator('.permission button[data-kind="allow_always"]').first();
      await always.waitFor({ timeout });
      await always.click();
      await chat.locator('.tool-card[data-status="completed"] .diff').first().waitFor({ timeout });
      await chat.locator('#composer:enabled').waitFor({ timeout });

      // A new chat is a new Demo session, which asks again: the client's rule answers.
      await newDemoChat();
      await chat.locator('#composer').fill(prompt);
      await chat.locator('#composer').press('Enter');
      const automatic = chat.locator('.permission[data-automatic="true"] .permission-automatic').first();
      await automatic.waitFor({ timeout });
      const note = (await automatic.textContent()) ?? '';
      if (!/Allowed by rule: allow/.test(note)) throw new Error(`the card does not name the rule: ${note}`);
      await chat.locator('.tool-card[data-status="completed"] .diff').first().waitFor({ timeout });
      if ((await chat.locator('.permission button[data-kind="allow_once"]:visible').count()) > 0)
        throw new Error('the user was asked although a rule answered');
      await page().screenshot({ path: path.join(screenshotDir, 'permission-by-rule.png') });
      await chat.locator('#composer:enabled').waitFor({ timeout });
    },
  );

  journey.step(
    '"Apply" on a code block that names a file writes it, pending review; Undo on its card takes it back',
    async () => {
      const file = path.join(workspace, APPLY_FILE);
      fs.rmSync(file, { force: true });
      const apply = chat.locator('.entry.agent button.apply-code').last();
      await apply.waitFor({ timeout });
      const label = (await apply.getAttribute('aria-label')) ?? '';
      if (label !== `Apply to ${APPLY_FILE}`) throw new Error(`the Apply button says "${label}"`);
      await apply.click();
      const card = chat.locator('.tool-card', { hasText: `Applied to ${APPLY_FILE}` }).last();
      await card.locator('.diff[data-review="pending"] .line.add').first().waitFor({ timeout });
      await waitUntil(
        () => fs.existsSync(file) && fs.readFileSync(file, 'utf8').includes('function onUpdate'),
        timeout,
        'the file on disk',
      );
      // The file opens in the editor with its inline review.
      await page().locator('.tab', { hasText: APPLY_FILE }).first().waitFor({ timeout });
      await page()
        .locator('.editor-instance .codelens-decoration', { hasText: 'Switchboard: 1 agent change' })
        .first()
        .waitFor({ timeout });
      await page().screenshot({ path: path.join(screenshotDir, 'apply-code.png') });
      await card.locator('button.review-undo').first().click();
      await waitUntil(() => !fs.existsSync(file), timeout, 'Undo to delete the applied (new) file');
    },
  );

  journey.step('"@" adds a file from VS Code\'s picker and a pasted image joins it: both reach the agent', async () => {
    const composer = chat.locator('#composer');
    await composer.fill('/plan with this context ');
    await composer.press('End');
    await composer.pressSequentially('@');
    const picker = page().locator('.quick-input-widget');
    await picker.locator('input').first().waitFor({ timeout });
    await picker.locator('input').first().fill('switchboard-demo');
    const row = picker.locator('.monaco-list-row', { hasText: 'switchboard-demo.md' }).first();
    await row.waitFor({ timeout });
    await row.click();
    await page().keyboard.press('Enter');
    await chat.locator('.context-chip[data-kind="file"]', { hasText: 'switchboard-demo.md' }).waitFor({ timeout });

    // A screenshot pasted into the composer (a 1x1 PNG on the clipboard event, as the browser hands it over).
    // Runs in the webview's page, where these are the browser's own.
    /* global atob, DataTransfer, File, ClipboardEvent */
    await composer.evaluate((el, base64) => {
      const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const data = new DataTransfer();
      data.items.add(new File([bytes], 'screenshot.png', { type: 'image/png' }));
      el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    }, ONE_PIXEL_PNG);
    const image = chat.locator('.context-chip[data-kind="image"]');
    await image.waitFor({ timeout });
    if ((await image.getAttribute('class'))?.includes('unsupported'))
      throw new Error('the Demo agent takes images, yet the chip says it is not sent');
    await page().screenshot({ path: path.join(screenshotDir, 'composer-context.png') });

    const turns = await chat.locator('.entry.turn-end').count();
    await chat.locator('button.send-button').click();
    await waitUntil(async () => (await chat.locator('.entry.turn-end').count()) > turns, timeout, 'the turn to end');
    // The sent message shows what went with it; the agent names what it received.
    const sent = chat.locator('.entry.user').last();
    await sent.locator('img.content-image').waitFor({ timeout });
    await sent.locator('.content-resource', { hasText: 'switchboard-demo.md' }).waitFor({ timeout });
    const said = (await chat.locator('.entry.agent', { hasText: 'You attached:' }).last().textContent()) ?? '';
    const received = [/an image \(image\/png, \d+ B\)/, /switchboard-demo\.md with its text \(\d+ lines?\)/];
    if (!received.every((pattern) => pattern.test(said)))
      throw new Error(`the agent did not receive both: ${said.slice(0, 200)}`);
    await page().screenshot({ path: path.join(screenshotDir, 'context-sent.png') });
  });
}

/** A 1x1 transparent PNG. */
const ONE_PIXEL_PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
