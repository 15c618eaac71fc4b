// How a suite script reports its counts to scripts/testAll.mjs: when SWITCHBOARD_SUITE_SUMMARY names a file,
// the suite writes {passed, failed, note?} there. A suite that exits without writing it has crashed.
import fs from 'node:fs';

export function writeSummary(summary) {
  const file = process.env.SWITCHBOARD_SUITE_SUMMARY;
  if (file) fs.writeFileSync(file, JSON.stringify(summary) + '\n');
}

export function seconds(t0) {
  return ((Date.now() - t0) / 1000).toFixed(1);
}
