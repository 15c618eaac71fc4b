// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import type { TerminalView } from '../../../src/shared/thread';
import type { WebviewToHost } from '../../../src/shared/messages';
import { stripAnsi } from '../../../webview/terminal/screen';
import { statusOf, TerminalViews } from '../../../webview/terminal/views';

const running: TerminalView = {
  terminalId: 't1',
  commandLine: 'npm test',
  cwd: '/w',
  mode: 'pty',
  status: 'running',
  exitStatus: null,
  stoppedBy: null,
  released: false,
};

describe('terminal card widget', () => {
  it('shows output, the command, Stop and Open in Terminal, and posts them', () => {
    const posted: WebviewToHost[] = [];
    const views = new TerminalViews((m) => posted.push(m));
    const el = views.element('t1');
    document.body.appendChild(el);
    views.describe({ t1: running });
    views.receive({
      type: 'terminalOutput',
      terminalId: 't1',
      data: '\x1b[32mok\x1b[0m 10%\r100%\r\n',
      replace: false,
    });
    expect(views.text('t1')).toBe('100%\n');
    expect(el.querySelector('.terminal-command')!.textContent).toBe('$ npm test');
    (el.querySelector('.terminal-stop') as HTMLButtonElement).click();
    (el.querySelector('.terminal-open') as HTMLButtonElement).click();
    expect(posted).toEqual([
      { type: 'stopTerminal', terminalId: 't1' },
      { type: 'openTerminal', terminalId: 't1' },
    ]);
    views.receive({ type: 'terminalOutput', terminalId: 't1', data: 'replayed', replace: true });
    expect(views.text('t1')).toBe('replayed');
    views.describe({
      t1: {
        ...running,
        status: 'exited',
        exitStatus: { exitCode: null, signal: 'SIGTERM' },
        stoppedBy: 'user',
        released: true,
      },
    });
    expect(el.querySelector('.terminal-status')!.textContent).toBe('Stopped by you (SIGTERM)');
    expect((el.querySelector('.terminal-stop') as HTMLButtonElement).hidden).toBe(true);
    expect((el.querySelector('.terminal-open') as HTMLButtonElement).hidden).toBe(true);
    expect(el.dataset.stoppedBy).toBe('user');
  });

  it('tells who stopped a command apart from how it ended', () => {
    const exited = (exitCode: number | null, signal: string | null, stoppedBy: TerminalView['stoppedBy']) =>
      statusOf({ ...running, status: 'exited', exitStatus: { exitCode, signal }, stoppedBy }).label;
    expect(exited(0, null, null)).toBe('Exited 0');
    expect(exited(2, null, null)).toBe('Failed: exit code 2');
    expect(exited(null, 'SIGKILL', 'agent')).toBe('Killed by the agent (SIGKILL)');
    expect(exited(null, 'SIGTERM', 'user')).toBe('Stopped by you (SIGTERM)');
    expect(exited(null, 'SIGSEGV', null)).toBe('Ended by SIGSEGV');
  });

  it('strips escape sequences for the plain fallback', () => {
    expect(stripAnsi('\x1b[1;31mred\x1b[0m\r\nline 1\rline 2\n')).toBe('red\nline 2\n');
  });
});
