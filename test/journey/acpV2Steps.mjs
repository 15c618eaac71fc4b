// Journey steps for ACP v2 and the editor's MCP server, with switchboard.acpV2 on in the user's settings: a chat with
// the scripted agent speaking v2 (`--acp 2`, its `editor-mcp` scenario, test/fixtures/scripted/editorMcp.mjs) streams
// its answer, asks permission for a tool call, and ends its turn; the agent's own record of its wire proves the
// connection spoke v2 (a fallback to v1 fails the step). Then the agent reads a file the user is typing in (unsaved)
// through the editor's MCP server (Streamable HTTP on loopback) and quotes it, and its edit asks in the chat and is
// left for review in the editor. Screenshots: v2-chat.png, v2-permission-card.png, mcp-permission.png, mcp-review.png.
import fs from 'node:fs';
import path from 'node:path';
import { runCommand } from '../../scripts/e2e/browser.mjs';
import { repoRoot } from '../../scripts/e2e/paths.mjs';
import { cardScreenshot, closeEditors } from './layoutSteps.mjs';
import { lens, newChatWithAgent, openFile } from './sessionSteps.mjs';
import { waitUntil } from './steps.mjs';

const AGENT_NAME = 'Scripted v2 agent';
const NOTES_FILE = 'editor-notes.txt';
const NOTES_TEXT = 'Editor notes\n\nShip the v2 chat.\n';
const TYPED = 'Typed, not saved: ask about the printer.';

/** The scripted agent speaking v2, recording what it received and sent in `dir` (received.jsonl, sent.jsonl). */
export function v2Agent(dir) {
  return {
    id: 'scripted-v2',
    config: {
      displayName: AGENT_NAME,
      command: process.execPath,
      args: [
        path.join(repoRoot, 'test', 'fixtures', 'scriptedAgent.mjs'),
        ['--scenario', 'editor-mcp', '--acp', '2', '--delay-ms', '300'],
        ['--record', path.join(dir, 'received.jsonl'), '--record-sent', path.join(dir, 'sent.jsonl')],
      ].flat(),
    },
  };
}

const wire = (file) =>
  (fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line));

/** Why the agent's wire is not v2 (initialize asked and answered 2 once, turns reported by state_update), or null. */
function notV2(dir) {
  const received = wire(path.join(dir, 'received.jsonl'));
  const sent = wire(path.join(dir, 'sent.jsonl'));
  const inits = received.filter((message) => message.method === 'initialize');
  if (inits.length !== 1) return `the agent was asked initialize ${inits.length} times`;
  if (inits[0].params?.protocolVersion !== 2) return `initialize asked for ${inits[0].params?.protocolVersion}`;
  const answer = sent.find((message) => message.id === inits[0].id && message.result);
  if (answer?.result?.protocolVersion !== 2) return `the agent answered ${JSON.stringify(answer)}`;
  const states = sent.filter((message) => message.params?.update?.sessionUpdate === 'state_update');
  if (!states.some((message) => message.params.update.state === 'idle')) return 'no state_update idle was sent';
  return null;
}

export function addV2Steps(journey, { page, chat, workspace, recordDir, screenshotDir, timeout }) {
  // Written now, long before any turn: it is the user's file, not a change of the agent's.
  fs.writeFileSync(path.join(workspace, NOTES_FILE), NOTES_TEXT);
  const lastAnswer = async () => (await chat.locator('.entry.agent').last().textContent()) ?? '';
  const turnOver = async () => {
    await waitUntil(async () => !(await chat.locator('#stop').isVisible()), timeout, 'Stop to go');
    await chat.locator('#composer:enabled').waitFor({ timeout });
  };

  journey.step(
    'ACP v2: the answer streams, a tool call asks permission, Allow runs it, the turn ends (the wire says v2)',
    async () => {
      await newChatWithAgent(page(), chat, AGENT_NAME, timeout);
      const prompt = 'What do the tests say?';
      await chat.locator('#composer').fill(prompt);
      await chat.locator('#composer').press('Enter');
      await chat.locator('.entry.user', { hasText: prompt }).waitFor({ timeout });
      // Streamed: the answer is seen in part (300 ms between chunks) while the turn runs, then whole.
      const partial = /^Before I answer(?!.*the tests\.)/s;
      await waitUntil(async () => partial.test(await lastAnswer()), timeout, 'a part of the answer');
      if (!(await chat.locator('#stop').isVisible())) throw new Error('no Stop button while the answer streams');
      const card = chat.locator('.tool-card', { has: chat.locator('.tool-title', { hasText: 'Run npm test' }) });
      await card.locator('.permission button[data-kind="allow_once"]').waitFor({ timeout });
      await card.locator('.permission button[data-kind="reject_once"]').waitFor({ timeout });
      const answered = await lastAnswer();
      if (!answered.includes('I will run the tests.')) throw new Error(`the answer before asking: ${answered}`);
      await cardScreenshot(card.first(), screenshotDir, 'v2-permission-card.png');
      await card.locator('.permission button[data-kind="allow_once"]').click();
      await chat
        .locator('.tool-card[data-status="completed"] .tool-title', { hasText: 'Run npm test' })
        .waitFor({ timeout });
      await waitUntil(async () => (await lastAnswer()).includes('The tests pass.'), timeout, 'the answer after Allow');
      await turnOver();
      await page().screenshot({ path: path.join(screenshotDir, 'v2-chat.png') });
      const why = notV2(recordDir);
      if (why) throw new Error(`the chat did not speak ACP v2: ${why}`);
    },
  );

  journey.step(
    "editor MCP: the agent reads the user's unsaved typing through read_file, and its edit_file asks, then waits for review",
    async () => {
      // The chat said which of the editor's tools the agent was given.
      const note = chat.locator('.entry.notice', { hasText: "can use the editor through Switchboard's MCP server" });
      await note.first().waitFor({ timeout });
      const noted = (await note.first().textContent()) ?? '';
      if (!/read_file/.test(noted) || !/edit_file/.test(noted)) throw new Error(`the note names: ${noted}`);
      // The user types in the file and does not save: auto save (on after a delay by default in the web workbench)
      // turned off, as the user would, until the end of the step.
      await runCommand(page(), 'File: Toggle Auto Save');
      await openFile(page(), NOTES_FILE);
      await page().locator('.editor-instance .monaco-editor .view-lines').first().click();
      await page().keyboard.press('Control+End');
      await page().keyboard.type(TYPED);
      await page().locator('.tab.active.dirty', { hasText: NOTES_FILE }).waitFor({ timeout });
      await new Promise((resolve) => setTimeout(resolve, 1500)); // longer than auto save's delay
      if (fs.readFileSync(path.join(workspace, NOTES_FILE), 'utf8') !== NOTES_TEXT)
        throw new Error('the typing was saved');

      await chat.locator('#composer').fill(`edit ${NOTES_FILE}`);
      await chat.locator('#composer').press('Enter');
      const card = chat.locator('.tool-card.awaiting-permission', {
        has: chat.locator('.tool-title', { hasText: `Edit ${NOTES_FILE}` }),
      });
      await card.locator('.diff .line.add', { hasText: '(checked by the agent)' }).first().waitFor({ timeout });
      // Asked before the answer's end: the agent quoted what it read, the unsaved line included.
      const quoted = await lastAnswer();
      if (!quoted.includes(TYPED)) throw new Error(`the agent's answer does not quote the unsaved text: ${quoted}`);
      await page().screenshot({ path: path.join(screenshotDir, 'mcp-permission.png') });
      await card.locator('.permission button[data-kind="allow_once"]').click();
      await waitUntil(
        async () => (await lastAnswer()).includes(`edit_file: Wrote ${NOTES_FILE}; it is pending the user's review`),
        timeout,
        'the edit to land',
      );
      await turnOver();
      // Pending review in the editor: Keep / Undo on the agent's change, the user's typing kept beside it.
      await page()
        .locator('.editor-instance .codelens-decoration', { hasText: 'Switchboard: 1 agent change' })
        .first()
        .waitFor({ timeout });
      await lens(page(), 'Keep').first().waitFor({ timeout });
      await lens(page(), 'Undo').first().waitFor({ timeout });
      const shown = (await page().locator('.editor-instance .monaco-editor .view-lines').first().textContent()) ?? '';
      const text = shown.replace(/\u00a0/g, ' ');
      if (!text.includes('Editor notes (checked by the agent)') || !text.includes(TYPED))
        throw new Error(`the editor shows: ${text}`);
      await page().screenshot({ path: path.join(screenshotDir, 'mcp-review.png') });
      // Kept and saved, the editor closed: the steps after start from a clean window.
      await lens(page(), 'Keep').first().click();
      await waitUntil(async () => (await lens(page(), 'Keep').count()) === 0, timeout, 'Keep to resolve the change');
      await runCommand(page(), 'File: Save All');
      await waitUntil(
        () => fs.readFileSync(path.join(workspace, NOTES_FILE), 'utf8').includes(TYPED),
        timeout,
        'the file to be saved',
      );
      await closeEditors(page());
      await runCommand(page(), 'File: Toggle Auto Save');
    },
  );
}
