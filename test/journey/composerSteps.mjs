// Journey steps of the composer's "decide once" (issue 14): "Always allow" on the Demo agent's edit makes a rule
// (the Demo remembers "always" only within its own session), so the same edit in a new chat is answered by the
// client itself, and its card says by which rule.
import path from 'node:path';

export function addComposerSteps(journey, { page, chat, prompt, screenshotDir, timeout }) {
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
}
