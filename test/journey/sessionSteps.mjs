// Journey steps about chats and the agent's lifetime, with the real workbench dialogs: "New Chat with
// Agent..." picks an agent in VS Code's own quick pick; a read outside the workspace asks in VS Code's own
// modal, and Deny / Allow Once reach the agent; a window reload (a real one: the extension host shuts down and
// starts again) leaves no agent process behind, its children included.
import fs from 'node:fs';
import path from 'node:path';
import { repoRoot } from '../../scripts/e2e/paths.mjs';
import { runCommand } from '../../scripts/e2e/browser.mjs';

/** The probe agent (test/fixtures/probeAgent.mjs): `spawn` starts a child and writes both pids to `pidFile`. */
export function probeAgent(pidFile) {
  return {
    id: 'probe',
    config: {
      displayName: 'Probe agent',
      command: process.execPath,
      args: [path.join(repoRoot, 'test', 'fixtures', 'probeAgent.mjs')],
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

async function waitUntil(condition, timeout, what) {
  const deadline = Date.now() + timeout;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

export function addSessionSteps(journey, { page, chat, pidFile, screenshotDir, timeout }) {
  journey.step('"New Chat with Agent..." picks an agent in VS Code\'s quick pick', async () => {
    await runCommand(page(), 'Switchboard: New Chat with Agent...');
    const input = page().locator('.quick-input-widget input[type="text"]').first();
    await input.waitFor({ timeout });
    await input.fill('Probe');
    await page().locator('.quick-input-list .monaco-list-row', { hasText: 'Probe agent' }).first().waitFor({ timeout });
    await page().keyboard.press('Enter');
    await waitUntil(
      async () => /Probe agent/.test((await chat.locator('#agent-name').textContent()) ?? ''),
      timeout,
      'the probe chat',
    );
    await chat.locator('#composer:enabled').waitFor({ timeout });
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

  journey.step('a window reload stops the agent and its children: no orphans', async () => {
    fs.rmSync(pidFile, { force: true });
    await chat.locator('#composer').fill('spawn');
    await chat.locator('#composer').press('Enter');
    await waitUntil(() => fs.existsSync(pidFile), timeout, 'the probe agent to report its pids');
    const { pid, childPid } = JSON.parse(fs.readFileSync(pidFile, 'utf8'));
    if (!alive(pid) || !alive(childPid)) throw new Error('the probe agent or its child is not running');
    await runCommand(page(), 'Developer: Reload Window');
    // The reloaded window shows the Switchboard side bar again (not the Explorer): the workbench is enough.
    await page().locator('.monaco-workbench').waitFor({ timeout });
    await waitUntil(
      () => !alive(pid) && !alive(childPid),
      15_000,
      `the agent (${pid}) and its child (${childPid}) to be gone after the reload`,
    );
  });
}
