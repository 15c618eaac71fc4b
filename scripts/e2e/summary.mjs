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

/** A failure as the summary lists it: the test's title and the first line of its error. */
export function failureLine(title, error) {
  const first =
    String(error ?? '')
      .split('\n')
      .find((l) => l.trim()) ?? '';
  return `${title}: ${first.trim().slice(0, 300)}`;
}
