// The plain-JS twin of bench/lib/figure.ts for the figure scripts that run as .mjs (playwright).
/** One frame of a 60 Hz display (ms): the one-frame targets. */
export const FRAME_MS = 1000 / 60;

export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

export function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

export function round(value, digits = 3) {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}

export function report(figures) {
  process.stdout.write(`BENCH_FIGURES ${JSON.stringify(figures)}\n`);
}
