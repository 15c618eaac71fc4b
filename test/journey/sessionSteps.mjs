// Journey steps about chats and the agent's lifetime, with the real workbench dialogs: "New Chat with
// Agent..." picks an agent in VS Code's own quick pick; a read outside the workspace asks in VS Code's own
// modal, and Deny / Allow Once reach the agent; a window reload (a real one: the extension host shuts down and
// starts again) leaves no agent process behind, its children included, and the agent's pending changes survive
// it: the editor still offers Keep / Undo on them, and both still work.
import fs from 'node:fs';
import path from 'node:path';
import { repoRoot } from '../../scripts/e2e/paths.mjs';
import { acceptQuickPickRow, runCommand } from '../../scripts/e2e/browser.mjs';
import { waitUntil } from './steps.mjs';

/**
 * The probe agent (the scripted agent's `probe` scenario, test/fixtures/scripted/probe.mjs): `spawn` starts a child
 * and writes both pids to `pidFile`.
 */
export function probeAgent(pidFile) {
  return {
    id: 'probe',
    config: {
      displayName: 'Probe agent',
      command: process.execPath,
      args: [path.join(repoRoot, 'test', 'fixtures', 'scriptedAgent.mjs'), '--scenario', 'probe'],
      env: { PROBE_PID_FILE: pidFile },
    },
  };
}

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Opens a workspace file by name through Quick Open. */
export async function openFile(page, name, timeout = 60_000) {
  const input = page.locator('.quick-input-widget input[type="text"]').first();
  // A workbench still restoring after a reload may not open Quick Open yet: ask again until it does.
  await waitUntil(
    async () => {
      await page.keyboard.press('Control+P');
      return input.waitFor({ timeout: 2000 }).then(
        () => true,
        () => false,
      );
    },
    timeout,
    'Quick Open',
  );
  await input.fill(name);
  // A click on the row, not Enter: Enter may pick the row highlighted before the list was filtered. A click while
  // Quick Open re-renders its list (file search results arriving after the recent files) can be lost, the row
  // hovered but not picked (seen once after a reload): click again while Quick Open still shows the row.
  const row = page.locator('.quick-input-list .monaco-list-row', { hasText: name }).first();
  const active = page.locator('.tab.active', { hasText: name }).first();
  await waitUntil(
    async () => {
      if (await row.isVisible()) await row.click({ timeout: 2000 }).catch(() => undefined);
      return active.waitFor({ timeout: 3000 }).then(
        () => true,
        () => false,
      );
    },
    timeout,
    `${name} to open from Quick Open`,
  );
}

/**
 * "New Chat with Agent..." from the palette, `name` entered in its pick by `enter` (typed into the filter by
 * default) and its row accepted. On a busy machine the pick can close again before it is filled (the focus moving
 * to an editor a reload restores, or on): it is opened again rather than the step waiting out its time (journeys
 * failed so, the pick gone).
 */
export async function pickAgent(page, name, timeout, enter = (input) => input.fill(name, { timeout: 10_000 })) {
  const deadline = Date.now() + timeout;
  for (;;) {
    try {
      await runCommand(page, 'Switchboard: New Chat with Agent...');
      const input = page.locator('.quick-input-widget input[type="text"]').first();
      await input.waitFor({ timeout: 10_000 });
      await enter(input);
      await acceptQuickPickRow(page, name);
      return;
    } catch (error) {
      await page.keyboard.press('Escape');
      if (Date.now() > deadline) throw error;
    }
  }
}

/** New Chat with Agent... picking `name` in the quick pick; the chat's header shows the name the settings give it. */
export async function newChatWithAgent(page, chat, name, timeout) {
  await pickAgent(page, name, timeout);
  await waitUntil(
    async () => ((await chat.locator('#agent-name').textContent()) ?? '').includes(name),
    timeout,
    `the chat with ${name}`,
  );
  await chat.locator('#composer:enabled').waitFor({ timeout });
}

/** The active editor's CodeLens links whose text is `label` (Keep, Undo, ...). */
export function lens(page, label) {
  return page
    .locator('.editor-instance .monaco-editor')
    .first()
    .locator('.codelens-decoration a')
    .filter({ hasText: new RegExp(`^\\W*${label}\\s*$`) });
}

/** Files the probe writes on disk during a turn (as a shell tool would), pending review across the reload. */
const RELOAD_FILES = ['reload-write-1.txt', 'reload-write-2.txt'];

/** In the chat's webview: the id of the first entry reaching the transcript's top edge. */
function topEntryId(transcript) {
  const top = transcript.getBoundingClientRect().top;
  const entry = [...transcript.querySelectorAll('.entry')].find((el) => el.getBoundingClientRect().bottom > top + 1);
  return entry?.getAttribute('data-entry-id') ?? null;
}

export function addSessionSteps(journey, { page, chat, pidFile, workspace, screenshotDir, timeout }) {
  /** The entry at the top of the chat when the window reloaded: it is still at the top after. */
  let topBeforeReload = null;

  journey.step('"New Chat with Agent..." picks an agent in VS Code\'s quick pick', async () => {
    await newChatWithAgent(page(), chat, 'Probe agent', timeout);
  });

  journey.step(
    "a read outside the workspace asks in VS Code's modal; Enter and Deny refuse it, Allow Once lets it through",
    async () => {
      const secret = path.join(path.dirname(pidFile), 'outside-secret.txt');
      fs.writeFileSync(secret, 'secret-content\n');
      const answers = () => chat.locator('.entry.agent').allTextContents();
      const ask = async (button) => {
        const before = (await answers()).join('').split('probe: {').length;
        await chat.locator('#composer').fill(`read ${secret}`);
        await chat.locator('#composer').press('Enter');
        const dialog = page().locator('.monaco-dialog-box');
        await dialog.waitFor({ timeout });
        const text = (await dialog.textContent()) ?? '';
        if (!text.includes(secret)) throw new Error(`the dialog does not name the file: ${text.slice(0, 300)}`);
        if (button === 'Enter') await page().screenshot({ path: path.join(screenshotDir, 'outside-read-dialog.png') });
        // Enter answers with the default button, which must be the safe one (Deny).
        if (button === 'Enter') await page().keyboard.press('Enter');
        else await dialog.getByRole('button', { name: button, exact: true }).click();
        await waitUntil(
          async () => (await answers()).join('').split('probe: {').length > before,
          timeout,
          'the probe to report the answer',
        );
        return (await answers()).join('');
      };
      const refused = /probe: \{"error":\{"code":-32602,"message":"Reading [^"]* was refused/g;
      const pressed = await ask('Enter');
      if ((pressed.match(refused) ?? []).length !== 1)
        throw new Error(`Enter in the dialog did not deny: ${pressed.slice(-300)}`);
      const denied = await ask('Deny');
      if ((denied.match(refused) ?? []).length !== 2)
        throw new Error(`Deny did not reach the agent: ${denied.slice(-300)}`);
      const allowed = await ask('Allow Once');
      if (!allowed.includes('probe: {"content":"secret-content\\n"}'))
        throw new Error(`Allow Once did not reach the agent: ${allowed.slice(-300)}`);
    },
  );

  journey.step(
    'two chats at once: the probe chat streams while the Demo chat is shown, its tab says so, and nothing is lost',
    async () => {
      const lastAnswer = () => chat.locator('.entry.agent').last().textContent();
      const ticks = async () => ((await lastAnswer()) ?? '').split('tick ').length - 1;
      await chat.locator('#composer').fill('slow');
      await chat.locator('#composer').press('Enter');
      await waitUntil(async () => (await ticks()) >= 3, timeout, 'the probe to stream');
      const probeTab = chat.locator('.chat-tab.shown');
      const probeId = await probeTab.getAttribute('data-thread-id');
      // Show the Demo chat: the probe chat goes on in the background.
      await chat.locator('.chat-tab:not(.shown) .chat-tab-title[title*="Demo agent"]').first().click();
      await waitUntil(
        async () => /Demo agent/.test((await chat.locator('#agent-name').textContent()) ?? ''),
        timeout,
        'the Demo chat to be shown',
      );
      const background = chat.locator(`.chat-tab[data-thread-id="${probeId}"]`);
      if ((await background.getAttribute('data-state')) !== 'working')
        throw new Error(`the probe tab does not say it works: ${await background.getAttribute('data-state')}`);
      await page().screenshot({ path: path.join(screenshotDir, 'two-chats.png') });
      await new Promise((resolve) => setTimeout(resolve, 1500)); // about 15 more ticks while not shown
      // Back to the probe chat: what streamed meanwhile is there, and it is still streaming.
      await background.locator('.chat-tab-title').click();
      await waitUntil(
        async () => /Probe agent/.test((await chat.locator('#agent-name').textContent()) ?? ''),
        timeout,
        'the probe chat to be shown again',
      );
      const seen = await ticks();
      if (seen < 15) throw new Error(`only ${seen} ticks after 1.5 s in the background: the stream was not kept`);
      await waitUntil(async () => (await ticks()) > seen, timeout, 'the stream to go on');
      await chat.locator('#stop').click();
      await chat.locator('#composer:enabled').waitFor({ timeout });
      await waitUntil(
        async () => (await background.getAttribute('data-state')) !== 'working',
        timeout,
        'the turn to end',
      );
    },
  );

  journey.step(
    'a message typed during a turn is queued and shown as pending; Stop keeps it, its Send now sends it',
    async () => {
      const lastAnswer = () => chat.locator('.entry.agent').last().textContent();
      await chat.locator('#composer').fill('slow');
      await chat.locator('#composer').press('Enter');
      await waitUntil(async () => ((await lastAnswer()) ?? '').includes('tick 2'), timeout, 'the probe to stream');
      // Enter during the turn queues: the message waits as pending below the transcript, the turn goes on.
      await chat.locator('#composer').fill('info');
      await chat.locator('#composer').press('Enter');
      const queued = chat.locator('.composer-queue .queued', { hasText: 'info' });
      await queued.waitFor({ timeout });
      await page().screenshot({ path: path.join(screenshotDir, 'queued-message.png') });
      if (((await lastAnswer()) ?? '').includes('"cwd"'))
        throw new Error('the queued message was sent during the turn');
      // Stop ends the turn and keeps the queued message (the user stopped the agent: nothing goes out by itself);
      // its Send now sends it.
      await chat.locator('#stop').click();
      await chat.locator('#composer:enabled').waitFor({ timeout });
      await waitUntil(async () => !(await chat.locator('#stop').isVisible()), timeout, 'the turn to end');
      await queued.waitFor({ timeout });
      await queued.locator('.queued-send-now').click();
      await queued.waitFor({ state: 'detached', timeout });
      await waitUntil(
        async () => ((await lastAnswer()) ?? '').includes('"cwd"'),
        timeout,
        'the queued message to be answered',
      );
      await chat.locator('.entry.user', { hasText: 'info' }).last().waitFor({ timeout });
      await chat.locator('#composer:enabled').waitFor({ timeout });
    },
  );

  journey.step('before the reload: files the agent created on disk are pending review in the editor', async () => {
    for (const name of RELOAD_FILES) fs.rmSync(path.join(workspace, name), { force: true });
    const answers = () => chat.locator('.entry.agent').allTextContents();
    await chat.locator('#composer').fill('write 2 20 reload-');
    await chat.locator('#composer').press('Enter');
    await waitUntil(
      async () => (await answers()).join('').includes('probe: {"wrote":2}'),
      timeout,
      'the probe to write',
    );
    for (const name of RELOAD_FILES) {
      await openFile(page(), name);
      await page()
        .locator('.editor-instance .codelens-decoration', { hasText: 'Switchboard: 1 agent change' })
        .first()
        .waitFor({ timeout });
    }
    // The review is persisted shortly after it changes: well before the reload below.
    await new Promise((resolve) => setTimeout(resolve, 1500));
  });

  journey.step('a window reload stops the agent and its children: no orphans', async () => {
    fs.rmSync(pidFile, { force: true });
    await chat.locator('#composer').fill('spawn');
    await chat.locator('#composer').press('Enter');
    // Read once whole: the probe writes the file in place, and a read during the write sees part of it.
    const readPids = () => {
      try {
        return JSON.parse(fs.readFileSync(pidFile, 'utf8'));
      } catch {
        return undefined;
      }
    };
    await waitUntil(() => readPids() !== undefined, timeout, 'the probe agent to report its pids');
    const { pid, childPid } = readPids();
    if (!alive(pid) || !alive(childPid)) throw new Error('the probe agent or its child is not running');
    // The reader scrolls up a third of the chat: after the reload it opens there again.
    const scrolled = await chat.locator('.transcript').evaluate((el) => {
      if (el.scrollHeight < el.clientHeight + 200) return `not scrollable (${el.scrollHeight}/${el.clientHeight})`;
      el.scrollTop = Math.floor(el.scrollHeight / 3);
      // Then the top edge goes to the middle of the entry there: an edge within a pixel of an entry's
      // border could name either entry after the reload, whose layout may differ by a pixel.
      const top = el.getBoundingClientRect().top;
      const entry = [...el.querySelectorAll('.entry')].find((e) => e.getBoundingClientRect().bottom > top + 1);
      if (entry) {
        const box = entry.getBoundingClientRect();
        el.scrollTop += box.top + box.height / 2 - top;
      }
      return 'scrolled';
    });
    topBeforeReload = scrolled === 'scrolled' ? await chat.locator('.transcript').evaluate(topEntryId) : scrolled;
    if (!topBeforeReload || topBeforeReload.startsWith('not scrollable'))
      throw new Error(`could not scroll the chat up before the reload: ${topBeforeReload}`);
    await new Promise((resolve) => setTimeout(resolve, 1000)); // the position is kept 250 ms after scrolling stops
    await runCommand(page(), 'Developer: Reload Window');
    // The reloaded window shows the Switchboard side bar again (not the Explorer): the workbench is enough.
    await page().locator('.monaco-workbench').waitFor({ timeout });
    await waitUntil(
      () => !alive(pid) && !alive(childPid),
      15_000,
      `the agent (${pid}) and its child (${childPid}) to be gone after the reload`,
    );
  });

  journey.step('after the reload the changes are still pending; Keep and Undo still work', async () => {
    const [kept, undone] = RELOAD_FILES;
    // The restored editor renders once the workbench is back; then the extension is activated in the new
    // extension host, whatever the restored side bar shows.
    await page().locator('.editor-instance .monaco-editor .view-lines').first().waitFor({ timeout: 90_000 });
    await runCommand(page(), 'Switchboard: Focus Chat');
    // The chat opens where the reader left it, not at its end.
    await chat.locator('.entry').first().waitFor({ timeout });
    const shownTop = () => chat.locator('.transcript').evaluate(topEntryId);
    await waitUntil(
      async () => (await shownTop()) === topBeforeReload,
      timeout,
      `the chat to open at the entry that was at its top before the reload (${topBeforeReload}; shows ${await shownTop()})`,
    );
    // The Changes view lists both files again.
    const changes = page().locator('.pane-header', { hasText: 'Changes' }).first();
    if ((await changes.getAttribute('aria-expanded')) !== 'true') await changes.click();
    for (const name of RELOAD_FILES)
      await page().locator('.pane-body .monaco-list-row', { hasText: name }).first().waitFor({ timeout });
    await page().screenshot({ path: path.join(screenshotDir, 'review-changes-after-reload.png') });
    await openFile(page(), kept);
    await page()
      .locator('.editor-instance .codelens-decoration', { hasText: 'Switchboard: 1 agent change' })
      .first()
      .waitFor({ timeout });
    await page().screenshot({ path: path.join(screenshotDir, 'review-after-reload.png') });
    await lens(page(), 'Keep').first().click();
    await waitUntil(async () => (await lens(page(), 'Keep').count()) === 0, timeout, 'Keep to resolve the change');
    if (!fs.existsSync(path.join(workspace, kept))) throw new Error(`Keep removed ${kept}`);

    await openFile(page(), undone);
    await lens(page(), 'Undo').first().waitFor({ timeout });
    await lens(page(), 'Undo').first().click();
    // The agent created it: undoing its change deletes it again.
    await waitUntil(() => !fs.existsSync(path.join(workspace, undone)), timeout, `Undo to delete ${undone}`);
  });

  journey.step(
    'after the reload every chat is back, Chat History lists them, and a restored chat goes on with its agent',
    async () => {
      // The chats of before the reload are listed again (each restored from its journal, before any agent starts).
      for (const agent of ['Demo agent', 'Probe agent'])
        await chat.locator(`.chat-tab .chat-tab-title[title*="${agent}"]`).first().waitFor({ timeout });
      // Chat History: the workspace's chats in VS Code's quick pick; picking the Demo chat shows it.
      await runCommand(page(), 'Switchboard: Chat History...');
      const input = page().locator('.quick-input-widget input[type="text"]').first();
      await input.waitFor({ timeout });
      const rows = page().locator('.quick-input-list .monaco-list-row');
      await rows.first().waitFor({ timeout });
      await page().screenshot({ path: path.join(screenshotDir, 'chat-history.png') });
      // The quick pick opens under the pointer: the hover tooltip of the row it rests on can cover the row to click.
      await page().mouse.move(0, 0);
      await rows.filter({ hasText: 'Demo agent' }).first().click();
      await waitUntil(
        async () => /Demo agent/.test((await chat.locator('#agent-name').textContent()) ?? ''),
        timeout,
        'the Demo chat to be shown from the history',
      );
      // The restored probe chat goes on: its agent starts again and answers (the probe offers neither load nor
      // resume, so the chat says the agent starts fresh, and the transcript before stays).
      await chat.locator('.chat-tab:not(.shown) .chat-tab-title[title*="Probe agent"]').first().click();
      await waitUntil(
        async () => /Probe agent/.test((await chat.locator('#agent-name').textContent()) ?? ''),
        timeout,
        'the probe chat to be shown',
      );
      await chat.locator('#composer:enabled').waitFor({ timeout });
      await chat.locator('#composer').fill('info');
      await chat.locator('#composer').press('Enter');
      // The answer to `info` (its cwd), not the last answer of before the reload.
      await waitUntil(
        async () => ((await chat.locator('.entry.agent').last().textContent()) ?? '').includes('"cwd"'),
        timeout,
        'the restored chat to get an answer from its agent',
      );
      // The transcript of before the reload is still there, and the chat says the agent started fresh.
      await chat.locator('.entry.user', { hasText: 'spawn' }).first().waitFor({ timeout });
      await chat.locator('.entry.continued').first().waitFor({ timeout });
      await page().screenshot({ path: path.join(screenshotDir, 'continued-after-reload.png') });
    },
  );

  journey.step(
    'a chat opened in an editor tab is back in its tab after a window reload, and still its chat',
    async () => {
      /** The webview frames that show a chat with this agent (the side bar's, an editor tab's). */
      const chatFrames = async (agent) => {
        let count = 0;
        for (const frame of page().frames()) {
          const name = await frame
            .locator('#agent-name')
            .textContent({ timeout: 200 })
            .catch(() => null);
          if (name?.includes(agent)) count++;
        }
        return count;
      };
      await runCommand(page(), 'Switchboard: Open Chat in Editor');
      const tab = page()
        .locator('.tabs-container .tab', { hasText: /Probe agent|info|spawn|read/ })
        .first();
      await tab.waitFor({ timeout });
      const label = (await tab.getAttribute('aria-label')) ?? '';
      await waitUntil(
        async () => (await chatFrames('Probe agent')) >= 2,
        timeout,
        'the chat in the side bar and in a tab',
      );
      await runCommand(page(), 'Developer: Reload Window');
      await page().locator('.monaco-workbench').waitFor({ timeout });
      // The serializer brings the tab back with the same chat (not a blank or another one).
      await page()
        .locator('.tabs-container .tab', { hasText: /Probe agent|info|spawn|read/ })
        .first()
        .waitFor({ timeout: 90_000 });
      await page()
        .locator(`.tabs-container .tab[aria-label="${label.replace(/"/g, '\\"')}"]`)
        .first()
        .click();
      await waitUntil(
        async () => (await chatFrames('Probe agent')) >= 1,
        90_000,
        'the restored tab to show the probe chat',
      );
      await page().screenshot({ path: path.join(screenshotDir, 'editor-tab-after-reload.png') });
      // Closed again: the steps after this one talk to the side bar's chat alone.
      await page().keyboard.press('Control+W');
      await waitUntil(
        async () => (await page().locator('iframe.webview[src*="switchboard"]').count()) <= 1,
        timeout,
        'the tab to close',
      );
      await runCommand(page(), 'Switchboard: Focus Chat');
    },
  );
}
