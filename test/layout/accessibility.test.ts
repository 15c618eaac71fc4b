// axe-core (WCAG 2.1 A and AA, and its best practices) over the chat after a turn like the Demo agent's, at the
// side bar's width in real chromium (colour contrast needs real layout and colours).
import * as fs from 'node:fs';
import { expect, it } from 'vitest';
import { openChat, useBrowser } from './chatPage';
import type { ThreadAction } from '../../src/shared/actions';
import { DEMO, demoTurn, prompt, ready, thread, update } from './threads';

const browser = useBrowser();

interface Violation {
  id: string;
  impact: string;
  nodes: string[];
}

async function axeViolations(actions: ThreadAction[]): Promise<Violation[]> {
  const chat = await openChat(browser());
  await chat.snapshot(thread(actions), [DEMO]);
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
  return violations;
}

it('the chat after a Demo turn has no accessibility violation (axe-core, WCAG 2.1 AA)', async () => {
  expect(await axeViolations([...ready(), ...demoTurn()])).toEqual([]);
}, 30_000);

it('a permission request whose options the agent named has none either (the names readable, each button named as shown)', async () => {
  const permission: ThreadAction = {
    type: 'permissionRequested',
    permissionId: 'p1',
    toolCall: { toolCallId: 'run-tests', title: 'npm test', kind: 'execute', status: 'pending' },
    options: [
      { optionId: 'always', name: 'Always allow npm test in this project', kind: 'allow_always' },
      { optionId: 'once', name: 'Allow once', kind: 'allow_once' },
      { optionId: 'no', name: 'Reject and tell the agent why', kind: 'reject_once' },
    ],
  };
  expect(await axeViolations([...ready(), prompt('run the tests'), permission])).toEqual([]);
}, 30_000);

it('a long list, its items in groups for layout, is one well-formed list (axe-core: lists and list items)', async () => {
  const list = Array.from({ length: 40 }, (_, i) => `${i + 1}. step ${i + 1}`).join('\n');
  const bullets = Array.from({ length: 35 }, (_, i) => `- [${i % 2 ? 'x' : ' '}] task ${i + 1}`).join('\n');
  const answer: ThreadAction = update({
    sessionUpdate: 'agent_message_chunk',
    content: { type: 'text', text: `The plan:\n\n${list}\n\nAnd the tasks:\n\n${bullets}\n` },
  });
  expect(await axeViolations([...ready(), prompt('plan it'), answer])).toEqual([]);
}, 30_000);
