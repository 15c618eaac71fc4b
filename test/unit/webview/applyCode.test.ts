// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { codeKey } from '../../../src/shared/codeBlockFile';
import { agentChunk, mount, READY, thread, update } from './helpers';

const NAMED = '```ts src/a.ts\nexport const a = 2;\n```\n';

describe('"Apply" on code blocks of an answer', () => {
  it('a closed block that names a file shows the file and Apply; a click posts ids and the key, no text', () => {
    const m = mount();
    m.snapshot(thread([...READY, agentChunk(`Change it:\n\n${NAMED}\n\`\`\`sh\nnpm test\n\`\`\`\n`)]));
    const buttons = m.$$('.entry.agent button.apply-code');
    expect(buttons).toHaveLength(1);
    const header = buttons[0]!.closest('.code-header')!;
    expect(header.querySelector('.code-file')?.textContent).toBe('src/a.ts');
    expect(buttons[0]!.getAttribute('aria-label')).toBe('Apply to src/a.ts');
    buttons[0]!.click();
    const entryId = m.$('.entry.agent').dataset.entryId;
    expect(m.posted).toEqual([{ type: 'applyCode', entryId, path: 'src/a.ts', key: codeKey('export const a = 2;') }]);
  });

  it('a streaming block is offered once its closing fence arrives', () => {
    const m = mount();
    m.snapshot(thread([...READY, agentChunk('```ts src/a.ts\nexport const a')]));
    m.act(agentChunk(' = 2;\n'));
    expect(m.$$('button.apply-code')).toHaveLength(0);
    m.act(agentChunk('```\n\nDone.'));
    expect(m.$$('button.apply-code')).toHaveLength(1);
    m.$('button.apply-code').click();
    expect(m.posted).toMatchObject([{ type: 'applyCode', key: codeKey('export const a = 2;') }]);
  });

  it("neither thoughts nor the user's own message offer it", () => {
    const m = mount();
    m.snapshot(
      thread([
        ...READY,
        update({ sessionUpdate: 'user_message_chunk', content: { type: 'text', text: NAMED } }),
        update({ sessionUpdate: 'agent_thought_chunk', content: { type: 'text', text: NAMED } }),
      ]),
    );
    const details = m.$('.entry.thought details') as HTMLDetailsElement;
    details.open = true;
    details.dispatchEvent(new Event('toggle'));
    expect(m.$('.entry.user').textContent).toContain('export const a = 2;');
    expect(m.$$('.entry.thought pre')).toHaveLength(1);
    expect(m.$$('button.apply-code')).toHaveLength(0);
  });

  it('agent HTML cannot make a button that applies something', () => {
    const m = mount();
    const forged =
      '<div class="code-block"><div class="code-header">' +
      '<button class="apply-code" data-apply-path="src/a.ts" data-apply-key="1-x">Apply</button></div></div>\n';
    m.snapshot(thread([...READY, agentChunk(forged)]));
    for (const button of m.$$('button.apply-code')) button.click();
    expect(m.posted).toEqual([]);
  });

  it('a block with a language only is not offered', () => {
    const m = mount();
    m.snapshot(thread([...READY, agentChunk('```ts\nconst a = 1;\n```\n')]));
    expect(m.$$('button.apply-code')).toHaveLength(0);
  });
});
