// "Compare Agents": one prompt to several agents at once, each in a chat in its own worktree, shown side by side in
// an editor tab (the comparison view). What the host (src/vscode/compare/) sends the view and what the view asks of
// it. The view renders this and nothing else: the host owns the comparison (which chats, their times, the tests).
import type { DiffResult } from './diffHunks';

/** Where one compared chat is. */
export type CompareState =
  /** Its agent starting (process, initialize, session/new). */
  | 'starting'
  | 'working'
  /** A permission, a sign-in or a question waits for the user in its chat. */
  | 'needsYou'
  | 'done'
  | 'failed'
  /** The user stopped the turn (or the agent ended it early): what it did so far is shown. */
  | 'stopped'
  /** The chat was closed (its worktree may be gone): nothing more comes. */
  | 'closed';

export interface CompareUsage {
  /** Context window tokens in use and its size (usage_update). */
  used?: number;
  size?: number;
  /** Tokens of the last turn (PromptResponse.usage, a draft), where reported. */
  inputTokens?: number;
  outputTokens?: number;
  totalTokens?: number;
  /** The session's cost so far, where the agent reports one. */
  cost?: { amount: number; currency: string };
}

export interface CompareToolCall {
  title: string;
  /** ACP tool kind (read, edit, execute, ...), or "other". */
  kind: string;
  status: string;
}

export interface CompareFile {
  /** Relative to its workspace folder, `/`-separated; prefixed with the folder's name in a multi-root workspace. */
  path: string;
  kind: 'added' | 'modified' | 'deleted';
  binary: boolean;
  /** The change as hunks, bounded like a chat card's (absent for a binary file or one too large to read here). */
  diff?: DiffResult;
}

export interface CompareTestRun {
  state: 'running' | 'passed' | 'failed' | 'error';
  command: string;
  /** Absent while running. */
  exitCode?: number | null;
  /** Epoch ms when it started; the view counts from it while it runs. */
  startedAt: number;
  durationMs?: number;
  /** The end of its output (bounded), terminal colours removed. */
  tail: string;
  /** `error`: why it could not run (no command, the worktree is gone, ...). */
  error?: string;
}

export interface CompareColumn {
  threadId: string;
  agentName: string;
  state: CompareState;
  /** Why it failed or stopped, in words (bounded). */
  detail?: string;
  /** Epoch ms when its current work started (set while working: the view counts from it). */
  runningSince?: number;
  /** Time the compared work took so far (every turn of this comparison, without the time idle between them). */
  elapsedMs: number;
  usage: CompareUsage;
  /** The agent's answer to the latest prompt, markdown as it sent it (bounded; rendered sanitised). */
  answer: string;
  /** The tool calls of the comparison's turns (the last MAX_COMPARE_TOOL_CALLS) and how many there were. */
  toolCalls: CompareToolCall[];
  toolCallCount: number;
  /** What it changed in its worktree against the point it started from. */
  files: CompareFile[];
  /** Why the files are not known (the worktree is gone, git failed): shown instead of the list. */
  filesError?: string;
  tests?: CompareTestRun;
  /** Where it works, for the tooltip. */
  worktreeFolder: string;
}

export interface CompareView {
  id: string;
  /** The prompt every agent got (bounded), and the labels of its context chips. */
  prompt: string;
  context: string[];
  createdAt: number;
  columns: CompareColumn[];
  /** The command "Run tests" runs in each worktree (what the user set or what the workspace suggests); null: asked. */
  testCommand: string | null;
  /** The chat taken ("Take this one"): the others are discarded; the view then only shows. */
  taken?: string;
}

export const MAX_COMPARE_ANSWER_CHARS = 64 * 1024;
export const MAX_COMPARE_TOOL_CALLS = 50;
export const MAX_COMPARE_FILES = 200;
export const MAX_TEST_TAIL_CHARS = 8 * 1024;

export type CompareToWebview = { type: 'compareView'; view: CompareView };

export type CompareFromWebview =
  | { type: 'compareReady' }
  /** "Take this one": bring the chat's worktree back through review and discard the others (the host asks first). */
  | { type: 'compareTake'; threadId: string }
  /** Runs the workspace's tests in every worktree (or one: threadId). */
  | { type: 'compareRunTests'; threadId?: string }
  /** A follow-up prompt to one chat or to all that are still open. */
  | { type: 'compareFollowUp'; text: string; threadId?: string }
  | { type: 'compareOpenChat'; threadId: string }
  | { type: 'compareStop'; threadId: string }
  /** VS Code's diff editor for one changed file (start point against the worktree's file). */
  | { type: 'compareOpenDiff'; threadId: string; path: string }
  /** The test run's whole output, in an editor. */
  | { type: 'compareShowTestOutput'; threadId: string }
  /**
   * A file path the agent's answer names (webview/render/markdown/pathLinks.ts), as written: the host resolves it in
   * that chat's worktree as the chat does in the workspace (src/chat/pathTarget.ts) and opens it only if it exists.
   */
  | { type: 'compareOpenPath'; threadId: string; path: string; line?: number | null; column?: number | null }
  /** "Copy" on a code block of an answer: the text to the clipboard (a webview cannot reach it itself). */
  | { type: 'compareCopy'; text: string };
