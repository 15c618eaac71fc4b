// What a command prefix rule never covers (src/chat/commandOptions.ts): arguments after the prefix that run a
// program or write a file, per command and by generic option names.
import { describe, expect, it } from 'vitest';
import { commandName, prefixChoices, uncoveredArgument } from '../../../src/chat/commandOptions';
import { commandPrefixChoices } from '../../../src/chat/commandRules';

const words = (command: string): string[] => command.split(' ');

describe('uncoveredArgument', () => {
  it.each([
    ['find src -name x -exec rm {} +', 2, '-exec'],
    ['find . -delete', 2, '-delete'],
    ['find . -fprint /tmp/x', 2, '-fprint'],
    ['go test -toolexec=/tmp/x ./...', 2, '-toolexec=/tmp/x'],
    ['go build -o /usr/local/bin/x', 2, '-o'],
    ['go test -coverprofile=/home/me/.bashrc', 2, '-coverprofile=/home/me/.bashrc'],
    ['rg --pre=/tmp/x TODO', 1, '--pre=/tmp/x'],
    ['git -c core.pager=x log', 1, '-c'],
    ['git log --ext-diff', 2, '--ext-diff'],
    ['git fetch --upload-pack=x origin', 2, '--upload-pack=x'],
    ['git clone -u x repo', 2, '-u'],
    ['git bisect run ./x', 2, 'run'],
    ['git rebase -x ./x', 2, '-x'],
    ['git grep -O foo', 2, '-O'],
    ['tar -czf /home/me/.bashrc src', 1, '-czf'],
    ['tar cf /home/me/.bashrc src', 1, 'cf'],
    ['tar -I /tmp/x -xf a.tar', 1, '-I'],
    ['tar --use-compress-program=/tmp/x -xf a.tar', 1, '--use-compress-program=/tmp/x'],
    ['tar --checkpoint-action=exec=x -xf a', 1, '--checkpoint-action=exec=x'],
    ['make build CC=/tmp/x', 2, 'CC=/tmp/x'],
    ['make build -f /tmp/Makefile', 2, '-f'],
    ['make build --eval=x', 2, '--eval=x'],
    ['npm test --node-options=--require=/tmp/x', 2, '--node-options=--require=/tmp/x'],
    ['npm run build --prefix /tmp/other', 3, '--prefix'],
    ['pnpm test --config.script-shell=/tmp/x', 2, '--config.script-shell=/tmp/x'],
    ['python3 manage.py shell', 2, 'shell'],
    ['python3 script.py -c x', 2, '-c'],
    ['bash script.sh -c x', 2, '-c'],
    ['node build.js --require /tmp/x.js', 2, '--require'],
    ['sort data.txt -o /home/me/.bashrc', 1, '-o'],
    ['sort -uo /home/me/.bashrc data.txt', 1, '-uo'],
    ['curl https://example.com -o x', 2, '-o'],
    ['sed -n p file', 1, '-n'],
    ['cp a.txt b.txt', 2, 'b.txt'],
    ['npm install left-pad', 2, 'left-pad'],
    ['npx prettier --plugin=/tmp/x', 2, '--plugin=/tmp/x'],
    ['npx --package=evil prettier', 1, '--package=evil'],
    ['npx evil', 1, 'evil'],
    ['docker run alpine sh', 2, 'alpine'],
    ['eslint src --config /tmp/x.js', 1, '--config'],
    ['tsc --outDir /home/me', 1, '--outDir'],
    ['jest --testRunner=/tmp/x', 1, '--testRunner=/tmp/x'],
    ['cargo test --manifest-path /tmp/x/Cargo.toml', 2, '--manifest-path'],
    ['vitest run --config=x', 2, '--config=x'],
    ['mytool --output-file=x', 1, '--output-file=x'],
    ['mytool PAGER=/tmp/x', 1, 'PAGER=/tmp/x'],
  ])('%j after %i words: %j', (command, prefixLength, expected) => {
    expect(uncoveredArgument(words(command), prefixLength)).toBe(expected);
  });

  it.each([
    ['find src -name *.ts -type f', 2],
    ['go test -run TestX -count=1 ./...', 2],
    ['git diff --stat HEAD~1', 2],
    ['git log --oneline -n 5', 2],
    ['git status --short', 2],
    ['npm test -- --watch', 2],
    ['npm install', 2],
    ['npm install --no-audit', 2],
    ['npx prettier --check src', 2],
    ['make build -j4', 2],
    ['python3 manage.py test --keepdb', 2],
    ['rg -n TODO src', 1],
    ['cargo build --release', 2],
    ['ls -la src', 1],
  ])('covers %j after %i words', (command, prefixLength) => {
    expect(uncoveredArgument(words(command), prefixLength)).toBeUndefined();
  });

  it('judges the prefix words themselves as chosen: they are covered', () => {
    expect(uncoveredArgument(words('find . -delete'), 3)).toBeUndefined();
  });
});

describe('commandName', () => {
  it.each([
    ['/usr/bin/git', 'git'],
    ['GIT.EXE', 'git'],
    ['python3.12', 'python'],
    ['C:\\Python\\python.exe', 'python'],
  ])('%j is %j', (word, name) => {
    expect(commandName(word)).toBe(name);
  });
});

describe('prefix choices', () => {
  it('offers the leading words, shortest first, never the whole command', () => {
    expect(commandPrefixChoices(words('git diff --stat HEAD'))).toEqual([
      ['git', 'diff'],
      ['git', 'diff', '--stat'],
    ]);
    expect(commandPrefixChoices(words('ls -la src'))).toEqual([['ls'], ['ls', '-la']]);
  });

  it('offers none for commands whose arguments a prefix never covers, or that get no rule', () => {
    expect(commandPrefixChoices(words('cp a b'))).toEqual([]);
    expect(commandPrefixChoices(words('sed -n p file'))).toEqual([]);
    expect(commandPrefixChoices(words('sudo make install'))).toEqual([]);
    expect(prefixChoices(words('git status'), 2)).toEqual([]);
  });
});
