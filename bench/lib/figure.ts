// What every figure script reports, and the small statistics they share. A figure script prints
// one JSON line `BENCH_FIGURES <json array of Figure>` on stdout; scripts/bench.mjs collects them.

export interface Figure {
  /** Short stable name, e.g. "ingest_vs_plain". */
  name: string;
  /** Switchboard's measurement (median over repetitions). */
  value: number;
  unit: string;
  /** The same measurement for the baseline, in the same unit and run (null when the target is absolute). */
  baseline: number | null;
  /** value / baseline, or value / target when there is no baseline (see `target`). */
  ratio: number;
  /** Human-readable target, e.g. ">= 0.5x plain JSON.parse". */
  target: string;
  /** Whether the target is met; null for a figure that is only reported (its target says "reported"). */
  met: boolean | null;
  /** Anything a reader needs to interpret the number (repetitions, absolute figures, method). */
  note?: string;
}

export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  // Not empty (checked above): mid and mid - 1 are in range.
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

export function round(value: number, digits = 3): number {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}

export function report(figures: Figure[]): void {
  process.stdout.write(`BENCH_FIGURES ${JSON.stringify(figures)}\n`);
}

export function isQuick(): boolean {
  return process.argv.includes('--quick');
}

export function argValue(name: string): string | undefined {
  const at = process.argv.indexOf(`--${name}`);
  return at === -1 ? undefined : process.argv[at + 1];
}

/** Lets pending I/O and timers run (between repetitions, and before a GC). */
export function settle(ms = 50): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export function gc(): void {
  (globalThis as { gc?: () => void }).gc?.();
}
