import { describe, expect, it } from 'vitest';
import { MAX_COMMAND_CHARS, simpleCommands } from '../../../src/chat/shellCommands';

describe('simpleCommands', () => {
  it.each([
    ['git status', [['git', 'status']]],
    ['git status --short', [['git', 'status', '--short']]],
    ['\'git\' "status"', [['git', 'status']]],
    [
      'git status && rm -rf ~',
      [
        ['git', 'status'],
        ['rm', '-rf', '~'],
      ],
    ],
    [
      'git status || rm -rf ~',
      [
        ['git', 'status'],
        ['rm', '-rf', '~'],
      ],
    ],
    [
      'git status; rm -rf ~',
      [
        ['git', 'status'],
        ['rm', '-rf', '~'],
      ],
    ],
    [
      'git status\nrm -rf ~',
      [
        ['git', 'status'],
        ['rm', '-rf', '~'],
      ],
    ],
    [
      'git log | head -5',
      [
        ['git', 'log'],
        ['head', '-5'],
      ],
    ],
    ['git log |& cat', [['git', 'log'], ['cat']]],
    ['(git status)', [['git', 'status']]],
    ['{ git status; ls; }', [['git', 'status'], ['ls']]],
    [
      'git status & rm x',
      [
        ['git', 'status'],
        ['rm', 'x'],
      ],
    ],
    ['! git diff --quiet', [['git', 'diff', '--quiet']]],
    ['npm test 2>&1', [['npm', 'test']]],
    ['npm test > /dev/null 2>&1', [['npm', 'test']]],
    ['ls *.ts', [['ls', '*.ts']]],
    // The parser removes a line continuation; what is left is still two commands.
    [
      'git status \\\n; rm -rf ~',
      [
        ['git', 'status'],
        ['rm', '-rf', '~'],
      ],
    ],
  ])('reads %j', (command, expected) => {
    expect(simpleCommands(command)).toEqual(expected);
  });

  it.each([
    ['command substitution', 'git status $(rm -rf ~)'],
    ['backquotes', 'git status `rm -rf ~`'],
    ['substitution in double quotes', 'echo "$(rm -rf ~)"'],
    ['a variable', 'git status $HOME'],
    ['a braced parameter', 'git ${X:-status}'],
    ['arithmetic', 'echo $((1+2))'],
    ['process substitution', 'diff <(cat a) b'],
    ['an env assignment', 'GIT_SSH_COMMAND=evil git fetch'],
    ['a bare assignment', 'X=1'],
    ['writing a file', 'git status > ~/.bashrc'],
    ['appending to a file', 'echo x >> ~/.bashrc'],
    ['reading a file', 'cat < /etc/passwd'],
    ['a heredoc', 'cat <<EOF\nx\nEOF'],
    ['a here-string', 'cat <<< x'],
    ['clobber', 'echo x >| f'],
    ['a redirect to a variable', 'ls > $F'],
    ['a function', 'f() { rm -rf ~; }; f'],
    ['an if', 'if true; then rm -rf ~; fi'],
    ['a loop', 'for f in *; do rm $f; done'],
    ['a while', 'while true; do :; done'],
    ['a case', 'case x in x) rm -rf ~;; esac'],
    ['[[ ]]', '[[ -f x ]] && rm x'],
    ['(( ))', '(( x++ ))'],
    ['export', 'export PATH=/tmp && git status'],
    ['declare', 'declare -x X=1'],
    ['a coprocess', 'coproc rm -rf ~'],
    ['an escaped semicolon', 'find . -exec rm {} \\;'],
    ['an ANSI-C string', "echo $'\\x41'"],
    ['a locale string', 'echo $"x"'],
    ['an unterminated quote', 'git status "'],
    ['an unbalanced subshell', 'git status && ('],
    ['empty', ''],
    ['only a comment', '# git status'],
    ['too long', 'a'.repeat(MAX_COMMAND_CHARS + 1)],
  ])('cannot prove %s', (_name, command) => {
    expect(simpleCommands(command)).toBeUndefined();
  });
});
