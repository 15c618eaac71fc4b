// Subagent sessions at the side bar's width (300 px) in real chromium: the card (with its work shown and a
// permission request waiting in it), a message between sessions and a link to a session fit without
// overflowing, and so does the bar over a nested subagent shown on its own; both pass axe (WCAG 2.1 AA).
import * as fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Entry, ThreadState } from '../../src/shared/thread';
import type { SubagentCard } from '../../src/shared/subagentTypes';
import { openChat, useBrowser, type ChatPage } from './chatPage';
import { DEMO, prompt, ready, thread, update } from './threads';

const browser = useBrowser();

const LONG_TITLE = 'Explore the configuration parser and every caller of parseConfigurationFromEnvironment';

function card(sessionId: string, fields: Partial<SubagentCard> = {}): SubagentCard {
  return {
    kind: 'subagent',
    id: `card-${sessionId}`,
    sessionId,
    title: LONG_TITLE,
    description:
      'Find every caller of parseConfigurationFromEnvironment in src/ and test/ and list the files by package',
    work: { state: 'running' },
    cancellable: true,
    cwd: '/work/demo/packages/config-parser',
    activity: {
      messages: 12,
      toolCalls: 34,
      waiting: 0,
      latest: 'Read /work/demo/packages/config-parser/src/parse.ts',
    },
    ...fields,
  };
}

/** A child's transcript: an answer, a command waiting for permission. */
function childTranscript(): ThreadState {
  return thread([
    update({
      sessionUpdate: 'agent_message_chunk',
      content: { type: 'text', text: 'I found **three** callers; running the tests before I change them.' },
    }),
    update({
      sessionUpdate: 'tool_call',
      toolCallId: 'run-1',
      title: 'npm test -- --run packages/config-parser/test/parseConfigurationFromEnvironment.test.ts',
      kind: 'execute',
      status: 'pending',
    }),
    {
      type: 'permissionRequested',
      permissionId: 'p-1',
      toolCall: { toolCallId: 'run-1' },
      options: [
        { optionId: 'allow', name: 'Allow once', kind: 'allow_once' },
        { optionId: 'always', name: 'Always allow', kind: 'allow_always' },
        { optionId: 'reject', name: 'Reject', kind: 'reject_once' },
      ],
    },
  ]);
}

/** The chat's tool call that started the subagent: its content links to it. */
function spawnCall(sessionId: string): Entry {
  const built = thread([
    update({ sessionUpdate: 'tool_call', toolCallId: 'spawn-1', title: 'Task', kind: 'other', status: 'completed' }),
  ]).entries.find((entry) => entry.kind === 'tool');
  if (built?.kind !== 'tool') throw new Error('no tool entry');
  return { ...built, id: 'spawn', tool: { ...built.tool, content: [{ type: 'session', sessionId }] } };
}

function chatWithSubagents(): ThreadState {
  const base = thread([...ready(), prompt('Refactor the configuration parser')]);
  const chatEntries: Entry[] = [
    spawnCall('c1'),
    card('c1', { work: { state: 'requires_action' }, activity: { ...card('c1').activity, waiting: 1 } }),
    {
      kind: 'sessionMessage',
      id: 'm1',
      messageId: 'm1',
      senderSessionId: 'c1',
      recipientSessionId: 's1',
      parts: [{ kind: 'text', text: 'Found `parseConfigurationFromEnvironment` in **3** files: src/a.ts, src/b.ts' }],
    },
  ];
  const grandchild = thread([
    update({ sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: 'Checking the tests.' } }),
  ]);
  const child = childTranscript();
  const childWithGrandchild = {
    ...child,
    entries: [...child.entries, card('g1', { title: 'Check the parser tests for every environment variable' })],
  };
  return {
    ...base,
    title: 'Refactor the configuration parser and its callers',
    entries: [...base.entries, ...chatEntries],
    subagents: {
      c1: { parentSessionId: null, state: childWithGrandchild },
      g1: { parentSessionId: 'c1', state: grandchild },
    },
  };
}

/** Elements under `selector` wider than their box, or reaching past the page's right edge. */
async function overflowing(chat: ChatPage, selector: string): Promise<string[]> {
  return chat.page.evaluate((sel) => {
    const width = document.documentElement.clientWidth;
    const out: string[] = [];
    for (const root of Array.from(document.querySelectorAll<HTMLElement>(sel))) {
      for (const el of [root, ...Array.from(root.querySelectorAll<HTMLElement>('*'))]) {
        const box = el.getBoundingClientRect();
        if (box.width === 0) continue; // hidden
        // Text cut with an ellipsis, or a box that scrolls on purpose (a long title), is not an overflow.
        const style = getComputedStyle(el);
        const clips = style.overflowX === 'hidden' || style.overflowX === 'auto' || style.overflowX === 'scroll';
        const wider = !clips && el.scrollWidth > el.clientWidth + 1 && el.clientWidth > 0;
        if (box.right > width + 0.5 || wider)
          out.push(`${el.tagName.toLowerCase()}.${el.className}: right ${box.right} of ${width}`);
      }
    }
    return out;
  }, selector);
}

async function axe(chat: ChatPage): Promise<string[]> {
  await chat.page.addScriptTag({ content: fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8') });
  return chat.page.evaluate(async () => {
    const result = await (globalThis as any).axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
    });
    return result.violations.flatMap((v: any) =>
      v.nodes.map((n: any) => `${v.id}: ${n.target.join(' ')}: ${String(n.failureSummary).replace(/\s+/g, ' ')}`),
    );
  });
}

describe('subagents in the side bar (300 px)', () => {
  it('the card with its work and a waiting permission, a session message and a link fit, and pass axe', async () => {
    const chat = await openChat(browser());
    await chat.snapshot(chatWithSubagents(), [DEMO]);
    const card = chat.page.locator('.main > .transcript-frame > .transcript .entry.subagent').first();
    expect(await card.locator('.subagent-work').first().isVisible()).toBe(true);
    expect(await card.locator('.permission button').count()).toBe(3);
    expect(await chat.page.locator('.session-chip').textContent()).toBe(`Subagent: ${LONG_TITLE}`);
    expect(await overflowing(chat, '.entry.subagent, .entry.session-message, .entry.tool')).toEqual([]);
    // The controls are whole and inside the card.
    const controls = await card
      .locator(':scope > .subagent-card > .subagent-controls button:visible')
      .evaluateAll((buttons) =>
        buttons.map((b) => {
          const r = b.getBoundingClientRect();
          const c = b.closest('.subagent-card')!.getBoundingClientRect();
          return { label: b.textContent, inside: r.left >= c.left && r.right <= c.right + 0.5 };
        }),
      );
    expect(controls).toEqual([
      { label: 'Hide work', inside: true },
      { label: 'Open', inside: true },
      { label: 'Stop', inside: true },
    ]);
    // The title keeps one line (cut with "…"), its state beside it whole.
    const header = await card.locator(':scope > .subagent-card > .subagent-header').evaluate((el) => {
      const title = el.querySelector('.subagent-title')!.getBoundingClientRect();
      const state = el.querySelector('.subagent-state') as HTMLElement;
      return { titleHeight: title.height, stateWhole: state.scrollWidth <= state.clientWidth + 1 };
    });
    expect(header.titleHeight).toBeLessThan(24);
    expect(header.stateWhole).toBe(true);
    // Shown work: the card's own description whole; a folded card inside it keeps its one line.
    const heights = await card
      .locator('.subagent-description')
      .evaluateAll((els) => els.map((el) => el.getBoundingClientRect().height));
    expect(heights[0]).toBeGreaterThan(40); // three lines and more
    expect(heights[1]).toBeLessThan(24);
    await card.evaluate((el) => el.scrollIntoView());
    await chat.page.screenshot({ path: '/tmp/subagents-card-300.png' });
    expect(await axe(chat)).toEqual([]);
    await chat.close();
  }, 30_000);

  it('the bar over a nested subagent shown on its own fits, with its path, state and Stop, and passes axe', async () => {
    const chat = await openChat(browser());
    await chat.snapshot(chatWithSubagents(), [DEMO]);
    await chat.page.locator('.main > .transcript-frame > .transcript .subagent-open').first().click({ timeout: 5_000 });
    await chat.page.locator('.subagent-transcript .entry.subagent .subagent-open').first().click({ timeout: 5_000 });
    await chat.frames();
    const bar = chat.page.locator('.subagent-bar');
    expect(await bar.isVisible()).toBe(true);
    expect(await bar.locator('.subagent-crumbs > li').count()).toBe(3);
    expect(await overflowing(chat, '.subagent-bar, .subagent-note')).toEqual([]);
    const parts = await bar.evaluate((nav) => {
      const right = nav.getBoundingClientRect().right;
      return Array.from(nav.querySelectorAll<HTMLElement>('.subagent-crumb, .subagent-heading, .subagent-stop'))
        .filter((el) => el.getBoundingClientRect().width > 0)
        .map((el) => ({ text: el.textContent, inside: el.getBoundingClientRect().right <= right + 0.5 }));
    });
    expect(parts.map((p) => p.inside)).toEqual(parts.map(() => true));
    expect(parts.map((p) => p.text)).toEqual([
      '←Refactor the configuration parser and its callers',
      `Subagent: ${LONG_TITLE}`,
      'Subagent: Check the parser tests for every environment variable',
      'Stop',
    ]);
    expect(await chat.page.locator('.composer').isVisible()).toBe(false);
    await chat.page.screenshot({ path: '/tmp/subagents-view-300.png' });
    expect(await axe(chat)).toEqual([]);
    await chat.close();
  }, 30_000);
});
