// @vitest-environment jsdom
// Invisible and direction-changing characters show as ⟨U+202E⟩ (visibleText.ts) in the places they
// once showed raw: the rows of a diff (plain and highlighted), an elicitation form,
// and the file an "Apply" button names. What is sent back (the path to apply) stays as it was.
import type * as acp from '@agentclientprotocol/sdk';
import { describe, expect, it } from 'vitest';
import { elicitationForm } from '../../../src/shared/elicitation';
import { agentChunk, mount, READY, thread, update } from './helpers';

const RLO = '\u202E';
const HIDDEN = /[\u202E\u2066\u200B\u200F\u0007]/;

function diffTool(path: string, oldText: string, newText: string) {
  return update({
    sessionUpdate: 'tool_call',
    toolCallId: 'edit-1',
    title: 'Edit',
    kind: 'edit',
    status: 'completed',
    content: [{ type: 'diff', path, oldText, newText }],
  } as acp.SessionUpdate);
}

describe('invisible characters are shown', () => {
  it('in diff rows, highlighted or not, tabs kept', () => {
    for (const path of ['/w/access.ts', '/w/notes.unknownext']) {
      const m = mount();
      const line = `if (isAdmin) {\t// ${RLO} } ${'\u2066'}if (isUser)${'\u2069'}\u200B`;
      m.snapshot(thread([...READY, diffTool(path, 'a\n', `${line}\n`)]));
      const added = m.$('.diff .line.add .line-text');
      expect(added.textContent, path).toBe('if (isAdmin) {\t// ⟨U+202E⟩ } ⟨U+2066⟩if (isUser)⟨U+2069⟩⟨U+200B⟩');
      expect(m.$('.diff').textContent, path).not.toMatch(HIDDEN);
    }
  });

  it('in an elicitation form: its title, message, field titles, descriptions and option labels', () => {
    const m = mount();
    m.snapshot(thread());
    const request = {
      sessionId: 's1',
      mode: 'form',
      message: `Deploy to prod${RLO}?\nReally?`,
      requestedSchema: {
        type: 'object',
        title: `Deploy${RLO}`,
        properties: {
          name: { type: 'string', title: `Name\u200B`, description: `Who${'\u2066'}` },
          region: {
            type: 'string',
            title: 'Region',
            oneOf: [{ const: 'eu', title: `Europe\u200F` }],
          },
          tags: { type: 'array', title: 'Tags', items: { type: 'string', enum: ['a\u0007'] } },
        },
      },
    } as acp.CreateElicitationRequest;
    m.act({ type: 'elicitationRequested', elicitationId: 'e-1', form: elicitationForm(request) });
    const card = m.$('.entry.elicitation');
    expect(card.querySelector('.elicitation-title')?.textContent).toBe('Deploy⟨U+202E⟩');
    expect(card.getAttribute('aria-label')).toBe('Deploy⟨U+202E⟩');
    expect(card.querySelector('.elicitation-message')?.textContent).toBe('Deploy to prod⟨U+202E⟩?\nReally?');
    expect(card.querySelector('label')?.textContent).toBe('Name⟨U+200B⟩');
    expect(card.querySelector('.elicitation-description')?.textContent).toBe('Who⟨U+2066⟩');
    expect(card.querySelector('select option:nth-child(2)')?.textContent).toBe('Europe⟨U+200F⟩');
    expect(card.querySelector('.elicitation-choices label')?.textContent).toBe('a⟨U+0007⟩');
    expect(card.textContent).not.toMatch(HIDDEN);
    // The value sent back is the agent's own.
    expect((card.querySelector('select option:nth-child(2)') as HTMLOptionElement).value).toBe('eu');
  });

  it("in the file an Apply button names; the path applied is the agent's", () => {
    const m = mount();
    m.snapshot(thread([...READY, agentChunk(`\`\`\`ts src/${RLO}txt.exe\nexport {};\n\`\`\`\n`)]));
    expect(m.$('.code-file').textContent).toBe('src/⟨U+202E⟩txt.exe');
    const apply = m.$('button.apply-code');
    expect(apply.getAttribute('aria-label')).toBe('Apply to src/⟨U+202E⟩txt.exe');
    expect(apply.title).toBe('Apply to src/⟨U+202E⟩txt.exe');
    apply.click();
    expect(m.posted).toMatchObject([{ type: 'applyCode', path: `src/${RLO}txt.exe` }]);
  });
});
