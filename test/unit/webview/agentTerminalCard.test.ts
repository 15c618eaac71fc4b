// @vitest-environment jsdom
// A command the agent runs itself (codex-acp 2.6), from the exact updates the real agent sent: the card
// shows its output as it streams and its exit, and no control that would act on a process Switchboard
// did not start (no Stop, no Open in Terminal).
import { describe, expect, it } from 'vitest';
import type { ThreadAction } from '../../../src/shared/actions';
import { decodeJournal } from '../../../src/session/journal/journalDecode';
import { fullJournal, JOURNAL_VERSION } from '../../../src/session/journal/journalFormat';
import { createThreadState } from '../../../src/shared/thread';
import { recordedStopReason, recordedUpdates } from '../../fixtures/recordedTraffic';
import { mount, READY, thread, update, type Mounted } from './helpers';
import { TerminalViews } from '../../../webview/terminal/views';
import type { AgentTerminalView } from '../../../src/shared/thread';

const PROMPT: ThreadAction = { type: 'promptSent', prompt: [{ type: 'text', text: 'go' }] };
const TURN_END: ThreadAction = { type: 'turnEnded', stopReason: 'end_turn' };
const DEMO = { id: 'demo', displayName: 'Demo Agent', isDemo: true };

function recorded(name: string): ThreadAction[] {
  return recordedUpdates(name).map(({ update: u }) => update(u));
}

/** The card's terminal mounts in the animation frame after it enters the document (xterm needs it connected). */
const mounted = () =>
  new Promise((resolve) =>
    typeof requestAnimationFrame === 'function'
      ? requestAnimationFrame(() => setTimeout(resolve, 0))
      : setTimeout(resolve, 0),
  );

function terminalOf(m: Mounted) {
  const view = m.$('.entry.tool .terminal-view');
  return {
    view,
    status: () => view.querySelector('.terminal-status')!.textContent,
    screen: () => view.querySelector('.terminal-screen')!.textContent,
    buttons: () => Array.from(view.querySelectorAll('button')).filter((b) => !b.hidden),
  };
}

describe('a terminal the agent runs itself', () => {
  it('streams its output, then shows how it ended, with no control over the process', async () => {
    const m = mount();
    m.snapshot(thread([...READY, PROMPT]));
    const [call, ...rest] = recorded('codex-acp-2.6-colours').filter(
      (a) => a.type === 'sessionUpdate' && a.update.sessionUpdate.startsWith('tool_call'),
    );
    m.act(call!);
    await mounted();
    const terminal = terminalOf(m);
    expect(terminal.view.dataset.owner).toBe('agent');
    expect(terminal.status()).toBe('Running…');
    expect(terminal.view.textContent).toContain('Run by the agent');
    expect(terminal.buttons()).toEqual([]);
    m.act(rest[0]!);
    expect(terminal.screen()).toBe('second line\n');
    m.act(...rest.slice(1));
    expect(terminal.screen()).toBe('second line\nlast\n');
    expect(terminal.status()).toBe('Failed: exit code 3');
    expect(terminal.view.dataset.state).toBe('failed');
    expect(terminal.buttons()).toEqual([]);
    expect(m.posted.filter((p) => p.type === 'stopTerminal' || p.type === 'openTerminal')).toEqual([]);
  });

  it('a command that succeeded says so', async () => {
    const m = mount();
    m.snapshot(thread([...READY, PROMPT, ...recorded('codex-acp-2.6-shell')]));
    await mounted();
    const terminal = terminalOf(m);
    expect(terminal.screen()).toBe('acp-shell-ok\n');
    expect(terminal.status()).toBe('Exited 0');
    expect(terminal.view.dataset.state).toBe('succeeded');
  });

  it('after a turn that ended without an exit: ended, status unknown, never a live Stop', async () => {
    const name = 'codex-acp-2.6-cancel';
    const m = mount();
    m.snapshot(thread([...READY, PROMPT, ...recorded(name)]));
    await mounted();
    const terminal = terminalOf(m);
    expect(terminal.status()).toBe('Running…');
    m.act({ type: 'cancelRequested' }, { type: 'turnEnded', stopReason: recordedStopReason(name) });
    expect(terminal.status()).toBe('Exit status unknown');
    expect(terminal.view.dataset.state).toBe('unknown');
    expect(terminal.screen()).toBe('still waiting\n');
    expect(terminal.buttons()).toEqual([]);
  });

  it('replays its output from the journal after a reload (no host replay)', async () => {
    const ended = thread([...READY, PROMPT, ...recorded('codex-acp-2.6-colours'), TURN_END]);
    const header = { v: JOURNAL_VERSION, threadId: 't1', agent: DEMO, created: 0 };
    const reloaded = () => decodeJournal(fullJournal(header, ended))!.state;
    const m = mount();
    m.snapshot(reloaded());
    await mounted();
    const terminal = terminalOf(m);
    expect(terminal.screen()).toBe('second line\nlast\n');
    expect(terminal.status()).toBe('Failed: exit code 3');
    expect(terminal.buttons()).toEqual([]);
    // Another chat, then this one again: its widget is made anew and replays again.
    m.snapshot(createThreadState({ agentId: 'demo', threadId: 't2' }, DEMO));
    expect(m.$$('.terminal-view')).toEqual([]);
    m.snapshot(reloaded());
    await mounted();
    expect(terminalOf(m).screen()).toBe('second line\nlast\n');
  });

  it('takes the place of a widget made before the agent named the terminal, and ignores host output for it', () => {
    const views = new TerminalViews();
    const placed = views.element('x');
    document.body.replaceChildren(placed);
    expect(placed.querySelectorAll('button')).toHaveLength(2); // ours: Stop, Open in Terminal
    const view: AgentTerminalView = {
      terminalId: 'x',
      cwd: '/w',
      output: 'out\n',
      received: 4,
      status: 'running',
      exitStatus: null,
    };
    views.describeAgent([view]);
    const card = document.body.querySelector<HTMLElement>('.terminal-view')!;
    expect(card.dataset.owner).toBe('agent');
    expect(card.querySelectorAll('button')).toHaveLength(0);
    expect(views.text('x')).toBe('out\n');
    views.receive({ type: 'terminalOutput', terminalId: 'x', data: 'forged', replace: true });
    expect(views.text('x')).toBe('out\n');
    // Output dropped at the head while the card was not looking: the kept tail replaces what it shows.
    views.describeAgent([{ ...view, output: 'tail\n', received: 1000 }]);
    expect(views.text('x')).toBe('tail\n');
    views.describeAgent([{ ...view, output: 'tail\nmore\n', received: 1005 }]);
    expect(views.text('x')).toBe('tail\nmore\n');
  });
});
