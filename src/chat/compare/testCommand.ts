// The command "Run tests" suggests for a workspace folder when the user set none (switchboard.compare.testCommand):
// read from the files that say how the project is tested. Pure: the caller reads the files (bounded).
export interface ProjectFiles {
  /** package.json's text, if any. */
  packageJson?: string;
  /** Makefile's text, if any. */
  makefile?: string;
  /** Names of the other files at the folder's top. */
  names: ReadonlySet<string>;
}

/** The files whose text `suggestTestCommand` reads, besides the names. */
export const PACKAGE_JSON = 'package.json';
export const MAKEFILE = 'Makefile';
/** An example in the box that asks for a command. */
export const EXAMPLE_TEST_COMMAND = 'npm test';

/** npm's placeholder of `npm init`: a test script that only fails. */
const NPM_PLACEHOLDER = /no test specified/i;

export function suggestTestCommand(files: ProjectFiles): string | null {
  const script = npmTestScript(files.packageJson);
  if (script !== undefined) {
    if (files.names.has('pnpm-lock.yaml')) return 'pnpm test';
    if (files.names.has('yarn.lock')) return 'yarn test';
    if (files.names.has('bun.lockb') || files.names.has('bun.lock')) return 'bun test';
    return 'npm test';
  }
  if (files.names.has('Cargo.toml')) return 'cargo test';
  if (files.names.has('go.mod')) return 'go test ./...';
  if (files.makefile !== undefined && /^test\s*:/m.test(files.makefile)) return 'make test';
  if (['pytest.ini', 'pyproject.toml', 'setup.cfg', 'tox.ini'].some((name) => files.names.has(name))) return 'pytest';
  if (files.names.has('gradlew')) return './gradlew test';
  if (files.names.has('pom.xml')) return 'mvn test';
  return null;
}

function npmTestScript(packageJson: string | undefined): string | undefined {
  if (packageJson === undefined) return undefined;
  try {
    const parsed = JSON.parse(packageJson) as { scripts?: Record<string, unknown> };
    const test = parsed?.scripts?.test;
    return typeof test === 'string' && test.trim() !== '' && !NPM_PLACEHOLDER.test(test) ? test : undefined;
  } catch {
    return undefined;
  }
}
