// The words and numbers of the comparison view, as pure functions of the host's CompareView (no DOM): what a
// state is called, how long a column has worked, which figures it reports. Tested without a page.
import type { CompareColumn, CompareState, CompareTestRun, CompareUsage } from '../../src/shared/compare';
import { compact, formatCost } from '../render/header';
import { t } from '../l10n';
import { visibleText } from '../visibleText';

/** A state's badge, as words. */
export function stateLabel(state: CompareState): string {
  switch (state) {
    case 'starting':
      return t('Starting');
    case 'working':
      return t('Working');
    case 'needsYou':
      return t('Needs you');
    case 'done':
      return t('Done');
    case 'failed':
      return t('Failed');
    case 'stopped':
      return t('Stopped');
    case 'closed':
      return t('Closed');
    default:
      // The host's newer states (or a malformed message) show as they are rather than break the column.
      return String(state);
  }
}

/** Whether the chat is still on its turn (its answer may yet come). */
export function isBusy(column: CompareColumn): boolean {
  return column.state === 'starting' || column.state === 'working' || column.state === 'needsYou';
}

/** Whether the column's time grows by itself (the view counts from runningSince). */
export function isCounting(column: CompareColumn): boolean {
  return column.state === 'working' && typeof column.runningSince === 'number';
}

/** Time the column worked, at `now`: what the host counted, plus the live part while it works. */
export function workedMs(column: CompareColumn, now: number): number {
  const base = Number.isFinite(column.elapsedMs) ? Math.max(0, column.elapsedMs) : 0;
  return isCounting(column) ? base + Math.max(0, now - column.runningSince!) : base;
}

/** 0:07, 1:05, 1:02:03: a clock's reading, which every language reads (no unit words to translate). */
export function formatDuration(ms: number): string {
  const seconds = Math.floor(Math.max(0, ms) / 1000);
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  const ss = String(s).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}

/** The figures the agent reported, each only where present: tokens of the last turn, context, cost. */
export function usageParts(usage: CompareUsage | undefined): string[] {
  if (!usage) return [];
  const parts: string[] = [];
  const count = (n: unknown): n is number => typeof n === 'number' && Number.isFinite(n) && n >= 0;
  if (count(usage.totalTokens)) parts.push(t('{0} tokens', compact(usage.totalTokens)));
  else if (count(usage.inputTokens) || count(usage.outputTokens))
    parts.push(
      t(
        '{0} in / {1} out tokens',
        compact(count(usage.inputTokens) ? usage.inputTokens : 0),
        compact(count(usage.outputTokens) ? usage.outputTokens : 0),
      ),
    );
  if (count(usage.used) && count(usage.size) && usage.size > 0)
    parts.push(t('context {0} / {1}', compact(usage.used), compact(usage.size)));
  const cost = usage.cost;
  if (cost && count(cost.amount) && typeof cost.currency === 'string')
    parts.push(formatCost(cost.amount, cost.currency));
  return parts;
}

/** The test run's line: running with its time so far, passed, failed with the exit code, or why it could not run. */
export function testSummary(run: CompareTestRun, now: number): string {
  switch (run.state) {
    case 'running':
      return t('Tests running… {0}', formatDuration(now - run.startedAt));
    case 'passed':
      return run.durationMs !== undefined
        ? t('Tests passed in {0}', formatDuration(run.durationMs))
        : t('Tests passed');
    case 'failed':
      return typeof run.exitCode === 'number' ? t('Tests failed (exit code {0})', run.exitCode) : t('Tests failed');
    case 'error':
      return t('Tests could not run: {0}', run.error ?? t('unknown error'));
    default:
      return String(run.state);
  }
}

/** Whether the view must tick each second: a column works, or a test run runs. Idle costs nothing. */
export function needsClock(columns: readonly CompareColumn[]): boolean {
  return columns.some((column) => isCounting(column) || column.tests?.state === 'running');
}

/** Whether a follow-up can still go to the column (its chat is open). */
export function acceptsFollowUp(column: CompareColumn): boolean {
  return column.state !== 'closed';
}

/** What a screen reader hears when a column's state changes. */
export function stateNews(column: CompareColumn): string {
  const name = visibleText(column.agentName, { maxLength: 100 });
  return column.detail
    ? t('{0}: {1} ({2})', name, stateLabel(column.state), visibleText(column.detail, { maxLength: 300 }))
    : t('{0}: {1}', name, stateLabel(column.state));
}

/**
 * The columns with names told apart: two chats of the same agent (one per model, say) read "Claude Code" and
 * "Claude Code (2)" in their regions, the follow-up's targets and what a screen reader hears.
 */
export function distinctNames(columns: readonly CompareColumn[]): CompareColumn[] {
  const seen = new Map<string, number>();
  return columns.map((column) => {
    const name = visibleText(column.agentName, { maxLength: 100 });
    const count = (seen.get(name) ?? 0) + 1;
    seen.set(name, count);
    return count === 1 && name === column.agentName
      ? column
      : { ...column, agentName: count === 1 ? name : `${name} (${count})` };
  });
}
