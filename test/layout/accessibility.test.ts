// axe-core (WCAG 2.1 A and AA, and its best practices) over the chat after a turn like the Demo agent's, at the
// side bar's width in real chromium (colour contrast needs real layout and colours).
import * as fs from 'node:fs';
import { expect, it } from 'vitest';
import { openChat, useBrowser } from './chatPage';
import { DEMO, demoTurn, ready, thread } from './threads';

const browser = useBrowser();

interface Violation {
  id: string;
  impact: string;
  nodes: string[];
}

it('the chat after a Demo turn has no accessibility violation (axe-core, WCAG 2.1 AA)', async () => {
  const chat = await openChat(browser());
  await chat.snapshot(thread([...ready(), ...demoTurn()]), [DEMO]);
  await chat.page.addScriptTag({ content: fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8') });
  const violations: Violation[] = await chat.page.evaluate(async () => {
    const axe = (globalThis as any).axe;
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
    });
    return result.violations.map((v: any) => ({
      id: v.id,
      impact: v.impact,
      nodes: v.nodes.map((n: any) => `${n.target.join(' ')}: ${String(n.failureSummary).replace(/\s+/g, ' ')}`),
    }));
  });
  expect(violations).toEqual([]);
}, 30_000);
