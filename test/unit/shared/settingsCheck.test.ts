// The typed settings reader over a source shaped like VS Code's configuration: `get` merges the workspace's value
// over the user's over the declared default, `userValue` is the user's own (inspect().globalValue). What applies
// for each kind of wrong value, and that a user-only setting never takes a workspace's value.
import { describe, expect, it } from 'vitest';
import { checkSetting, readSetting, settingProblems, type SettingsSource } from '../../../src/shared/settingsCheck';
import { SETTING_KEYS, SETTINGS, settingDefault } from '../../../src/shared/settingsTable';

/** VS Code's layers for the switchboard section: the declared defaults, then the user's, then the workspace's. */
function layered(user: Record<string, unknown> = {}, workspace: Record<string, unknown> = {}): SettingsSource {
  const defaults: Record<string, unknown> = Object.fromEntries(SETTING_KEYS.map((key) => [key, SETTINGS[key].default]));
  return {
    get: (key) => workspace[key] ?? user[key] ?? defaults[key],
    userValue: (key) => user[key],
  };
}

describe('the settings reader', () => {
  it('reads every default when nothing is set, with no problem', () => {
    const source = layered();
    for (const key of SETTING_KEYS) expect(readSetting(source, key)).toEqual({ value: SETTINGS[key].default });
    expect(settingProblems(source)).toEqual([]);
    expect(settingDefault('maxMessageSizeMiB')).toBe(64);
    expect(settingDefault('initializeTimeoutSeconds')).toBe(30);
  });

  it('takes a value in bounds as written', () => {
    expect(checkSetting('maxMessageSizeMiB', 128)).toEqual({ value: 128 });
    expect(checkSetting('fs.maxReadMiB', 1)).toEqual({ value: 1 });
    expect(checkSetting('fs.maxReadMiB', 1024)).toEqual({ value: 1024 });
    expect(checkSetting('followAgent', 'focus')).toEqual({ value: 'focus' });
    expect(checkSetting('notifyWhenUnfocused', false)).toEqual({ value: false });
    expect(checkSetting('defaultAgent', '')).toEqual({ value: '' });
  });

  it('gives a number out of bounds the nearest bound, and says so', () => {
    const above = checkSetting('maxMessageSizeMiB', 1_000_000);
    expect(above.value).toBe(1024);
    expect(above.problem).toBe(
      'switchboard.maxMessageSizeMiB is 1000000, but it takes a whole number from 1 to 1024; 1024 applies.',
    );
    expect(checkSetting('initializeTimeoutSeconds', 0)).toMatchObject({ value: 1, problem: expect.any(String) });
    expect(checkSetting('fs.maxReadMiB', -5)).toMatchObject({ value: 1, problem: expect.stringContaining('-5') });
    expect(checkSetting('checkpoints.maxDiskMiB', 1e9).value).toBe(102_400);
  });

  it('gives a fraction the nearest whole number, and says so', () => {
    expect(checkSetting('fs.maxReadMiB', 2.5)).toMatchObject({ value: 3, problem: expect.stringContaining('2.5') });
    expect(checkSetting('review.maxMiBPerTurn', 0.2)).toMatchObject({ value: 1, problem: expect.any(String) });
  });

  it('gives a value of the wrong type the default, and says so', () => {
    expect(checkSetting('maxMessageSizeMiB', '2')).toEqual({
      value: 64,
      problem: 'switchboard.maxMessageSizeMiB must be a whole number, not "2"; its default, 64, applies.',
    });
    expect(checkSetting('fs.maxReadMiB', null)).toMatchObject({ value: 50, problem: expect.stringContaining('null') });
    expect(checkSetting('discoverAgentsOnPath', 'no')).toEqual({
      value: true,
      problem: 'switchboard.discoverAgentsOnPath must be true or false, not "no"; its default, true, applies.',
    });
    expect(checkSetting('defaultAgent', 7)).toMatchObject({ value: '', problem: expect.stringContaining('text') });
    expect(checkSetting('fs.readOutsideWorkspace', 'ALLOW')).toEqual({
      value: 'ask',
      problem:
        'switchboard.fs.readOutsideWorkspace is "ALLOW", which is not one of "ask", "allow", "deny"; its default, "ask", applies.',
    });
    expect(checkSetting('registry.updates', 'always')).toMatchObject({ value: 'notify' });
  });

  it('quotes a long wrong value cut short', () => {
    const problem = checkSetting('followAgent', 'x'.repeat(10_000)).problem ?? '';
    expect(problem.length).toBeLessThan(200);
    expect(problem).toContain('…');
  });

  it('cuts the spaces around an address, and a blank one is the default', () => {
    expect(checkSetting('registry.url', '  https://mirror.example/registry.json ')).toEqual({
      value: 'https://mirror.example/registry.json',
    });
    expect(checkSetting('registry.url', '   ')).toEqual({ value: SETTINGS['registry.url'].default });
    expect(checkSetting('registry.nodeDistUrl', '')).toEqual({ value: 'https://nodejs.org/dist' });
  });

  it('passes a setting with its own shape on as it is: its parser checks it', () => {
    const agents = { gemini: { command: 'gemini' }, bad: 5 };
    expect(checkSetting('agents', agents)).toEqual({ value: agents });
    expect(checkSetting('mcpServers', ['not', 'an', 'object'])).toEqual({ value: ['not', 'an', 'object'] });
  });

  it("reads a user-only setting from the user's own settings: a workspace's value never applies", () => {
    const repository = {
      maxMessageSizeMiB: 1_000_000,
      'experimental.fork': true,
      'fs.readOutsideWorkspace': 'allow',
      discoverAgentsOnPath: false,
      'review.maxFilesPerTurn': 'lots',
    };
    const source = layered({}, repository);
    expect(readSetting(source, 'maxMessageSizeMiB').value).toBe(64);
    expect(readSetting(source, 'experimental.fork').value).toBe(false);
    expect(readSetting(source, 'fs.readOutsideWorkspace').value).toBe('ask');
    expect(readSetting(source, 'discoverAgentsOnPath').value).toBe(true);
    // Not applied, so nothing to warn about (VS Code marks it in that settings.json as not applied).
    expect(settingProblems(source)).toEqual([]);

    const own = layered({ maxMessageSizeMiB: 128, 'experimental.fork': true }, repository);
    expect(readSetting(own, 'maxMessageSizeMiB').value).toBe(128);
    expect(readSetting(own, 'experimental.fork').value).toBe(true);
  });

  it("reads the other settings as VS Code merges them: the workspace's value over the user's", () => {
    const source = layered({ followAgent: 'reveal' }, { followAgent: 'focus', 'registry.updates': 'sometimes' });
    expect(readSetting(source, 'followAgent').value).toBe('focus');
    expect(readSetting(source, 'registry.updates').value).toBe('notify');
    expect(settingProblems(source)).toEqual([expect.stringContaining('switchboard.registry.updates is "sometimes"')]);
  });

  it('lists one problem for each setting that does not apply as written', () => {
    const source = layered({ maxMessageSizeMiB: 0, 'fs.maxReadMiB': 'big', subagents: 'on', followAgent: 'reveal' });
    expect(settingProblems(source)).toEqual([
      expect.stringMatching(/^switchboard\.maxMessageSizeMiB is 0/),
      expect.stringMatching(/^switchboard\.fs\.maxReadMiB must be a whole number/),
      expect.stringMatching(/^switchboard\.subagents must be true or false/),
    ]);
  });
});
