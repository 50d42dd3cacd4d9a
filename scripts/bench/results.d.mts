/** A unit the report knows how to print and chart. */
export type Unit = 'ms' | 's' | 'MiB';

/** Which bench wrote a result, and how it is run. */
export interface Workload {
  /** The package whose bench/ holds the script, e.g. `@thund/backend-native`. */
  readonly package: string;
  /** The bench file's name without `.ts`. */
  readonly bench: string;
  /** Set when one bench writes several workloads (e.g. `native`, `spark`). */
  readonly variant?: string;
  /** The workload, as a heading. */
  readonly title: string;
  /** The command run in the package's folder, as in its package.json (`tsx … bench/x.ts`). */
  readonly script: string;
  /** The environment variables the bench reads (sizes, runs, servers); those set are recorded in its command. */
  readonly settings: readonly string[];
}

/** One measured series: every run's figure; the chart draws the series sharing the first series' unit. */
export interface Series {
  readonly label: string;
  readonly unit: Unit;
  readonly values: readonly number[];
  /** The bench's own median when it printed one; computed by the writer otherwise. */
  readonly median?: number;
  /** A reference (raw engine, hand-written script, reference client), drawn grey. */
  readonly reference?: boolean;
}

export interface Ratio {
  readonly label: string;
  readonly value: number;
  readonly basis: 'median of paired ratios' | 'ratio of medians';
}

/** The target for this workload and whether this run met it; `limit` draws a line on the chart. */
export interface Target {
  readonly text: string;
  readonly met: boolean;
  readonly limit?: { readonly value: number; readonly unit: Unit };
}

export interface BenchResult extends Workload {
  /** Sizes and run counts, as the bench used them. */
  readonly parameters: Readonly<Record<string, string | number>>;
  readonly series: readonly Series[];
  readonly ratios?: readonly Ratio[];
  /** Peak RSS in MiB, and what process it is of. */
  readonly rss?: { readonly mib: number; readonly of: string };
  readonly targets?: readonly Target[];
  /** Further figures the bench prints, as label and text. */
  readonly figures?: readonly { readonly label: string; readonly value: string }[];
  readonly versions?: { readonly duckdb?: string; readonly spark?: string };
}

/** Where result files go: THUND_BENCH_RESULTS, else bench-results/ at the repo root. */
export function resultsDir(): string;
/** The median of some figures (the mean of the middle two for an even count). */
export function median(xs: readonly number[]): number;
/** The median of the paired ratios `xs[i] / ys[i]`. */
export function pairedRatio(xs: readonly number[], ys: readonly number[]): number;
/** Writes `<package>-<bench>[-<variant>].json`; returns its path. */
export function writeBenchResult(result: BenchResult): string;
/** Records that a workload did not run, and why. */
export function writeBenchNotRun(workload: Workload, reason: string): string;
