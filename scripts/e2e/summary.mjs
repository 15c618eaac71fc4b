// How a suite script reports its counts to scripts/testAll.mjs: when SWITCHBOARD_SUITE_SUMMARY names a file,
// the suite writes {passed, failed, note?, failures?} there (failures: the titles and first error lines of the
// failing tests, printed again in the summary because CI keeps only the tail of the output). A suite that exits
// without writing it has crashed.
import fs from 'node:fs';

export function writeSummary(summary) {
  const file = process.env.SWITCHBOARD_SUITE_SUMMARY;
  if (file) fs.writeFileSync(file, JSON.stringify(summary) + '\n');
}

export function seconds(t0) {
  return ((Date.now() - t0) / 1000).toFixed(1);
}

/**
 * A failure as the summary lists it: the test's title, the first line of its error, and the lines that say what it
 * was waiting for and what the user was told (Playwright's "waiting for locator(...)" call log, the journey's
 * "notification:" lines), so CI's tail alone names the cause.
 */
export function failureLine(title, error) {
  const lines = String(error ?? '')
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  const first = lines[0] ?? '';
  const waitingFor = lines.find((l) => /^- waiting for /.test(l));
  const told = lines.filter((l) => /^(notification|log): /.test(l)).slice(0, 5);
  const details = [waitingFor?.replace(/^- /, ''), ...told].filter(Boolean).map((l) => l.slice(0, 300));
  return [`${title}: ${first.slice(0, 300)}`, ...details].join('\n        ');
}
