// The question before an agent reads or writes outside the workspace (src/fs/outsideAccess.ts
// outsideQuestion; the real modal is driven in the journey, test/journey/sessionSteps.mjs): it shows
// the real path, escaped, names the agent and what it asked for, and Deny is the last choice.
import { describe, expect, it } from 'vitest';
import { outsideQuestion } from '../../../src/fs/outsideAccess';

describe('outsideQuestion', () => {
  it('shows the real path escaped (a newline or U+202E cannot reshape the dialog) and what the agent asked for', () => {
    const question = outsideQuestion('Gemini CLI', {
      kind: 'write',
      requestedPath: '/ws/src/link\u202Etxt.sh',
      realPath: '/home/me/.bashrc\nAllow only if you expected this change.',
      folder: '/home/me',
    });
    expect(question.message).toBe('Gemini CLI wants to write a file outside the workspace.');
    expect(question.detail.split('\n')).toEqual([
      '/home/me/.bashrc\\u000AAllow only if you expected this change.',
      '',
      '(the agent asked for /ws/src/link\\u202Etxt.sh, which leads there through a symbolic link)',
      '',
      '"Allow for This Folder" allows writing the files directly in /home/me (not its subfolders) until this chat ends.',
      'Allow only if you expected this change.',
    ]);
    expect(question.detail).not.toMatch(/[\u202E]/);
    expect(question.choices).toEqual([
      { title: 'Allow Once', choice: 'once' },
      { title: 'Allow for This Folder', choice: 'folder' },
      { title: 'Deny', choice: 'deny' },
    ]);
  });

  it('for a read without a symlink: the path, the folder grant for reading, and the warning about the model', () => {
    const question = outsideQuestion('A', { kind: 'read', requestedPath: '/x/a', realPath: '/x/a', folder: '/x' });
    expect(question.message).toBe('A wants to read a file outside the workspace.');
    expect(question.detail.split('\n')).toEqual([
      '/x/a',
      '',
      '"Allow for This Folder" allows reading the files directly in /x (not its subfolders) until this chat ends.',
      'Allow only if the agent needs this file; it may send what it reads to its model.',
    ]);
  });
});
