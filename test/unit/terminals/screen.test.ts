import { describe, expect, it, vi } from 'vitest';
import { HeadlessScreen } from '../../../src/terminals/screen';

async function render(data: string | string[], options = { byteLimit: 1 << 20, convertEol: false }) {
  const screen = new HeadlessScreen(options);
  for (const chunk of Array.isArray(data) ? data : [data]) screen.write(chunk);
  await screen.flush();
  const result = screen.text();
  const stats = screen.stats();
  screen.dispose();
  return { ...result, stats };
}

describe('HeadlessScreen', () => {
  it('shows a \\r progress bar as its last state', async () => {
    const { text } = await render(['Downloading  10%', '\rDownloading  55%', '\rDownloading 100%\r\n', 'done\r\n']);
    expect(text).toBe('Downloading 100%\ndone\n');
  });

  it('drops colour codes and keeps the text', async () => {
    const { text } = await render('\x1b[1;31merror\x1b[0m: \x1b[38;5;208mwarning\x1b[0m \x1b[38;2;1;2;3mrgb\x1b[m\r\n');
    expect(text).toBe('error: warning rgb\n');
  });

  it('applies cursor moves and erase-line like a terminal', async () => {
    const { text } = await render('step 1\r\nstep 2\r\n\x1b[1A\x1b[2Kstep 2 ok\r\n');
    expect(text).toBe('step 1\nstep 2 ok\n');
  });

  it('joins long lines the screen wrapped', async () => {
    const long = 'y'.repeat(300);
    const { text } = await render(`${long}\r\nend`);
    expect(text).toBe(`${long}\nend`);
  });

  it('treats a bare LF as a new line for pipes (convertEol)', async () => {
    const { text } = await render('a\nb\n', { byteLimit: 1000, convertEol: true });
    expect(text).toBe('a\nb\n');
  });

  it('moves scrolled-off lines to bounded text, keeping the newest and a bounded buffer', async () => {
    const lines = Array.from({ length: 10_000 }, (_, i) => `line ${i}\r\n`);
    const { text, linesLost, stats } = await render(lines, { byteLimit: 2000, convertEol: false });
    expect(text.endsWith('line 9999\n')).toBe(true);
    expect(text).not.toContain('line 10\n');
    expect(stats.finishedBytes).toBeLessThanOrEqual(2000);
    expect(stats.bufferLines).toBeLessThanOrEqual(stats.maxBufferLines);
    expect(linesLost).toBe(true);
    // Every line between the cut and the end is there, in order.
    const numbers = text
      .trim()
      .split('\n')
      .slice(1)
      .map((line) => Number(line.split(' ')[1]));
    numbers.forEach((n, i) => i > 0 && expect(n).toBe(numbers[i - 1]! + 1));
  });

  it('keeps every line of one huge write of short lines (harvested slice by slice, within a small scrollback)', async () => {
    const data = Array.from({ length: 6000 }, (_, i) => `line ${String(i).padStart(4, '0')}\r\n`).join('');
    const { text, linesLost, stats } = await render(data);
    expect(linesLost).toBe(false);
    expect(text.split('\n')).toHaveLength(6001);
    expect(text.startsWith('line 0000\nline 0001\n')).toBe(true);
    expect(text.endsWith('line 5999\n')).toBe(true);
    expect(stats.maxBufferLines).toBeLessThanOrEqual(600);
  });
});

describe('HeadlessScreen disposed while it still parses', () => {
  it('touches nothing of the disposed terminal when the pending writes finish (xterm would log a leak)', async () => {
    const errors: unknown[] = [];
    const spies = (['error', 'warn', 'log'] as const).map((level) =>
      vi.spyOn(console, level).mockImplementation((...args: unknown[]) => void errors.push(args)),
    );
    try {
      const screen = new HeadlessScreen({ byteLimit: 1 << 20, convertEol: true });
      screen.write('line\n'.repeat(50_000));
      screen.dispose();
      await new Promise((resolve) => setTimeout(resolve, 100));
    } finally {
      for (const spy of spies) spy.mockRestore();
    }
    expect(errors).toEqual([]);
  });
});
