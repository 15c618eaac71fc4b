// Comparisons as the host sends them (src/shared/compare.ts), for the comparison view's layout and unit tests.
import type { CompareColumn, CompareView } from '../../src/shared/compare';

/** A column as the host sends it after a turn: an answer, a few tool calls, two changed files. */
export function column(threadId: string, agentName: string, change: Partial<CompareColumn> = {}): CompareColumn {
  return {
    threadId,
    agentName,
    state: 'done',
    elapsedMs: 83_000,
    usage: { totalTokens: 12_400, cost: { amount: 0.042, currency: 'USD' } },
    answer: `I added input validation to **src/parse.ts** and a test.\n\n\`\`\`ts\nexport function parse(text: string): number {\n  if (text.trim() === '') throw new Error('empty');\n  return Number(text);\n}\n\`\`\`\n`,
    toolCalls: [
      { title: 'Read src/parse.ts', kind: 'read', status: 'completed' },
      { title: 'Edit src/parse.ts', kind: 'edit', status: 'completed' },
      { title: 'npm test', kind: 'execute', status: 'completed' },
    ],
    toolCallCount: 3,
    files: [
      {
        path: 'src/parse.ts',
        kind: 'modified',
        binary: false,
        diff: {
          added: 1,
          removed: 0,
          hunks: [
            {
              oldStart: 1,
              oldLines: 2,
              newStart: 1,
              newLines: 3,
              lines: [
                { kind: 'ctx', text: 'export function parse(text: string): number {' },
                { kind: 'add', text: "  if (text.trim() === '') throw new Error('empty');" },
                { kind: 'ctx', text: '  return Number(text);' },
              ],
            },
          ],
        },
      },
      { path: 'test/parse.test.ts', kind: 'added', binary: false },
    ],
    worktreeFolder: `/tmp/worktrees/${threadId}/app`,
    ...change,
  };
}

export function view(columns: CompareColumn[], change: Partial<CompareView> = {}): CompareView {
  return {
    id: 'cmp-1',
    prompt: 'Validate the input of parse() and add a test for the empty string.',
    context: ['src/parse.ts', 'Selection: test/parse.test.ts:1-20'],
    createdAt: Date.now() - 90_000,
    columns,
    testCommand: 'npm test',
    ...change,
  };
}
