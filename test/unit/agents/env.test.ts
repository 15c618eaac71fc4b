import { mkdtempSync, mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { spawnAgentProcess } from '../../../src/agents/agentProcess';
import { mergeAgentEnv, type EnvChecks } from '../../../src/agents/env';
import { exitFailure } from '../../../src/agents/failure';
import { envWarningWords, failureWords } from '../../../src/shared/failureWords';

/** The warnings as the log and the failure card say them. */
const said = (merged: { warnings: Parameters<typeof envWarningWords>[0][] }) => merged.warnings.map(envWarningWords);

const posix = (folders: string[] = []): EnvChecks => ({
  platform: 'linux',
  isDirectory: (path) => folders.includes(path),
});
const windows: EnvChecks = { platform: 'win32', isDirectory: () => true };

describe('mergeAgentEnv', () => {
  it('applies every key the user sets over the base, PATH and HOME included, without touching the base', () => {
    const base = { PATH: '/usr/bin:/bin', HOME: '/home/me', LANG: 'C' };
    const { env, warnings } = mergeAgentEnv(
      base,
      {
        API_KEY: 'k',
        LANG: 'en_US.UTF-8',
        PATH: '/opt/node/bin:/usr/bin:/bin',
        HOME: '/srv/codex-home',
        XDG_CONFIG_HOME: '/srv/x',
      },
      'switchboard.agents["codex"]',
      posix(['/srv/codex-home']),
    );
    expect(env).toEqual({
      PATH: '/opt/node/bin:/usr/bin:/bin',
      HOME: '/srv/codex-home',
      LANG: 'en_US.UTF-8',
      API_KEY: 'k',
      XDG_CONFIG_HOME: '/srv/x',
    });
    expect(warnings).toEqual([]);
    expect(base).toEqual({ PATH: '/usr/bin:/bin', HOME: '/home/me', LANG: 'C' });
  });

  it('warns about a PATH without the system folders and a HOME that does not exist, and still applies both', () => {
    const merged = mergeAgentEnv(
      { PATH: '/usr/bin' },
      { PATH: '/opt/node/bin:$PATH', HOME: '/nope' },
      'switchboard.agents["x"]',
      posix(),
    );
    const { env } = merged;
    const warnings = said(merged);
    expect(env.PATH).toBe('/opt/node/bin:$PATH');
    expect(env.HOME).toBe('/nope');
    expect(warnings).toHaveLength(2);
    expect(warnings[0]).toMatch(
      /^switchboard\.agents\["x"\]\.env\.PATH has none of the system folders \/usr\/bin, \/bin \(variables such as \$PATH are not expanded/,
    );
    expect(warnings[1]).toMatch(/\.env\.HOME is "\/nope", which is not an existing folder/);
  });

  it('accepts /bin/ or /usr/bin/ with a trailing slash as system folders', () => {
    expect(mergeAgentEnv({}, { PATH: '/home/me/.nvm/bin:/bin/' }, 'e', posix()).warnings).toEqual([]);
  });

  it('sets a variable to empty with an empty string (documented); an empty PATH is flagged', () => {
    const { env, warnings } = mergeAgentEnv(
      { NODE_OPTIONS: '--inspect', PATH: '/usr/bin' },
      { NODE_OPTIONS: '', PATH: '' },
      'e',
      posix(),
    );
    expect(env.NODE_OPTIONS).toBe('');
    expect(env.PATH).toBe('');
    expect(warnings).toHaveLength(1);
  });

  it('on Windows the user key replaces the base key whatever its case (Path vs PATH)', () => {
    const base = { Path: 'C:\\Windows\\system32;C:\\old', SystemRoot: 'C:\\Windows', USERPROFILE: 'C:\\Users\\me' };
    const { env, warnings } = mergeAgentEnv(base, { PATH: 'C:\\node;c:\\windows\\System32\\' }, 'e', windows);
    expect(env).toEqual({
      PATH: 'C:\\node;c:\\windows\\System32\\',
      SystemRoot: 'C:\\Windows',
      USERPROFILE: 'C:\\Users\\me',
    });
    expect(warnings).toEqual([]);
    const bad = mergeAgentEnv(base, { path: 'C:\\node' }, 'e', windows);
    expect(Object.keys(bad.env)).toEqual(['SystemRoot', 'USERPROFILE', 'path']);
    expect(said(bad)[0]).toMatch(/\.env\.path has none of the system folders C:\\Windows\\system32/);
  });

  it('on POSIX keys are case-sensitive: Path is another variable and PATH stays', () => {
    const { env, warnings } = mergeAgentEnv({ PATH: '/usr/bin' }, { Path: '/x' }, 'e', posix());
    expect(env).toEqual({ PATH: '/usr/bin', Path: '/x' });
    expect(warnings).toEqual([]);
  });
});

describe('failure hints name the env warnings', () => {
  it('appends them to the hint of the failure card', () => {
    const failure = exitFailure(
      {
        command: 'codex-acp',
        commandLine: 'codex-acp',
        stderrTail: [],
        envWarnings: [{ kind: 'homeMissing', setting: 'e.env.HOME', value: '"/nope"' }],
      },
      1,
      null,
    );
    expect(failureWords(failure).hint).toMatch(/Check the agent's env: e\.env\.HOME is "\/nope"/);
    expect(failureWords(exitFailure({ command: 'a', commandLine: 'a', stderrTail: [] }, 1, null)).hint).not.toMatch(
      /env/,
    );
  });
});

describe('a real agent process gets the user env', () => {
  const dir = mkdtempSync(join(tmpdir(), 'sb-env-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('sees HOME, PATH and XDG_CONFIG_HOME as the entry sets them, and the log warns only about the odd ones', async () => {
    const home = join(dir, 'codex-home');
    mkdirSync(home);
    const log: string[] = [];
    const script =
      'process.stdout.write(JSON.stringify({ HOME: process.env.HOME, PATH: process.env.PATH, XDG: process.env.XDG_CONFIG_HOME, EMPTY: process.env.EMPTY }))';
    const agent = spawnAgentProcess(
      {
        id: 'codex',
        displayName: 'Codex',
        command: process.execPath,
        args: ['-e', script],
        env: { HOME: home, PATH: `${dir}/bin:/usr/bin:/bin`, XDG_CONFIG_HOME: join(dir, 'missing-xdg'), EMPTY: '' },
        isDemo: false,
      },
      {
        cwd: dir,
        baseEnv: { ...process.env, HOME: '/root-of-editor', EMPTY: 'x' },
        log: { append: (line) => log.push(line) },
      },
    );
    let out = '';
    agent.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    await agent.exited;
    expect(JSON.parse(out)).toEqual({
      HOME: home,
      PATH: `${dir}/bin:/usr/bin:/bin`,
      XDG: join(dir, 'missing-xdg'),
      EMPTY: '',
    });
    expect(log.filter((line) => /warning|ignored/.test(line))).toEqual([]);

    const warned: string[] = [];
    const odd = spawnAgentProcess(
      {
        id: 'odd',
        displayName: 'odd',
        command: process.execPath,
        args: ['-e', 'process.exit(3)'],
        env: { HOME: join(dir, 'nope') },
        isDemo: false,
      },
      { cwd: dir, baseEnv: process.env, log: { append: (line) => warned.push(line) } },
    );
    const exit = await odd.exited;
    expect(warned.filter((line) => line.includes('warning'))).toEqual([
      `[switchboard] warning: switchboard.agents["odd"].env.HOME is ${JSON.stringify(join(dir, 'nope'))}, which is not an existing folder: the agent may not find its login or config there. It is applied as written.`,
    ]);
    expect(failureWords(exit.failure).hint).toContain('Check the agent\'s env: switchboard.agents["odd"].env.HOME');
  });
});
