// Terminal cards in real chromium with xterm. A terminal the agent runs itself: codex-acp 2.6's recorded
// output ends its lines with a bare "\n" (no PTY of ours turns it into "\r\n"), so each line must still start
// at the left edge, in its ANSI colour. Any card: output that ends with a newline shows its first line too
// (the card grew to the lines before the cursor's, and xterm keeps the cursor's row in view).
import { expect, it } from 'vitest';
import { recordedUpdates } from '../fixtures/recordedTraffic';
import { openChat, useBrowser } from './chatPage';
import { DEMO, prompt, ready, thread, update } from './threads';

const browser = useBrowser();

it('shows codex-acp 2.6 output line by line from the left edge, in colour', async () => {
  const chat = await openChat(browser());
  const turn = recordedUpdates('codex-acp-2.6-colours').map(({ update: u }) => update(u));
  await chat.snapshot(thread([...ready(), prompt('Run a command in colours'), ...turn]), [DEMO]);
  const rows = chat.page.locator('.terminal-view[data-owner="agent"] .xterm-rows');
  await rows.filter({ hasText: 'last' }).waitFor({ timeout: 10_000 });
  const lines = (await rows.innerText()).split('\n').map((line) => line.trimEnd());
  expect(lines.filter((line) => line !== '')).toEqual(['second line', 'last']);
  // "last" is red (ESC[31m): xterm's DOM renderer gives it a colour class.
  const red = chat.page.locator('.terminal-view[data-owner="agent"] .xterm-rows span[class*="xterm-fg-1"]');
  expect(await red.innerText()).toBe('last');
  await chat.close();
}, 30_000);

it('a card of our own terminal shows every line of output that ends with a newline', async () => {
  const chat = await openChat(browser());
  await chat.snapshot(
    thread([
      ...ready(),
      prompt('list'),
      { type: 'terminalCreated', terminal: { terminalId: 'terminal-1', commandLine: 'ls', cwd: '/w', mode: 'pty' } },
      update({
        sessionUpdate: 'tool_call',
        toolCallId: 'c1',
        title: 'ls',
        content: [{ type: 'terminal', terminalId: 'terminal-1' }],
      }),
    ]),
    [DEMO],
  );
  await chat.page.evaluate((msg) => (globalThis as any).switchboardLayout.receive(msg), {
    type: 'terminalOutput',
    terminalId: 'terminal-1',
    data: 'first\r\nsecond\r\n',
    replace: false,
  });
  const rows = chat.page.locator('.terminal-view .xterm-rows');
  await rows.filter({ hasText: 'second' }).waitFor({ timeout: 10_000 });
  await chat.frames();
  const lines = (await rows.innerText()).split('\n').map((line) => line.trimEnd());
  expect(lines.filter((line) => line !== '')).toEqual(['first', 'second']);
  await chat.close();
}, 30_000);
