// @vitest-environment jsdom
// The chat shows an agent's notices in place, styled by severity and never as its answer, and a compaction as a
// marker whose summary is folded away until opened; what the agent wrote in either is shown as text the user can
// read exactly (no markup runs, no hidden characters).
import { describe, expect, it } from 'vitest';
import { agentChunk, mount, READY, thread, update } from './helpers';

const RLO = '\u202E';
const notice = (severity: string, title: string, description?: string) =>
  update({ sessionUpdate: 'notice', severity, title, ...(description ? { description } : {}) });
const compaction = (status: string, fields: Record<string, unknown> = {}) =>
  update({ sessionUpdate: 'compaction_update', compactionId: 'c1', status, ...fields } as never);
const summaryChunk = (text: string) =>
  update({ sessionUpdate: 'compaction_summary_chunk', compactionId: 'c1', content: { type: 'text', text } });

describe('agent notices', () => {
  it('each shows in place with its severity, apart from the agent message around it', () => {
    const m = mount();
    m.snapshot(thread(READY));
    m.act(
      agentChunk('Looking ', 'm1'),
      notice('warning', 'MCP server "broken" failed to start', 'Its tools are unavailable.'),
      notice('error', 'Quota exceeded'),
      notice('info', 'Model rerouted'),
      notice('_vendor', 'Something else'),
      agentChunk('now.', 'm1'),
    );
    const notices = m.$$('.entry.agent-notice');
    expect(notices.map((el) => el.dataset.severity)).toEqual(['warning', 'error', 'info', 'other']);
    expect(notices.map((el) => el.querySelector('.agent-notice-severity')!.textContent)).toEqual([
      'Warning',
      'Error',
      'Info',
      'Notice',
    ]);
    expect(notices[0]!.querySelector('.agent-notice-title')!.textContent).toBe('MCP server "broken" failed to start');
    expect(notices[0]!.querySelector('.agent-notice-description')!.textContent).toBe('Its tools are unavailable.');
    expect(notices[1]!.querySelector('.agent-notice-description')).toBeNull();
    expect(m.$$('.entry.agent')).toHaveLength(1);
    expect(m.$('.entry.agent').textContent).toContain('Looking now.');
    expect(m.$('.entry.agent').textContent).not.toContain('MCP server');
  });

  it('the agent text in a notice is plain text: no markup, direction overrides shown', () => {
    const m = mount();
    m.snapshot(thread(READY));
    m.act(notice('warning', `**bold** <img src=x onerror=alert(1)> txt.exe${RLO}`, 'line one\nline <b>two</b>'));
    const el = m.$('.entry.agent-notice');
    expect(el.querySelector('img, b, strong')).toBeNull();
    expect(el.querySelector('.agent-notice-title')!.textContent).toBe(
      '**bold** <img src=x onerror=alert(1)> txt.exe⟨U+202E⟩',
    );
    expect(el.querySelector('.agent-notice-description')!.textContent).toBe('line one\nline <b>two</b>');
  });
});

describe('compaction marker', () => {
  it('shows the compaction in progress, then its streamed summary folded away until opened', () => {
    const m = mount();
    m.snapshot(thread(READY));
    m.act(
      agentChunk('Before.', 'm1'),
      compaction('in_progress'),
      summaryChunk('## Retained\n\n'),
      summaryChunk('- the **plan**'),
    );
    const marker = m.$('.entry.compaction');
    expect(marker.dataset.status).toBe('in_progress');
    expect(marker.querySelector('.compaction-title')!.textContent).toBe('Compacting the context…');
    const details = marker.querySelector('details')!;
    expect(details.open).toBe(false);
    expect(details.querySelector('h2')!.textContent).toBe('Retained');
    expect(details.querySelector('li strong')!.textContent).toBe('plan');
    details.open = true;
    m.act(compaction('completed'));
    expect(marker.dataset.status).toBe('completed');
    expect(marker.querySelector('.compaction-title')!.textContent).toBe('Context compacted');
    expect((m.$('.entry.compaction details') as HTMLDetailsElement).open).toBe(true); // the user's opening survives the update
    expect(m.$('.entry.agent').textContent).toContain('Before.'); // what came before stays
  });

  it('a failed compaction says why; one without a summary is its line alone; the summary markdown is sanitised', () => {
    const m = mount();
    m.snapshot(thread(READY));
    m.act(
      compaction('failed', { error: `context too large${RLO}` }),
      update({ sessionUpdate: 'compaction_update', compactionId: 'c2', status: 'completed' }),
      update({
        sessionUpdate: 'compaction_update',
        compactionId: 'c3',
        status: 'completed',
        summary: [{ type: 'text', text: 'ok <img src=x onerror=alert(1)><script>alert(2)</script>' }],
      }),
      update({ sessionUpdate: 'compaction_update', compactionId: 'c4', status: '_vendor_paused' }),
    );
    const [failed, empty, sanitised, unknown] = m.$$('.entry.compaction');
    expect(failed!.querySelector('.compaction-title')!.textContent).toBe('Context compaction failed');
    expect(failed!.querySelector('.compaction-error')!.textContent).toBe('context too large⟨U+202E⟩');
    expect(empty!.querySelector('details')).toBeNull();
    expect(sanitised!.querySelector('script, [onerror]')).toBeNull();
    expect(unknown!.querySelector('.compaction-title')!.textContent).toBe('Context compaction: _vendor_paused');
  });
});
